import { defineQuery, defineSignal, defineUpdate } from '@temporalio/workflow';
import type { ReportUnavailable } from './common';

/** A call's lifecycle; every input is plain JSON. */
export interface CallInput {
  callId: string;
  organizationId: string;
  agentId: string;
  agentName: string;
  phoneNumber: string;
  contactName: string;
  externalRef: string;
  language: string;
  variables: Record<string, string>;
  attemptNumber: number;
  campaignId: string | null;
  /** Billed outside credits (a `byok` key placed it). */
  byok: boolean;
  maxDurationMinutes: number;
  voicemailBehavior: 'hangup' | 'leave_message' | 'mark_no_answer';
  /** How long the callee's phone may ring before the call ends as `no_answer`. */
  ringTimeoutSeconds: number;
  /**
   * Credit minutes its admission held (domain/admission.ts): a campaign's attempt holds its first
   * minute as it is admitted, a direct call's dial holds it (0 here); the call holds one more before
   * each next minute and ends at the last one held. Absent for `byok` and for calls placed before holds.
   */
  heldMinutes?: number;
  /**
   * `inbound`: someone called one of the organization's numbers (POST /phone-numbers). The call
   * was answered as it was admitted, which wrote its `active` state (sequence 1), and held its
   * first minute; `phoneNumber` is the caller's. Absent: an outbound call, dialled by the workflow.
   */
  direction?: 'inbound';
  /** An inbound call's: the carrier's id of the call, known from its webhook. */
  carrierCallId?: string;
  /** An inbound call's: when it was answered (ISO), the start of its connected time. */
  answeredAt?: string;
  /**
   * A call whose audio may never connect (the dashboard's browser call): it counts as answered, and
   * its connected time starts, only once its media session reports `answered` within this many
   * seconds; otherwise it ends `no_answer`, uncharged.
   */
  connectWithinSeconds?: number;
}

/**
 * How a call ended. `completed`: the agent finished; `contact_hung_up`; `max_duration`;
 * `hangup_requested` (POST /calls/{id}/hangup or the operator's signal); `no_answer`; `busy`;
 * `failed`; `voicemail` (behaviour `hangup`); `voicemail_left` (behaviour `leave_message`);
 * `credits_exhausted` (the organization had no minute left for the next one: the agent said a
 * closing line and hung up at the minute's boundary); `transferred` (the agent handed the caller
 * to a person, cold or warm: our part of the call ended there). A voicemail with behaviour
 * `mark_no_answer` ends as `no_answer`.
 */
export const DISPOSITIONS = [
  'completed',
  'contact_hung_up',
  'max_duration',
  'hangup_requested',
  'no_answer',
  'busy',
  'failed',
  'voicemail',
  'voicemail_left',
  'credits_exhausted',
  'transferred',
] as const;
export type Disposition = (typeof DISPOSITIONS)[number];

/** Who answered an outbound call, as our answering-machine detection decides (conversation/answeringMachine.ts). */
export const ANSWERED_BY = ['person', 'voicemail', 'phone_menu', 'call_screener'] as const;
export type AnsweredBy = (typeof ANSWERED_BY)[number];

/**
 * What the carrier reports about a dialled call, as a real carrier's status callbacks would. A
 * carrier that names its call in its callbacks (Twilio's CallSid) passes `carrierCallId`: an event
 * about any other call than the one the dial placed is ignored.
 */
export type CarrierEvent = (
  | { type: 'answered' }
  | { type: 'voicemail' }
  | { type: 'busy' }
  | { type: 'no_answer' }
  /**
   * `mediaLost`: the call's audio stream dropped without either side ending the call (the media
   * process that held its session died, or the stream's connection broke), so nobody is speaking
   * for the agent any more.
   */
  | { type: 'failed'; reason: string; mediaLost?: true }
  /**
   * The conversation is over: the agent finished, or the callee hung up. `callbackAt`: the person
   * asked to be called back then (the `callback` tool). `machine`: our media session found an
   * answering machine (conversation/machineDetection.ts) and the agent hung up on it: the call ends
   * as a voicemail (per `voicemailBehavior`) or, for a phone menu, `no_answer`.
   */
  | { type: 'ended'; by: 'agent' | 'contact'; callbackAt?: string; machine?: 'voicemail' | 'phone_menu' }
) & { carrierCallId?: string };

export interface DialAccepted {
  carrierCallId: string;
}

/**
 * The carrier's answer to a dial: accepted, or refused (a refusal is an answer, not a failure to
 * retry). `recorded` says whether the dial also wrote the call's `created` state.
 */
export type DialResult = (DialAccepted & { recorded: boolean }) | { refused: { kind: DialRefusal; message: string } };

/**
 * Why a dial placed nothing: the carrier rejected the number or was unavailable, or the
 * organization had no credit minute left to hold for the call's first (checked before the carrier).
 */
export type DialRefusal = 'rejected' | 'unavailable' | 'insufficient_credits';

/**
 * The read model's fields a state of the call sets, as a workflow sends them: dates as ISO 8601
 * strings and ids as hex (payloads are JSON); domain/callProgress.ts stores them as the record
 * types them. The `created` state carries the call's input.
 */
export type CallStateFields = Partial<Omit<CallInput, 'callId' | 'maxDurationMinutes' | 'voicemailBehavior' | 'ringTimeoutSeconds' | 'direction'>> & {
  status?: 'created' | 'active' | 'completed';
  direction?: 'outbound' | 'inbound';
  startedAt?: string | null;
  endedAt?: string | null;
  disposition?: Disposition;
  durationSeconds?: number;
  chargedMinutes?: number;
  reportId?: string;
  reportUnavailable?: ReportUnavailable;
  /** Why a `failed` call failed, where the workflow knows it: `media_lost`. */
  endedReason?: 'media_lost';
};

/** A state of the call for the read model, applied only if `seq` is newer than the one it holds. */
export interface CallProjection {
  callId: string;
  seq: number;
  fields: CallStateFields;
}

/** After the call: the charge (or byok minutes), the release of its held minutes and of its slot. */
export interface CallSettlement {
  callId: string;
  organizationId: string;
  agentId: string;
  chargedMinutes: number;
  byok: boolean;
  /** The credit minutes the call held, to release; absent for calls placed before holds (the ledger is asked). */
  heldMinutes?: number;
}

/** Each attempt of the dial: room for the slowest carrier's dial and the write after it (activities/calls.ts checks). */
export const DIAL_ATTEMPT_TIMEOUT_MS = 30_000;

/** The activities the call workflow runs; activities/calls.ts implements them. */
export interface CallActivities {
  /**
   * Names the agent, so a carrier that speaks for it (Twilio ConversationRelay) can load its voice,
   * and whether a byok key placed it, so that such a carrier is never used for it. Once the carrier
   * has the call, writes its `created` state (`created`, with the carrier's id added) when the
   * database answers in time: one workflow task and one activity less before the API's 201.
   */
  dial: (request: {
    callId: string;
    to: string;
    agentId: string;
    variables: Record<string, string>;
    byok: boolean;
    created: Omit<CallProjection, 'callId'>;
    /** The organization whose credit minute the dial holds first, when the admission did not (a direct call). */
    holdFirstMinute?: { organizationId: string };
  }) => Promise<DialResult>;
  carrierHangup: (request: { carrierCallId: string }) => Promise<void>;
  leaveVoicemail: (request: { callId: string }) => Promise<void>;
  projectCall: (projection: CallProjection) => Promise<boolean>;
  settleCall: (settlement: CallSettlement) => Promise<void>;
  /** Holds the call's credit minute number `minute`: false when the organization has none left. */
  extendHold: (request: { organizationId: string; callId: string; minute: number }) => Promise<boolean>;
  /** The agent's closing line when the credits run out: spoken where the carrier can, always in the transcript. */
  closeCall: (request: { callId: string; carrierCallId: string }) => Promise<void>;
  /** Writes the call's report; fails with agentDeletedFailure when the call's agent is gone. */
  analyzeCall: (request: { callId: string; disposition: Disposition }) => Promise<{ reportId: string }>;
  /** Has the carrier hand the call to a person (carriers/interface.ts `transfer`); never throws for a transfer that did not connect. */
  transferCall: (request: { callId: string; carrierCallId: string } & TransferAsk) => Promise<TransferResult>;
  /** Has the carrier send DTMF digits on the call. */
  sendDigits: (request: { callId: string; carrierCallId: string; digits: string }) => Promise<void>;
}

export type TransferMode = 'cold' | 'warm';

/** Why a warm transfer did not connect: the person did not answer, was busy, or the dial failed. */
export const TRANSFER_FAILURES = ['no_answer', 'busy', 'failed'] as const;
export type TransferFailure = (typeof TRANSFER_FAILURES)[number];

/** What became of a transfer: connected (the call is the person's now), or why not. */
export type TransferResult = { outcome: 'connected' } | { outcome: 'failed'; reason: TransferFailure; message: string };

/** What a keypad sends, as Twilio's `<Play digits>` takes it: 0-9, *, # and `w` (half a second's wait). */
export const KEYPAD_DIGITS = /^[0-9*#w]{1,32}$/;

/** What the conversation asks of a transfer: the destination (one of the agent's), how, and the summary a warm one speaks. */
export interface TransferAsk {
  to: string;
  mode: TransferMode;
  summary: string;
}

export interface CallState {
  status: 'dialing' | 'created' | 'active' | 'completed';
  disposition?: Disposition;
  carrierCallId?: string;
  /** In the result: the callee answered (a campaign counts the recipient reached). */
  connected?: boolean;
  /** In the result: the dial was refused (by the carrier, or for want of credit), so no call exists. */
  refused?: DialRefusal;
  /** In the result: the API had given up on the dial before it started, so nothing was dialled. */
  abandoned?: true;
  /** In the result: the person asked to be called back then (ISO, from the agent's `callback` tool). */
  callbackAt?: string;
}

/** Sent with start (update-with-start): answers once the carrier has accepted or refused the dial. */
export const callDialUpdate = defineUpdate<DialAccepted>('dial');
export const callCarrierEventSignal = defineSignal<[CarrierEvent]>('carrierEvent');
/** An operator's hangup from the Temporal UI (a campaign's cancel too): ends a call being dialled, ringing or active. */
export const callHangupSignal = defineSignal('hangup');
/**
 * The API gave up waiting for the dial (its 504 `DIAL_TIMEOUT`): a dial not yet started never is,
 * and a call the carrier accepts after all is hung up at once.
 */
export const callAbandonSignal = defineSignal('abandon');
/** The API's hangup, the same action: a 409 unless the call is `created` or `active`. */
export const callHangupUpdate = defineUpdate<CallState>('hangup');
export const callStateQuery = defineQuery<CallState>('state');
/**
 * The conversation hands the caller to a person (the agent's `transfer` tool): answers once the
 * carrier has connected them, the call then ending `transferred`, or with why a warm transfer did
 * not connect, the call going on. Refused unless the call is `active` and no other transfer is under way.
 */
export const callTransferUpdate = defineUpdate<TransferResult, [TransferAsk]>('transfer');
/** The conversation presses keys (the agent's `keypad` tool): answers once the carrier has sent them. Refused unless the call is `active`. */
export const callSendDigitsUpdate = defineUpdate<void, [{ digits: string }]>('sendDigits');

export const callWorkflowId = (callId: string) => `call-${callId}`;

/** The call workflow as the API and a campaign start it: by this type name, typed by this signature. */
export const callWorkflowType = 'callWorkflow';
export type CallWorkflow = (input: CallInput) => Promise<CallState>;
