/**
 * The organization's campaigns as the read model holds them: created within the plan's
 * `maxCampaigns` (the campaign's place is claimed before its record and given back if its workflow
 * does not start), run by their workflow, which alone writes their state, and archived here only
 * once that workflow has closed. Their recipients are domain/campaignRecipients.ts.
 */
import { Types } from 'mongoose';
import { findPage } from '../lib/page';
import { Agent, type AgentRecord } from '../models/agent';
import { archiveClosedCampaign, Campaign, campaignFields, campaignPool, projectCampaign, type CampaignRecord } from '../models/campaign';
import { Organization, organizationLimits } from '../models/organization';
import { claimSlot, releaseSlot } from '../models/slot';
import type { CampaignState, CampaignStatus } from '../workflows/definitions';

export type { CampaignRecord } from '../models/campaign';

export type CampaignRefusal =
  | { reason: 'not_found' }
  | { reason: 'organization_missing' }
  | { reason: 'agent_not_found' }
  | { reason: 'agent_not_phone' }
  | { reason: 'agent_inbound_only' }
  | { reason: 'quota'; maxCampaigns: number }
  | { reason: 'recipient_quota'; maxRecipients: number; used: number }
  | { reason: 'takes_no_recipients'; status: CampaignStatus }
  | { reason: 'recipients_imported' }
  | { reason: 'agent_missing' }
  | { reason: 'not_closed'; status: CampaignStatus }
  | { reason: 'already_archived' };

export class CampaignRefused extends Error {
  constructor(readonly refusal: CampaignRefusal) {
    super(`Campaign refused: ${refusal.reason}`);
    this.name = 'CampaignRefused';
  }
}

export const refuse = (refusal: CampaignRefusal) => new CampaignRefused(refusal);

export async function findCampaign(organizationId: Types.ObjectId, id: string): Promise<CampaignRecord> {
  const campaign = await Campaign.findOne({ _id: id, organizationId }).lean();
  if (!campaign) throw refuse({ reason: 'not_found' });
  return campaign;
}

export const listCampaigns = (organizationId: Types.ObjectId, query: { agentId?: string; status?: CampaignStatus; page: number; limit: number }) =>
  findPage<CampaignRecord>(
    Campaign,
    {
      organizationId,
      ...(query.agentId ? { agentId: new Types.ObjectId(query.agentId) } : {}),
      ...(query.status ? { status: query.status } : {}),
    },
    query,
  );

/** The phone agent of the organization a new campaign would dial for: one that places calls, as `POST /calls` requires. */
export async function campaignAgent(organizationId: Types.ObjectId, agentId: string): Promise<AgentRecord> {
  const agent = /^[0-9a-f]{24}$/.test(agentId) ? await Agent.findOne({ _id: agentId, organizationId }).lean() : null;
  if (!agent) throw refuse({ reason: 'agent_not_found' });
  if (agent.type !== 'phone') throw refuse({ reason: 'agent_not_phone' });
  if (agent.phone?.direction === 'inbound') throw refuse({ reason: 'agent_inbound_only' });
  return agent;
}

/**
 * Creates a draft campaign in one of the organization's places and has `start` start its workflow;
 * if that fails, the record is removed and the place given back, so nothing half-created is left.
 */
export async function createCampaign(
  organizationId: Types.ObjectId,
  draft: { agent: AgentRecord; byok: boolean; state: CampaignState },
  start: (campaignId: string) => Promise<void>,
): Promise<CampaignRecord> {
  const organization = await Organization.findById(organizationId).lean();
  if (!organization) throw refuse({ reason: 'organization_missing' });
  const id = new Types.ObjectId();
  const pool = campaignPool(organizationId);
  const { maxCampaigns } = organizationLimits(organization);
  if ((await claimSlot(pool, String(id), maxCampaigns)) === null) throw refuse({ reason: 'quota', maxCampaigns });
  try {
    await Campaign.create({
      _id: id,
      organizationId,
      agentId: draft.agent._id,
      agentName: draft.agent.name,
      byok: draft.byok,
      ...campaignFields(draft.state),
      seq: 0,
    });
    await start(String(id));
  } catch (err) {
    await Campaign.deleteOne({ _id: id });
    await releaseSlot(pool, String(id));
    throw err;
  }
  return findCampaign(organizationId, String(id));
}

/** Archives, in the read model, a campaign whose workflow has closed: only a completed or cancelled one, and once. */
export async function archiveClosed(campaign: CampaignRecord): Promise<void> {
  if (campaign.status !== 'completed' && campaign.status !== 'cancelled') throw refuse({ reason: 'not_closed', status: campaign.status });
  if (!(await archiveClosedCampaign(campaign))) throw refuse({ reason: 'already_archived' });
}

/** Writes the workflow's state `seq` to the read model unless it holds that one or a newer one already. */
export const projectCampaignState = (campaignId: string, seq: number, state: CampaignState): Promise<boolean> =>
  projectCampaign(campaignId, seq, campaignFields(state));
