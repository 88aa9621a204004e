import { defineQuery, defineSignal, defineUpdate } from '@temporalio/workflow';
import type { ReportUnavailable } from './common';

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
  /**
   * Its minutes are held on the ledger (domain/admission.ts): the first by the candidate's start,
   * each next one before it begins; it ends at the last one held. Absent for interviews created
   * before holds, and for `byok`.
   */
  holdsCredits?: boolean;
}

/**
 * Why an interview ended. `candidate_ended`: the candidate ended it; `agent_ended`: the agent
 * finished its questions; `candidate_silent`: in a voice session, the candidate said nothing after
 * the agent's reprompt; `max_duration`: it ran `maxDurationMinutes` after starting;
 * `operator_ended`: an operator sent the `end` signal; `expired`: nobody started it before
 * `expiresAt`; `credits_exhausted`: the organization had no minute left for its next one, and the
 * agent closed it at the end of the last; `agent_deleted`: a turn found its agent deleted (the
 * opening, when the candidate started: it then never started). Only interviews that started get a
 * report.
 */
export const INTERVIEW_ENDED_REASONS = [
  'candidate_ended',
  'agent_ended',
  'candidate_silent',
  'max_duration',
  'operator_ended',
  'expired',
  'credits_exhausted',
  'agent_deleted',
] as const;
export type InterviewEndedReason = (typeof INTERVIEW_ENDED_REASONS)[number];

/**
 * The read model's fields a state of the interview sets, as the workflow sends them: dates as ISO
 * 8601 strings and ids as hex (payloads are JSON); activities/interviews.ts stores them as the
 * record types them. The `created` state carries the interview's input.
 */
export type InterviewStateFields = Partial<Omit<InterviewInput, 'interviewId' | 'expiresInHours' | 'maxDurationMinutes'>> & {
  status?: 'created' | 'active' | 'completed';
  expiresAt?: string | null;
  startedAt?: string | null;
  endedAt?: string | null;
  endedReason?: InterviewEndedReason;
  durationSeconds?: number;
  chargedMinutes?: number;
  /** Null for an interview that ended before it started: it has no report. */
  reportId?: string | null;
  reportUnavailable?: ReportUnavailable;
};

/** A state of the interview for the read model, applied only if `seq` is newer than the one it holds. */
export interface InterviewProjection {
  interviewId: string;
  seq: number;
  fields: InterviewStateFields;
}

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
  /** `tool`: the agent called one of its tools (kept from the candidate's screen). */
  role: 'agent' | 'candidate' | 'tool';
  text: string;
}

export interface InterviewReply {
  candidateTurn: InterviewTurnView;
  agentTurn: InterviewTurnView;
  /** Every agent turn of the reply in order (words before a tool call, a slow tool's wait message), `agentTurn` last; absent: only it. */
  agentTurns?: InterviewTurnView[];
  /** The agent ended the interview with this reply. */
  ended: boolean;
  reportId: string | null;
}

/** One exchange as stored: the candidate's turn (none for the opening) and the agent's reply. */
export interface InterviewTurnResult {
  candidateTurn: InterviewTurnView | null;
  agentTurn: InterviewTurnView;
  /** The agent ended the interview with this reply. */
  ended: boolean;
  /** Every agent turn of the exchange in order, `agentTurn` last; absent: only it. */
  agentTurns?: InterviewTurnView[];
  /** The position after the exchange's last turn (its tool turns may follow its agent turn); absent: after `agentTurn`. */
  nextIndex?: number;
}

/** A voice turn asked of the workflow by the candidate audio socket, before it stores anything. */
export interface VoiceTurnRequest {
  /** The candidate spoke (their turn, then the agent's); false: the agent speaks unprompted (a reprompt, a reply after a reconnect). */
  candidate: boolean;
  /** The run stays reserved this long unless renewed (`renewVoiceTurn`) or released (`voiceTurnDone`): a process that died mid-turn frees it. */
  leaseSeconds: number;
}

/** The indices a voice turn's turns are stored at. */
export interface VoiceTurnSlot {
  candidateIndex: number | null;
  agentIndex: number;
}

/** One more position for the voice turn holding the run, at `heldIndex`: a tool call, the words before it. */
export interface VoiceTurnMore {
  heldIndex: number;
  leaseSeconds: number;
}

/** The voice turn holding the run at `heldIndex` is still being produced: its lease runs `leaseSeconds` from now. */
export interface VoiceTurnRenewal {
  heldIndex: number;
  leaseSeconds: number;
}

export interface VoiceTurnDone {
  agentIndex: number;
  /** The agent ended the interview with this turn. */
  ended: boolean;
}

/** After the interview: the charge (or byok minutes). */
export interface InterviewSettlement {
  interviewId: string;
  organizationId: string;
  agentId: string;
  chargedMinutes: number;
  byok: boolean;
  /** The credit minutes it held, to release; absent for interviews created before holds (the ledger is asked). */
  heldMinutes?: number;
}

/**
 * One exchange of a text interview. The interview's fixed fields come with it from the workflow's
 * input, so the turn reads the agent and the transcript but not the interview.
 */
export interface InterviewTurnRequest {
  interviewId: string;
  index: number;
  /** `null` for the agent's opening. */
  candidateText: string | null;
  interview: Pick<InterviewInput, 'organizationId' | 'agentId' | 'agentMode' | 'language' | 'candidateName' | 'byok'>;
}

/** The activities the interview workflow runs; activities/interviews.ts implements them. */
export interface InterviewActivities {
  projectInterview: (projection: InterviewProjection) => Promise<boolean>;
  /** Fails with agentDeletedFailure when the interview's agent is gone. */
  interviewTurn: (request: InterviewTurnRequest) => Promise<InterviewTurnResult>;
  reserveInterviewReport: (request: { interviewId: string }) => Promise<{ reportId: string }>;
  settleInterview: (settlement: InterviewSettlement) => Promise<void>;
  /** Holds the interview's credit minute number `minute`: false when the organization has none left. */
  extendInterviewHold: (request: { organizationId: string; interviewId: string; minute: number }) => Promise<boolean>;
  /** Stores the agent's closing line as turn `index`, ending the transcript, when the credits run out. */
  closeInterview: (request: { interviewId: string; index: number }) => Promise<void>;
  /** Fills the interview's pending report; fails with agentDeletedFailure when the interview's agent is gone. */
  analyzeInterview: (request: { interviewId: string }) => Promise<void>;
}

/** Sent with start: answers once the `created` state is in the read model. */
export const interviewOpenUpdate = defineUpdate<InterviewState>('open');
/**
 * The candidate starts: answers with the agent's opening turn. Refused unless `created` or `active`,
 * and (`agent_deleted`) when the agent is gone: the interview then ends without starting.
 */
export const interviewStartUpdate = defineUpdate<InterviewTurnView>('start');
/** One candidate message: answers with the agent's reply. Refused unless `active` with no reply pending. */
export const interviewMessageUpdate = defineUpdate<InterviewReply, [string]>('message');
/** The candidate ends (`candidate_ended`): answers with the report id. Refused unless `active`. */
export const interviewEndUpdate = defineUpdate<{ reportId: string }>('end');
/**
 * The voice socket reserves a turn: refused unless `active`, not closing, with no turn pending and
 * below the turn limit; the run is busy until `voiceTurnDone`, or until the lease lapses unrenewed.
 */
export const interviewVoiceTurnUpdate = defineUpdate<VoiceTurnSlot, [VoiceTurnRequest]>('voiceTurn');
/**
 * The voice turn holding the run needs one more transcript position: answers with it, the lease
 * moving to it (`voiceTurnDone` then names it). Refused unless the turn still holds the run.
 */
export const interviewVoiceTurnMoreUpdate = defineUpdate<{ index: number }, [VoiceTurnMore]>('voiceTurnMore');
/**
 * The voice turn holding the run at `heldIndex` is still alive (a slow model, a long reply): its lease
 * runs again from now. Refused unless the turn still holds the run (its lease lapsed, or it moved on).
 */
export const interviewVoiceTurnRenewUpdate = defineUpdate<void, [VoiceTurnRenewal]>('renewVoiceTurn');
/** The voice turn is stored: frees the run; answers with the report id once an ended interview has one. */
export const interviewVoiceTurnDoneUpdate = defineUpdate<{ reportId: string | null }, [VoiceTurnDone]>('voiceTurnDone');
/** The voice session ended on the candidate's silence (`candidate_silent`): answers with the report id. Refused unless `active`. */
export const interviewSilentUpdate = defineUpdate<{ reportId: string }>('candidateSilent');
/**
 * A fresh hosted link: the new capability's hash (never the capability) replaces the old one in the
 * read model, so the old link stops working; answers with the link's expiry. Refused once the
 * interview is completed, closing or past its expiry.
 */
export const interviewLinkUpdate = defineUpdate<{ expiresAt: string }, [string]>('link');
/** The same action from an operator in the Temporal UI: ends a `created` or `active` interview as `operator_ended`. */
export const interviewEndSignal = defineSignal('end');
/**
 * The candidate's end, sent by the API when the `end` update was not confirmed in time: the update
 * lives only in the server's memory until a worker takes it, a signal is in the history at once.
 * Ends an `active` interview as `candidate_ended`; ignored in any other state.
 */
export const interviewCandidateEndSignal = defineSignal('candidateEnd');
export const interviewStateQuery = defineQuery<InterviewState>('state');

export const interviewWorkflowId = (interviewId: string) => `interview-${interviewId}`;

export const interviewWorkflowType = 'interviewWorkflow';
export type InterviewWorkflow = (input: InterviewInput) => Promise<InterviewState>;
