import type { TransferMode, TransferResult } from '../../workflows/definitions';

/**
 * The phone network. `dial` answers once the carrier has accepted (or refused) the call; what
 * happens next (answered, busy, voicemail, ended) arrives later as `carrierEvent` signals to the
 * call workflow, the way a real carrier's status callbacks would. `simulated` is the embedded
 * default; a real carrier (Twilio) implements the same interface.
 */
export interface DialRequest {
  callId: string;
  /** E.164. */
  to: string;
  /** The workflow that receives the call's carrier events. */
  callWorkflowId: string;
  /** Placed with a byok key: its speech may run only on the organization's own credentials. */
  byok: boolean;
  /**
   * How the agent sounds, for a carrier that runs speech itself (Twilio ConversationRelay, when
   * configured). Absent
   * when the agent was deleted after the call was placed: the carrier's defaults apply.
   */
  voice?: DialVoice;
}

export interface DialVoice {
  language: string;
  /** Spoken first when the callee answers, variables filled; '' for none. */
  greeting: string;
  /** The agent's own speech vendors; absent: the server's defaults. */
  stt?: string;
  tts?: string;
}

export interface Carrier {
  readonly name: string;
  /**
   * The longest `dial` takes: past it, it gives up (a carrier that cannot tell whether the call was
   * placed refuses it as unavailable; one whose dial is safe to repeat may throw). The dial
   * activity starts a dial only with this much of its attempt left, since an attempt that times
   * out mid-dial is retried and the retry would ring the person a second time.
   */
  readonly dialTimeoutMs: number;
  /**
   * A dial repeated for the same call finds the call the first one placed (the simulated carrier:
   * its line is a workflow named after the call), so nothing need be recorded or looked for before
   * it. False for a carrier that would place a second call (Twilio): its dials record their intent
   * first, and a retry asks `findCall`.
   */
  readonly dialIsIdempotent: boolean;
  /**
   * Resolves with the carrier's own id for the call, or throws CarrierRefusedError; throws
   * CarrierOutcomeUnknownError when the carrier may have placed the call without saying so.
   */
  dial(request: DialRequest): Promise<{ carrierCallId: string }>;
  /**
   * The carrier's id of a call it placed for `callId` to `to` since `since`, or null when it has
   * none: a dial retried after a lost worker or an unanswered request adopts that call instead of
   * ringing the person a second time.
   */
  findCall(request: { callId: string; to: string; since: Date }): Promise<string | null>;
  hangup(carrierCallId: string): Promise<void>;
  /**
   * Speaks `text` to an answering machine, then hangs up; resolves once the call is over. Carriers
   * without it (the simulated one) only have the message written to the transcript.
   */
  leaveMessage?(carrierCallId: string, text: string, language: string): Promise<void>;
  /**
   * Speaks `text` on a call in progress in place of the agent, then ends it; resolves once the
   * carrier has the words, without waiting for them to be spoken. Carriers without it (the
   * simulated one) only have the line written to the transcript, and the call is hung up.
   */
  say?(carrierCallId: string, text: string, language: string): Promise<void>;
  /**
   * Hands the caller to a person at `to`: `cold` connects them at once and our side of the call is
   * over; `warm` rings `to` first, speaks `summary` to whoever answers, then joins them with the
   * caller, or answers why it could not (nobody answered, busy, the dial failed) with the caller
   * still talking to the agent. Carriers without it cannot transfer.
   */
  transfer?(request: TransferRequest): Promise<TransferResult>;
  /** Sends DTMF digits on a call in progress (0-9, *, #; `w` waits half a second). Carriers without it cannot. */
  sendDigits?(request: DigitsRequest): Promise<void>;
}

export interface TransferRequest {
  callId: string;
  carrierCallId: string;
  /** E.164, one of the agent's transfer destinations. */
  to: string;
  mode: TransferMode;
  /** Who is calling and why, spoken to the person a warm transfer reaches; unused by a cold one. */
  summary: string;
  language: string;
  /** Placed with a byok key: a carrier that resumes the agent's audio afterwards resumes our own pipeline. */
  byok: boolean;
}

export interface DigitsRequest {
  callId: string;
  carrierCallId: string;
  digits: string;
  byok: boolean;
  /** How the agent sounds, for a carrier that speaks for it and must take the call up again after the keys; absent once the agent is deleted. */
  voice?: DialVoice;
}

/**
 * The carrier's side of our inbound numbers, which the API uses (the worker's dials do not):
 * pointing a number at this service and giving it back.
 */
export interface CarrierNumbers {
  readonly name: string;
  /**
   * Points an inbound number at this service: calls to it reach `webhooks.voice`, their status
   * `webhooks.status`. Answers the carrier's id of the number and what its settings were, to
   * restore on release; throws NumberUnavailableError for a number the carrier cannot give us.
   */
  claimNumber(request: { phoneNumber: string; webhooks: InboundWebhooks }): Promise<NumberClaim>;
  /** Gives the number back as it was before the claim. A number the carrier no longer has is released already. */
  releaseNumber(claim: NumberClaim): Promise<void>;
  /** Only the simulated carrier: rings one of our numbers with a simulated caller, as the phone network would. */
  readonly testCalls?: TestCalls;
}

/**
 * The simulated carrier's test calls to our numbers. The carrier's id of a call is known before it
 * rings, so that the call can be admitted and recorded under it first, as a real carrier's webhook
 * names its call; only an admitted call's line is then started, to play the caller.
 */
export interface TestCalls {
  carrierCallId(callId: string): string;
  ring(request: { callId: string; from: string }): Promise<void>;
}

/** Where a carrier reaches this service for calls to our numbers. */
export interface InboundWebhooks {
  voice: string;
  status: string;
}

export interface NumberClaim {
  carrierNumberId: string;
  previousSettings: Record<string, string> | null;
}

/** The carrier cannot give this number to us (not in the account, or outside the simulated range). */
export class NumberUnavailableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'NumberUnavailableError';
  }
}

/**
 * The carrier did not answer whether it placed the call (its request timed out after being sent):
 * the call may be ringing. Not a refusal: the dial is retried, and the retry asks the carrier first.
 */
export class CarrierOutcomeUnknownError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CarrierOutcomeUnknownError';
  }
}

/** The carrier refused the dial: `rejected` for the number (400), `unavailable` on its side (502). */
export class CarrierRefusedError extends Error {
  constructor(
    readonly kind: 'rejected' | 'unavailable',
    message: string,
  ) {
    super(message);
    this.name = 'CarrierRefusedError';
  }
}
