import { randomInt, randomUUID } from 'node:crypto';
import { Schema, model } from 'mongoose';
import { isDuplicateKeyError } from '../lib/duplicateKey';

/**
 * Numbered slots in a named pool (an organization's concurrent calls, a key's requests in one
 * rate-limit minute). A slot is taken by inserting its document, and a unique index on
 * (pool, number) lets only one insert win. Inserts are the one write that is atomic on FerretDB as
 * well as MongoDB: FerretDB 1.x applies `$inc` and conditional `findOneAndUpdate` as a read followed
 * by a write, so concurrent counters lose updates there (see docs/ferretdb.md).
 */
const slotSchema = new Schema(
  {
    pool: { type: String, required: true },
    number: { type: Number, required: true },
    holder: { type: String, required: true },
    /**
     * Until when the holder is known alive, set by whoever last checked it (the call slots'
     * reaper, domain/slotReaper.ts); absent until first checked. Others skip a slot under lease.
     */
    leaseUntil: { type: Date },
  },
  { timestamps: { createdAt: true, updatedAt: false }, versionKey: false },
);
slotSchema.index({ pool: 1, number: 1 }, { unique: true });
// One slot per holder and pool, so a retried claim finds the slot it already has.
slotSchema.index({ pool: 1, holder: 1 }, { unique: true });

export const Slot = model('Slot', slotSchema);

/**
 * Takes a free slot of `pool` for `holder` if fewer than `capacity` are taken. Idempotent: a holder
 * that already has a slot gets the same one back. Returns the slot number, or null when full.
 */
export async function claimSlot(pool: string, holder: string, capacity: number): Promise<number | null> {
  const held = await Slot.find({ pool }, { number: 1, holder: 1 }).lean();
  const mine = held.find((s) => s.holder === holder);
  if (mine) return mine.number;
  if (held.length >= capacity) return null;
  const taken = new Set(held.map((s) => s.number));
  const free = Array.from({ length: capacity }, (_, n) => n).filter((n) => !taken.has(n));
  // Concurrent claimers start at different free numbers, so they seldom collide; each collision
  // (a number taken since the read) moves on to the next one.
  const start = Math.floor(Math.random() * free.length);
  for (let i = 0; i < free.length; i += 1) {
    const number = free[(start + i) % free.length]!;
    try {
      await Slot.create({ pool, number, holder });
      return number;
    } catch (err) {
      if (!isDuplicateKeyError(err)) throw err;
      // FerretDB's duplicate-key error does not say which index refused, so ask whether this holder
      // won a slot in a concurrent claim; otherwise the number was taken and the next one is tried.
      const raced = await Slot.findOne({ pool, holder }).lean();
      if (raced) return raced.number;
    }
  }
  return null;
}

/**
 * Records `holder` in `pool` outside any capacity (a list, not places to share): its number is
 * drawn at random, so concurrent records do not collide; recording it again does nothing.
 */
export async function recordHolder(pool: string, holder: string): Promise<void> {
  try {
    await Slot.create({ pool, number: randomInt(2 ** 47), holder });
  } catch (err) {
    if (!isDuplicateKeyError(err)) throw err;
  }
}

/** Frees the holder's slot. True only for the call that actually freed it, so a release counts once. */
export async function releaseSlot(pool: string, holder: string): Promise<boolean> {
  const { deletedCount } = await Slot.deleteOne({ pool, holder });
  return deletedCount === 1;
}

/** Frees every slot of the pools named. */
export async function releasePools(pools: string[]): Promise<void> {
  await Slot.deleteMany({ pool: { $in: pools } });
}

export function slotsInUse(pool: string): Promise<number> {
  return Slot.countDocuments({ pool });
}

/** Slots of the pools named `poolPrefix...` taken before `takenBefore` and under no lease at `now`: their holders are due a check. */
export function unleasedSlots(poolPrefix: string, takenBefore: Date, now: Date): Promise<Array<{ pool: string; holder: string }>> {
  return Slot.find(
    { pool: { $regex: `^${poolPrefix}` }, createdAt: { $lt: takenBefore }, $or: [{ leaseUntil: { $exists: false } }, { leaseUntil: { $lt: now } }] },
    { _id: 0, pool: 1, holder: 1 },
  ).lean();
}

/**
 * Leaves the holder's slot alone until `until`. A lease lost to a concurrent renewal (FerretDB
 * rewrites the document) only means one more check; a slot released meanwhile stays released.
 */
export async function renewSlotLease(pool: string, holder: string, until: Date): Promise<void> {
  await Slot.updateOne({ pool, holder }, { $set: { leaseUntil: until } });
}

/** How long a turn may be held before others stop waiting for it (its holder is presumed gone). */
const TURN_LEASE_MS = 10_000;

/**
 * Runs `fn` in its turn among those waiting on `pool` (a one-slot pool), waiting up to
 * TURN_LEASE_MS for it. For work that stays correct without the turn but goes better with it (see
 * `createContact`): a turn held longer than that, by a process that died, is taken over, and a
 * caller that still gets none runs anyway.
 */
export async function inTurn<T>(pool: string, fn: () => Promise<T>): Promise<T> {
  const holder = randomUUID();
  const deadline = Date.now() + TURN_LEASE_MS;
  let held = (await claimSlot(pool, holder, 1)) !== null;
  while (!held && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 5 + Math.random() * 20));
    held = (await claimSlot(pool, holder, 1)) !== null;
  }
  if (!held) {
    await Slot.deleteMany({ pool, createdAt: { $lt: new Date(Date.now() - TURN_LEASE_MS) } });
    held = (await claimSlot(pool, holder, 1)) !== null;
  }
  try {
    return await fn();
  } finally {
    if (held) await releaseSlot(pool, holder);
  }
}
