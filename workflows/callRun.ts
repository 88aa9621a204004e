/**
 * One call's state and the steps of its lifecycle, for the call workflow (workflows/call.ts) to
 * wire to its messages and drive: place the call, ring, talk, complete.
 */
import { condition, getExternalWorkflowHandle, log, proxyActivities, proxyLocalActivities, workflowInfo } from '@temporalio/workflow';
import {
  DIAL_ATTEMPT_TIMEOUT_MS,
  FailureType,
  campaignCallEndedSignal,
  isAgentDeleted,
  type CallActivities,
  type CallInput,
  type CallState,
  type CallStateFields,
  type CarrierEvent,
  type DialAccepted,
  type DialRefusal,
  type Disposition,
  type TransferAsk,
  type TransferResult,
  KEYPAD_DIGITS,
} from './definitions';
import { chargedMinutesFor } from '../lib/charge';
import { iso } from '../lib/time';
import { CLOSING_LINE_AHEAD_MS, HOLD_AHEAD_MS, minutesEnd } from './creditHold';
import { refusal, refuse } from './refusal';

const retryTen = { initialInterval: '1 second', maximumInterval: '30 seconds', maximumAttempts: 10 } as const;
// Local: the dial runs inside the call's first workflow task, whose completion then already answers
// the dial update, so `POST /calls` waits for one workflow task instead of two and an activity's
// round trips. A dial repeated after a lost worker is no likelier than with an activity: either
// way the carrier's answer is kept only once a completion reaches the server.
const { dial } = proxyLocalActivities<CallActivities>({ startToCloseTimeout: DIAL_ATTEMPT_TIMEOUT_MS, retry: retryTen });
const { carrierHangup, leaveVoicemail, closeCall } = proxyActivities<CallActivities>({ startToCloseTimeout: '30 seconds', retry: retryTen });
// A minute's hold is asked for ahead of its boundary, so a refusal leaves time for the closing line;
// a ledger that cannot answer by then counts as a refusal (the call is not talked on unpaid).
const { extendHold } = proxyLocalActivities<CallActivities>({
  startToCloseTimeout: '5 seconds',
  retry: { maximumAttempts: 3, initialInterval: '500 milliseconds' },
});
// The call's states, its charge and its report are written to the database and must not be lost:
// these keep trying through an outage of any length rather than fail the call. The analysis turns
// a model that keeps failing into a failed report itself (ANALYSIS_MAX_ATTEMPTS), and fails for
// good only when the call's agent is gone (isAgentDeleted).
const { projectCall } = proxyActivities<CallActivities>({
  startToCloseTimeout: '30 seconds',
  retry: { initialInterval: '1 second', maximumInterval: '30 seconds' },
});
// Local: the charge and the slot's release run in the workflow task that heard the end, so that its
// answer already signals a campaign the place is free.
const { settleCall } = proxyLocalActivities<CallActivities>({
  startToCloseTimeout: '30 seconds',
  retry: { initialInterval: '1 second', maximumInterval: '30 seconds' },
});
// Never retried: a warm transfer's retry would ring the person a second time, and keys sent twice
// are two presses. A failed attempt is the conversation's to hear and act on.
const { transferCall, sendDigits } = proxyActivities<CallActivities>({ startToCloseTimeout: '3 minutes', retry: { maximumAttempts: 1 } });
const { analyzeCall } = proxyActivities<CallActivities>({
  startToCloseTimeout: '2 minutes',
  retry: { initialInterval: '2 seconds', maximumInterval: '1 minute' },
});

type Refused = { kind: DialRefusal; message: string };

const REFUSAL_FAILURES: Record<DialRefusal, FailureType> = {
  rejected: FailureType.carrierRejected,
  unavailable: FailureType.carrierUnavailable,
  insufficient_credits: FailureType.insufficientCredits,
};

/** How a voicemail ends the call, whether the carrier or our media session found it. */
const voicemailDisposition = (behavior: CallInput['voicemailBehavior']): Disposition =>
  behavior === 'mark_no_answer' ? 'no_answer' : behavior === 'leave_message' ? 'voicemail_left' : 'voicemail';
const E164 = /^\+[1-9]\d{6,14}$/;

/** After the closing line the call is hung up this long before its boundary, so its connected time stays within the held minutes. */
const HANGUP_AHEAD_MS = 1_000;

export class CallRun {
  /**
   * An inbound call is `active` from its first moment. A hangup sent as soon as the API answered
   * can reach the run with its start, and Temporal hands it to its validator as the handler is
   * registered, before the workflow function has reached answered().
   */
  private readonly state: CallState;
  /** The carrier refused the dial: no call exists. */
  private refused: Refused | undefined;
  private hangupRequested = false;
  /** The API gave up on the dial (its 504). */
  private abandoned = false;
  /** Abandoned before the dial started: nothing was dialled. */
  private notDialled = false;
  /** Carrier events not yet acted on, in the order reported. */
  private readonly events: CarrierEvent[] = [];
  /** The read model's sequence number of the last state written. */
  private seq = 0;
  private answeredAt: number | undefined;
  /** When the carrier reported the end, so that time spent writing states after it is not billed. */
  private carrierEndedAt: number | undefined;
  /** Credit minutes held for the call; undefined for calls placed before holds, which hold none. */
  private heldMinutes: number | undefined;
  /** Our media session found a machine on the line: the call connected, but reached nobody. */
  private machine: 'voicemail' | 'phone_menu' | undefined;
  /** Why the call failed, when the carrier said: its audio stream dropped under the agent. */
  private endedReason: CallStateFields['endedReason'];
  /** A transfer the carrier is carrying out: one at a time. */
  private transferring = false;
  /** When the carrier handed the caller to a person: our part of the call, and its charge, end there. */
  private handedOffAt: number | undefined;

  constructor(private readonly input: CallInput) {
    this.state = input.direction === 'inbound' ? { status: 'active', carrierCallId: input.carrierCallId! } : { status: 'dialing' };
    this.heldMinutes = input.byok ? undefined : input.heldMinutes;
  }

  snapshot(): CallState {
    return { ...this.state };
  }

  /** The workflow's result: its state, and for a refused dial the refusal's kind. */
  result(): CallState {
    if (this.refused) return { ...this.state, refused: this.refused.kind };
    return this.notDialled ? { ...this.state, abandoned: true } : { ...this.state };
  }

  // Messages.

  /** The dial update sent with start: answers once the call is `created`, or fails as the carrier refused. */
  async dialOutcome(): Promise<DialAccepted> {
    await condition(() => this.state.status !== 'dialing' || this.refused !== undefined || this.notDialled);
    // Nobody waits for this answer any more: the API that asked has given up.
    if (this.notDialled) throw refusal(FailureType.dialAbandoned, 'The dial was abandoned before it started.');
    if (this.refused) throw refusal(REFUSAL_FAILURES[this.refused.kind], this.refused.message);
    return { carrierCallId: this.state.carrierCallId! };
  }

  carrierEvent(event: CarrierEvent): void {
    if (!this.own(event)) return;
    // A line that fails mid-call (its media stream dropped) is over then too: the charge stops there.
    if (event.type === 'ended' || (event.type === 'failed' && this.answeredAt !== undefined)) this.carrierEndedAt ??= Date.now();
    this.events.push(event);
  }

  /**
   * Whether the event is about this call's own carrier call: one that names another (a misrouted
   * or forged callback, a second call a retried dial placed) is logged and changes nothing. One
   * heard before the dial answered is kept until then and judged as it is acted on.
   */
  private own(event: CarrierEvent): boolean {
    const ours = this.state.carrierCallId;
    if (event.carrierCallId === undefined || ours === undefined || event.carrierCallId === ours) return true;
    log.warn('Ignored a carrier event about another call', {
      callId: this.input.callId,
      carrierCallId: ours,
      eventCarrierCallId: event.carrierCallId,
      type: event.type,
    });
    return false;
  }

  /** The operator's hangup, or a cancelled campaign's: ignored once the call is over or was refused. */
  hangupSignalled(): void {
    const { status } = this.state;
    // A campaign cancelled while this call was being dialled: it hangs up as soon as the carrier has
    // it, instead of letting the phone ring on.
    const dialing = status === 'dialing' && this.refused === undefined;
    if (dialing || status === 'created' || status === 'active') this.hangupRequested = true;
  }

  /** The API answered 504 `DIAL_TIMEOUT`: the call it gave up on must not ring on. */
  abandon(): void {
    this.abandoned = true;
    this.hangupSignalled();
  }

  validateHangup(): void {
    if (this.state.status !== 'created' && this.state.status !== 'active') refuse(`A ${this.state.status} call cannot be hung up.`);
  }

  /** The API's hangup, once validated: answers with the state it found. */
  hangup(): CallState {
    this.hangupRequested = true;
    return { ...this.state };
  }

  private validateAction(): void {
    if (this.state.status !== 'active' || this.handedOffAt !== undefined) refuse(`A ${this.state.status} call has no one on the line to act for.`);
  }

  validateTransfer({ to, mode }: TransferAsk): void {
    this.validateAction();
    if (this.transferring) refuse('A transfer of this call is already under way.');
    if (!E164.test(to) || (mode !== 'cold' && mode !== 'warm')) refuse('A transfer needs an E.164 destination and a mode, cold or warm.');
  }

  validateDigits({ digits }: { digits: string }): void {
    this.validateAction();
    if (!KEYPAD_DIGITS.test(digits)) refuse("Keys are 1-32 of 0-9, *, # and w (half a second's wait).");
  }

  /** The conversation's transfer, once validated: a connected one ends the call as `transferred`. */
  async transfer(ask: TransferAsk): Promise<TransferResult> {
    this.transferring = true;
    try {
      const result = await transferCall({ callId: this.input.callId, carrierCallId: this.state.carrierCallId!, ...ask });
      if (result.outcome === 'connected') {
        this.handedOffAt = Date.now();
        this.carrierEndedAt ??= this.handedOffAt;
      }
      return result;
    } finally {
      this.transferring = false;
    }
  }

  /** The conversation's keys, once validated. */
  sendDigits({ digits }: { digits: string }): Promise<void> {
    return sendDigits({ callId: this.input.callId, carrierCallId: this.state.carrierCallId!, digits });
  }

  // Lifecycle.

  private project(fields: CallStateFields) {
    return projectCall({ callId: this.input.callId, seq: ++this.seq, fields });
  }

  private settle(chargedMinutes: number) {
    const { callId, organizationId, agentId, byok } = this.input;
    // What it held, as it counted: the ledger need not be asked (0 for byok, which holds nothing).
    const held = this.input.heldMinutes === undefined ? {} : { heldMinutes: this.heldMinutes ?? 0 };
    return settleCall({ callId, organizationId, agentId, chargedMinutes, byok, ...held });
  }

  /**
   * Dials, naming the agent so that a carrier that speaks for it (Twilio) can load its voice. True
   * once the carrier has the call and its `created` state is written; false when the carrier
   * refused or the API abandoned the call first, after giving back what placing it reserved.
   */
  async placeCall(): Promise<boolean> {
    const { input } = this;
    // `byok` goes to the read model too: the activities that pick the call's LLM read it there.
    const { callId: _callId, maxDurationMinutes: _max, voicemailBehavior: _vm, ringTimeoutSeconds: _ring, ...record } = input;
    // Abandoned before this run's first task (no worker took the call in time): the signal was
    // delivered as its handler was set, so the person is never rung.
    if (this.abandoned) {
      this.notDialled = true;
      await this.settle(0);
      return false;
    }
    const created = { seq: ++this.seq, fields: { ...record, status: 'created', direction: 'outbound' } satisfies CallStateFields };
    // A direct call's first minute is held by its dial, in the worker that settles its calls, right
    // before the carrier is asked; a campaign's attempt held it as it was admitted.
    const holdFirstMinute = this.heldMinutes === 0 ? { holdFirstMinute: { organizationId: input.organizationId } } : {};
    const result = await dial({
      callId: input.callId,
      to: input.phoneNumber,
      agentId: input.agentId,
      variables: input.variables,
      byok: input.byok,
      created,
      ...holdFirstMinute,
    });
    // The dial held the first minute unless it found none to hold, whatever the carrier then said.
    if (this.heldMinutes === 0 && !('refused' in result && result.refused.kind === 'insufficient_credits')) this.heldMinutes = 1;
    if ('refused' in result) {
      this.refused = result.refused;
      // Nothing was written for a refused call.
      await this.settle(0);
      return false;
    }
    // The dial leaves the write to us when the database was slow or down: retrying the dial over it
    // would call the person twice.
    if (!result.recorded) await projectCall({ callId: input.callId, ...created, fields: { ...created.fields, carrierCallId: result.carrierCallId } });
    // Only now does the dial update answer, so the API's 201 is followed by a readable call.
    this.state.status = 'created';
    this.state.carrierCallId = result.carrierCallId;
    // Events heard before the dial answered are judged now that the call's own id is known.
    const heard = this.events.splice(0);
    this.carrierEndedAt = undefined;
    for (const event of heard) this.carrierEvent(event);
    return true;
  }

  /**
   * An inbound call, answered as its admission wrote its `active` state: it talks until the caller
   * or the agent ends it, as an answered outbound call does.
   */
  async answered(): Promise<Disposition> {
    const { input } = this;
    this.seq = 1;
    if (input.connectWithinSeconds === undefined) {
      this.answeredAt = new Date(input.answeredAt!).getTime();
      return this.talk();
    }
    // Nobody is on the line until the media session says so: a page closed before its audio
    // connected must not hold the call open, and its waiting is not connected time.
    const heard = await condition(() => this.hangupRequested || this.events.length > 0, `${input.connectWithinSeconds} seconds`);
    if (this.hangupRequested) return 'hangup_requested';
    if (!heard || this.events[0]!.type !== 'answered') return 'no_answer';
    this.events.shift();
    this.answeredAt = Date.now();
    await this.project({ startedAt: iso(this.answeredAt) });
    return this.talk();
  }

  /** Ringing: the carrier reports what became of the call, unless it rings out or is hung up first. */
  async ring(): Promise<Disposition> {
    const { input } = this;
    const carrierCallId = this.state.carrierCallId!;
    const reported = await condition(() => this.events.length > 0 || this.hangupRequested, `${input.ringTimeoutSeconds} seconds`);
    const ringEvent = reported && !this.hangupRequested ? this.events.shift() : undefined;
    if (!reported || this.hangupRequested || !ringEvent) {
      const disposition = this.hangupRequested ? 'hangup_requested' : 'no_answer';
      await carrierHangup({ carrierCallId });
      return disposition;
    }
    if (ringEvent.type === 'answered') {
      this.answeredAt = Date.now();
      this.state.status = 'active';
      await this.project({ status: 'active', startedAt: iso(this.answeredAt) });
      return this.talk();
    }
    if (ringEvent.type === 'voicemail') {
      const disposition = voicemailDisposition(input.voicemailBehavior);
      if (disposition === 'voicemail_left') await leaveVoicemail({ callId: input.callId });
      await carrierHangup({ carrierCallId });
      return disposition;
    }
    if (ringEvent.type === 'busy' || ringEvent.type === 'no_answer' || ringEvent.type === 'failed') return ringEvent.type;
    return 'failed';
  }

  /**
   * While the call is active: it ends when the carrier says so, on hangup, at the maximum duration,
   * or at the end of its last held minute when the next could not be held.
   */
  private async talk(): Promise<Disposition> {
    // A line that fails mid-call (its agent's LLM cannot answer) ends the call now, not at its maximum duration.
    const ended = () => this.events.find((e) => e.type === 'ended' || e.type === 'failed') as Extract<CarrierEvent, { type: 'ended' | 'failed' }> | undefined;
    // A transfer under way is judged before the end it may cause: handing the caller over closes our
    // side of the line (Twilio's new TwiML stops the media stream), which is no hangup of theirs.
    const over = () => this.handedOffAt !== undefined || this.hangupRequested || (!this.transferring && ended() !== undefined);
    const maxEnd = minutesEnd(this.answeredAt!, this.input.maxDurationMinutes);
    let inTime = false;
    let outOfCredit = false;
    while (!inTime) {
      const heldEnd = minutesEnd(this.answeredAt!, this.heldMinutes);
      if (heldEnd >= maxEnd) {
        inTime = await condition(over, Math.max(1, maxEnd - Date.now()));
        break;
      }
      inTime = await condition(over, Math.max(1, heldEnd - HOLD_AHEAD_MS - Date.now()));
      if (inTime) break;
      const minute = this.heldMinutes! + 1;
      const held = await extendHold({ organizationId: this.input.organizationId, callId: this.input.callId, minute }).catch(() => false);
      if (held) {
        this.heldMinutes = minute;
        continue;
      }
      inTime = await condition(over, Math.max(1, heldEnd - CLOSING_LINE_AHEAD_MS - Date.now()));
      if (inTime) break;
      await closeCall({ callId: this.input.callId, carrierCallId: this.state.carrierCallId! });
      inTime = await condition(() => ended() !== undefined, Math.max(1, heldEnd - HANGUP_AHEAD_MS - Date.now()));
      outOfCredit = true;
      break;
    }
    // The caller is the person's now: hanging up our side would cut them off.
    if (this.handedOffAt !== undefined) return 'transferred';
    const end = ended();
    if (end?.type === 'failed') {
      if (end.mediaLost) this.endedReason = 'media_lost';
      // Nobody is speaking on the line any more: it must not stay open on the carrier's side.
      await carrierHangup({ carrierCallId: this.state.carrierCallId! });
      return 'failed';
    }
    if (outOfCredit) {
      if (!end) await carrierHangup({ carrierCallId: this.state.carrierCallId! });
      return 'credits_exhausted';
    }
    if (end?.callbackAt) this.state.callbackAt = end.callbackAt;
    if (end?.machine) {
      this.machine = end.machine;
      return end.machine === 'phone_menu' ? 'no_answer' : voicemailDisposition(this.input.voicemailBehavior);
    }
    if (end) return end.by === 'agent' ? 'completed' : 'contact_hung_up';
    await carrierHangup({ carrierCallId: this.state.carrierCallId! });
    return inTime ? 'hangup_requested' : 'max_duration';
  }

  /** The `completed` state, the charge and the slot's release, the campaign told, then the report. */
  async complete(disposition: Disposition): Promise<void> {
    const endedAt = this.carrierEndedAt ?? Date.now();
    const durationSeconds = this.answeredAt === undefined ? 0 : Math.round((endedAt - this.answeredAt) / 1000);
    const chargedMinutes = chargedMinutesFor(this.answeredAt === undefined ? undefined : durationSeconds, this.heldMinutes);
    this.state.status = 'completed';
    this.state.disposition = disposition;
    this.state.connected = this.answeredAt !== undefined && this.machine === undefined;
    // The slot's release and the charge do not wait on the read model's write, nor the campaign's
    // next dial on them: one round trip less between a campaign's calls.
    const why = this.endedReason ? { endedReason: this.endedReason } : {};
    const projected = this.project({ status: 'completed', disposition, endedAt: iso(endedAt), durationSeconds, chargedMinutes, ...why });
    await this.settle(chargedMinutes);
    const parent = workflowInfo().parent;
    if (parent) {
      // A campaign's call: its place is free now. A campaign that is gone has nothing to hear. The
      // signal goes by workflow id, so it reaches a campaign that has continued as new since.
      await getExternalWorkflowHandle(parent.workflowId)
        .signal(campaignCallEndedSignal, { callId: this.input.callId, state: { ...this.state } })
        .catch(() => undefined);
    }
    await projected;
    // An agent deleted before the analysis read it leaves the call without a report, for good.
    const report = await analyzeCall({ callId: this.input.callId, disposition }).catch((err: unknown) => {
      if (isAgentDeleted(err)) return undefined;
      throw err;
    });
    await this.project(report ? { reportId: report.reportId } : { reportUnavailable: 'agent_deleted' });
  }
}
