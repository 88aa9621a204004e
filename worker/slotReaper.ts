/**
 * The call slots' reaper (domain/slotReaper.ts) on a timer, asking Temporal through the worker's
 * client. It runs in every worker process: each pass is safe beside the others', and a slot found
 * running is leased for one period, so the processes between them check it about once a period.
 */
import type { Client } from '@temporalio/client';
import { WorkflowNotFoundError } from '@temporalio/common';
import type { CallEndedReason } from '../models/call';
import type { Carrier } from '../providers/carrier/interface';
import { reapCallSlots, type CallWorkflowFate } from '../domain/slotReaper';
import { callWorkflowId } from '../workflows/definitions';

/** Workflow states after which nothing more runs, and the reason each gives an unfinished call. */
const CLOSED: Record<string, CallEndedReason> = {
  TERMINATED: 'terminated',
  TIMED_OUT: 'timed_out',
  CANCELLED: 'cancelled',
  FAILED: 'failed',
  COMPLETED: 'failed',
  CONTINUED_AS_NEW: 'failed',
};

async function fateOf(client: Client, callId: string): Promise<CallWorkflowFate> {
  try {
    const { status, closeTime } = await client.workflow.getHandle(callWorkflowId(callId)).describe();
    const reason = CLOSED[status.name];
    // Running, paused, or a state Temporal does not name: left alone.
    if (reason === undefined) return { state: 'running' };
    return { state: 'closed', reason, closedAt: closeTime ?? new Date() };
  } catch (err) {
    if (err instanceof WorkflowNotFoundError) return { state: 'not_found' };
    throw err;
  }
}

export interface SlotReaperTiming {
  /** Between the end of one pass and the start of the next; also how long a running call's slot is leased. */
  periodMs: number;
  /** How old a slot is before it is checked (SlotReaperOptions.graceMs). */
  graceMs: number;
}

/**
 * Reaps until the returned function stops it (and waits for the pass in progress); failures go to
 * `onError`. `carrier` is the worker's, which hangs up the calls it placed.
 */
export function startSlotReaper(client: Client, carrier: Carrier, timing: SlotReaperTiming, onError: (err: unknown) => void): () => Promise<void> {
  const options = {
    graceMs: timing.graceMs,
    leaseMs: timing.periodMs,
    fateOf: (callId: string) => fateOf(client, callId),
    hangup: (carrierCallId: string) => carrier.hangup(carrierCallId),
    onError,
  };
  let stopped = false;
  let pass: Promise<void> = Promise.resolve();
  let timer: NodeJS.Timeout;
  const schedule = () => {
    timer = setTimeout(() => {
      pass = reapCallSlots(options)
        .catch(onError)
        .finally(() => stopped || schedule());
    }, timing.periodMs);
    timer.unref();
  };
  schedule();
  return async () => {
    stopped = true;
    clearTimeout(timer);
    await pass;
  };
}
