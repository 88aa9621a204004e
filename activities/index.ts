import { callActivities, type CallDeps } from './calls';
import { campaignActivities, type CampaignDeps } from './campaigns';
import { interviewActivities } from './interviews';
import { proofActivities } from './proof';

export type ActivityDeps = CallDeps & CampaignDeps;

/** Activities get their dependencies here, once per worker, so tests build them the same way. */
export function createActivities(deps: ActivityDeps) {
  return {
    ...proofActivities(),
    ...callActivities(deps),
    ...campaignActivities(deps),
    ...interviewActivities(deps),
  };
}

export type Activities = ReturnType<typeof createActivities>;
