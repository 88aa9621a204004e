/**
 * Every workflow input, result and message name, in one place the API and tests import without
 * pulling in workflow implementations. Imports only Temporal's own pure modules.
 */
import { defineSearchAttributeKey } from '@temporalio/common';
import { defineQuery, defineSignal, defineUpdate } from '@temporalio/workflow';

/**
 * The foundation's proof workflow: a signal, an update with a validator and a one-hour timer,
 * exercised on both the time-skipping and the dev server and replayed from a recorded history.
 * The call, interview and campaign workflows replace it as they land.
 */
export interface ProofInput {
  label: string;
}

export interface ProofState {
  label: string;
  renames: number;
  finished: boolean;
}

export interface ProofResult extends ProofState {
  endedBy: 'signal' | 'timer';
  summary: string;
}

export const finishProofSignal = defineSignal('finish');
export const renameProofUpdate = defineUpdate<ProofState, [string]>('rename');
export const proofStateQuery = defineQuery<ProofState>('state');
/** How long the proof workflow waits for `finish` before ending on its own. */
export const PROOF_DEADLINE = '1 hour';

/**
 * Custom search attributes, registered on the dev server at start (scripts/stack.ts) and by
 * `temporal operator search-attribute create` on other clusters. @temporalio/common is the pure
 * module @temporalio/workflow itself builds on.
 */
export const searchAttributes = {
  organizationId: defineSearchAttributeKey('OrganizationId', 'KEYWORD'),
  agentId: defineSearchAttributeKey('AgentId', 'KEYWORD'),
  campaignId: defineSearchAttributeKey('CampaignId', 'KEYWORD'),
  externalRef: defineSearchAttributeKey('ExternalRef', 'KEYWORD'),
} as const;

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
}

/**
 * How a call ended. `completed`: the agent finished; `contact_hung_up`; `max_duration`;
 * `hangup_requested` (POST /calls/{id}/hangup or the operator's signal); `no_answer`; `busy`;
 * `failed`; `voicemail` (behaviour `hangup`); `voicemail_left` (behaviour `leave_message`).
 * A voicemail with behaviour `mark_no_answer` ends as `no_answer`.
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
] as const;
export type Disposition = (typeof DISPOSITIONS)[number];

/** What the carrier reports about a dialled call, as a real carrier's status callbacks would. */
export type CarrierEvent =
  | { type: 'answered' }
  | { type: 'voicemail' }
  | { type: 'busy' }
  | { type: 'no_answer' }
  | { type: 'failed'; reason: string }
  /** The conversation is over: the agent finished, or the callee hung up. */
  | { type: 'ended'; by: 'agent' | 'contact' };

export interface DialAccepted {
  carrierCallId: string;
}

export interface CallState {
  status: 'dialing' | 'created' | 'active' | 'completed';
  disposition?: Disposition;
  carrierCallId?: string;
  /** In the result: the callee answered (a campaign counts the recipient reached). */
  connected?: boolean;
  /** In the result: the carrier refused the dial, so no call exists. */
  refused?: 'rejected' | 'unavailable';
}

/** Sent with start (update-with-start): answers once the carrier has accepted or refused the dial. */
export const dialUpdate = defineUpdate<DialAccepted>('dial');
export const carrierEventSignal = defineSignal<[CarrierEvent]>('carrierEvent');
/** Ends a ringing or active call; also sent by operators from the Temporal UI. */
export const hangupSignal = defineSignal('hangup');
/** The API's hangup: a 409 unless the call is `created` or `active`. */
export const hangupUpdate = defineUpdate<CallState>('hangupCall');
export const callStateQuery = defineQuery<CallState>('state');

export const callWorkflowId = (callId: string) => `call-${callId}`;

/**
 * A campaign: one workflow per campaign, from `draft` to `completed`, `cancelled` (and `archived`
 * once closed). Every field is plain JSON, carried across continue-as-new.
 */
/**
 * Attempts of a call's or interview's analysis activity. The last one records a failed report
 * rather than failing, so a vendor that keeps failing never leaves a report pending for ever.
 */
export const ANALYSIS_MAX_ATTEMPTS = 5;

export const CAMPAIGN_STATUSES = ['draft', 'scheduled', 'running', 'paused', 'completed', 'cancelled', 'archived'] as const;
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];

export interface CampaignSettings {
  /** Attempts per recipient in all, the first included. */
  retryLimit: number;
  retryDelayMinutes: number;
  /** Calls of this campaign in progress at once. */
  concurrency: number;
}

/** Daily calling window, `HH:MM` local to the campaign's timezone; `end` before `start` spans midnight. */
export interface CallingHours {
  start: string;
  end: string;
}

/** The fields `PATCH /campaigns/{id}` may change, in draft or paused. */
export interface CampaignEdit {
  name?: string;
  description?: string;
  timezone?: string;
  settings?: Partial<CampaignSettings>;
  callingHours?: CallingHours | null;
}

/** Why dialling stopped while paused: the partner or operator asked, or the credits ran out. */
export type PauseReason = 'requested' | 'insufficient_credits';

/** A recipient's attempt waiting to be dialled. */
export interface CampaignWork {
  index: number;
  attempt: number;
}

export interface CampaignState {
  status: CampaignStatus;
  name: string;
  description: string;
  timezone: string;
  settings: CampaignSettings;
  callingHours: CallingHours | null;
  total: number;
  completed: number;
  failed: number;
  /** Calls of this campaign in progress now. */
  inFlight: number;
  /** The next recipient index never dialled. */
  cursor: number;
  /** Attempts fetched from the retry queue, not yet dialled. */
  queue: CampaignWork[];
  /** The retry queue's positions: entries [retryHead, retryTail) wait in the database. */
  retryHead: number;
  retryTail: number;
  /** When the retry queue's first entry is due (epoch ms), if known. */
  nextRetryAt: number | null;
  pausedReason: PauseReason | null;
  launchedAt: string | null;
  pausedAt: string | null;
  completedAt: string | null;
  cancelledAt: string | null;
  archivedAt: string | null;
  /** The read model's sequence number of the last state written. */
  seq: number;
}

/** A new campaign's state in `draft`: its editable fields, nothing dialled, nothing counted. */
export function draftCampaignState(fields: Pick<CampaignState, 'name' | 'description' | 'timezone' | 'settings' | 'callingHours'>): CampaignState {
  return {
    status: 'draft',
    ...fields,
    total: 0,
    completed: 0,
    failed: 0,
    inFlight: 0,
    cursor: 0,
    queue: [],
    retryHead: 0,
    retryTail: 0,
    nextRetryAt: null,
    pausedReason: null,
    launchedAt: null,
    pausedAt: null,
    completedAt: null,
    cancelledAt: null,
    archivedAt: null,
    seq: 0,
  };
}

export interface CampaignInput {
  campaignId: string;
  organizationId: string;
  agentId: string;
  /** Created by a `byok` key: its calls are billed outside credits. */
  byok: boolean;
  /**
   * Events after which a run continues as new. Below Temporal's warning at 10,240 events: a run
   * ends at most one round of dials (about 6 events per place) past its budget, or, if begun before
   * calls were carried across and so letting its calls finish first, under budget + about 12 events
   * per call still in progress.
   */
  historyBudget: number;
  state: CampaignState;
  /** Calls an earlier run started that were still open when it continued as new. */
  carried?: CarriedCall[];
  /** Calls whose end the earlier run heard but had not recorded yet: this run records them first. */
  ended?: EndedCall[];
}

/** A call's end as its campaign heard it: from its `callEnded` signal, or its result. */
export interface EndedCall extends ClosedCall, CampaignWork {}

/**
 * A call carried into a new run. Its `callEnded` signal reaches that run by workflow id; `ended`
 * says the signal had already come (its place is free, its report may still be on its way).
 */
export interface CarriedCall extends CampaignWork {
  callId: string;
  ended: boolean;
}

/** What a call workflow returned, or `null` when it failed or was terminated. */
export interface ClosedCall {
  callId: string;
  result: CallState | null;
}

/** The import stored `total` recipients: allowed once, in draft. */
export const recipientsUpdate = defineUpdate<CampaignState, [{ total: number }]>('setRecipients');
export const launchUpdate = defineUpdate<CampaignState>('launchCampaign');
export const pauseUpdate = defineUpdate<CampaignState>('pauseCampaign');
export const resumeUpdate = defineUpdate<CampaignState>('resumeCampaign');
export const cancelUpdate = defineUpdate<CampaignState>('cancelCampaign');
export const editUpdate = defineUpdate<CampaignState, [CampaignEdit]>('editCampaign');
/** While a cancelled campaign's last calls end; once its workflow has closed the API archives it in the read model. */
export const archiveUpdate = defineUpdate<CampaignState>('archiveCampaign');
/** The same actions as plain signals, for operators in the Temporal UI; invalid ones are ignored. */
export const pauseSignal = defineSignal('pause');
export const resumeSignal = defineSignal('resume');
export const cancelSignal = defineSignal('cancel');
export const campaignStateQuery = defineQuery<CampaignState>('state');
/**
 * From a campaign's call to its campaign once the call has ended and freed its slot, before its
 * report: the campaign's concurrency counts calls on the line, not analyses.
 */
export const callEndedSignal = defineSignal<[{ callId: string; state: CallState }]>('callEnded');

export const campaignWorkflowId = (campaignId: string) => `campaign-${campaignId}`;

/** The simulated carrier's phone line for one call: rings, answers, talks, hangs up. */
export interface SimulatedLineInput {
  callId: string;
  phoneNumber: string;
  /** Milliseconds between simulated events and turns. */
  paceMs: number;
}

export const lineHangupSignal = defineSignal('lineHangup');
export const simulatedLineWorkflowId = (callId: string) => `simline-${callId}`;

// ---------------------------------------------------------------------------------------------
// Interviews
// ---------------------------------------------------------------------------------------------

/** One candidate interview's lifecycle; every input is plain JSON. */
export interface InterviewInput {
  interviewId: string;
  organizationId: string;
  agentId: string;
  agentName: string;
  /** The agent's mode: selects the conversation and the report family. */
  agentMode: 'interview' | 'workflow';
  /** How the candidate talks: `voice` (speech where the browser has it) or `text` (a chat). */
  mode: 'voice' | 'text';
  candidateName: string;
  candidateEmail: string;
  externalRef: string;
  language: string;
  /** SHA-256 of the candidate capability; the capability itself never enters history. */
  capabilityHash: string;
  /** An interview nobody started by then ends as `expired`. */
  expiresInHours: number;
  maxDurationMinutes: number;
  /** Billed outside credits (a `byok` key created it). */
  byok: boolean;
}

/**
 * Why an interview ended. `candidate_ended`: the candidate ended it; `agent_ended`: the agent
 * finished its questions; `max_duration`: it ran `maxDurationMinutes` after starting;
 * `operator_ended`: an operator sent the `end` signal; `expired`: nobody started it before
 * `expiresAt`. Only interviews that started get a report.
 */
export const INTERVIEW_ENDED_REASONS = ['candidate_ended', 'agent_ended', 'max_duration', 'operator_ended', 'expired'] as const;
export type InterviewEndedReason = (typeof INTERVIEW_ENDED_REASONS)[number];

export interface InterviewState {
  status: 'created' | 'active' | 'completed';
  endedReason?: InterviewEndedReason;
  /** Assigned when a started interview ends, before its analysis finishes. */
  reportId?: string;
  /** Stored turns so far (agent and candidate). */
  turns: number;
}

export interface InterviewTurnView {
  index: number;
  role: 'agent' | 'candidate';
  text: string;
}

export interface InterviewReply {
  candidateTurn: InterviewTurnView;
  agentTurn: InterviewTurnView;
  /** The agent ended the interview with this reply. */
  ended: boolean;
  reportId: string | null;
}

/** Sent with start: answers once the `created` state is in the read model. */
export const interviewOpenedUpdate = defineUpdate<InterviewState>('opened');
/** The candidate starts: answers with the agent's opening turn. Refused unless `created` or `active`. */
export const startInterviewUpdate = defineUpdate<InterviewTurnView>('start');
/** One candidate message: answers with the agent's reply. Refused unless `active` with no reply pending. */
export const candidateMessageUpdate = defineUpdate<InterviewReply, [string]>('candidateMessage');
/** The candidate ends: answers with the report id. Refused unless `active`. */
export const endInterviewUpdate = defineUpdate<{ reportId: string }>('candidateEnd');
/** Ends a `created` or `active` interview as `operator_ended`; for operators in the Temporal UI. */
export const endInterviewSignal = defineSignal('end');
export const interviewStateQuery = defineQuery<InterviewState>('state');

export const interviewWorkflowId = (interviewId: string) => `interview-${interviewId}`;
