import { Schema, Types, model } from 'mongoose';
import { isDuplicateKeyError } from '../lib/duplicateKey';

/**
 * The organization's ledger in minutes: grants add credits, charges use them, and `byok_usage`
 * records minutes of `byok` traffic, billed per minute outside credits and never counted against
 * them. Each entry is one insert with a unique reference, so a charge retried by an activity is
 * recorded once, and no two concurrent writers can lose each other's update (FerretDB applies
 * `$inc` non-atomically).
 */
const creditEntrySchema = new Schema(
  {
    organizationId: { type: Schema.Types.ObjectId, required: true },
    kind: { type: String, required: true, enum: ['grant', 'charge', 'byok_usage'] },
    minutes: { type: Number, required: true, min: 0 },
    /** What the entry is for (`call:<id>`, `admin:<uuid>`), unique per organization. */
    reference: { type: String, required: true },
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

export async function creditBalance(organizationId: Types.ObjectId | string): Promise<CreditBalance> {
  const totals = await CreditEntry.aggregate<{ _id: string; minutes: number }>([
    { $match: { organizationId: new Types.ObjectId(String(organizationId)) } },
    { $group: { _id: '$kind', minutes: { $sum: '$minutes' } } },
  ]);
  const sum = (kind: string) => totals.find((t) => t._id === kind)?.minutes ?? 0;
  const allocatedMinutes = sum('grant');
  const usedMinutes = sum('charge');
  return { allocatedMinutes, usedMinutes, remainingMinutes: Math.max(0, allocatedMinutes - usedMinutes) };
}

/** Minutes of `byok` calls and interviews, all time. */
export async function byokUsedMinutes(organizationId: Types.ObjectId | string): Promise<number> {
  const [total] = await CreditEntry.aggregate<{ minutes: number }>([
    { $match: { organizationId: new Types.ObjectId(String(organizationId)), kind: 'byok_usage' } },
    { $group: { _id: null, minutes: { $sum: '$minutes' } } },
  ]);
  return total?.minutes ?? 0;
}

/**
 * Records the minutes of a finished call or interview once per reference: a credit charge, or
 * `byok_usage` for `byok` traffic. A retried activity finds its entry already there.
 */
export async function recordUsage(input: { organizationId: string; minutes: number; reference: string; byok: boolean }): Promise<void> {
  try {
    await CreditEntry.create({ organizationId: input.organizationId, kind: input.byok ? 'byok_usage' : 'charge', minutes: input.minutes, reference: input.reference });
  } catch (err) {
    if (!isDuplicateKeyError(err)) throw err;
  }
}

export async function grantCredits(organizationId: Types.ObjectId | string, minutes: number, reference: string): Promise<void> {
  await CreditEntry.create({ organizationId, kind: 'grant', minutes, reference });
}

const recentBalances = new Map<string, { at: number; balance: Promise<CreditBalance> }>();

/**
 * The balance as of at most `maxAgeMs` ago, one read shared by concurrent callers in this process.
 * For checks that only ask whether any minutes are left before starting work that is charged
 * afterwards (`POST /calls`, a campaign's attempts), where reading the whole ledger per call would
 * cost more than the calls themselves: on FerretDB the read grows with the ledger (about 150 ms at
 * 5,000 entries on PostgreSQL), as only equality filters reach its indexes.
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
