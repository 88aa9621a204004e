import { WorkflowFailedError, type WorkflowClient } from '@temporalio/client';
import { WorkflowNotFoundError } from '@temporalio/common';
import { AdmissionRefused, admitCall, settleCall } from '../domain/admission';
import type { DoNotCallKey } from '../domain/contacts';
import {
  callInputFor,
  dueEntries,
  findDialingAgent,
  findRecipient,
  markCalling,
  markSuppressed,
  recordOutcomes,
  undoAttempt,
} from '../domain/campaignRecipients';
import { projectCampaignState } from '../domain/campaigns';
import { callWorkflowId, type CallState, type CampaignActivities, type ClosedCall } from '../workflows/definitions';

export interface CampaignDeps {
  /** How long a campaign call may ring before it counts as unanswered. */
  ringTimeoutSeconds: number;
  /** The service's default countries for organizations without their own list (null: any). */
  allowedCountries: readonly string[] | null;
  /** Where a campaign's run learns that calls an earlier run started have closed. */
  workflows: WorkflowClient;
  /** The service's do-not-call key: each attempt's admission reads the registry under it. */
  doNotCallKey: DoNotCallKey;
}

/**
 * The last disposition of a recipient the admission refused right before an attempt: found
 * do-not-call, or its number no longer one the organization may call.
 */
const DO_NOT_CALL = 'do_not_call';
const DESTINATION_NOT_ALLOWED = 'destination_not_allowed';
const REFUSED_NOW: readonly string[] = [DO_NOT_CALL, DESTINATION_NOT_ALLOWED];

/** An attempt admitted but never dialled: its slot and its hold (none for `byok`) given back, nothing charged. */
const giveBack = (a: { organizationId: string; callId: string }) =>
  settleCall({ organizationId: a.organizationId, callId: a.callId, chargedMinutes: 0, byok: false });

/** Their signatures are the campaign workflow's own (workflows/definitions); the recipients' writes are domain/campaignRecipients.ts. */
export function campaignActivities({ ringTimeoutSeconds, allowedCountries, workflows, doNotCallKey }: CampaignDeps) {
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
      const recipient = await findRecipient(a.campaignId, a.index);
      if (!recipient) throw new Error(`recipient ${a.index} of campaign ${a.campaignId} is missing`);
      if (recipient.status === 'suppressed') return { suppressed: REFUSED_NOW.includes(recipient.lastDisposition ?? '') ? 'now' : 'at_import' };
      const campaignAgent = await findDialingAgent(a.agentId);
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
          doNotCallKey,
        }));
      } catch (err) {
        if (!(err instanceof AdmissionRefused)) throw err;
        const { reason } = err.refusal;
        if (reason === 'do_not_call' || reason === 'destination_not_allowed') {
          if (recipient.attempts === a.attempt && String(recipient.lastCallId) === a.callId) await giveBack(a);
          const lastDisposition = reason === 'do_not_call' ? DO_NOT_CALL : DESTINATION_NOT_ALLOWED;
          await markSuppressed(recipient, a.attempt, lastDisposition);
          return { suppressed: 'now' };
        }
        if (reason === 'concurrency' || reason === 'insufficient_credits') return { blocked: reason };
        throw err;
      }
      await markCalling(recipient, a.attempt, a.callId);
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
      await undoAttempt(a.campaignId, a.index, a.attempt);
    },

    recordOutcomes,

    fetchDue: dueEntries,

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
      return projectCampaignState(campaignId, seq, state);
    },
  } satisfies CampaignActivities;
}
