import { Schema, model } from 'mongoose';
import { isDuplicateKeyError } from './duplicateKey';

/**
 * Numbered slots in a named pool (an organization's concurrent calls, a key's requests in one
 * rate-limit minute). A slot is taken by inserting its document, and a unique index on
 * (pool, number) lets only one insert win. Inserts are the one write that is atomic on FerretDB as
 * well as MongoDB: FerretDB 1.x applies `$inc` and conditional `findOneAndUpdate` as a read followed
 * by a write, so concurrent counters lose updates there (see README, "FerretDB limits").
 */
const slotSchema = new Schema(
  {
    pool: { type: String, required: true },
    number: { type: Number, required: true },
    holder: { type: String, required: true },
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
  const [mine, taken] = await Promise.all([Slot.findOne({ pool, holder }).lean(), Slot.countDocuments({ pool })]);
  if (mine) return mine.number;
  if (taken >= capacity) return null;
  // Start probing at the current count, where a free number most likely is; wrap to reach holes
  // left by released slots.
  for (let i = 0; i < capacity; i += 1) {
    const number = (taken + i) % capacity;
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

/** Frees the holder's slot. True only for the call that actually freed it, so a release counts once. */
export async function releaseSlot(pool: string, holder: string): Promise<boolean> {
  const { deletedCount } = await Slot.deleteOne({ pool, holder });
  return deletedCount === 1;
}

export function slotsInUse(pool: string): Promise<number> {
  return Slot.countDocuments({ pool });
}
