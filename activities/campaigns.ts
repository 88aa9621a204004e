import { WorkflowFailedError, type WorkflowClient } from '@temporalio/client';
import { WorkflowNotFoundError } from '@temporalio/common';
import { Types } from 'mongoose';
import { Agent } from '../models/agent';
import { callInputFor } from '../models/call';
import { campaignFields, projectCampaign } from '../models/campaign';
import { LaneEntry, laneEntryId, putLaneEntry, Recipient, recipientId, type RecipientStatus } from '../models/recipient';
import { AdmissionRefused, admitCall, settleCall } from '../domain/admission';
import { callWorkflowId, type AttemptOutcome, type CallState, type CampaignActivities, type ClosedCall } from '../workflows/definitions';

export interface CampaignDeps {
  /** How long a campaign call may ring before it counts as unanswered. */
  ringTimeoutSeconds: number;
  /** The service's default countries for organizations without their own list (null: any). */
  allowedCountries: readonly string[] | null;
  /** Where a campaign's run learns that calls an earlier run started have closed. */
  workflows: WorkflowClient;
}

/**
 * The last disposition of a recipient the admission refused right before an attempt: found
 * do-not-call, or its number no longer one the organization may call.
 */
const DO_NOT_CALL = 'do_not_call';
const DESTINATION_NOT_ALLOWED = 'destination_not_allowed';
const REFUSED_NOW: readonly string[] = [DO_NOT_CALL, DESTINATION_NOT_ALLOWED];

const RECIPIENT_STATUS: Record<AttemptOutcome['result'], RecipientStatus> = {
  completed: 'completed',
  failed: 'failed',
  retry: 'retry_scheduled',
  pending: 'pending',
};

/** An attempt admitted but never dialled: its slot and its hold (none for `byok`) given back, nothing charged. */
const giveBack = (a: { organizationId: string; callId: string }) =>
  settleCall({ organizationId: a.organizationId, callId: a.callId, chargedMinutes: 0, byok: false });

/**
 * A recipient is written only by its campaign's workflow, one attempt at a time, so plain `$set`s
 * are safe on FerretDB. Every write sets absolute values, so a retried activity repeats it harmlessly.
 * Their signatures are the campaign workflow's own (workflows/definitions).
 */
export function campaignActivities({ ringTimeoutSeconds, allowedCountries, workflows }: CampaignDeps) {
  return {
    /**
     * Admits the attempt (domain/admission.ts: its slot among the organization's concurrent calls,
     * the pool direct calls use, and its first credit minute held) and marks the recipient
     * `calling`. Idempotent per call id: a retry finds its slot and its hold. A number that is
     * do-not-call is not dialled: `suppressed` at import (the import keeps those out of the lanes,
     * so they are not asked for), or found so now, by the admission right before the dial, and then
     * marked so (with `lastDisposition` `do_not_call`, which tells a retry of this activity that it
     * was this attempt that found it); so is a number the organization's dialling policy no longer
     * allows (`destination_not_allowed`). A retry that had been admitted gives back what it took.
     */
    async beginAttempt(a) {
      const recipient = await Recipient.findById(recipientId(a.campaignId, a.index)).lean();
      if (!recipient) throw new Error(`recipient ${a.index} of campaign ${a.campaignId} is missing`);
      if (recipient.status === 'suppressed') return { suppressed: REFUSED_NOW.includes(recipient.lastDisposition ?? '') ? 'now' : 'at_import' };
      const campaignAgent = await Agent.findById(a.agentId).lean();
      if (!campaignAgent) throw new Error(`agent ${a.agentId} of campaign ${a.campaignId} no longer exists`);
      let heldMinutes: number | undefined;
      try {
        // Credentials were checked at launch; a retry of an admitted attempt finds what it holds.
        ({ heldMinutes } = await admitCall({
          organizationId: a.organizationId,
          callId: a.callId,
          phoneNumber: recipient.phoneNumber,
          byok: a.byok,
          checkByok: false,
          defaultCountries: allowedCountries,
        }));
      } catch (err) {
        if (!(err instanceof AdmissionRefused)) throw err;
        const { reason } = err.refusal;
        if (reason === 'do_not_call' || reason === 'destination_not_allowed') {
          if (recipient.attempts === a.attempt && String(recipient.lastCallId) === a.callId) await giveBack(a);
          const lastDisposition = reason === 'do_not_call' ? DO_NOT_CALL : DESTINATION_NOT_ALLOWED;
          await Recipient.updateOne(
            { _id: recipient._id },
            { $set: { status: 'suppressed', attempts: a.attempt - 1, lastDisposition, updatedAt: new Date() } },
          );
          return { suppressed: 'now' };
        }
        if (reason === 'concurrency' || reason === 'insufficient_credits') return { blocked: reason };
        throw err;
      }
      await Recipient.updateOne(
        { _id: recipient._id },
        { $set: { status: 'calling', attempts: a.attempt, lastCallId: new Types.ObjectId(a.callId), updatedAt: new Date() } },
      );
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
          heldMinutes,
        }),
      };
    },

    /** Gives back an attempt that was begun but never dialled (the campaign was cancelled meanwhile). */
    async abandonAttempt(a) {
      await giveBack(a);
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
      const dueAt = new Map(input.retries.map((r) => [r.index, new Date(r.dueAt)]));
      for (const o of input.outcomes) {
        await Recipient.updateOne(
          { _id: recipientId(input.campaignId, o.index) },
          {
            $set: {
              status: RECIPIENT_STATUS[o.result],
              lastDisposition: o.disposition,
              nextAttemptAt: o.result === 'retry' ? (dueAt.get(o.index) ?? null) : null,
              updatedAt: new Date(),
            },
          },
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
