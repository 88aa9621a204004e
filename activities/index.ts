import type { CallActivities, CampaignActivities, InterviewActivities, SimulatedLineActivities } from '../workflows/definitions';
import { callActivities, type CallDeps } from './calls';
import { campaignActivities, type CampaignDeps } from './campaigns';
import { interviewActivities } from './interviews';
import { simulatedLineActivities, type SimulatedLineDeps } from './simulatedLine';

export type ActivityDeps = CallDeps & CampaignDeps & SimulatedLineDeps;

/** Every activity the worker registers: those each workflow declares in its definitions. */
export type Activities = CallActivities & SimulatedLineActivities & CampaignActivities & InterviewActivities;

/** Activities get their dependencies here, once per worker, so tests build them the same way. */
export function createActivities(deps: ActivityDeps): Activities {
  return {
    ...callActivities(deps),
    ...simulatedLineActivities(deps),
    ...campaignActivities(deps),
    ...interviewActivities(deps),
  };
}
