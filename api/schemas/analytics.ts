import { Type, type TSchema } from '@sinclair/typebox';
import type { Cell } from '../../models/analyticsCells';
import { Id, StringEnum } from './common';

/** Default and largest range, in local days, both ends included. */
export const DEFAULT_RANGE_DAYS = 30;
export const MAX_RANGE_DAYS = 366;

const LocalDate = (description: string) => Type.String({ format: 'date', description });

const rangeQuery = {
  from: Type.Optional(
    LocalDate(`First local day (\`YYYY-MM-DD\` in \`timezone\`), included; not before 1970-01-01. Default: ${DEFAULT_RANGE_DAYS - 1} days before \`to\`.`),
  ),
  to: Type.Optional(LocalDate(`Last local day, included. Default: today in \`timezone\`. At most ${MAX_RANGE_DAYS} days from \`from\` to \`to\`.`)),
  timezone: Type.String({
    default: 'UTC',
    maxLength: 64,
    description:
      'IANA time zone (`Europe/London`, `Asia/Kolkata`) in which `from`, `to` and day buckets are calendar days; 400 when the runtime does not know it.',
  }),
  agentId: Type.Optional(Id),
};

export const CALL_GROUPS = ['day', 'agent', 'campaign', 'disposition', 'outcome', 'direction'] as const;
export const INTERVIEW_GROUPS = ['day', 'agent'] as const;

export const CallAnalyticsQuery = Type.Object(
  {
    ...rangeQuery,
    groupBy: StringEnum(CALL_GROUPS, {
      default: 'day',
      description:
        'What each bucket is: a local day (every day of the range, empty ones too), an agent, a campaign (`null`: direct calls), a disposition, a report outcome (`null`: no outcome, because the report gave none or is not written yet), or a direction (`outbound`, `inbound`).',
    }),
    campaignId: Type.Optional(Id),
    direction: Type.Optional(
      StringEnum(['outbound', 'inbound'] as const, {
        description: 'Only calls of this direction: `outbound` (placed by the API or a campaign) or `inbound` (to your phone numbers).',
      }),
    ),
  },
  { additionalProperties: false },
);

export const InterviewAnalyticsQuery = Type.Object(
  {
    ...rangeQuery,
    groupBy: StringEnum(INTERVIEW_GROUPS, { default: 'day', description: 'A local day (every day of the range) or an agent.' }),
  },
  { additionalProperties: false },
);

const Counts = (description: string) => Type.Record(Type.String(), Type.Integer(), { description });

const CallFigures = {
  calls: Type.Integer({ description: 'Calls that ended (a call in progress counts once it ends).' }),
  connected: Type.Integer({ description: 'Calls the callee answered.' }),
  connectRate: Type.Number({ description: '`connected / calls`, 0 to 1, to four decimals; 0 without calls.' }),
  completed: Type.Integer({ description: 'Calls with disposition `completed` (the agent finished the conversation).' }),
  minutes: Type.Number({ description: 'Connected time: the sum of the calls’ `durationSeconds` / 60, to two decimals.' }),
  chargedMinutes: Type.Integer({ description: 'The sum of the calls’ `chargedMinutes`: what was charged to credits, or recorded as `byok` usage.' }),
  avgDurationSeconds: Type.Number({ description: 'Connected seconds per connected call, to one decimal; 0 without one.' }),
  outcomes: Counts('Calls per report `outcome`, for reports written so far that give one.'),
  sentiment: Counts('Calls per report `sentiment`.'),
  optOuts: Type.Integer({ description: 'Reports with `optOut: true`.' }),
  transferred: Type.Integer({ description: 'Calls with disposition `transferred` (the agent handed the call to a person).' }),
  toolCalls: Type.Integer({ description: 'The agents’ tool calls (`http` tools and built-ins), from the reports written so far (`toolCalls` of each).' }),
  toolCallErrors: Type.Integer({ description: 'Of `toolCalls`, those whose outcome was `error`.' }),
};

const InterviewFigures = {
  interviews: Type.Integer({ description: 'Interviews that ended.' }),
  started: Type.Integer({ description: 'Of them, those the candidate started.' }),
  completed: Type.Integer({
    description: 'Of them, those ended by the agent or the candidate (not expired, silent, at the maximum duration or by an operator).',
  }),
  minutes: Type.Number({ description: 'The sum of `durationSeconds` / 60, to two decimals.' }),
  chargedMinutes: Type.Integer(),
  avgDurationSeconds: Type.Number({ description: 'Seconds per started interview, to one decimal; 0 without one.' }),
  avgOverallScore: Type.Union([Type.Number(), Type.Null()], {
    description: 'Mean `overallScore` of the reports that have one, to two decimals; null without one.',
  }),
  recommendations: Counts('Reports per `recommendation`.'),
};

const Key = Type.Union([Type.String(), Type.Null()], {
  description: 'The bucket: a local day `YYYY-MM-DD`, an agent or campaign id, a disposition or an outcome.',
});

function Analytics(metric: string, figures: Record<string, TSchema>, groups: readonly string[]) {
  return Type.Object(
    {
      object: Type.Literal('analytics'),
      metric: Type.Literal(metric),
      from: Type.String({ format: 'date' }),
      to: Type.String({ format: 'date' }),
      timezone: Type.String(),
      groupBy: StringEnum(groups),
      startsAt: Type.String({ format: 'date-time', description: 'The first instant counted: `from`’s local midnight.' }),
      endsAt: Type.String({ format: 'date-time', description: 'The first instant not counted: the local midnight after `to`.' }),
      totals: Type.Object(figures),
      buckets: Type.Array(Type.Object({ key: Key, ...figures }), { description: 'Days in order; other groups by most calls (or interviews) first, then key.' }),
    },
    { title: `${metric}_analytics` },
  );
}

export const CallAnalytics = Analytics('calls', CallFigures, CALL_GROUPS);
export const InterviewAnalytics = Analytics('interviews', InterviewFigures, INTERVIEW_GROUPS);

/** Named sums of one bucket, as the cells carry them. */
export type Sums = Map<string, number>;

export function addSums(into: Sums, from: Iterable<[string, number]>, sign = 1): void {
  for (const [name, n] of from) into.set(name, (into.get(name) ?? 0) + sign * n);
}

const round = (n: number, places: number) => Math.round(n * 10 ** places) / 10 ** places;

const prefixed = (sums: Sums, prefix: string) =>
  Object.fromEntries([...sums].filter(([name, n]) => name.startsWith(prefix) && n !== 0).map(([name, n]) => [name.slice(prefix.length), n]));

export function callFigures(sums: Sums) {
  const get = (name: string) => sums.get(name) ?? 0;
  const calls = get('calls');
  const connected = get('connected');
  return {
    calls,
    connected,
    connectRate: calls ? round(connected / calls, 4) : 0,
    completed: get('completed'),
    minutes: round(get('seconds') / 60, 2),
    chargedMinutes: get('chargedMinutes'),
    avgDurationSeconds: connected ? round(get('seconds') / connected, 1) : 0,
    outcomes: prefixed(sums, 'outcome:'),
    sentiment: prefixed(sums, 'sentiment:'),
    optOuts: get('optOuts'),
    transferred: get('transferred'),
    toolCalls: get('toolCalls'),
    toolCallErrors: get('toolCallErrors'),
  };
}

export function interviewFigures(sums: Sums) {
  const get = (name: string) => sums.get(name) ?? 0;
  return {
    interviews: get('interviews'),
    started: get('started'),
    completed: get('completed'),
    minutes: round(get('seconds') / 60, 2),
    chargedMinutes: get('chargedMinutes'),
    avgDurationSeconds: get('started') ? round(get('seconds') / get('started'), 1) : 0,
    avgOverallScore: get('scored') ? round(get('scoreSum') / get('scored'), 2) : null,
    recommendations: prefixed(sums, 'recommendation:'),
  };
}

/** The report's share of a call's figures, which only outcome buckets take from a report. */
export const CALL_BASE = ['calls', 'connected', 'completed', 'transferred', 'seconds', 'chargedMinutes'];

/** What a report cell adds to its bucket beside the call's own figures. */
export function reportExtras(cell: Cell): [string, number][] {
  const extras = cell.v.filter(([name]) => !CALL_BASE.includes(name));
  const calls = cell.v.find(([name]) => name === 'calls')?.[1] ?? 0;
  return cell.outcome === null ? extras : [...extras, [`outcome:${cell.outcome}`, calls]];
}
