import {
  ActivityFailure,
  ApplicationFailure,
  CancellationScope,
  condition,
  getExternalWorkflowHandle,
  isCancellation,
  proxyActivities,
  setHandler,
  workflowInfo,
} from '@temporalio/workflow';
import { scenarioOf } from '../providers/carrier/testNumbers';
import {
  callWorkflowId,
  callCarrierEventSignal,
  MEDIA_STREAM_LOST,
  simulatedLineHangupSignal,
  simulatedLineTaskQueue,
  type CarrierEvent,
  type SimulatedLineActivities,
  type SimulatedLineWorkflow,
} from './definitions';

// A line's call lasts as long as the conversation; its heartbeats say it is still on, so a worker
// lost mid-call fails the line within seconds rather than at the timeout.
const CALL_TIMEOUTS = { startToCloseTimeout: '3 hours', heartbeatTimeout: '10 seconds' } as const;

/** The line's call activities, on the queue of their own beside this workflow's. */
function lineCalls() {
  const taskQueue = simulatedLineTaskQueue(workflowInfo().taskQueue);
  // The text line resumes from its stored turns, so a lost worker or a failing LLM is retried; the
  // audio line is never retried, as a phone conversation cut off does not start again.
  const { simulatedTextCall } = proxyActivities<SimulatedLineActivities>({
    ...CALL_TIMEOUTS,
    taskQueue,
    retry: { initialInterval: '1 second', maximumInterval: '10 seconds', maximumAttempts: 20 },
  });
  const { simulatedAudioCall } = proxyActivities<SimulatedLineActivities>({ ...CALL_TIMEOUTS, taskQueue, retry: { maximumAttempts: 1 } });
  return { simulatedTextCall, simulatedAudioCall };
}

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
  // A conversation its retries could not carry on (the agent's LLM failing or not configured), or an
  // audio stream that dropped under it (the media process died), fails the call, which otherwise
  // would stay open, silent, until its maximum duration.
  const lineFailed = (err: unknown) => {
    const cause = err instanceof ActivityFailure && err.cause ? err.cause : err;
    const mediaLost = cause instanceof ApplicationFailure && cause.type === MEDIA_STREAM_LOST ? { mediaLost: true as const } : {};
    return report({ type: 'failed', reason: cause instanceof Error ? cause.message : String(cause), ...mediaLost });
  };

  // A test call to one of our numbers: the caller is on the line as our side answers it.
  if (!input.inbound && (await ring(input.phoneNumber, pause, report, () => hungUp))) return;
  // Our hangup ends the callee's side (cancelling the activity), as a carrier's would.
  const scope = new CancellationScope();
  void condition(() => hungUp).then(() => scope.cancel());
  const { callId, phoneNumber, paceMs } = input;
  const inbound = input.inbound ? { inbound: true as const } : {};
  const { simulatedTextCall, simulatedAudioCall } = lineCalls();
  try {
    const ended: { endedBy?: 'agent' | 'contact'; callbackAt?: string } = await scope.run(() =>
      input.audio ? simulatedAudioCall({ callId, phoneNumber, ...inbound }) : simulatedTextCall({ callId, phoneNumber, paceMs, ...inbound }),
    );
    if (ended.endedBy && !hungUp) await report({ type: 'ended', by: ended.endedBy, ...(ended.callbackAt ? { callbackAt: ended.callbackAt } : {}) });
  } catch (err) {
    if (isCancellation(err)) return;
    return lineFailed(err);
  }
};

/**
 * A dialled call rings, then does what its test number says: true when it ended there (never
 * answered, busy, failed, voicemail, or hung up meanwhile), false once the callee answered.
 */
async function ring(
  phoneNumber: string,
  pause: () => Promise<boolean>,
  report: (event: CarrierEvent) => Promise<void>,
  hungUp: () => boolean,
): Promise<boolean> {
  if (await pause()) return true;
  switch (scenarioOf(phoneNumber)) {
    case 'never_answers':
    case 'transfer_never_answers':
      // Rings until the call gives up on it.
      await condition(hungUp);
      return true;
    case 'busy':
    case 'transfer_busy':
      await report({ type: 'busy' });
      return true;
    case 'fails':
      await report({ type: 'failed', reason: 'simulated network failure' });
      return true;
    case 'voicemail':
      await report({ type: 'voicemail' });
      await condition(hungUp);
      return true;
  }
  await report({ type: 'answered' });
  return false;
}
