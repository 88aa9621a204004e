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
  /** Final without connecting, the suppressed included. */
  failed: number;
  /** Never dialled because the number is do-not-call: at import, or found so right before an attempt. */
  suppressed: number;
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
    suppressed: 0,
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

/** A retry-queue entry: the attempt, its place in the queue and when it is due (ISO time). */
export interface RetryEntryInput extends CampaignWork {
  seq: number;
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
  /** Due entries of the retry queue in [from, to), and when the first one not yet due will be. */
  fetchRetries: (range: { campaignId: string; from: number; to: number; now: string }) => Promise<{ due: CampaignWork[]; nextDueAt: string | null }>;
  projectCampaign: (projection: { campaignId: string; seq: number; state: CampaignState }) => Promise<boolean>;
  closedCalls: (request: { callIds: string[] }) => Promise<ClosedCall[]>;
}

/** The import stored `total` recipients, `suppressed` of them do-not-call: allowed once, in draft. */
export const campaignSetRecipientsUpdate = defineUpdate<CampaignState, [{ total: number; suppressed?: number }]>('setRecipients');
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
