import { ActivityFailure, CancellationScope, condition, getExternalWorkflowHandle, isCancellation, proxyActivities, setHandler } from '@temporalio/workflow';
import { scenarioOf } from '../providers/carrier/testNumbers';
import { callWorkflowId, callCarrierEventSignal, simulatedLineHangupSignal, type CarrierEvent, type SimulatedLineActivities, type SimulatedLineWorkflow } from './definitions';

// A turn takes well under a second; a short timeout lets a turn lost with its worker be retried soon.
const { simulatedTurn } = proxyActivities<SimulatedLineActivities>({
  startToCloseTimeout: '10 seconds',
  retry: { initialInterval: '1 second', maximumInterval: '10 seconds', maximumAttempts: 20 },
});

// The audio line's call lasts as long as the conversation; its heartbeats say it is still on, so a
// worker lost mid-call fails the line within seconds rather than at the timeout. Never retried: a
// phone conversation cut off does not start again.
const { simulatedAudioCall } = proxyActivities<SimulatedLineActivities>({
  startToCloseTimeout: '3 hours',
  heartbeatTimeout: '10 seconds',
  retry: { maximumAttempts: 1 },
});

/** Enough turns for any simulated conversation; the line hangs up rather than talk forever. */
const MAX_TURNS = 60;

/**
 * The simulated carrier's side of one call: it rings, then does what its test number says, and
 * while connected plays both the agent's and the callee's turns through the conversation engine,
 * as a real carrier with a media stream would. It reaches the call only through carrier events.
 */
export const simulatedLineWorkflow: SimulatedLineWorkflow = async (input) => {
  let hungUp = false;
  setHandler(simulatedLineHangupSignal, () => {
    hungUp = true;
  });
  const call = getExternalWorkflowHandle(callWorkflowId(input.callId));
  const report = (event: CarrierEvent) => call.signal(callCarrierEventSignal, event);
  /** Waits one pace; true when the call hung up meanwhile. */
  const pause = () => condition(() => hungUp, input.paceMs);
  // Even turns are the agent's, odd ones the callee's; the index makes each turn's activity idempotent.
  const turn = (index: number) => simulatedTurn({ callId: input.callId, phoneNumber: input.phoneNumber, index });
  // A turn its retries could not produce (the agent's LLM failing or not configured) fails the call,
  // which otherwise would stay open, silent, until its maximum duration.
  const lineFailed = (err: unknown) => {
    const cause = err instanceof ActivityFailure && err.cause ? err.cause : err;
    return report({ type: 'failed', reason: cause instanceof Error ? cause.message : String(cause) });
  };

  const scenario = scenarioOf(input.phoneNumber);
  if (await pause()) return;
  switch (scenario) {
    case 'never_answers':
      // Rings until the call gives up on it.
      return condition(() => hungUp);
    case 'busy':
      return report({ type: 'busy' });
    case 'fails':
      return report({ type: 'failed', reason: 'simulated network failure' });
    case 'voicemail':
      await report({ type: 'voicemail' });
      return condition(() => hungUp);
  }
  await report({ type: 'answered' });
  if (input.audio) {
    // Our hangup ends the callee's stream from its side (cancelling the activity), as a carrier's would.
    const scope = new CancellationScope();
    void condition(() => hungUp).then(() => scope.cancel());
    try {
      const { endedBy } = await scope.run(() => simulatedAudioCall({ callId: input.callId, phoneNumber: input.phoneNumber }));
      return await report({ type: 'ended', by: endedBy });
    } catch (err) {
      if (isCancellation(err)) return;
      return lineFailed(err);
    }
  }
  if (await pause()) return;
  try {
    await turn(0);
  } catch (err) {
    return lineFailed(err);
  }
  if (scenario === 'hangs_up_early') return report({ type: 'ended', by: 'contact' });
  // The callee stays on the line without a word until the call is ended from our side.
  if (scenario === 'talks_until_max_duration') return condition(() => hungUp);

  for (let i = 1; i < MAX_TURNS; i += 1) {
    if (await pause()) return;
    let ended: 'agent' | 'contact' | undefined;
    try {
      ({ ended } = await turn(i));
    } catch (err) {
      return lineFailed(err);
    }
    if (hungUp) return;
    if (ended) return report({ type: 'ended', by: ended });
  }
  await report({ type: 'ended', by: 'contact' });
};
