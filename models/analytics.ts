import { randomUUID } from 'node:crypto';
import { Schema, Types, model } from 'mongoose';
import { isDuplicateKeyError } from '../lib/duplicateKey';
import { QUARTER_MS, utcDay } from '../lib/zonedDays';
import type { CallRecord } from './call';
import type { CallReportRecord } from './callReport';
import type { InterviewRecord } from './interview';
import type { InterviewReportRecord } from './interviewReport';
import { addCells, decode, sectionsOf, type Cell, type Section } from './analyticsCells';
import { claimSlot, releaseSlot, Slot } from './slot';

/**
 * Analytics rollups: what `GET /analytics/*` sums, so that no request reads calls or interviews.
 *
 * Each ended call, call report, ended interview and interview report is recorded once as an entry
 * (insert under its unique `_id`, the one write atomic on FerretDB as on MongoDB), then folded into
 * the rollup of its organization's UTC day. FerretDB applies `$inc` as a read then a write, so the
 * fold is a read-modify-write taken in turn per day document; the day remembers the entries it folded
 * last (`pending`) until they are marked folded, so a fold interrupted between its two writes is
 * finished, never repeated, by whichever fold comes next. The sections requests read are derived
 * from the day's cells and rewritten before its entries are marked folded (models/analyticsCells.ts).
 */

export type Metric = 'calls' | 'interviews';

interface EntryRecord {
  _id: string;
  organizationId: Types.ObjectId;
  day: string;
  /** The entry's cell as JSON: FerretDB takes no nested arrays. */
  cell: string;
  folded: boolean;
}

const entrySchema = new Schema<EntryRecord>(
  {
    _id: { type: String, required: true },
    organizationId: { type: Schema.Types.ObjectId, required: true },
    day: { type: String, required: true },
    cell: { type: String, required: true },
    folded: { type: Boolean, default: false },
  },
  { timestamps: { createdAt: true, updatedAt: false }, versionKey: false },
);
export const AnalyticsEntry = model<EntryRecord>('AnalyticsEntry', entrySchema);

interface DayRecord {
  _id: string;
  /** Every cell of the day: what the sections are derived from. */
  fine: string;
  /** The entries folded last, until they are marked folded. */
  pending: string[];
}

const daySchema = new Schema<DayRecord>(
  {
    _id: { type: String, required: true },
    fine: { type: String, default: '' },
    pending: { type: [String], default: [] },
  },
  { versionKey: false, minimize: false },
);
export const AnalyticsDay = model<DayRecord>('AnalyticsDay', daySchema);

/**
 * A day's collapsed section, a document of its own (`<day id>:<section>`): FerretDB reads the whole
 * document from SQLite before projecting, so a section beside the day's cells would cost their size.
 */
const sectionSchema = new Schema<{ _id: string; cells: string }>(
  { _id: { type: String, required: true }, cells: { type: String, default: '' } },
  { versionKey: false },
);
export const AnalyticsSection = model('AnalyticsSection', sectionSchema);

export const dayId = (metric: Metric, organizationId: string, day: string) => `${metric}:${organizationId}:${day}`;

/** A turn on a day document held longer than this was left by a process that died. */
const TURN_LEASE_MS = 60_000;
const TURN_WAIT_MS = 10_000;
/** How often a waiter looks for a turn left by a dead process: the sweep reads the whole slot table on FerretDB. */
const TURN_SWEEP_MS = 1_000;

/** Runs `fn` holding the day's one turn; each attempt is its own holder, so two attempts of one entry take turns too. */
async function inDayTurn(id: string, fn: () => Promise<void>): Promise<void> {
  const pool = `analytics:${id}`;
  const holder = randomUUID();
  const deadline = Date.now() + TURN_WAIT_MS;
  let swept = 0;
  while ((await claimSlot(pool, holder, 1)) === null) {
    // Throwing leaves the entry recorded and unfolded: the activity's retry folds it.
    if (Date.now() > deadline) throw new Error(`analytics day ${id} stayed busy`);
    if (Date.now() - swept >= TURN_SWEEP_MS) {
      swept = Date.now();
      await Slot.deleteMany({ pool, createdAt: { $lt: new Date(swept - TURN_LEASE_MS) } });
    }
    await new Promise((resolve) => setTimeout(resolve, 10 + Math.random() * 40));
  }
  try {
    await fn();
  } finally {
    await releaseSlot(pool, holder);
  }
}

/** Folds a batch of recorded entries into their day, each once; see the top of this file. */
async function fold(id: string, entryIds: string[]): Promise<void> {
  await inDayTurn(id, async () => {
    const doc = await AnalyticsDay.findById(id).lean();
    const pending = (await Promise.all((doc?.pending ?? []).map((e) => AnalyticsEntry.findById(e).lean())))
      .filter((e) => e !== null && !e.folded)
      .map((e) => e!);
    const entries = await Promise.all(entryIds.map((e) => AnalyticsEntry.findById(e).lean()));
    const fresh = entries.filter((e) => e !== null && !e.folded && !doc?.pending.includes(e._id)).map((e) => e!);
    if (fresh.length === 0 && pending.length === 0) return;
    let cells = decode(doc?.fine);
    if (fresh.length > 0) {
      cells = addCells(
        cells,
        fresh.map((e) => JSON.parse(e.cell) as Cell),
      );
      await AnalyticsDay.replaceOne({ _id: id }, { fine: sectionsOf(cells).fine, pending: [...pending, ...fresh].map((e) => e._id) }, { upsert: true });
    }
    // Derived from the day's cells whole, so writing them again after a crash is harmless; an entry
    // is marked folded only once they hold it.
    const { fine: _fine, ...sections } = sectionsOf(cells);
    await Promise.all(
      Object.entries(sections).map(([section, stored]) => AnalyticsSection.replaceOne({ _id: `${id}:${section}` }, { cells: stored }, { upsert: true })),
    );
    await Promise.all([...pending, ...fresh].map((e) => AnalyticsEntry.updateOne({ _id: e._id }, { $set: { folded: true } })));
  });
}

/**
 * This process's folds of each day, one after the other: the one running, and the next, which
 * gathers every entry recorded meanwhile. Within a process a day's fold never waits on its own
 * siblings for the turn, so under load the entries of one fold grow instead of the folds queueing.
 */
const days = new Map<string, { running: Promise<void>; next?: { entryIds: Set<string>; folded: Promise<void> } }>();

function foldSoon(id: string, entryId: string): Promise<void> {
  let day = days.get(id);
  if (!day) {
    day = { running: Promise.resolve() };
    days.set(id, day);
  }
  if (day.next) {
    day.next.entryIds.add(entryId);
    return day.next.folded;
  }
  const queued = day;
  const entryIds = new Set([entryId]);
  // Starts once the running fold is over (whatever its outcome: its entries' activities retry them),
  // and on a later tick, after the entries recorded meanwhile have joined.
  const folded = queued.running
    .catch(() => undefined)
    .then(() => new Promise<void>((resolve) => setImmediate(resolve)))
    .then(() => {
      queued.next = undefined;
      return fold(id, [...entryIds]);
    });
  queued.next = { entryIds, folded };
  queued.running = folded;
  void folded
    .catch(() => undefined)
    .then(() => {
      if (queued.running === folded && !queued.next) days.delete(id);
    });
  return folded;
}

/**
 * Records `entryId` once with its cell and folds it into its day once. Safe to repeat, and to run
 * concurrently with itself and with other entries' folds, in this process or others.
 */
export async function count(metric: Metric, entryId: string, organizationId: Types.ObjectId | string, at: Date, cell: Omit<Cell, 'q'>): Promise<void> {
  const day = utcDay(at.getTime());
  const q = Math.floor((at.getTime() - Date.parse(`${day}T00:00:00Z`)) / QUARTER_MS);
  try {
    await AnalyticsEntry.create({ _id: entryId, organizationId, day, cell: JSON.stringify({ ...cell, q }) });
  } catch (err) {
    if (!isDuplicateKeyError(err)) throw err;
  }
  await foldSoon(dayId(metric, String(organizationId), day), entryId);
}

/** One section of each given UTC day, by `_id` (the one lookup FerretDB indexes). */
export async function cellsOf(metric: Metric, organizationId: string, days: { day: string; section: Section }[]): Promise<{ day: string; cells: Cell[] }[]> {
  const stored = await Promise.all(
    days.map(async ({ day, section }) => {
      const id = dayId(metric, organizationId, day);
      if (section === 'fine') return (await AnalyticsDay.findById(id, { fine: 1 }).lean())?.fine;
      return (await AnalyticsSection.findById(`${id}:${section}`).lean())?.cells;
    }),
  );
  return days.map(({ day }, i) => ({ day, cells: decode(stored[i]) }));
}

const pairs = (sums: Record<string, number | boolean | null | undefined>): [string, number][] =>
  Object.entries(sums).flatMap(([name, n]) => (n ? [[name, Number(n)] as [string, number]] : []));

/** A call's figures, which both of its entries carry so that outcome buckets have them too. */
function callSums(call: CallRecord) {
  return {
    calls: 1,
    connected: call.startedAt != null,
    completed: call.disposition === 'completed',
    transferred: call.disposition === 'transferred',
    seconds: call.durationSeconds,
    chargedMinutes: call.chargedMinutes,
  };
}

const callDims = (call: CallRecord) => ({
  agent: String(call.agentId),
  campaign: call.campaignId ? String(call.campaignId) : null,
  disposition: call.disposition ?? null,
  direction: call.direction ?? 'outbound',
});

/** A call that ended counts once, on the day (of its zone) it was placed. */
export function countCallEnded(call: CallRecord): Promise<void> {
  return count('calls', `call:${call._id}`, call.organizationId, call.createdAt, { k: 'end', ...callDims(call), outcome: null, v: pairs(callSums(call)) });
}

/** A call's report counts once when it exists: its outcome, sentiment, opt-out and the agent's tool calls. */
export function countCallReport(call: CallRecord, report: Pick<CallReportRecord, 'outcome' | 'sentiment' | 'optOut' | 'toolCalls'>): Promise<void> {
  const toolCalls = (report.toolCalls ?? []) as Array<{ outcome: string }>;
  const sums = {
    ...callSums(call),
    optOuts: report.optOut === true,
    toolCalls: toolCalls.length,
    toolCallErrors: toolCalls.filter((t) => t.outcome === 'error').length,
    ...(report.sentiment ? { [`sentiment:${report.sentiment}`]: 1 } : {}),
  };
  return count('calls', `callReport:${call._id}`, call.organizationId, call.createdAt, {
    k: 'report',
    ...callDims(call),
    outcome: report.outcome ?? null,
    v: pairs(sums),
  });
}

/** Interviews a candidate took to their end, by the agent's or the candidate's word. */
const FINISHED: readonly (string | null | undefined)[] = ['agent_ended', 'candidate_ended'];

export function countInterviewEnded(interview: InterviewRecord): Promise<void> {
  const started = interview.startedAt != null;
  const sums = {
    interviews: 1,
    started,
    completed: started && FINISHED.includes(interview.endedReason),
    seconds: interview.durationSeconds,
    chargedMinutes: interview.chargedMinutes,
  };
  return count('interviews', `interview:${interview._id}`, interview.organizationId, interview.createdAt, {
    k: 'end',
    agent: String(interview.agentId),
    campaign: null,
    disposition: interview.endedReason ?? null,
    outcome: null,
    v: pairs(sums),
  });
}

export function countInterviewReport(interview: InterviewRecord, report: Pick<InterviewReportRecord, 'overallScore' | 'recommendation'>): Promise<void> {
  const scored = typeof report.overallScore === 'number';
  const sums = {
    reports: 1,
    scored,
    scoreSum: scored ? report.overallScore : 0,
    ...(report.recommendation ? { [`recommendation:${report.recommendation}`]: 1 } : {}),
  };
  return count('interviews', `interviewReport:${interview._id}`, interview.organizationId, interview.createdAt, {
    k: 'report',
    agent: String(interview.agentId),
    campaign: null,
    disposition: interview.endedReason ?? null,
    outcome: null,
    v: pairs(sums),
  });
}
