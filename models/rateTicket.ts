import { Schema, model } from 'mongoose';
import { isDuplicateKeyError } from '../lib/duplicateKey';

/**
 * Rate-limit windows as numbered tickets: the requests of one key's minute are numbered, and a
 * unique index on (bucket, number) lets exactly one claim hold each number, so a window never
 * admits more than its limit, across any number of API processes. Inserts are atomic on FerretDB
 * and MongoDB alike, where counters are not (docs/ferretdb.md).
 *
 * A ticket document stands for a block of request numbers. Limits up to 199 a minute use blocks of
 * one: exact across processes. Above that a process claims blocks of limit/100 and serves them from
 * memory, so a busy key costs one write per block instead of one per request; a window then admits
 * the limit or, with several processes each holding a partly used block, slightly fewer, never more.
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

export const blockSize = (limit: number) => Math.max(1, Math.floor(limit / 100));

export interface Ticket {
  allowed: boolean;
  /** Requests counted in the window, this one included when allowed. */
  used: number;
}

interface Cursor {
  /** The next block this limiter will try to claim. */
  nextBlock: number;
  /** Request numbers [next, end) of the block it holds. */
  next: number;
  end: number;
  claiming?: Promise<void>;
}

/**
 * One API process's view of its keys' windows. Numbers are handed out synchronously from the block
 * it holds, and one claim per bucket is in flight at a time, so concurrent requests in a process
 * never race each other for a ticket; a collision means another process took that block.
 */
export function createRateLimiter() {
  const cursors = new Map<string, Promise<Cursor>>();
  let forgottenBefore = 0;

  function cursorFor(bucket: string): Promise<Cursor> {
    let cursor = cursors.get(bucket);
    if (!cursor) {
      cursor = RateTicket.countDocuments({ bucket }).then((taken) => ({ nextBlock: taken, next: 0, end: 0 }));
      cursor.catch(() => cursors.delete(bucket));
      cursors.set(bucket, cursor);
    }
    return cursor;
  }

  async function claimBlock(bucket: string, cursor: Cursor, size: number, limit: number): Promise<void> {
    while (cursor.nextBlock * size < limit) {
      const block = cursor.nextBlock;
      cursor.nextBlock += 1;
      try {
        await RateTicket.create({ bucket, number: block, createdAt: new Date() });
        cursor.next = block * size;
        cursor.end = Math.min(limit, (block + 1) * size);
        return;
      } catch (err) {
        if (!isDuplicateKeyError(err)) throw err;
      }
    }
  }

  return {
    async take(bucket: string, limit: number): Promise<Ticket> {
      const size = blockSize(limit);
      const cursor = await cursorFor(bucket);
      for (;;) {
        if (cursor.next < cursor.end) {
          cursor.next += 1;
          return { allowed: true, used: cursor.next };
        }
        if (cursor.nextBlock * size >= limit) return { allowed: false, used: limit };
        cursor.claiming ??= claimBlock(bucket, cursor, size, limit).finally(() => {
          cursor.claiming = undefined;
        });
        await cursor.claiming;
      }
    },
    /** Forgets windows that ended before `before` (buckets end in their minute number). */
    forget(before: Date): void {
      const cutoff = Math.floor(before.getTime() / 60_000);
      if (cutoff <= forgottenBefore) return;
      forgottenBefore = cutoff;
      for (const bucket of cursors.keys()) {
        if (Number(bucket.slice(bucket.lastIndexOf(':') + 1)) < cutoff) cursors.delete(bucket);
      }
    },
  };
}

export type RateLimiter = ReturnType<typeof createRateLimiter>;

/** Deletes tickets of windows that ended before `before`: FerretDB has no TTL indexes. */
export async function sweepTickets(before: Date): Promise<void> {
  await RateTicket.deleteMany({ createdAt: { $lt: before } });
}
