import { Type } from '@sinclair/typebox';
import type { InterviewRecord } from '../../models/interview';
import { INTERVIEW_ENDED_REASONS, type InterviewEndedReason } from '../../workflows/definitions';
import { Id, NonBlank, StringEnum, Timestamp } from './common';
import { INTERVIEW_MODES, INTERVIEW_STATUSES } from './interviews';

const nullable = <T extends import('@sinclair/typebox').TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

const Turn = Type.Object({ index: Type.Integer(), role: StringEnum(['agent', 'candidate'] as const), text: Type.String() });

/** What the candidate's page may know: this interview's session, nothing of the organization. */
export const CandidateSession = Type.Object(
  {
    object: Type.Literal('candidate_session'),
    interviewId: Id,
    agentName: Type.String({ description: "The agent's `displayName`, else its name." }),
    candidateName: Type.String(),
    mode: StringEnum(INTERVIEW_MODES),
    language: Type.String(),
    opening: Type.String({ description: "The agent's `voice.opening`; '' when it has none." }),
    status: StringEnum(INTERVIEW_STATUSES),
    endedReason: nullable(StringEnum(INTERVIEW_ENDED_REASONS)),
    reportId: nullable(Id),
    expiresAt: Timestamp,
    turns: Type.Array(Turn, { description: 'The conversation so far, so a reloaded page can resume it.' }),
  },
  { title: 'candidate_session' },
);

/** `displayName`: the agent's name for candidates; '' or absent (a deleted agent) shows the name the interview was created with. */
export function candidateSessionRepresentation(
  doc: InterviewRecord,
  opening: string,
  turns: Array<{ index: number; role: string; text: string }>,
  displayName?: string,
) {
  return {
    object: 'candidate_session' as const,
    interviewId: String(doc._id),
    agentName: displayName || doc.agentName,
    candidateName: doc.candidateName,
    mode: doc.mode,
    language: doc.language,
    opening,
    status: doc.status,
    endedReason: (doc.endedReason ?? null) as InterviewEndedReason | null,
    reportId: doc.reportId ? String(doc.reportId) : null,
    expiresAt: doc.expiresAt.toISOString(),
    turns: turns.map((t) => ({ index: t.index, role: t.role as 'agent' | 'candidate', text: t.text })),
  };
}

export const CandidateMessageBody = Type.Object(
  { text: NonBlank(4000, "The candidate's message (typed, or recognised speech).") },
  { additionalProperties: false, title: 'candidate_message' },
);

export const CandidateReply = Type.Object(
  {
    object: Type.Literal('candidate_reply'),
    candidateTurn: Turn,
    agentTurn: Turn,
    agentTurns: Type.Optional(
      Type.Array(Turn, { description: 'Every agent turn of the reply in order: words said before a tool call, a slow tool’s wait message, then `agentTurn`.' }),
    ),
    ended: Type.Boolean({ description: 'The interview is over after this reply.' }),
    reportId: nullable(Id),
  },
  { title: 'candidate_reply' },
);
