import { defineQuery, defineSignal, defineUpdate } from '@temporalio/workflow';
import type { CallInput, CallState } from './call';

/**
 * A campaign: one workflow per campaign, from `draft` to `completed`, `cancelled` (and `archived`
 * once closed). Every field is plain JSON, carried across continue-as-new.
 */
export const CAMPAIGN_STATUSES = ['draft', 'scheduled', 'running', 'paused', 'completed', 'cancelled', 'archived'] as const;
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];

export interface CampaignSettings {
  /** Attempts per recipient in all, the first included. */
  retryLimit: number;
  retryDelayMinutes: number;
  /** Calls of this campaign in progress at once. */
  concurrency: number;
  /** Per kind of unreached outcome: its own delay, or final. Kinds not given wait `retryDelayMinutes`. */
  retryPolicy: RetryPolicy;
}

/** The outcomes a retry policy names; campaignOutcome says which dispositions each covers. */
export const RETRY_KINDS = ['busy', 'no_answer', 'voicemail', 'failed'] as const;
export type RetryKind = (typeof RETRY_KINDS)[number];
export type RetryRule = { delayMinutes: number } | { retry: false };
export type RetryPolicy = Partial<Record<RetryKind, RetryRule>>;

export const WEEKDAY_NAMES = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
export type Weekday = (typeof WEEKDAY_NAMES)[number];

/**
 * Daily calling window, `HH:MM` local to each recipient's time zone; `end` before `start` spans
 * midnight. It opens on `days` (every day when omitted) except on `excludeDates` (`YYYY-MM-DD`, local).
 */
export interface CallingHours {
  start: string;
  end: string;
  days?: Weekday[];
  excludeDates?: string[];
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

/** A recipient's attempt waiting to be dialled, with the recipient's zone (see `CampaignState.zones`). */
export interface CampaignWork {
  index: number;
  attempt: number;
  zone: number;
}

/**
 * One of the campaign's dial queues, kept in the database (activities/campaigns.ts): the attempts
 * of one zone that wait the same delay, so they fall due in queue order. `delayMs` null: the first
 * attempts, due at launch, written by the import; otherwise retries queued by the workflow.
 */
export interface Lane {
  zone: number;
  delayMs: number | null;
  /** Entries [head, tail) wait in the database. */
  head: number;
  tail: number;
  /** When the entry at `head` is due (epoch ms), if known. */
  nextDueAt: number | null;
}

/** The recipients to dial of one time zone (null: the campaign's own), as the import counted them. */
export interface ZoneCount {
  timezone: string | null;
  count: number;
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
  /** Final without connecting, the suppressed included. */
  failed: number;
  /** Never dialled because the number is do-not-call: at import, or found so right before an attempt. */
  suppressed: number;
  /** Calls of this campaign in progress now. */
  inFlight: number;
  /** The recipients' time zones, which `CampaignWork.zone` numbers; null stands for `timezone`, as edited. */
  zones: Array<string | null>;
  /** The dial queues: lane z < zones.length holds zone z's first attempts, later ones retries. */
  lanes: Lane[];
  /** Attempts fetched from the lanes, not yet dialled: each waits for its zone's window. */
  queue: CampaignWork[];
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
    suppressed: 0,
    inFlight: 0,
    zones: [],
    lanes: [],
    queue: [],
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
   * Events after which a run continues as new, carrying its open calls. Below Temporal's warning at
   * 10,240 events: a run ends at most one round of dials (about 6 events per place) past its budget.
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

/** What became of one attempt. */
export interface AttemptOutcome extends CampaignWork {
  callId: string;
  disposition: string;
  /** `completed`: reached; `failed`: out of attempts or refused; `retry`: queued again; `pending`: the campaign was cancelled first. */
  result: 'completed' | 'failed' | 'retry' | 'pending';
}

/** What a call workflow returned, or `null` when it failed or was terminated. */
export interface ClosedCall {
  callId: string;
  result: CallState | null;
}

/** One recipient's attempt, named by the call id it will dial with. */
export interface CampaignAttempt extends CampaignWork {
  campaignId: string;
  organizationId: string;
  callId: string;
}

/** A retry: the attempt, its place in its lane and when it is due (ISO time). */
export interface RetryEntryInput {
  lane: number;
  seq: number;
  index: number;
  attempt: number;
  dueAt: string;
}

/** Finished attempts recorded together: recipients, new retry-queue entries, then the campaign's state. */
export interface OutcomesRecord {
  campaignId: string;
  outcomes: AttemptOutcome[];
  retries: RetryEntryInput[];
  seq: number;
  state: CampaignState;
}

/** The activities the campaign workflow runs; activities/campaigns.ts implements them. */
export interface CampaignActivities {
  /**
   * A slot and the recipient's call input, or why the attempt cannot be dialled now, or that it
   * never will be: the number is do-not-call, since the import or found so `now`.
   */
  beginAttempt: (
    attempt: CampaignAttempt & { agentId: string; byok: boolean },
  ) => Promise<{ callInput: CallInput } | { blocked: 'concurrency' | 'insufficient_credits' } | { suppressed: 'at_import' | 'now' }>;
  abandonAttempt: (attempt: CampaignAttempt) => Promise<void>;
  recordOutcomes: (record: OutcomesRecord) => Promise<void>;
  /** Due entries of a lane in [from, to) at the workflow's `now`, and when the first one not yet due will be. */
  fetchDue: (range: {
    campaignId: string;
    lane: number;
    from: number;
    to: number;
    now: string;
  }) => Promise<{ due: Array<{ index: number; attempt: number }>; nextDueAt: string | null }>;
  projectCampaign: (projection: { campaignId: string; seq: number; state: CampaignState }) => Promise<boolean>;
  closedCalls: (request: { callIds: string[] }) => Promise<ClosedCall[]>;
}

/**
 * The import stored `total` recipients, `suppressed` of them do-not-call (final, in no lane), and
 * each zone's first-attempt lane of the others: allowed once, in draft.
 */
export const campaignSetRecipientsUpdate = defineUpdate<CampaignState, [{ total: number; suppressed: number; zones: ZoneCount[] }]>('setRecipients');
export const campaignLaunchUpdate = defineUpdate<CampaignState>('launch');
export const campaignPauseUpdate = defineUpdate<CampaignState>('pause');
export const campaignResumeUpdate = defineUpdate<CampaignState>('resume');
export const campaignCancelUpdate = defineUpdate<CampaignState>('cancel');
export const campaignEditUpdate = defineUpdate<CampaignState, [CampaignEdit]>('edit');
/** While a cancelled campaign's last calls end; once its workflow has closed the API archives it in the read model. */
export const campaignArchiveUpdate = defineUpdate<CampaignState>('archive');
/** The same actions as plain signals, for operators in the Temporal UI; invalid ones are ignored. */
export const campaignPauseSignal = defineSignal('pause');
export const campaignResumeSignal = defineSignal('resume');
export const campaignCancelSignal = defineSignal('cancel');
export const campaignStateQuery = defineQuery<CampaignState>('state');
/**
 * From a campaign's call to its campaign once the call has ended and freed its slot, before its
 * report: the campaign's concurrency counts calls on the line, not analyses.
 */
export const campaignCallEndedSignal = defineSignal<[{ callId: string; state: CallState }]>('callEnded');

export const campaignWorkflowId = (campaignId: string) => `campaign-${campaignId}`;

export const campaignWorkflowType = 'campaignWorkflow';
export type CampaignWorkflow = (input: CampaignInput) => Promise<CampaignState>;
