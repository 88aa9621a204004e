import type { CallActivities, CampaignActivities, InterviewActivities, SimulatedLineActivities } from '../workflows/definitions';
import { callActivities, type CallDeps } from './calls';
import { campaignActivities, type CampaignDeps } from './campaigns';
import { interviewActivities } from './interviews';

export type ActivityDeps = CallDeps & CampaignDeps;

/** Every activity the worker registers: those each workflow declares in its definitions. */
export type Activities = CallActivities & SimulatedLineActivities & CampaignActivities & InterviewActivities;

/** Activities get their dependencies here, once per worker, so tests build them the same way. */
export function createActivities(deps: ActivityDeps): Activities {
  return {
    ...callActivities(deps),
    ...campaignActivities(deps),
    ...interviewActivities(deps),
  };
}
