/**
 * A campaign's recipients: imported once, in draft, under the organization's import claim and
 * within its `maxRecipients`, then written only by the campaign's workflow, one attempt at a time,
 * so plain `$set`s are safe on FerretDB. Every write of an attempt sets absolute values, so a
 * retried activity repeats it harmlessly.
 */
import { Types } from 'mongoose';
import { Agent, declaredVariables, type AgentRecord } from '../models/agent';
import type { CampaignRecord } from '../models/campaign';
import { contactProfiles, doNotCallAmong, type DoNotCallKey } from '../models/contact';
import { inImportClaim } from '../models/importClaim';
import { Organization, organizationLimits } from '../models/organization';
import {
  LaneEntry,
  laneEntryId,
  putLaneEntry,
  Recipient,
  RecipientStore,
  claimRecipientImport,
  finishRecipientImport,
  recipientId,
  recipientPage,
  recipientTimezone,
  storedRecipients,
  type RecipientRecord,
  type RecipientRow,
  type RecipientStatus,
} from '../models/recipient';
import type { AttemptOutcome, CampaignActivities, OutcomesRecord, ZoneCount } from '../workflows/definitions';
import { findCampaign, projectCampaignState, refuse } from './campaigns';
import { allowedCountriesOf } from './destinations';

export { callInputFor } from '../models/call';
export { RECIPIENT_STATUSES, type RecipientRecord, type RecipientRow } from '../models/recipient';

/** A campaign that may take its recipients now, and the agent's `{{placeholders}}` each row must fill. */
export async function campaignTakingRecipients(organizationId: Types.ObjectId, id: string): Promise<{ campaign: CampaignRecord; declared: string[] }> {
  const campaign = await findCampaign(organizationId, id);
  // A cheap early refusal from the read model; the workflow's own check follows the import.
  if (campaign.status !== 'draft') throw refuse({ reason: 'takes_no_recipients', status: campaign.status });
  if (campaign.stats.total > 0) throw refuse({ reason: 'recipients_imported' });
  const agent = await Agent.findById(campaign.agentId).lean();
  if (!agent) throw refuse({ reason: 'agent_missing' });
  return { campaign, declared: declaredVariables(agent) };
}

/** A recipient row stored as resolved: its variables complete and its time zone decided. */
export type ResolvedRecipient = Omit<RecipientRow, 'timezone'> & { timezone: string | null };

/**
 * One campaign's import as its batches arrive: each batch resolved against its numbers' contacts,
 * then, once the caller has checked it, stored (the rows whose number is do-not-call as
 * `suppressed`), refused whole before a batch that would take the organization past
 * `maxRecipients` is written.
 */
export class RecipientImport {
  constructor(
    private readonly organizationId: Types.ObjectId,
    private readonly campaignId: string,
    private readonly stored: RecipientStore,
    /** The countries the organization may call (null: any). */
    readonly allowedCountries: readonly string[] | null,
    private readonly limit: { maxRecipients: number; used: number },
    private readonly doNotCallKey: DoNotCallKey,
  ) {}

  get total(): number {
    return this.stored.total;
  }

  get suppressed(): number {
    return this.stored.suppressed;
  }

  get zones(): ZoneCount[] {
    return this.stored.zones;
  }

  /** Each row's contact's attributes and the time zone it takes (recipientTimezone: the contact's first), in row order. */
  async withContacts(rows: RecipientRow[]): Promise<Array<{ attributes: Record<string, string> | undefined; timezone: string | null }>> {
    const contacts = await contactProfiles(
      this.organizationId,
      rows.map((row) => row.phoneNumber),
    );
    return rows.map((row) => {
      const contact = contacts.get(row.phoneNumber);
      return { attributes: contact?.attributes, timezone: recipientTimezone(row, contact?.timezone) };
    });
  }

  async store(rows: ResolvedRecipient[]): Promise<void> {
    const { maxRecipients, used } = this.limit;
    if (used + this.stored.total + rows.length > maxRecipients) throw refuse({ reason: 'recipient_quota', maxRecipients, used });
    await this.stored.write(
      rows,
      await doNotCallAmong(
        this.doNotCallKey,
        this.organizationId,
        rows.map((r) => r.phoneNumber),
      ),
    );
  }

  /** Removes every recipient stored so far, and the import's claim: the import did not happen. */
  discard(): Promise<void> {
    return this.stored.remove();
  }

  /** Every recipient is stored: from now on they are listed, and the campaign may launch. */
  finish(): Promise<void> {
    return finishRecipientImport(this.campaignId, this.stored.total);
  }
}

/**
 * Runs `fn` with the campaign's one import, holding the organization's import claim
 * (ImportInProgress while another import holds it); refused when the campaign has had its import.
 */
export function importRecipients<T>(
  organizationId: Types.ObjectId,
  campaignId: string,
  service: { defaultCountries: readonly string[] | null; doNotCallKey: DoNotCallKey },
  fn: (recipients: RecipientImport) => Promise<T>,
): Promise<T> {
  return inImportClaim(organizationId, campaignId, async () => {
    if (!(await claimRecipientImport(campaignId))) throw refuse({ reason: 'recipients_imported' });
    const store = new RecipientStore(campaignId);
    const organization = await Organization.findById(organizationId).lean();
    if (!organization) throw refuse({ reason: 'organization_missing' });
    const { maxRecipients } = organizationLimits(organization);
    const used = await storedRecipients(organizationId);
    const allowedCountries = allowedCountriesOf(organization, service.defaultCountries);
    return fn(new RecipientImport(organizationId, campaignId, store, allowedCountries, { maxRecipients, used }, service.doNotCallKey));
  });
}

/** One page of the campaign's recipients in import order, with their total; none until the import is done. */
export const listRecipients = (campaign: CampaignRecord, query: { page: number; limit: number }) => recipientPage(String(campaign._id), query);

/** The recipient an attempt is for. */
export const findRecipient = (campaignId: string, index: number): Promise<RecipientRecord | null> =>
  Recipient.findById(recipientId(campaignId, index)).lean<RecipientRecord>();

/** The agent a campaign's attempts dial for, as it is now. */
export const findDialingAgent = (agentId: string): Promise<AgentRecord | null> => Agent.findById(agentId).lean<AgentRecord>();

/** The recipient is never dialled again; `lastDisposition` says why. Its attempt does not count. */
export async function markSuppressed(recipient: RecipientRecord, attempt: number, lastDisposition: string): Promise<void> {
  await Recipient.updateOne({ _id: recipient._id }, { $set: { status: 'suppressed', attempts: attempt - 1, lastDisposition, updatedAt: new Date() } });
}

export async function markCalling(recipient: RecipientRecord, attempt: number, callId: string): Promise<void> {
  await Recipient.updateOne(
    { _id: recipient._id },
    { $set: { status: 'calling', attempts: attempt, lastCallId: new Types.ObjectId(callId), updatedAt: new Date() } },
  );
}

/** An attempt begun but never dialled: the recipient waits as it did before it. */
export async function undoAttempt(campaignId: string, index: number, attempt: number): Promise<void> {
  await Recipient.updateOne(
    { _id: recipientId(campaignId, index) },
    { $set: { status: attempt === 1 ? 'pending' : 'retry_scheduled', attempts: attempt - 1, updatedAt: new Date() } },
  );
}

const RECIPIENT_STATUS: Record<AttemptOutcome['result'], RecipientStatus> = {
  completed: 'completed',
  failed: 'failed',
  retry: 'retry_scheduled',
  pending: 'pending',
};

/** Finished attempts: each recipient's status, the lanes' new retry entries, then the counts. */
export async function recordOutcomes(input: OutcomesRecord): Promise<void> {
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
  await projectCampaignState(input.campaignId, input.seq, input.state);
}

/**
 * The due entries at the front of a lane, in order, from `from` up to `to`, at the workflow's
 * `now`; stops at the first one not yet due and says when it will be.
 */
export const dueEntries: CampaignActivities['fetchDue'] = async ({ campaignId, lane, from, to, now }) => {
  const due: Array<{ index: number; attempt: number }> = [];
  for (let seq = from; seq < to; seq += 1) {
    const entry = await LaneEntry.findById(laneEntryId(campaignId, lane, seq)).lean();
    if (!entry) throw new Error(`entry ${seq} of lane ${lane} of campaign ${campaignId} is missing`);
    if (entry.dueAt.getTime() > Date.parse(now)) return { due, nextDueAt: entry.dueAt.toISOString() };
    due.push({ index: entry.index, attempt: entry.attempt });
  }
  return { due, nextDueAt: null };
};
