import type { CallActivities, CampaignActivities, InterviewActivities, SimulatedLineActivities } from '../workflows/definitions';
import { callActivities, type CallDeps } from './calls';
import { campaignActivities, type CampaignDeps } from './campaigns';
import { interviewActivities } from './interviews';
import { simulatedLineActivities, type SimulatedLineDeps } from './simulatedLine';

export type ActivityDeps = CallDeps & CampaignDeps & SimulatedLineDeps;

/** The service's activities, on its task queue: those each of its workflows declares in its definitions. */
export type Activities = CallActivities & CampaignActivities & InterviewActivities;

/**
 * Activities get their dependencies here, once per worker, so tests build them the same way. The
 * simulated line's calls, which last as long as a conversation, run on a queue of their own: the
 * simulated carrier stands for a carrier's systems, and must not hold the service's activity slots.
 */
export function createActivities(deps: ActivityDeps): { service: Activities; simulatedLine: SimulatedLineActivities } {
  return {
    service: { ...callActivities(deps), ...campaignActivities(deps), ...interviewActivities(deps) },
    simulatedLine: simulatedLineActivities(deps),
  };
}
