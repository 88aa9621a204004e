/**
 * What the simulated carrier's line reads and writes of the call it plays: the call once the call
 * workflow has named its line, and its turns, each written once under its index (a retried write
 * finds it there).
 */
import { Call } from '../models/call';

export { appendTurn as appendCallTurn } from '../models/callTurn';

/** The call with the line's carrier call id, or null while the call workflow has not written it. */
export async function answeredCall(callId: string) {
  const call = await Call.findById(callId, { organizationId: 1, agentId: 1, variables: 1, carrierCallId: 1 }).lean();
  return call?.carrierCallId ? { ...call, carrierCallId: call.carrierCallId } : null;
}
