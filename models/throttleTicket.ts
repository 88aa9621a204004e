import { Schema, model } from 'mongoose';
import { isDuplicateKeyError } from '../lib/duplicateKey';

/**
 * Throttles of failed credentials (sign-ins per email and per address, unknown API keys per
 * address), kept as numbered places in a fixed window: a place is a document whose `_id` is
 * `<bucket>:<n>` for n below the limit, so an insert claims it atomically across every API process
 * (FerretDB's counters are not atomic; docs/ferretdb.md) and an `_id` is FerretDB's one
 * indexed lookup. A window admits at most its limit. A place given back is handed out again by the
 * process that gave it back; another process that saw it taken meanwhile has moved past it, so a
 * window may admit slightly fewer, never more.
 */
const throttleTicketSchema = new Schema(
  {
    _id: { type: String, required: true },
    createdAt: { type: Date, required: true },
  },
  { versionKey: false },
);
throttleTicketSchema.index({ createdAt: 1 });

export const ThrottleTicket = model('ThrottleTicket', throttleTicketSchema);

/** One counter's current window: `bucket` names the counter, its subject and the window's number. */
export interface ThrottleWindow {
  bucket: string;
  limit: number;
  /** When the window ends, in epoch milliseconds. */
  endsAt: number;
}

/** The fixed window of `windowMs` that `now` falls in, for one counter and subject. */
export function throttleWindow(counter: string, subject: string, limit: number, windowMs: number, now = Date.now()): ThrottleWindow {
  const index = Math.floor(now / windowMs);
  return { bucket: `${counter}:${subject}:${index}`, limit, endsAt: (index + 1) * windowMs };
}

/**
 * The windows one process remembers at most. A flood of distinct subjects (random emails) would
 * otherwise grow the map without bound; forgetting a window costs only re-probing its places from
 * the first, which the database's unique `_id` still refuses once taken.
 */
export const MAX_THROTTLE_WINDOWS = 10_000;

/**
 * One API process's side of the throttles. It remembers, per window, the lowest place it has not
 * seen taken, so a full window is refused from memory and a busy one costs one insert per claim.
 * Windows are remembered in the order they were first seen: the oldest go first, when ended or when
 * there are too many, so a claim costs constant time whatever the number of subjects.
 */
export function createThrottle() {
  const next = new Map<string, { place: number; endsAt: number }>();

  function cursor(window: ThrottleWindow) {
    const now = Date.now();
    for (const [bucket, c] of next) {
      if (c.endsAt > now && next.size < MAX_THROTTLE_WINDOWS) break;
      next.delete(bucket);
    }
    let c = next.get(window.bucket);
    if (!c) next.set(window.bucket, (c = { place: 0, endsAt: window.endsAt }));
    return c;
  }

  return {
    /** True when this process has already seen every place of the window taken. */
    isFull(window: ThrottleWindow): boolean {
      return (next.get(window.bucket)?.place ?? 0) >= window.limit;
    },
    /** Claims a place in the window: its id, or null when every place is taken. */
    async take(window: ThrottleWindow): Promise<string | null> {
      const c = cursor(window);
      while (c.place < window.limit) {
        const _id = `${window.bucket}:${c.place}`;
        c.place += 1;
        try {
          await ThrottleTicket.create({ _id, createdAt: new Date() });
          return _id;
        } catch (err) {
          if (!isDuplicateKeyError(err)) throw err;
        }
      }
      return null;
    },
    /** How many windows this process remembers. */
    get windows(): number {
      return next.size;
    },
    /** Gives a place back, as a sign-in that succeeded does with the places it held while checking. */
    async release(window: ThrottleWindow, id: string): Promise<void> {
      await ThrottleTicket.deleteOne({ _id: id });
      const c = next.get(window.bucket);
      if (c) c.place = Math.min(c.place, Number(id.slice(window.bucket.length + 1)));
    },
  };
}

export type Throttle = ReturnType<typeof createThrottle>;

/** Deletes places of windows that ended before `before`: FerretDB has no TTL indexes. */
export async function sweepThrottleTickets(before: Date): Promise<void> {
  await ThrottleTicket.deleteMany({ createdAt: { $lt: before } });
}
