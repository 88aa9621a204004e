import { sweepSessions } from '../models/dashboardSession';
import { sweepIdempotencyKeys } from '../models/idempotencyKey';
import { sweepRecordings } from '../models/recording';
import { sweepTickets } from '../models/rateTicket';
import { sweepThrottleTickets } from '../models/throttleTicket';

/**
 * Removes what has expired, since FerretDB has no TTL indexes: spent rate-limit windows (kept one
 * minute past their end), throttle windows of failed credentials (kept 15 minutes past the longest
 * window), expired dashboard sessions, idempotency keys past their day, and call recordings past
 * their organization's retention.
 */
export async function sweepExpired(now = new Date()): Promise<void> {
  await Promise.all([
    sweepTickets(new Date(now.getTime() - 120_000)),
    sweepThrottleTickets(new Date(now.getTime() - 30 * 60_000)),
    sweepSessions(now),
    sweepIdempotencyKeys(now),
    sweepRecordings(now),
  ]);
}
