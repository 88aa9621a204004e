import { WorkflowFailedError, type WorkflowClient } from '@temporalio/client';
import { WorkflowNotFoundError } from '@temporalio/common';
import { Types } from 'mongoose';
import { Agent } from '../models/agent';
import { callInputFor, callSlotPool } from '../models/call';
import { campaignFields, projectCampaign } from '../models/campaign';
import { reserveCallSlot } from '../models/callSlot';
import { isDoNotCall } from '../models/contact';
import { LaneEntry, laneEntryId, putLaneEntry, Recipient, recipientId, type RecipientStatus } from '../models/recipient';
import { releaseSlot } from '../models/slot';
import { callWorkflowId, type AttemptOutcome, type CallState, type CampaignActivities, type ClosedCall } from '../workflows/definitions';

export interface CampaignDeps {
  /** How long a campaign call may ring before it counts as unanswered. */
  ringTimeoutSeconds: number;
  /** Where a campaign's run learns that calls an earlier run started have closed. */
  workflows: WorkflowClient;
}

/** The last disposition of a recipient found do-not-call right before an attempt. */
const DO_NOT_CALL = 'do_not_call';

/** Attempts share one ledger read for this long (see reserveCallSlot). */
const CREDIT_CHECK_MAX_AGE_MS = 10_000;

const RECIPIENT_STATUS: Record<AttemptOutcome['result'], RecipientStatus> = {
  completed: 'completed',
  failed: 'failed',
  retry: 'retry_scheduled',
  pending: 'pending',
};

/**
 * A recipient is written only by its campaign's workflow, one attempt at a time, so plain `$set`s
 * are safe on FerretDB. Every write sets absolute values, so a retried activity repeats it harmlessly.
 * Their signatures are the campaign workflow's own (workflows/definitions).
 */
export function campaignActivities({ ringTimeoutSeconds, workflows }: CampaignDeps) {
  return {
    /**
     * Takes one of the organization's concurrent-call slots for the attempt (the pool direct calls
     * use) and marks the recipient `calling`. Idempotent per call id: a retry finds its slot.
     * A number that is do-not-call is not dialled: `suppressed` at import (the import keeps those
     * out of the lanes, so they are not asked for), or found so now, right before the dial, and
     * then marked so (with `lastDisposition` `do_not_call`, which tells a retry of this activity
     * that it was this attempt that found it). A retry that had taken the slot gives it back.
     */
    async beginAttempt(a) {
      const recipient = await Recipient.findById(recipientId(a.campaignId, a.index)).lean();
      if (!recipient) throw new Error(`recipient ${a.index} of campaign ${a.campaignId} is missing`);
      if (recipient.status === 'suppressed') return { suppressed: recipient.lastDisposition === DO_NOT_CALL ? 'now' : 'at_import' };
      const alreadyBegun = recipient.attempts === a.attempt && String(recipient.lastCallId) === a.callId;
      if (await isDoNotCall(a.organizationId, recipient.phoneNumber)) {
        if (alreadyBegun) await releaseSlot(callSlotPool(a.organizationId), a.callId);
        await Recipient.updateOne(
          { _id: recipient._id },
          { $set: { status: 'suppressed', attempts: a.attempt - 1, lastDisposition: DO_NOT_CALL, updatedAt: new Date() } },
        );
        return { suppressed: 'now' };
      }
      const campaignAgent = await Agent.findById(a.agentId).lean();
      if (!campaignAgent) throw new Error(`agent ${a.agentId} of campaign ${a.campaignId} no longer exists`);
      if (!alreadyBegun) {
        const reservation = await reserveCallSlot({ organizationId: a.organizationId, callId: a.callId, byok: a.byok, creditMaxAgeMs: CREDIT_CHECK_MAX_AGE_MS });
        if (!reservation.reserved) return { blocked: reservation.refused === 'insufficient_credits' ? 'insufficient_credits' : 'concurrency' };
        await Recipient.updateOne(
          { _id: recipient._id },
          { $set: { status: 'calling', attempts: a.attempt, lastCallId: new Types.ObjectId(a.callId), updatedAt: new Date() } },
        );
      }
      return {
        callInput: callInputFor(campaignAgent, {
          callId: a.callId,
          organizationId: a.organizationId,
          phoneNumber: recipient.phoneNumber,
          contactName: recipient.contactName,
          externalRef: recipient.externalRef,
          variables: recipient.variables ?? {},
          attemptNumber: a.attempt,
          campaignId: a.campaignId,
          byok: a.byok,
          ringTimeoutSeconds,
        }),
      };
    },

    /** Gives back an attempt that was begun but never dialled (the campaign was cancelled meanwhile). */
    async abandonAttempt(a) {
      await releaseSlot(callSlotPool(a.organizationId), a.callId);
      await Recipient.updateOne(
        { _id: recipientId(a.campaignId, a.index) },
        { $set: { status: a.attempt === 1 ? 'pending' : 'retry_scheduled', attempts: a.attempt - 1, updatedAt: new Date() } },
      );
    },

    /** Finished attempts: each recipient's status, the lanes' new retry entries, then the counts. */
    async recordOutcomes(input) {
      for (const retry of input.retries) {
        await putLaneEntry(input.campaignId, retry.lane, retry.seq, { index: retry.index, attempt: retry.attempt, dueAt: new Date(retry.dueAt) });
      }
      for (const o of input.outcomes) {
        await Recipient.updateOne(
          { _id: recipientId(input.campaignId, o.index) },
          { $set: { status: RECIPIENT_STATUS[o.result], lastDisposition: o.disposition, updatedAt: new Date() } },
        );
      }
      await projectCampaign(input.campaignId, input.seq, campaignFields(input.state));
    },

    /**
     * The due entries at the front of a lane, in order, from `from` up to `to`, at the workflow's
     * `now`; stops at the first one not yet due and says when it will be.
     */
    async fetchDue({ campaignId, lane, from, to, now }) {
      const due: Array<{ index: number; attempt: number }> = [];
      for (let seq = from; seq < to; seq += 1) {
        const entry = await LaneEntry.findById(laneEntryId(campaignId, lane, seq)).lean();
        if (!entry) throw new Error(`entry ${seq} of lane ${lane} of campaign ${campaignId} is missing`);
        if (entry.dueAt.getTime() > Date.parse(now)) return { due, nextDueAt: entry.dueAt.toISOString() };
        due.push({ index: entry.index, attempt: entry.attempt });
      }
      return { due, nextDueAt: null };
    },

    /**
     * Those of the calls that have closed. A call that failed, was terminated or is unknown counts as
     * closed with no result; any other error (the server unreachable) fails the attempt, so a live
     * call is never taken for ended.
     */
    async closedCalls({ callIds }) {
      const checked = await Promise.all(
        callIds.map(async (callId): Promise<ClosedCall | undefined> => {
          const handle = workflows.getHandle<() => Promise<CallState>>(callWorkflowId(callId));
          try {
            if ((await handle.describe()).status.name === 'RUNNING') return undefined;
            return { callId, result: await handle.result() };
          } catch (err) {
            if (err instanceof WorkflowFailedError || err instanceof WorkflowNotFoundError) return { callId, result: null };
            throw err;
          }
        }),
      );
      return checked.filter((c) => c !== undefined);
    },

    async projectCampaign({ campaignId, seq, state }) {
      return projectCampaign(campaignId, seq, campaignFields(state));
    },
  } satisfies CampaignActivities;
}
