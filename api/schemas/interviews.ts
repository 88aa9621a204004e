import { Type, type Static, type TSchema } from '@sinclair/typebox';
import type { InterviewRecord } from '../../models/interview';
import type { InterviewReportRecord } from '../../models/interviewReport';
import { INTERVIEW_ENDED_REASONS } from '../../workflows/definitions';
import { iso } from '../../lib/time';
import { Id, Name, PageQuery, StringEnum, Timestamp, offsetMs } from './common';
import { ToolTurn, toolTurnRepresentation, type StoredToolTurn } from './calls';
import { TurnTimings, turnTimingsRepresentation } from './turnTimings';

export const INTERVIEW_STATUSES = ['created', 'active', 'completed'] as const;
export const INTERVIEW_MODES = ['voice', 'text'] as const;

const nullable = <T extends TSchema>(schema: T, description?: string) => Type.Union([schema, Type.Null()], description ? { description } : {});

export const CreateInterviewBody = Type.Object(
  {
    agentId: Type.String({ maxLength: 24, description: 'A voice agent of your organization.' }),
    candidateName: Name(200),
    candidateEmail: Type.Optional(Type.String({ maxLength: 320, format: 'email' })),
    mode: Type.Optional(StringEnum(INTERVIEW_MODES, { description: '`voice` (default): spoken where the browser can; `text`: a chat.' })),
    expiresInHours: Type.Optional(
      Type.Integer({ minimum: 1, maximum: 720, description: 'Default 72. An interview nobody started by then ends with `endedReason: expired`.' }),
    ),
    externalRef: Type.Optional(Type.String({ maxLength: 500, description: 'Your identifier, echoed on the interview and its report.' })),
  },
  { additionalProperties: false, title: 'interview_create' },
);

export const ListInterviewsQuery = Type.Object(
  {
    externalRef: Type.Optional(Type.String({ maxLength: 500, description: 'Only interviews with exactly this `externalRef`.' })),
    status: Type.Optional(StringEnum(INTERVIEW_STATUSES)),
    ...PageQuery,
  },
  { additionalProperties: false },
);

const InterviewFields = {
  id: Id,
  object: Type.Literal('interview'),
  agentId: Id,
  agentName: Type.String(),
  status: StringEnum(INTERVIEW_STATUSES),
  mode: StringEnum(INTERVIEW_MODES),
  candidateName: Type.String(),
  candidateEmail: Type.String(),
  externalRef: Type.String(),
  language: Type.String(),
  startedAt: nullable(Timestamp, 'When the candidate started.'),
  endedAt: nullable(Timestamp),
  durationSeconds: nullable(Type.Integer(), 'From start to end; 0 when it never started.'),
  chargedMinutes: nullable(Type.Number(), 'Duration rounded up to the started minute, charged to credits unless the creating key is `byok`.'),
  endedReason: nullable(
    StringEnum(INTERVIEW_ENDED_REASONS),
    'Why it ended: `candidate_ended`, `agent_ended` (the agent finished its questions), `candidate_silent` (in a voice session, no answer after the agent’s reprompt), `max_duration` (the agent’s `maxDurationMinutes` after the start), `operator_ended` (the `end` signal from the Temporal UI), `expired` (not started before `expiresAt`) or `agent_deleted` (its agent was deleted before the candidate started: the start was refused and the interview never started; rarely, a started interview whose turn found its agent gone). Null until `completed`.',
  ),
  reportId: nullable(
    Id,
    'Assigned when a started interview ends; `GET /interviews/{id}/report` answers 202 until its analysis is ready (or 409 `REPORT_UNAVAILABLE` should its agent be deleted before the analysis). Stays null for an interview that never started.',
  ),
  expiresAt: Timestamp,
  createdAt: Timestamp,
};

export const Interview = Type.Object(InterviewFields, { title: 'interview' });
export type Interview = Static<typeof Interview>;

export function interviewRepresentation(doc: InterviewRecord): Interview {
  return {
    id: String(doc._id),
    object: 'interview',
    agentId: String(doc.agentId),
    agentName: doc.agentName,
    status: doc.status,
    mode: doc.mode,
    candidateName: doc.candidateName,
    candidateEmail: doc.candidateEmail ?? '',
    externalRef: doc.externalRef ?? '',
    language: doc.language,
    startedAt: iso(doc.startedAt),
    endedAt: iso(doc.endedAt),
    durationSeconds: doc.durationSeconds ?? null,
    chargedMinutes: doc.chargedMinutes ?? null,
    endedReason: (doc.endedReason as Interview['endedReason']) ?? null,
    reportId: doc.reportId ? String(doc.reportId) : null,
    expiresAt: doc.expiresAt.toISOString(),
    createdAt: doc.createdAt.toISOString(),
  };
}

export const CreatedInterview = Type.Object(
  {
    ...InterviewFields,
    interviewUrl: Type.String({
      format: 'uri',
      description:
        'The hosted link to send to the candidate, in this response only. Its `#` fragment is a capability for this one interview until `expiresAt`; it is never your API key and never reaches server logs.',
    }),
  },
  { title: 'interview_created' },
);

export const EmbedTokenBody = Type.Object(
  { expiresInSeconds: Type.Optional(Type.Integer({ minimum: 60, maximum: 86400, default: 900, description: '60-86400, default 900.' })) },
  { additionalProperties: false, title: 'embed_token_create' },
);

export const EmbedToken = Type.Object(
  {
    object: Type.Literal('embed_token'),
    interviewId: Id,
    token: Type.String({ description: 'Hand it to the browser (`VoiceAgent.mount`); never your API key.' }),
    embedUrl: Type.String({ format: 'uri', description: 'A ready-to-use iframe URL for this interview and token.' }),
    expiresAt: Timestamp,
    allowedOrigins: Type.Array(Type.String(), { description: 'The origins that may frame it: the calling key’s, when minted.' }),
  },
  { title: 'embed_token' },
);

export const InterviewLink = Type.Object(
  {
    object: Type.Literal('interview_link'),
    interviewId: Id,
    interviewUrl: Type.String({ format: 'uri', description: 'The new hosted link for the candidate; the previous one no longer works.' }),
    expiresAt: Timestamp,
  },
  { title: 'interview_link' },
);

export const ReportQuery = Type.Object(
  { includeTranscript: Type.Boolean({ default: false, description: 'Add the turn-by-turn transcript.' }) },
  { additionalProperties: false },
);

export const PendingInterviewReport = Type.Object(
  { object: Type.Literal('interview_report'), interviewId: Id, status: Type.Literal('pending') },
  { title: 'interview_report_pending' },
);

const TranscriptTurn = Type.Object({
  index: Type.Integer(),
  role: StringEnum(['agent', 'candidate', 'tool'] as const, {
    description: '`tool`: the agent called one of its tools; `tool` says which, with what and what came back. The candidate never sees these turns.',
  }),
  text: Type.String(),
  tool: Type.Optional(ToolTurn),
  startedAt: Timestamp,
  offsetMs: Type.Integer({ description: 'Milliseconds since the interview started.' }),
  timings: Type.Optional(TurnTimings),
});

export const InterviewTranscript = Type.Object(
  { object: Type.Literal('interview_transcript'), interviewId: Id, data: Type.Array(TranscriptTurn) },
  { title: 'interview_transcript' },
);

export const InterviewReport = Type.Object(
  {
    object: Type.Literal('interview_report'),
    id: Id,
    interviewId: Id,
    status: Type.Literal('ready'),
    family: StringEnum(['interview', 'workflow'] as const, { description: "The agent's `mode`: `interview` evaluates, `workflow` captures answers." }),
    externalRef: Type.String(),
    endedReason: StringEnum(INTERVIEW_ENDED_REASONS),
    analysisStatus: StringEnum(['completed', 'failed'] as const, {
      description:
        '`failed`: the language model gave no valid analysis after its retries; `analysisError` says why and the summary and family fields are absent.',
    }),
    analysisError: Type.Optional(Type.String({ description: 'Why the analysis failed; only with `analysisStatus: failed`.' })),
    summary: Type.Optional(Type.String({ description: 'Absent when the analysis failed.' })),
    evaluations: Type.Optional(
      Type.Array(Type.Object({ criterion: Type.String(), score: Type.Integer({ minimum: 1, maximum: 5 }), rationale: Type.String() }), {
        description: 'Interview family: one per `voice.evaluationCriteria`, in order, scored 1-5.',
      }),
    ),
    overallScore: Type.Optional(Type.Number({ description: 'Interview family: the mean score, one decimal (0 with no criteria).' })),
    recommendation: Type.Optional(StringEnum(['advance', 'hold', 'decline'] as const, { description: 'Interview family.' })),
    strengths: Type.Optional(Type.Array(Type.String(), { description: 'Interview family: criteria scored 4 or 5.' })),
    concerns: Type.Optional(Type.Array(Type.String(), { description: 'Interview family: criteria scored 1 or 2.' })),
    outcome: Type.Optional(StringEnum(['completed', 'incomplete'] as const, { description: 'Workflow family: whether every step was answered.' })),
    capturedFields: Type.Optional(
      Type.Record(Type.String(), Type.String(), { description: 'Workflow family: the answers, by `voice.evaluationCriteria` entry.' }),
    ),
    toolCalls: Type.Array(Type.Object({ name: Type.String(), outcome: StringEnum(['ok', 'error'] as const), error: Type.Optional(Type.String()) }), {
      description:
        'The agent’s tool calls in the order made, whether or not the analysis failed (the transcript’s `tool` turns have their arguments and results).',
    }),
    transcript: Type.Optional(Type.Array(TranscriptTurn, { description: 'With `includeTranscript=true` only.' })),
    createdAt: Timestamp,
  },
  { title: 'interview_report' },
);

/** The turns of an interview with their offsets from its start, as reports show them. */
export function transcriptRepresentation(
  doc: InterviewRecord,
  turns: Array<{ index: number; role: string; text: string; startedAt: Date; tool?: unknown; timings?: unknown }>,
) {
  return turns.map((t) => ({
    index: t.index,
    role: t.role as 'agent' | 'candidate' | 'tool',
    text: t.text,
    ...(t.tool ? { tool: toolTurnRepresentation(t.tool as StoredToolTurn) } : {}),
    startedAt: t.startedAt.toISOString(),
    offsetMs: offsetMs(t.startedAt, doc.startedAt ?? doc.createdAt),
    ...turnTimingsRepresentation(t.timings),
  }));
}

/** A ready report: the fields of its family, or none but `analysisError` when the analysis failed. */
export function interviewReportRepresentation(doc: InterviewRecord, report: InterviewReportRecord, transcript?: ReturnType<typeof transcriptRepresentation>) {
  const family = report.family as 'interview' | 'workflow';
  return {
    object: 'interview_report' as const,
    id: String(report._id),
    interviewId: String(doc._id),
    status: 'ready' as const,
    family,
    externalRef: report.externalRef ?? '',
    endedReason: doc.endedReason,
    ...(report.analysisStatus === 'failed'
      ? { analysisStatus: 'failed' as const, analysisError: report.analysisError ?? '' }
      : {
          analysisStatus: 'completed' as const,
          summary: report.summary,
          ...(family === 'interview'
            ? {
                evaluations: report.evaluations,
                overallScore: report.overallScore,
                recommendation: report.recommendation,
                strengths: report.strengths,
                concerns: report.concerns,
              }
            : { outcome: report.outcome, capturedFields: report.capturedFields ?? {} }),
        }),
    toolCalls: (report.toolCalls ?? []) as Array<{ name: string; outcome: 'ok' | 'error'; error?: string }>,
    ...(transcript ? { transcript } : {}),
    createdAt: report.createdAt.toISOString(),
  };
}
