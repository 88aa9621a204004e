import { randomUUID } from 'node:crypto';
import { Schema, Types, model } from 'mongoose';
import { CAMPAIGN_STATUSES, type CampaignState, type CampaignStatus } from '../workflows/definitions';
import { projectState } from './projection';
import { claimSlot, inTurn, releaseSlot } from './slot';

export interface CampaignRecord {
  _id: Types.ObjectId;
  organizationId: Types.ObjectId;
  agentId: Types.ObjectId;
  agentName: string;
  name: string;
  description: string;
  timezone: string;
  status: CampaignStatus;
  settings: CampaignState['settings'];
  callingHours: CampaignState['callingHours'];
  stats: { total: number; pending: number; completed: number; failed: number; suppressed: number };
  pausedReason: CampaignState['pausedReason'];
  launchedAt: Date | null;
  pausedAt: Date | null;
  completedAt: Date | null;
  cancelledAt: Date | null;
  archivedAt: Date | null;
  /** Created by a `byok` key: it dials only on the organization's own provider credentials. */
  byok: boolean;
  /** The campaign workflow's sequence number of the last state written here. */
  seq: number;
  createdAt: Date;
  updatedAt: Date;
}

/** The read model of a campaign: a projection its workflow writes, never the source of truth. */
const campaignSchema = new Schema<CampaignRecord>(
  {
    organizationId: { type: Schema.Types.ObjectId, required: true },
    agentId: { type: Schema.Types.ObjectId, required: true },
    agentName: { type: String, required: true },
    name: { type: String, required: true },
    description: { type: String, default: '' },
    timezone: { type: String, required: true },
    status: { type: String, required: true, enum: CAMPAIGN_STATUSES },
    settings: { type: Schema.Types.Mixed, required: true },
    callingHours: { type: Schema.Types.Mixed, default: null },
    stats: { type: Schema.Types.Mixed, required: true },
    pausedReason: { type: String, default: null },
    launchedAt: { type: Date, default: null },
    pausedAt: { type: Date, default: null },
    completedAt: { type: Date, default: null },
    cancelledAt: { type: Date, default: null },
    archivedAt: { type: Date, default: null },
    byok: { type: Boolean, default: false },
    seq: { type: Number, required: true },
  },
  { timestamps: true, versionKey: false, minimize: false },
);
campaignSchema.index({ organizationId: 1, createdAt: -1 });

export const Campaign = model<CampaignRecord>('Campaign', campaignSchema);

/**
 * The organization's places for campaigns (`maxCampaigns`): one slot per campaign not archived,
 * taken at creation and freed when the campaign is archived, whichever way it is archived.
 */
export const campaignPool = (organizationId: Types.ObjectId | string) => `campaigns:${organizationId}`;

async function freeCampaignPlace(_id: Types.ObjectId): Promise<void> {
  const campaign = await Campaign.findById(_id, { organizationId: 1 }).lean();
  if (campaign) await releaseSlot(campaignPool(campaign.organizationId), String(_id));
}

/** The states of a campaign that may still dial. */
export const UNFINISHED_CAMPAIGN: CampaignStatus[] = ['draft', 'scheduled', 'running', 'paused'];

/** The read-model fields a workflow state maps to. */
export function campaignFields(state: CampaignState): Partial<CampaignRecord> {
  const date = (iso: string | null) => (iso ? new Date(iso) : null);
  return {
    name: state.name,
    description: state.description,
    timezone: state.timezone,
    status: state.status,
    settings: state.settings,
    callingHours: state.callingHours,
    stats: {
      total: state.total,
      pending: state.total - state.completed - state.failed,
      completed: state.completed,
      failed: state.failed,
      suppressed: state.suppressed,
    },
    pausedReason: state.pausedReason,
    launchedAt: date(state.launchedAt),
    pausedAt: date(state.pausedAt),
    completedAt: date(state.completedAt),
    cancelledAt: date(state.cancelledAt),
    archivedAt: date(state.archivedAt),
  };
}

/**
 * Writes state `seq` of a campaign unless the read model already holds it or a newer one, so a
 * retried or late write never rewinds it. Each write is a whole snapshot, so the newest wins whole.
 * A campaign's workflow may have two of its states in flight at once (its outcomes and a change of
 * status); FerretDB checks `seq` and writes as two steps, so without the turn the older snapshot
 * could land over the newer one and leave the campaign `running` when it is `scheduled`.
 */
export function projectCampaign(campaignId: string, seq: number, fields: Partial<CampaignRecord>): Promise<boolean> {
  return inTurn(`campaign-projection:${campaignId}`, async () => {
    const _id = new Types.ObjectId(campaignId);
    const applied = await projectState(Campaign, _id, seq, fields);
    // Every write of the archived state frees the place (a no-op after the first), so a retried
    // projection that crashed between the two still frees it.
    if (fields.status === 'archived') await freeCampaignPlace(_id);
    return applied;
  });
}

/**
 * Archives a campaign whose workflow has closed, in the read model, which nothing else writes any
 * more. False when another archive got there first.
 */
export async function archiveClosedCampaign(campaign: Pick<CampaignRecord, '_id' | 'seq'>): Promise<boolean> {
  // The only slot of a one-slot pool: exactly one of concurrent archives wins, which a conditional
  // update cannot promise on FerretDB (it reads, then writes).
  const pool = `archive:${campaign._id}`;
  const claimant = randomUUID();
  if ((await claimSlot(pool, claimant, 1)) === null) return false;
  try {
    await Campaign.updateOne({ _id: campaign._id }, { $set: { status: 'archived', archivedAt: new Date(), seq: campaign.seq + 1 } });
  } catch (err) {
    await releaseSlot(pool, claimant);
    throw err;
  }
  await freeCampaignPlace(campaign._id);
  return true;
}
