import { cellsIn, type Metric } from '../../domain/analytics';
import { addDays, isTimeZone, localDate, startOfLocalDay } from '../../lib/zonedDays';
import { validationError } from '../errors';
import { defineRoute, type Req } from '../defineRoute';
import {
  CALL_BASE,
  CallAnalytics,
  CallAnalyticsQuery,
  DEFAULT_RANGE_DAYS,
  InterviewAnalytics,
  InterviewAnalyticsQuery,
  MAX_RANGE_DAYS,
  addSums,
  callFigures,
  interviewFigures,
  reportExtras,
  type Sums,
} from '../schemas/analytics';
import { errorResponses } from '../schemas/common';

const DAY_MS = 24 * 60 * 60 * 1000;

interface Range {
  from: string;
  to: string;
  timezone: string;
  /** Local midnights from `from` to the day after `to`: day `i` is [starts[i], starts[i + 1]). */
  starts: number[];
}

/** The first day a range may start: analytics begin with the Unix epoch. */
const EARLIEST_DAY = '1970-01-01';

function rangeOf(query: { from?: string; to?: string; timezone: string }): Range {
  const { timezone } = query;
  if (!isTimeZone(timezone)) throw validationError('query.timezone must be an IANA time zone such as Europe/London.', 'query.timezone');
  const to = query.to ?? localDate(Date.now(), timezone);
  if (to < EARLIEST_DAY) throw validationError(`query.to must be on or after ${EARLIEST_DAY}.`, 'query.to');
  const defaultFrom = addDays(to, 1 - DEFAULT_RANGE_DAYS);
  const from = query.from ?? (defaultFrom < EARLIEST_DAY ? EARLIEST_DAY : defaultFrom);
  if (from > to) throw validationError('query.from must not be after query.to.', 'query.from');
  // Before the Unix epoch no call or interview exists, and time-zone arithmetic on ancient years goes astray.
  if (from < EARLIEST_DAY) throw validationError(`query.from must be on or after ${EARLIEST_DAY}.`, 'query.from');
  const days = (Date.parse(to) - Date.parse(from)) / DAY_MS + 1;
  if (days > MAX_RANGE_DAYS) throw validationError(`The range is at most ${MAX_RANGE_DAYS} days, from and to included.`, 'query.from');
  const starts = Array.from({ length: days + 1 }, (_, i) => startOfLocalDay(addDays(from, i), timezone));
  return { from, to, timezone, starts };
}

/** The index of the local day holding `at`, given it is inside the range. */
function dayIndex(starts: number[], at: number): number {
  let lo = 0;
  let hi = starts.length - 2;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (starts[mid]! <= at) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

const iso = (ms: number) => new Date(ms).toISOString();

function envelope<G extends string>(metric: Metric, range: Range, groupBy: G) {
  return {
    object: 'analytics' as const,
    metric,
    from: range.from,
    to: range.to,
    timezone: range.timezone,
    groupBy,
    startsAt: iso(range.starts[0]!),
    endsAt: iso(range.starts[range.starts.length - 1]!),
  };
}

/** Buckets in answer order: every day of the range, or the groups found by size then key. */
function ordered(groups: Map<string | null, Sums>, range: Range, byDay: boolean, size: string): [string | null, Sums][] {
  if (byDay) return range.starts.slice(0, -1).map((_, i) => [addDays(range.from, i), groups.get(addDays(range.from, i)) ?? new Map()]);
  return [...groups].sort(([ka, a], [kb, b]) => (b.get(size) ?? 0) - (a.get(size) ?? 0) || String(ka).localeCompare(String(kb)));
}

const RANGE_DESCRIPTION =
  `The range is whole local days of \`timezone\`, \`from\` and \`to\` both included (default: the ${DEFAULT_RANGE_DAYS} days up to today; at most ${MAX_RANGE_DAYS}); \`startsAt\` and \`endsAt\` give it as instants, the end excluded. ` +
  'Answered from rollups kept per organization, UTC day and quarter-hour (every UTC offset in use is whole quarter-hours, so local days are exact), updated once as each one ends and once as its report is written; never by reading the calls themselves. ' +
  'A range over the defaults answers in tens of milliseconds over a million calls; `agentId`, `campaignId` or `direction` reads every quarter-hour cell of the range and is slower (docs/benchmarks.md in the repository has the figures). ';

export const analyticsRoutes = [
  defineRoute({
    operationId: 'getCallAnalytics',
    method: 'get',
    path: '/analytics/calls',
    tag: 'Analytics',
    summary: 'Call figures over a range of days, grouped',
    description:
      RANGE_DESCRIPTION +
      'A call counts on the day it was placed, once it has ended: its figures agree with `GET /calls` (its `durationSeconds`, `chargedMinutes`, `disposition`) and with its report. A call ended a moment ago counts within a second or so; its report’s `outcome`, `sentiment` and `optOut` when the report is written. `agentId`, `campaignId` and `direction` narrow the calls counted.',
    auth: 'apiKey',
    scope: 'analytics:read',
    query: CallAnalyticsQuery,
    status: 200,
    responses: { 200: { description: 'The figures.', schema: CallAnalytics }, ...errorResponses(400) },
    handler: async ({ query, auth }: Req<{ query: typeof CallAnalyticsQuery }>) => {
      const range = rangeOf(query);
      const { groupBy } = query;
      const groups = new Map<string | null, Sums>();
      const totals: Sums = new Map();
      const group = (key: string | null) => groups.get(key) ?? groups.set(key, new Map()).get(key)!;
      const section = query.agentId || query.campaignId || query.direction ? 'fine' : groupBy === 'day' ? 'quarters' : groupBy;
      for (const { at, cell } of await cellsIn('calls', String(auth.organizationId), range.starts, section)) {
        if ((query.agentId && cell.agent !== query.agentId) || (query.campaignId && cell.campaign !== query.campaignId)) continue;
        if (query.direction && cell.direction !== query.direction) continue;
        const key =
          groupBy === 'day'
            ? addDays(range.from, dayIndex(range.starts, at))
            : groupBy === 'outcome'
              ? cell.outcome
              : groupBy === 'direction'
                ? (cell.direction ?? null)
                : cell[groupBy];
        if (cell.k === 'end') {
          addSums(totals, cell.v);
          addSums(group(key), cell.v);
          continue;
        }
        addSums(totals, reportExtras(cell));
        addSums(group(key), reportExtras(cell));
        if (groupBy === 'outcome' && cell.outcome !== null) {
          // A reported outcome moves the call's figures from the no-outcome bucket to its own.
          const base = cell.v.filter(([name]) => CALL_BASE.includes(name));
          addSums(group(key), base);
          addSums(group(null), base, -1);
        }
      }
      const buckets = ordered(groups, range, groupBy === 'day', 'calls')
        .filter(([, sums]) => groupBy === 'day' || [...sums.values()].some((n) => n !== 0))
        .map(([key, sums]) => ({ key, ...callFigures(sums) }));
      return { ...envelope('calls', range, groupBy), totals: callFigures(totals), buckets };
    },
  }),
  defineRoute({
    operationId: 'getInterviewAnalytics',
    method: 'get',
    path: '/analytics/interviews',
    tag: 'Analytics',
    summary: 'Interview figures over a range of days, grouped',
    description:
      RANGE_DESCRIPTION +
      'An interview counts on the day it was created, once it has ended; its score and recommendation once its report is ready (the first analysis written).',
    auth: 'apiKey',
    scope: 'analytics:read',
    query: InterviewAnalyticsQuery,
    status: 200,
    responses: { 200: { description: 'The figures.', schema: InterviewAnalytics }, ...errorResponses(400) },
    handler: async ({ query, auth }: Req<{ query: typeof InterviewAnalyticsQuery }>) => {
      const range = rangeOf(query);
      const groups = new Map<string | null, Sums>();
      const totals: Sums = new Map();
      const section = query.agentId ? 'fine' : query.groupBy === 'day' ? 'quarters' : 'agent';
      for (const { at, cell } of await cellsIn('interviews', String(auth.organizationId), range.starts, section)) {
        if (query.agentId && cell.agent !== query.agentId) continue;
        const key = query.groupBy === 'day' ? addDays(range.from, dayIndex(range.starts, at)) : cell.agent;
        addSums(totals, cell.v);
        addSums(groups.get(key) ?? groups.set(key, new Map()).get(key)!, cell.v);
      }
      const buckets = ordered(groups, range, query.groupBy === 'day', 'interviews').map(([key, sums]) => ({ key, ...interviewFigures(sums) }));
      return { ...envelope('interviews', range, query.groupBy), totals: interviewFigures(totals), buckets };
    },
  }),
];
