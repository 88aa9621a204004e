import { Schema, Types, model } from 'mongoose';
import { isDuplicateKeyError } from '../lib/duplicateKey';

type Kind = 'grant' | 'charge' | 'byok_usage' | 'hold';
type Totals = Record<Kind, number>;

/**
 * The organization's ledger in minutes: grants add credits, charges use them, and `byok_usage`
 * records minutes of `byok` traffic, billed per minute outside credits and never counted against
 * them. A `hold` sets minutes aside for a conversation before they are spent (domain/admission.ts):
 * held minutes are not remaining, and the conversation's charge releases its holds in the same
 * entry, so no moment counts a minute both held and charged.
 *
 * Entries are numbered per organization (`_id` `<organization>:<seq>`, from 1 without gaps) and each
 * carries the totals after it, so a balance is one lookup of the newest entry instead of a sum over
 * the organization's history. An entry is one insert: the `_id` lets only one writer take each
 * number (inserts are the one write FerretDB applies atomically; its `$inc` is a read followed by
 * a write), and the unique reference records a charge retried by an activity once.
 *
 * Entries written before the numbering have an ObjectId `_id` and no `seq`; their sum is where
 * entry 1's totals start.
 */
const creditEntrySchema = new Schema(
  {
    _id: { type: String, required: true },
    organizationId: { type: Schema.Types.ObjectId, required: true },
    kind: { type: String, required: true, enum: ['grant', 'charge', 'byok_usage', 'hold'] },
    minutes: { type: Number, required: true, min: 0 },
    /** Held minutes this entry gives back: a settlement's, whatever it charged. */
    released: { type: Number, min: 0 },
    /** What the entry is for (`call:<id>`, `admin:<uuid>`), unique per organization. */
    reference: { type: String, required: true },
    seq: { type: Number },
    totals: { grant: Number, charge: Number, byok_usage: Number, hold: Number },
  },
  { timestamps: { createdAt: true, updatedAt: false }, versionKey: false },
);
creditEntrySchema.index({ organizationId: 1, reference: 1 }, { unique: true });

export const CreditEntry = model('CreditEntry', creditEntrySchema);

export interface CreditBalance {
  allocatedMinutes: number;
  usedMinutes: number;
  /** Set aside for conversations in progress: spent or given back when each ends. */
  heldMinutes: number;
  remainingMinutes: number;
}

interface Head {
  seq: number;
  totals: Totals;
}

const entryId = (organizationId: string, seq: number) => `${organizationId}:${seq}`;

/** The newest entry this process has seen per organization: where the next lookup starts. */
const heads = new Map<string, Head>();

function remember(organizationId: string, head: Head): Head {
  const known = heads.get(organizationId);
  if (!known || known.seq < head.seq) heads.set(organizationId, head);
  return head;
}

async function entryAt(organizationId: string, seq: number): Promise<Head | null> {
  const entry = await CreditEntry.findById(entryId(organizationId, seq), { seq: 1, totals: 1 }).lean();
  const totals = entry?.totals;
  return entry
    ? { seq, totals: { grant: totals?.grant ?? 0, charge: totals?.charge ?? 0, byok_usage: totals?.byok_usage ?? 0, hold: totals?.hold ?? 0 } }
    : null;
}

/** The sum of the entries written before the numbering. */
async function unnumberedTotals(organizationId: string): Promise<Totals> {
  const sums = await CreditEntry.aggregate<{ _id: Kind; minutes: number }>([
    { $match: { organizationId: new Types.ObjectId(organizationId), seq: { $exists: false } } },
    { $group: { _id: '$kind', minutes: { $sum: '$minutes' } } },
  ]);
  const sum = (kind: Kind) => sums.find((s) => s._id === kind)?.minutes ?? 0;
  return { grant: sum('grant'), charge: sum('charge'), byok_usage: sum('byok_usage'), hold: 0 };
}

/**
 * The newest entry at or after `found`: the distance doubles until a number is missing, then a
 * binary search between the last two finds the end. About 2·log2(n) lookups for n entries written
 * since, so a process that has not looked for a long while, or at all, is not slowed by the
 * organization's history; one lookup when nothing was written.
 */
async function newestFrom(organizationId: string, found: Head): Promise<Head> {
  let step = 1;
  for (let next = await entryAt(organizationId, found.seq + step); next; next = await entryAt(organizationId, found.seq + step)) {
    found = next;
    step *= 2;
  }
  let missing = found.seq + step;
  while (missing - found.seq > 1) {
    const middle = Math.floor((found.seq + missing) / 2);
    const entry = await entryAt(organizationId, middle);
    if (entry) found = entry;
    else missing = middle;
  }
  return found;
}

/** The newest entry, looked for from the one last seen in this process, or from the start. */
async function head(organizationId: string): Promise<Head> {
  const start = heads.get(organizationId) ?? (await entryAt(organizationId, 1)) ?? { seq: 0, totals: await unnumberedTotals(organizationId) };
  return remember(organizationId, await newestFrom(organizationId, start));
}

const remaining = (totals: Totals) => totals.grant - totals.charge - totals.hold;

interface Append {
  kind: Kind;
  minutes: number;
  reference: string;
  /** Held minutes the entry gives back. */
  released?: number;
  /** Written only while the remaining minutes cover it (a hold): never below zero. */
  covered?: boolean;
}

/** An entry waiting for its organization's next batch: `done(true)` once in the ledger. */
interface Waiting {
  entry: Append;
  done(written: boolean): void;
  fail(err: unknown): void;
}

/** The entries waiting per organization in this process; present while its writer runs. */
const queues = new Map<string, Waiting[]>();
/** The most entries one batch inserts. */
const MAX_BATCH = 100;

/**
 * Appends an entry unless one with its reference is there already (a retry): true once it is in
 * the ledger, false when a `covered` entry did not fit the remaining minutes. An organization's
 * entries are written by one writer per process, in batches: the entries that arrive while a batch
 * is written go in the next one, so a burst of holds and charges costs a head lookup and one
 * insert per batch instead of per entry.
 */
function append(organizationId: Types.ObjectId | string, entry: Append): Promise<boolean> {
  const org = String(organizationId);
  return new Promise<boolean>((done, fail) => {
    const waiting = { entry, done, fail };
    const queue = queues.get(org);
    if (queue) return void queue.push(waiting);
    const fresh = [waiting];
    queues.set(org, fresh);
    void drain(org, fresh);
  });
}

async function drain(org: string, queue: Waiting[]): Promise<void> {
  while (queue.length > 0) {
    const batch = queue.splice(0, MAX_BATCH);
    await writeBatch(org, batch).catch((err: unknown) => batch.forEach((w) => w.fail(err)));
  }
  queues.delete(org);
}

type Placed = { waiting: Waiting; doc: Head & { _id: string; entry: Append } };

/** The entries after `last`, in order, each with its number and the totals after it; the `covered` ones that do not fit apart. */
function place(org: string, last: Head, waiting: Waiting[]): { placed: Placed[]; uncovered: Waiting[] } {
  let { seq, totals } = last;
  const placed: Placed[] = [];
  const uncovered: Waiting[] = [];
  for (const w of waiting) {
    if (w.entry.covered && remaining(totals) < w.entry.minutes) {
      uncovered.push(w);
      continue;
    }
    totals = { ...totals };
    totals[w.entry.kind] += w.entry.minutes;
    totals.hold -= w.entry.released ?? 0;
    seq += 1;
    placed.push({ waiting: w, doc: { _id: entryId(org, seq), seq, totals, entry: w.entry } });
  }
  return { placed, uncovered };
}

/**
 * Writes the batch after the newest entry, in order: each entry takes the next number and the
 * totals after it, and a `covered` one that does not fit is left out (false, unless its reference
 * was recorded before). The check and the write are one: the entries are inserted in order under
 * numbers no one else may take. The batch is placed after the newest entry this process has seen
 * without looking for a newer one: a writer in another process that took a number since makes the
 * insert fail, and then, as before any refusal, the ledger's head is read and the rest placed again.
 */
async function writeBatch(org: string, batch: Waiting[]): Promise<void> {
  let waiting = batch;
  let seen = heads.get(org);
  while (waiting.length > 0) {
    const { placed, uncovered } = place(org, seen ?? (await head(org)), waiting);
    // A refusal is judged on the ledger as it is: a grant written by another process since counts.
    if (uncovered.length > 0 && seen) {
      seen = undefined;
      continue;
    }
    seen = undefined;
    const refusals = uncovered.map((w) => recorded(org, w.entry.reference).then(w.done, w.fail));
    const written = await insertInOrder(
      org,
      placed.map((p) => p.doc),
    );
    placed.slice(0, written).forEach((p) => p.waiting.done(true));
    if (written > 0) remember(org, placed[written - 1]!.doc);
    waiting = [];
    if (written < placed.length) {
      // The first not written was refused: its reference recorded before (a retry, done), or its
      // number taken by another process's writer; the rest are placed again after the new head.
      const refused = placed[written]!;
      const retry = await recorded(org, refused.doc.entry.reference);
      if (retry) refused.waiting.done(true);
      waiting = placed.slice(retry ? written + 1 : written).map((p) => p.waiting);
      if (!retry) await new Promise((resolve) => setTimeout(resolve, Math.random() * 10));
    }
    await Promise.all(refusals);
  }
}

const recorded = async (org: string, reference: string) => Boolean(await CreditEntry.exists({ organizationId: org, reference }));

/** Inserts the entries in order and says how many from the front are in: all, or those before the first refused. */
async function insertInOrder(org: string, docs: Array<Head & { _id: string; entry: Append }>): Promise<number> {
  if (docs.length === 0) return 0;
  const organizationId = new Types.ObjectId(org);
  const createdAt = new Date();
  const rows = docs.map(({ _id, seq, totals, entry }) => ({
    _id,
    organizationId,
    kind: entry.kind,
    minutes: entry.minutes,
    reference: entry.reference,
    ...(entry.released ? { released: entry.released } : {}),
    seq,
    totals,
    createdAt,
  }));
  try {
    await CreditEntry.collection.insertMany(rows as unknown as Parameters<typeof CreditEntry.collection.insertMany>[0], { ordered: true });
    return rows.length;
  } catch (err) {
    if (!isDuplicateKeyError(err) && !isDuplicateKeyError((err as { writeErrors?: unknown[] }).writeErrors?.[0])) throw err;
    // Ordered: the rows before the refused one are in, none after it.
    const index = (err as { writeErrors?: Array<{ index: number }> }).writeErrors?.[0]?.index;
    return typeof index === 'number' ? index : 0;
  }
}

export async function creditBalance(organizationId: Types.ObjectId | string): Promise<CreditBalance> {
  const { totals } = await head(String(organizationId));
  return { allocatedMinutes: totals.grant, usedMinutes: totals.charge, heldMinutes: totals.hold, remainingMinutes: Math.max(0, remaining(totals)) };
}

const recentBalances = new Map<string, { at: number; balance: Promise<CreditBalance> }>();

/**
 * The balance as of at most `maxAgeMs` ago, one read shared by concurrent callers in this process:
 * for a quick refusal of work that a hold will guard anyway (a direct call's dial holds its first
 * minute). A failed read is not kept.
 */
export function recentCreditBalance(organizationId: Types.ObjectId | string, maxAgeMs: number): Promise<CreditBalance> {
  const org = String(organizationId);
  const cached = recentBalances.get(org);
  if (cached && Date.now() - cached.at < maxAgeMs) return cached.balance;
  const balance = creditBalance(org);
  recentBalances.set(org, { at: Date.now(), balance });
  balance.catch(() => recentBalances.delete(org));
  return balance;
}

/** Minutes of `byok` calls and interviews, all time. */
export async function byokUsedMinutes(organizationId: Types.ObjectId | string): Promise<number> {
  return (await head(String(organizationId))).totals.byok_usage;
}

/** A conversation's minute `minute` held: numbered from 1, so a retried hold of the same minute holds nothing more. */
const holdReference = (conversation: string, minute: number) => `hold:${conversation}:${minute}`;

/**
 * Sets a conversation's minute number `minute` aside, once, only while a minute remains: true when
 * held (or held before, by a retry), false when the organization has none left. A conversation
 * holds its minutes in order, 1, 2, 3..., so what it holds is the run of numbers from 1.
 */
export function holdMinute(organizationId: Types.ObjectId | string, conversation: string, minute: number): Promise<boolean> {
  return append(organizationId, { kind: 'hold', minutes: 1, reference: holdReference(conversation, minute), covered: true });
}

/** Holds looked for at once: most conversations hold a few minutes, found in one round trip. */
const HOLDS_PROBED = 4;

/** The minutes a conversation holds (or held, once settled): the run of its numbered holds from 1. */
export async function heldBy(organizationId: string, conversation: string): Promise<number> {
  for (let from = 1; ; from += HOLDS_PROBED) {
    const minutes = Array.from({ length: HOLDS_PROBED }, (_, i) => from + i);
    const found = await Promise.all(minutes.map((minute) => CreditEntry.exists({ organizationId, reference: holdReference(conversation, minute) })));
    const missing = found.findIndex((entry) => !entry);
    if (missing >= 0) return from - 1 + missing;
  }
}

/**
 * Records the minutes of a finished call or interview (`reference`: `call:<id>`, `interview:<id>`) once,
 * and gives back every minute held for it in the same entry (`held`, when the caller knows them):
 * a credit charge, or `byok_usage` for `byok` traffic. A retried activity finds its entry already there.
 */
export async function recordUsage(input: { organizationId: string; minutes: number; reference: string; byok: boolean; held?: number }): Promise<void> {
  // The conversation's own count of its holds when it has one (its workflow's), else the ledger's.
  const released = input.held ?? (await heldBy(input.organizationId, input.reference));
  if (input.minutes === 0 && released === 0) return;
  await append(input.organizationId, {
    kind: input.byok ? 'byok_usage' : 'charge',
    minutes: input.minutes,
    reference: input.reference,
    ...(released ? { released } : {}),
  });
}

/** The minutes recorded for a finished conversation (`reference`: `call:<id>`), null until it is settled. */
export async function usageOf(organizationId: Types.ObjectId | string, reference: string): Promise<number | null> {
  const entry = await CreditEntry.findOne({ organizationId, reference, kind: { $in: ['charge', 'byok_usage'] } }, { minutes: 1 }).lean();
  return entry ? entry.minutes : null;
}

/** Adds credit minutes once per reference. */
export async function grantCredits(organizationId: Types.ObjectId | string, minutes: number, reference: string): Promise<void> {
  await append(organizationId, { kind: 'grant', minutes, reference });
}
