import { ApplicationFailure, condition, getExternalWorkflowHandle, proxyActivities, setHandler, workflowInfo } from '@temporalio/workflow';
import {
  ANALYSIS_MAX_ATTEMPTS,
  campaignCallEndedSignal,
  callStateQuery,
  callCarrierEventSignal,
  callDialUpdate,
  FailureType,
  callHangupSignal,
  callHangupUpdate,
  type CallActivities,
  type CallInput,
  type CallState,
  type CallWorkflow,
  type CarrierEvent,
  type DialAccepted,
  type Disposition,
} from './definitions';

const { dial, carrierHangup, leaveVoicemail, projectCall, settleCall } = proxyActivities<CallActivities>({
  startToCloseTimeout: '30 seconds',
  retry: { initialInterval: '1 second', maximumInterval: '30 seconds', maximumAttempts: 10 },
});
const { analyzeCall } = proxyActivities<CallActivities>({
  startToCloseTimeout: '2 minutes',
  retry: { initialInterval: '2 seconds', maximumInterval: '1 minute', maximumAttempts: ANALYSIS_MAX_ATTEMPTS },
});

type Refusal = { kind: 'rejected' | 'unavailable'; message: string };

/**
 * One outbound call, the source of truth for its state: dialling -> `created` (the carrier accepted)
 * -> `active` (answered) -> `completed` with a disposition; then the charge, the slot release and
 * the report. Every state is written to the read model with an increasing sequence number.
 */
export const callWorkflow: CallWorkflow = async (input) => {
  const state: CallState = { status: 'dialing' };
  let refusal: Refusal | undefined;
  let hangupRequested = false;
  const events: CarrierEvent[] = [];
  let seq = 0;

  setHandler(callDialUpdate, async (): Promise<DialAccepted> => {
    await condition(() => state.status !== 'dialing' || refusal !== undefined);
    if (refusal) throw ApplicationFailure.create({ type: refusal.kind === 'rejected' ? FailureType.carrierRejected : FailureType.carrierUnavailable, message: refusal.message, nonRetryable: true });
    return { carrierCallId: state.carrierCallId! };
  });
  // When the carrier reported the end, so that time spent writing states after it is not billed.
  let carrierEndedAt: number | undefined;
  setHandler(callCarrierEventSignal, (event) => {
    if (event.type === 'ended') carrierEndedAt ??= Date.now();
    events.push(event);
  });
  setHandler(callHangupSignal, () => {
    // A campaign cancelled while this call was being dialled: it hangs up as soon as the carrier has
    // it, instead of letting the phone ring on.
    const dialing = state.status === 'dialing' && refusal === undefined;
    if (dialing || state.status === 'created' || state.status === 'active') hangupRequested = true;
  });
  setHandler(
    callHangupUpdate,
    () => {
      hangupRequested = true;
      return { ...state };
    },
    {
      validator: () => {
        if (state.status !== 'created' && state.status !== 'active') {
          throw ApplicationFailure.create({ type: FailureType.invalidState, message: `A ${state.status} call cannot be hung up.`, nonRetryable: true });
        }
      },
    },
  );
  setHandler(callStateQuery, () => ({ ...state }));

  // The dial names the agent, so a carrier that speaks for it (Twilio) can load its voice.
  const result = await dial({ callId: input.callId, to: input.phoneNumber, agentId: input.agentId, variables: input.variables });
  if ('refused' in result) {
    refusal = result.refused;
    // Nothing was written for a refused call; give back what placing it reserved.
    await settleCall({ callId: input.callId, organizationId: input.organizationId, agentId: input.agentId, chargedMinutes: 0, byok: input.byok });
    return { ...state, refused: refusal.kind };
  }
  // `byok` goes to the read model too: the activities that pick the call's LLM read it there.
  const { callId: _callId, maxDurationMinutes: _max, voicemailBehavior: _vm, ringTimeoutSeconds: _ring, ...record } = input;
  await projectCall({ callId: input.callId, seq: ++seq, fields: { ...record, status: 'created', direction: 'outbound', carrierCallId: result.carrierCallId } });
  // Only now does the dial update answer, so the API's 201 is followed by a readable call.
  state.status = 'created';
  state.carrierCallId = result.carrierCallId;

  const next = () => events.shift();
  let disposition: Disposition | undefined;
  let answeredAt: number | undefined;

  // Ringing: the carrier reports what became of the call, unless it rings out or is hung up first.
  const reported = await condition(() => events.length > 0 || hangupRequested, `${input.ringTimeoutSeconds} seconds`);
  const ringEvent = reported && !hangupRequested ? next() : undefined;
  if (!reported || hangupRequested || !ringEvent) {
    disposition = hangupRequested ? 'hangup_requested' : 'no_answer';
    await carrierHangup({ carrierCallId: result.carrierCallId });
  } else if (ringEvent.type === 'answered') {
    answeredAt = Date.now();
    state.status = 'active';
    await projectCall({ callId: input.callId, seq: ++seq, fields: { status: 'active', startedAt: new Date(answeredAt).toISOString() } });
    disposition = await converse(input, events, () => hangupRequested, result.carrierCallId);
  } else if (ringEvent.type === 'voicemail') {
    disposition = input.voicemailBehavior === 'mark_no_answer' ? 'no_answer' : input.voicemailBehavior === 'leave_message' ? 'voicemail_left' : 'voicemail';
    if (disposition === 'voicemail_left') await leaveVoicemail({ callId: input.callId });
    await carrierHangup({ carrierCallId: result.carrierCallId });
  } else if (ringEvent.type === 'busy' || ringEvent.type === 'no_answer' || ringEvent.type === 'failed') {
    disposition = ringEvent.type;
  } else {
    disposition = 'failed';
  }

  const endedAt = carrierEndedAt ?? Date.now();
  const durationSeconds = answeredAt === undefined ? 0 : Math.round((endedAt - answeredAt) / 1000);
  // Per started minute of connected time; calls that never connected are free.
  const chargedMinutes = Math.ceil(durationSeconds / 60);
  state.status = 'completed';
  state.disposition = disposition;
  state.connected = answeredAt !== undefined;
  // The slot's release and the charge do not wait on the read model's write, nor the campaign's
  // next dial on them: one round trip less between a campaign's calls.
  const projected = projectCall({
    callId: input.callId,
    seq: ++seq,
    fields: { status: 'completed', disposition, endedAt: new Date(endedAt).toISOString(), durationSeconds, chargedMinutes },
  });
  await settleCall({ callId: input.callId, organizationId: input.organizationId, agentId: input.agentId, chargedMinutes, byok: input.byok });
  const parent = workflowInfo().parent;
  if (parent) {
    // A campaign's call: its place is free now. A campaign that is gone has nothing to hear. The
    // signal goes by workflow id, so it reaches a campaign that has continued as new since.
    await getExternalWorkflowHandle(parent.workflowId)
      .signal(campaignCallEndedSignal, { callId: input.callId, state: { ...state } })
      .catch(() => undefined);
  }
  await projected;
  const { reportId } = await analyzeCall({ callId: input.callId, disposition });
  await projectCall({ callId: input.callId, seq: ++seq, fields: { reportId } });
  return { ...state };
};

/** While the call is active: it ends when the carrier says so, on hangup, or at the maximum duration. */
async function converse(input: CallInput, events: CarrierEvent[], hangupRequested: () => boolean, carrierCallId: string): Promise<Disposition> {
  // A line that fails mid-call (its agent's LLM cannot answer) ends the call now, not at its maximum duration.
  const ended = () => events.find((e) => e.type === 'ended' || e.type === 'failed') as Extract<CarrierEvent, { type: 'ended' | 'failed' }> | undefined;
  const inTime = await condition(() => ended() !== undefined || hangupRequested(), `${input.maxDurationMinutes} minutes`);
  const end = ended();
  if (end?.type === 'failed') return 'failed';
  if (end) return end.by === 'agent' ? 'completed' : 'contact_hung_up';
  await carrierHangup({ carrierCallId });
  return inTime ? 'hangup_requested' : 'max_duration';
}
