import { Type, type Static } from '@sinclair/typebox';
import { CALL_DIRECTIONS, CALL_ENDED_REASONS, REFUSED, type CallRecord } from '../../domain/calls';
import type { CallReportRecord } from '../../models/callReport';
import { ANSWERED_BY, DISPOSITIONS, TRANSFER_FAILURES } from '../../workflows/definitions';
import { iso } from '../../lib/time';
import { Id, NameOrEmpty, PageQuery, PhoneNumberInput, StringEnum, Timestamp, offsetMs } from './common';
import { TurnTimings, turnTimingsRepresentation } from './turnTimings';

export const CALL_STATUSES = ['created', 'active', 'completed'] as const;
/** What the workflow ends a call with, and `refused` for an inbound call its admission turned away. */
export const CALL_DISPOSITIONS = [...DISPOSITIONS, REFUSED] as const;

const nullable = <T extends import('@sinclair/typebox').TSchema>(schema: T, description?: string) =>
  Type.Union([schema, Type.Null()], description ? { description } : {});

export const PlaceCallBody = Type.Object(
  {
    agentId: Type.String({ maxLength: 24, description: 'A phone agent of your organization.' }),
    phoneNumber: PhoneNumberInput('E.164, e.g. +14155550123.'),
    contactName: Type.Optional(NameOrEmpty(200)),
    externalRef: Type.Optional(Type.String({ maxLength: 500, description: 'Your identifier, echoed on the call and its report.' })),
    variables: Type.Optional(
      Type.Record(Type.String(), Type.String({ maxLength: 2000 }), {
        description: "Values for every `{{placeholder}}` of the agent's instructions and greeting, and nothing else.",
      }),
    ),
  },
  { additionalProperties: false, title: 'call_create' },
);
export type PlaceCallBody = Static<typeof PlaceCallBody>;

/** GET /calls's search (models/callSearch.ts). */
const CallSearchQuery = {
  q: Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: 200,
      description:
        'Calls whose contact name or `externalRef` contains this text (any case), or whose number contains its digits (`020 7946 0001` finds `+442079460001`).',
    }),
  ),
  createdAfter: Type.Optional(Type.String({ format: 'date-time', description: 'Calls created at or after this instant.' })),
  createdBefore: Type.Optional(Type.String({ format: 'date-time', description: 'Calls created before this instant.' })),
  disposition: Type.Optional(
    StringEnum(CALL_DISPOSITIONS, { description: 'Completed calls that ended this way; `refused`: inbound calls turned away before they were answered.' }),
  ),
};

export const ListCallsQuery = Type.Object(
  {
    agentId: Type.Optional(Id),
    status: Type.Optional(StringEnum(CALL_STATUSES)),
    direction: Type.Optional(
      StringEnum(CALL_DIRECTIONS, { description: '`outbound` (placed by the API or a campaign) or `inbound` (a call to one of your phone numbers).' }),
    ),
    ...CallSearchQuery,
    ...PageQuery,
  },
  { additionalProperties: false },
);

export const Call = Type.Object(
  {
    id: Id,
    object: Type.Literal('call'),
    agentId: Id,
    agentName: Type.String(),
    status: StringEnum(CALL_STATUSES),
    direction: StringEnum(CALL_DIRECTIONS, {
      description:
        '`outbound`: placed by `POST /calls` or a campaign. `inbound`: someone called one of your phone numbers; `phoneNumber` is then the caller’s.',
    }),
    phoneNumber: Type.String({ description: 'The number called (outbound) or the caller’s number (inbound), E.164.' }),
    contactName: Type.String(),
    attemptNumber: Type.Integer(),
    campaignId: nullable(Id, 'Set when the call belongs to a campaign.'),
    disposition: nullable(
      StringEnum(CALL_DISPOSITIONS),
      'How the call ended; null until `completed`. `refused`: an inbound call its admission turned away (see `endedReason`).',
    ),
    language: Type.String(),
    externalRef: Type.String(),
    startedAt: nullable(Timestamp, 'When the callee answered.'),
    endedAt: nullable(Timestamp),
    durationSeconds: nullable(Type.Integer(), 'Connected time, from answer to end.'),
    chargedMinutes: nullable(
      Type.Number(),
      'Connected time rounded up to the started minute, at least 1 for a call that connected however briefly; 0 when it never connected.',
    ),
    endedReason: nullable(
      StringEnum(CALL_ENDED_REASONS),
      'Set only on a call its workflow never finished, or whose audio was lost. With `disposition: failed`: `not_started` (it was admitted but never placed), `terminated` (an operator terminated it), `timed_out`, `failed` or `cancelled`; `media_lost` (the call’s audio stream dropped mid-conversation, without the carrier ending the call: the media process holding it died, or the stream’s connection broke; the call ended within seconds and its connected time up to then is charged). With `disposition: refused` (an inbound call turned away before it was answered; the caller heard the agent’s `phone.fallback` and nothing was charged): `insufficient_credits`, `concurrency_limit` (all `maxConcurrentCalls` in progress) or `agent_unavailable` (the number’s agent was deleted or no longer takes inbound calls). Null on every other call.',
    ),
    answeredBy: nullable(
      StringEnum(ANSWERED_BY),
      'Who answered, as our answering-machine detection decided within the call’s first seconds (agents with `phone.machineDetection`, outbound calls): `person`, `voicemail`, `phone_menu` or `call_screener` (a call-screening assistant, which heard who was calling; the call then went on with the person, if one came). Null when the detection did not run or had not decided.',
    ),
    answeredByAfterMs: nullable(Type.Integer(), 'Milliseconds of the callee’s audio, from the answer, that it took to decide `answeredBy`.'),
    reportId: nullable(Id, 'Present once the analysis has finished.'),
    recordingAvailable: Type.Boolean({
      description:
        'True once the call’s recording is completely stored (agents with `phone.recordCalls`), a moment after the call ends; `GET /calls/{id}/recording` serves it. False again once the organization’s retention period has deleted it.',
    }),
    createdAt: Timestamp,
  },
  { title: 'call' },
);
export type Call = Static<typeof Call>;

/** `recorded`: the call's recording is complete (models/recording.ts keeps that apart from the call). */
export function callRepresentation(call: CallRecord, recorded: boolean): Call {
  return {
    id: String(call._id),
    object: 'call',
    agentId: String(call.agentId),
    agentName: call.agentName,
    status: call.status,
    direction: call.direction ?? 'outbound',
    phoneNumber: call.phoneNumber,
    contactName: call.contactName ?? '',
    attemptNumber: call.attemptNumber ?? 1,
    campaignId: call.campaignId ? String(call.campaignId) : null,
    disposition: (call.disposition as Call['disposition']) ?? null,
    language: call.language,
    externalRef: call.externalRef ?? '',
    startedAt: iso(call.startedAt),
    endedAt: iso(call.endedAt),
    durationSeconds: call.durationSeconds ?? null,
    chargedMinutes: call.chargedMinutes ?? null,
    endedReason: call.endedReason ?? null,
    answeredBy: call.answeredBy ?? null,
    answeredByAfterMs: call.answeredByAfterMs ?? null,
    reportId: call.reportId ? String(call.reportId) : null,
    recordingAvailable: recorded,
    createdAt: call.createdAt.toISOString(),
  };
}

export const ToolTurn = Type.Object(
  {
    toolCallId: Type.String({ description: 'As the tool’s request carried it (body and `Idempotency-Key`).' }),
    name: Type.String(),
    arguments: Type.Unknown({ description: 'As the model wrote them.' }),
    outcome: StringEnum(['ok', 'error'] as const),
    result: Type.Optional(Type.Unknown({ description: 'The tool’s JSON answer, when `ok`.' })),
    error: Type.Optional(Type.String({ description: 'Why it failed, as the model was told, when `error`.' })),
    durationMs: Type.Integer(),
  },
  { description: 'On `tool` turns only.' },
);

export type StoredToolTurn = {
  toolCallId: string;
  call: { name: string; arguments: unknown };
  outcome: { ok: boolean; result?: unknown; error?: string };
  durationMs: number;
};

export const toolTurnRepresentation = ({ toolCallId, call, outcome, durationMs }: StoredToolTurn) => ({
  toolCallId,
  name: call.name,
  arguments: call.arguments,
  outcome: outcome.ok ? ('ok' as const) : ('error' as const),
  ...(outcome.ok ? { result: outcome.result } : { error: outcome.error }),
  durationMs,
});

export const Transcript = Type.Object(
  {
    object: Type.Literal('call_transcript'),
    callId: Id,
    data: Type.Array(
      Type.Object({
        role: StringEnum(['agent', 'contact', 'tool'] as const, {
          description: '`tool`: the agent called one of its tools; `tool` says which, with what and what came back.',
        }),
        text: Type.String(),
        startedAt: Timestamp,
        offsetMs: Type.Integer({ description: 'Milliseconds since the callee answered.' }),
        tool: Type.Optional(ToolTurn),
        timings: Type.Optional(TurnTimings),
      }),
      { description: 'Turns in order; empty while the call is connecting, growing while it is active.' },
    ),
  },
  { title: 'call_transcript' },
);

/** The turns stored so far, each placed from the moment the callee answered. */
export function transcriptRepresentation(call: CallRecord, turns: Array<{ role: string; text: string; startedAt: Date; tool?: unknown; timings?: unknown }>) {
  return {
    object: 'call_transcript' as const,
    callId: String(call._id),
    data: turns.map((t) => ({
      role: t.role as 'agent' | 'contact' | 'tool',
      text: t.text,
      startedAt: t.startedAt.toISOString(),
      offsetMs: offsetMs(t.startedAt, call.startedAt ?? call.createdAt),
      ...(t.tool ? { tool: toolTurnRepresentation(t.tool as StoredToolTurn) } : {}),
      ...turnTimingsRepresentation(t.timings),
    })),
  };
}

export const PendingReport = Type.Object(
  { object: Type.Literal('call_report'), callId: Id, status: Type.Literal('pending') },
  { title: 'call_report_pending' },
);

const CallTransfer = Type.Object(
  {
    destination: Type.String({ description: 'The destination’s phone number, E.164, as the agent chose it.' }),
    mode: StringEnum(['cold', 'warm'] as const),
    outcome: StringEnum(['connected', 'failed'] as const, {
      description: '`connected`: the caller was handed to the person, and the call ended `transferred`.',
    }),
    reason: Type.Optional(
      StringEnum(TRANSFER_FAILURES, {
        description: 'Why a warm transfer did not connect: `no_answer`, `busy`, or `failed` (the dial failed). Only with `outcome: failed`.',
      }),
    ),
  },
  { description: 'The last transfer to a person the agent attempted (its `transfer` tool); absent when it attempted none.' },
);

export const CallReport = Type.Object(
  {
    object: Type.Literal('call_report'),
    id: Id,
    callId: Id,
    status: Type.Literal('ready'),
    externalRef: Type.String(),
    disposition: StringEnum(DISPOSITIONS),
    outcome: Type.Optional(Type.String({ description: "One of the agent's `phone.outcomeLabels`; absent when none applies." })),
    analysisStatus: StringEnum(['completed', 'failed'] as const, {
      description: '`failed`: the language model gave no valid analysis after its retries; `analysisError` says why and the analysis fields are absent.',
    }),
    analysisError: Type.Optional(Type.String({ description: 'Why the analysis failed; only with `analysisStatus: failed`.' })),
    summary: Type.Optional(Type.String({ description: 'Absent when the analysis failed.' })),
    capturedFields: Type.Record(Type.String(), Type.String(), { description: "The agent's `phone.requiredContactFields` the callee gave." }),
    sentiment: Type.Optional(StringEnum(['positive', 'neutral', 'negative'] as const, { description: 'Absent when the analysis failed.' })),
    optOut: Type.Optional(
      Type.Boolean({
        description:
          'The person asked not to be called again. When true, the number is already do-not-call (reason `opted_out_in_call`, this call’s id; its contact created if absent) by the time the report is ready: further calls to it are 409 `DO_NOT_CALL` and campaigns skip it. Absent when the analysis failed.',
      }),
    ),
    toolCalls: Type.Array(Type.Object({ name: Type.String(), outcome: StringEnum(['ok', 'error'] as const), error: Type.Optional(Type.String()) }), {
      description: 'The agent’s tool calls in the order made (the transcript’s `tool` turns have their arguments and results).',
    }),
    callback: Type.Optional(
      Type.Object(
        {
          at: Type.String({
            format: 'date-time',
            description:
              'When to call back: the local date and time the person gave, resolved in their time zone, with its offset (`2026-11-27T10:00:00+00:00`).',
          }),
          timezone: Type.String({
            description:
              'The IANA zone `at` was resolved in: the campaign recipient’s (or the campaign’s), else the contact’s, else the one the number determines, else `UTC`.',
          }),
          nextAttempt: Type.Optional(
            StringEnum(['scheduled', 'retry_limit_reached'] as const, {
              description:
                'Campaign calls only. `scheduled`: the recipient’s next attempt is at `at`, or when the campaign’s calling hours next open after it (the recipient’s `nextAttemptAt`); `retry_limit_reached`: the recipient had no attempt left under `retryLimit`, so none is scheduled.',
            }),
          ),
        },
        { description: 'Present when the person asked to be called back and the agent recorded it with its `callback` tool (the last one, if several).' },
      ),
    ),
    transfer: Type.Optional(CallTransfer),
    createdAt: Timestamp,
  },
  { title: 'call_report' },
);

/** Fields the call does not concern, or that a failed analysis did not give, are left out. */
export function callReportRepresentation(callId: string, report: CallReportRecord) {
  return {
    object: 'call_report' as const,
    id: String(report._id),
    callId,
    status: 'ready' as const,
    externalRef: report.externalRef ?? '',
    disposition: report.disposition,
    ...(report.outcome ? { outcome: report.outcome } : {}),
    analysisStatus: (report.analysisStatus ?? 'completed') as 'completed' | 'failed',
    ...(report.analysisError ? { analysisError: report.analysisError } : {}),
    ...(report.summary !== undefined && report.summary !== null ? { summary: report.summary } : {}),
    capturedFields: report.capturedFields ?? {},
    ...(report.sentiment ? { sentiment: report.sentiment as 'positive' | 'neutral' | 'negative' } : {}),
    ...(typeof report.optOut === 'boolean' ? { optOut: report.optOut } : {}),
    toolCalls: (report.toolCalls ?? []) as Array<{ name: string; outcome: 'ok' | 'error'; error?: string }>,
    ...(report.callback ? { callback: report.callback as { at: string; timezone: string; nextAttempt?: 'scheduled' | 'retry_limit_reached' } } : {}),
    ...(report.transfer ? { transfer: report.transfer as Static<typeof CallTransfer> } : {}),
    createdAt: report.createdAt.toISOString(),
  };
}
