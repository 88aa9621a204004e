import type { Types } from 'mongoose';
import { callSlotPool } from './call';
import { recentCreditBalance } from './creditEntry';
import { Organization } from './organization';
import { claimSlot } from './slot';

export type CallSlotReservation = { reserved: true } | { reserved: false; refused: 'insufficient_credits' } | { reserved: false; refused: 'at_limit'; maxConcurrentCalls: number };

/**
 * Reserves one of the organization's concurrent-call slots for a call about to be dialled, direct
 * or a campaign's: only with credit minutes left (unless `byok`, billed outside credits) and while
 * fewer than `maxConcurrentCalls` calls hold one. Idempotent per call id: a retry finds its slot.
 *
 * `creditMaxAgeMs` lets callers share one balance read for that long (direct calls, a campaign's
 * attempts), taking the ledger's lookups off each call; calls are charged when they end, so a
 * balance a little old lets through no more than concurrent calls would anyway.
 * Only a refusal is read fresh, so a top-up is seen at once. 0 reads the exact balance.
 */
export async function reserveCallSlot(call: {
  organizationId: Types.ObjectId | string;
  callId: string;
  byok: boolean;
  creditMaxAgeMs: number;
}): Promise<CallSlotReservation> {
  const organizationId = String(call.organizationId);
  // The balance and the limit at once: one round trip less on every `POST /calls` and attempt.
  const [funded, organization] = await Promise.all([call.byok || hasCredits(organizationId, call.creditMaxAgeMs), Organization.findById(organizationId).lean()]);
  if (!funded) return { reserved: false, refused: 'insufficient_credits' };
  const maxConcurrentCalls = organization?.limits.maxConcurrentCalls ?? 0;
  if ((await claimSlot(callSlotPool(organizationId), call.callId, maxConcurrentCalls)) === null) return { reserved: false, refused: 'at_limit', maxConcurrentCalls };
  return { reserved: true };
}

async function hasCredits(organizationId: string, maxAgeMs: number): Promise<boolean> {
  if ((await recentCreditBalance(organizationId, maxAgeMs)).remainingMinutes > 0) return true;
  return maxAgeMs > 0 && (await recentCreditBalance(organizationId, 0)).remainingMinutes > 0;
}
