import { Schema, model } from 'mongoose';
import { isDuplicateKeyError } from './duplicateKey';

/**
 * Rate-limit windows as numbered tickets: request k of a key's minute inserts ticket k, and a
 * unique index on (bucket, number) lets exactly one request hold each number, so a window never
 * admits more than its limit, across any number of API processes. Inserts are atomic on FerretDB
 * and MongoDB alike, where counters are not (README, "FerretDB limits").
 */
const rateTicketSchema = new Schema(
  {
    bucket: { type: String, required: true },
    number: { type: Number, required: true },
    createdAt: { type: Date, required: true },
  },
  { versionKey: false },
);
rateTicketSchema.index({ bucket: 1, number: 1 }, { unique: true });
rateTicketSchema.index({ createdAt: 1 });

export const RateTicket = model('RateTicket', rateTicketSchema);

/** Where this process expects the next free ticket of a bucket: saves a count on every request. */
const nextNumber = new Map<string, number>();

export interface Ticket {
  allowed: boolean;
  /** Requests counted in the window, this one included when allowed. */
  used: number;
}

export async function takeTicket(bucket: string, limit: number): Promise<Ticket> {
  let number = nextNumber.get(bucket) ?? (await RateTicket.countDocuments({ bucket }));
  while (number < limit) {
    try {
      await RateTicket.create({ bucket, number, createdAt: new Date() });
      nextNumber.set(bucket, number + 1);
      return { allowed: true, used: number + 1 };
    } catch (err) {
      if (!isDuplicateKeyError(err)) throw err;
      number += 1;
    }
  }
  nextNumber.set(bucket, limit);
  return { allowed: false, used: limit };
}

/** Drops tickets of windows that ended before `before`, and this process's hints for them. */
export async function sweepTickets(before: Date): Promise<void> {
  await RateTicket.deleteMany({ createdAt: { $lt: before } });
  const cutoff = Math.floor(before.getTime() / 60_000);
  for (const bucket of nextNumber.keys()) {
    if (Number(bucket.slice(bucket.lastIndexOf(':') + 1)) < cutoff) nextNumber.delete(bucket);
  }
}
