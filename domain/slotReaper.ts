/**
 * Slots never leak. A call's concurrency slot and its credit hold are given back by its workflow
 * when it settles; this reconciles the slots whose workflow never will: one that never started (the
 * API process died between the admission and the start, or its start failed without an answer and
 * the API recorded the call as unconfirmed) or that closed without settling (an operator
 * terminated it from the Temporal UI). Their call is hung up at the carrier (nobody else
 * will), ends `completed` with disposition `failed` and an `endedReason`, charged its connected
 * time, and its slot and hold are released.
 *
 * Several processes may reap at once, and a workflow's last activities may still be landing: every
 * step is idempotent. The read model is written first, with a sequence number above the last state
 * it holds, and read back: a late write of the workflow's that took that number leaves the slot
 * held, so the next pass tries again. Only then is the call settled (once per call on the ledger)
 * and its slot freed, which takes it off the list.
 */
import { countCallEnded } from '../models/analytics';
import {
  Call,
  CALL_SLOT_POOLS,
  UNCONFIRMED_CALL_POOLS,
  projectCall,
  recountCallSessionsSoon,
  unconfirmedCallPool,
  type CallEndedReason,
  type CallRecord,
} from '../models/call';
import { heldBy, usageOf } from '../models/creditEntry';
import { releaseSlot, renewSlotLease, unleasedSlots } from '../models/slot';
import { chargedMinutesFor } from '../lib/charge';
import { settleCall } from './admission';

/** What Temporal says of a call's workflow: `closed` only for one that has finished, however. */
export type CallWorkflowFate = { state: 'running' } | { state: 'not_found' } | { state: 'closed'; reason: CallEndedReason; closedAt: Date };

export interface SlotReaperOptions {
  /**
   * How old a slot is before it is checked: longer than the API may take between claiming it and
   * starting the call's workflow (its dial deadline and the abandon after it), so a call being
   * placed is never taken for one that never started.
   */
  graceMs: number;
  /** How long a slot whose call is running is left alone, by every process, before it is checked again. */
  leaseMs: number;
  /** Asks Temporal about the call's workflow; throws when it cannot tell (then the slot is left as it is). */
  fateOf(callId: string): Promise<CallWorkflowFate>;
  /** The carrier's hangup, which ends a call in any state and does nothing to one already over. */
  hangup(carrierCallId: string): Promise<void>;
  /** A slot that could not be reconciled; the others still are, and it is tried again next pass. */
  onError(err: unknown): void;
}

/**
 * One pass over every organization's call slots past the grace and under no lease, then over the
 * calls whose start the API could not confirm (they hold a minute but no slot).
 */
export async function reapCallSlots(options: SlotReaperOptions, now = new Date()): Promise<void> {
  const takenBefore = new Date(now.getTime() - options.graceMs);
  for (const prefix of [CALL_SLOT_POOLS, UNCONFIRMED_CALL_POOLS]) {
    for (const { pool, holder } of await unleasedSlots(prefix, takenBefore, now)) {
      await reapSlot(pool, pool.slice(prefix.length), holder, options, now).catch(options.onError);
    }
  }
}

async function reapSlot(pool: string, organizationId: string, callId: string, options: SlotReaperOptions, now: Date): Promise<void> {
  const fate = await options.fateOf(callId);
  const unconfirmed = pool === unconfirmedCallPool(organizationId);
  if (fate.state === 'running') {
    // A start that did reach Temporal: its workflow settles the call, and nothing here is left to do.
    if (unconfirmed) await releaseSlot(pool, callId);
    else await renewSlotLease(pool, callId, new Date(now.getTime() + options.leaseMs));
    return;
  }
  let call: CallRecord | null = await Call.findById(callId).lean();
  // A workflow that finished the call (or refused or abandoned its dial, writing nothing) was
  // stopped only before its settlement: the settlement is repeated as it would have been.
  if (call && call.status !== 'completed') {
    // Before anything is written: a hangup that fails leaves the slot for the next pass to retry.
    if (call.carrierCallId) await options.hangup(call.carrierCallId);
    call = await endUnfinished(call, fate.state === 'closed' ? fate : { reason: 'not_started', closedAt: null }, now);
    if (!call) return;
  }
  await settleCall({ organizationId, callId, chargedMinutes: call?.chargedMinutes ?? 0, byok: call?.byok ?? false });
  if (unconfirmed) await releaseSlot(pool, callId);
}

/**
 * Writes the unfinished call `completed`/`failed`, charged its connected time up to when its
 * workflow closed (none when that is unknown): the call read back, or null when a late write took
 * this state's number.
 */
async function endUnfinished(call: CallRecord, end: { reason: CallEndedReason; closedAt: Date | null }, now: Date): Promise<CallRecord | null> {
  const callId = String(call._id);
  const conversation = `call:${callId}`;
  const connectedSeconds = call.startedAt && end.closedAt ? Math.max(0, Math.round((end.closedAt.getTime() - call.startedAt.getTime()) / 1000)) : undefined;
  // A settlement that ran before its workflow was stopped stands: the read model says what it charged.
  const settled = await usageOf(call.organizationId, conversation);
  const chargedMinutes = settled ?? chargedMinutesFor(connectedSeconds, call.byok ? undefined : await heldBy(String(call.organizationId), conversation));
  await projectCall(callId, call.seq + 1, {
    status: 'completed',
    disposition: 'failed',
    endedReason: end.reason,
    endedAt: end.closedAt ?? now,
    durationSeconds: connectedSeconds ?? 0,
    chargedMinutes,
  });
  const ended = await Call.findById(callId).lean();
  if (ended?.status !== 'completed') return null;
  // Counted once per call, however many processes get here.
  await countCallEnded(ended);
  recountCallSessionsSoon(ended.organizationId, ended.agentId);
  return ended;
}
