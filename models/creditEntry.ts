import { Schema, Types, model } from 'mongoose';
import { isDuplicateKeyError } from '../lib/duplicateKey';

type Kind = 'grant' | 'charge' | 'byok_usage';
type Totals = Record<Kind, number>;

/**
 * The organization's ledger in minutes: grants add credits, charges use them, and `byok_usage`
 * records minutes of `byok` traffic, billed per minute outside credits and never counted against
 * them.
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
    kind: { type: String, required: true, enum: ['grant', 'charge', 'byok_usage'] },
    minutes: { type: Number, required: true, min: 0 },
    /** What the entry is for (`call:<id>`, `admin:<uuid>`), unique per organization. */
    reference: { type: String, required: true },
    seq: { type: Number },
    totals: { grant: Number, charge: Number, byok_usage: Number },
  },
  { timestamps: { createdAt: true, updatedAt: false }, versionKey: false },
);
creditEntrySchema.index({ organizationId: 1, reference: 1 }, { unique: true });

export const CreditEntry = model('CreditEntry', creditEntrySchema);

export interface CreditBalance {
  allocatedMinutes: number;
  usedMinutes: number;
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
  return entry ? { seq, totals: { grant: entry.totals?.grant ?? 0, charge: entry.totals?.charge ?? 0, byok_usage: entry.totals?.byok_usage ?? 0 } } : null;
}

/** The sum of the entries written before the numbering. */
async function unnumberedTotals(organizationId: string): Promise<Totals> {
  const sums = await CreditEntry.aggregate<{ _id: Kind; minutes: number }>([
    { $match: { organizationId: new Types.ObjectId(organizationId), seq: { $exists: false } } },
    { $group: { _id: '$kind', minutes: { $sum: '$minutes' } } },
  ]);
  const sum = (kind: Kind) => sums.find((s) => s._id === kind)?.minutes ?? 0;
  return { grant: sum('grant'), charge: sum('charge'), byok_usage: sum('byok_usage') };
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

/** Appends an entry unless one with its reference is there already (a retry). */
async function append(organizationId: Types.ObjectId | string, kind: Kind, minutes: number, reference: string): Promise<void> {
  const org = String(organizationId);
  for (;;) {
    const last = await head(org);
    const entry = { seq: last.seq + 1, totals: { ...last.totals, [kind]: last.totals[kind] + minutes } };
    try {
      await CreditEntry.create({ _id: entryId(org, entry.seq), organizationId: org, kind, minutes, reference, ...entry });
      remember(org, entry);
      return;
    } catch (err) {
      if (!isDuplicateKeyError(err)) throw err;
      // The error does not say which index refused (FerretDB), so look: the reference recorded
      // before, or the number taken by a concurrent writer, whose entry the next head includes.
      if (await CreditEntry.exists({ organizationId: org, reference })) return;
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 10));
    }
  }
}

export async function creditBalance(organizationId: Types.ObjectId | string): Promise<CreditBalance> {
  const { totals } = await head(String(organizationId));
  return { allocatedMinutes: totals.grant, usedMinutes: totals.charge, remainingMinutes: Math.max(0, totals.grant - totals.charge) };
}

/** Minutes of `byok` calls and interviews, all time. */
export async function byokUsedMinutes(organizationId: Types.ObjectId | string): Promise<number> {
  return (await head(String(organizationId))).totals.byok_usage;
}

/**
 * Records the minutes of a finished call or interview once per reference: a credit charge, or
 * `byok_usage` for `byok` traffic. A retried activity finds its entry already there.
 */
export function recordUsage(input: { organizationId: string; minutes: number; reference: string; byok: boolean }): Promise<void> {
  return append(input.organizationId, input.byok ? 'byok_usage' : 'charge', input.minutes, input.reference);
}

/** Adds credit minutes once per reference. */
export function grantCredits(organizationId: Types.ObjectId | string, minutes: number, reference: string): Promise<void> {
  return append(organizationId, 'grant', minutes, reference);
}

const recentBalances = new Map<string, { at: number; balance: Promise<CreditBalance> }>();

/**
 * The balance as of at most `maxAgeMs` ago, one read shared by concurrent callers in this process.
 * For checks that only ask whether any minutes are left before starting work that is charged
 * afterwards (`POST /calls`, a campaign's attempts): a balance is a lookup or two, and sharing it
 * takes even those off each call.
 */
export function recentCreditBalance(organizationId: string, maxAgeMs: number): Promise<CreditBalance> {
  const cached = recentBalances.get(organizationId);
  if (cached && Date.now() - cached.at < maxAgeMs) return cached.balance;
  const balance = creditBalance(organizationId);
  recentBalances.set(organizationId, { at: Date.now(), balance });
  // A failed read is not kept: the next caller reads again.
  balance.catch(() => recentBalances.delete(organizationId));
  return balance;
}
