/**
 * The organization's agents: created within the plan's `maxAgents` (the agent's slot is claimed
 * before its insert and given back if the insert fails), named uniquely per organization (the
 * unique index on `nameKey` decides between two writes), and deleted only when no unfinished
 * campaign, no phone number and no live call or interview depends on them.
 */
import { Error as MongooseError, Types } from 'mongoose';
import { isDuplicateKeyError } from '../lib/duplicateKey';
import { findPage } from '../lib/page';
import { Agent, agentPool, nameKey, type AgentRecord } from '../models/agent';
import { Call, type CallDirection } from '../models/call';
import { Campaign, UNFINISHED_CAMPAIGN } from '../models/campaign';
import { Interview } from '../models/interview';
import { Organization } from '../models/organization';
import { claimSlot, releaseSlot } from '../models/slot';
import { agentHasNoNumbers } from './phoneNumbers';

export { placeholders, type AgentRecord, type AgentTool } from '../models/agent';

export type AgentRefusal =
  | { reason: 'not_found' }
  | { reason: 'organization_missing' }
  | { reason: 'quota'; maxAgents: number }
  | { reason: 'duplicate_name'; name: string }
  | { reason: 'campaign_unfinished'; campaignId: string; campaignName: string }
  | { reason: 'call_in_progress'; callId: string; phoneNumber: string; direction: CallDirection }
  | { reason: 'interview_in_progress'; interviewId: string; candidateName: string };

export class AgentRefused extends Error {
  constructor(readonly refusal: AgentRefusal) {
    super(`Agent refused: ${refusal.reason}`);
    this.name = 'AgentRefused';
  }
}

const refuse = (refusal: AgentRefusal) => new AgentRefused(refusal);

/** The stored fields a new agent is made of, its defaults applied. */
export type NewAgent = Omit<AgentRecord, '_id' | 'organizationId' | 'nameKey' | 'description' | 'sessionsCount' | 'createdAt' | 'updatedAt'> & {
  description?: string;
};

export const listAgents = (organizationId: Types.ObjectId, query: { type?: 'phone' | 'voice'; page: number; limit: number }) =>
  findPage<AgentRecord>(Agent, { organizationId, type: query.type }, query);

/** An agent by its id alone, for the call or interview that already names it; null once it was deleted (each caller says how that fails). */
export const agentById = (agentId: Types.ObjectId | string): Promise<AgentRecord | null> => Agent.findById(agentId).lean<AgentRecord>();

export async function findAgent(organizationId: Types.ObjectId, id: string): Promise<AgentRecord | null> {
  return Agent.findOne({ _id: id, organizationId }).lean<AgentRecord>();
}

export async function createAgent(organizationId: Types.ObjectId, fields: NewAgent): Promise<AgentRecord> {
  const organization = await Organization.findById(organizationId).lean();
  if (!organization) throw refuse({ reason: 'organization_missing' });
  const _id = new Types.ObjectId();
  const pool = agentPool(organizationId);
  if ((await claimSlot(pool, String(_id), organization.limits.maxAgents)) === null) throw refuse({ reason: 'quota', maxAgents: organization.limits.maxAgents });
  try {
    const doc = await Agent.create({ ...fields, _id, organizationId, nameKey: nameKey(fields.name) });
    return doc.toObject();
  } catch (err) {
    await releaseSlot(pool, String(_id));
    if (isDuplicateKeyError(err)) throw refuse({ reason: 'duplicate_name', name: fields.name });
    throw err;
  }
}

/**
 * Applies the fields `change` makes of the agent as stored (it may refuse by throwing); a new
 * `name` keeps its `nameKey` with it.
 */
export async function updateAgent(
  organizationId: Types.ObjectId,
  id: string,
  change: (current: AgentRecord) => Promise<Partial<NewAgent>>,
): Promise<AgentRecord> {
  const doc = await Agent.findOne({ _id: id, organizationId });
  if (!doc) throw refuse({ reason: 'not_found' });
  const set = await change(doc.toObject());
  doc.set(set);
  if (set.name !== undefined) doc.set('nameKey', nameKey(set.name));
  try {
    await doc.save();
  } catch (err) {
    if (isDuplicateKeyError(err)) throw refuse({ reason: 'duplicate_name', name: doc.name });
    // Deleted by another request between the read and this write.
    if (err instanceof MongooseError.DocumentNotFoundError) throw refuse({ reason: 'not_found' });
    throw err;
  }
  return doc.toObject();
}

export async function deleteAgent(organizationId: Types.ObjectId, id: string): Promise<void> {
  // Its campaign would otherwise keep trying to dial for an agent that no longer exists.
  const campaign = await Campaign.findOne({ organizationId, agentId: id, status: { $in: UNFINISHED_CAMPAIGN } }, { _id: 1, name: 1 }).lean();
  if (campaign) throw refuse({ reason: 'campaign_unfinished', campaignId: String(campaign._id), campaignName: campaign.name });
  await agentHasNoNumbers(organizationId, id);
  await agentHasNoLiveConversation(organizationId, id);
  const { deletedCount } = await Agent.deleteOne({ _id: id, organizationId });
  if (deletedCount !== 1) throw refuse({ reason: 'not_found' });
  await releaseSlot(agentPool(organizationId), id);
}

/**
 * Refuses while a call with the agent is `created` or `active`, or an interview with it `active`:
 * each turn and the report read the agent. The read models say so as soon as the API has answered
 * the call's placement or the candidate's start. An interview not started yet does not hold the
 * agent: started after the deletion, it ends at once without starting (`agent_deleted`).
 */
async function agentHasNoLiveConversation(organizationId: Types.ObjectId, id: string): Promise<void> {
  const [call, interview] = await Promise.all([
    Call.findOne({ organizationId, agentId: id, status: { $in: ['created', 'active'] } }, { _id: 1, phoneNumber: 1, direction: 1 }).lean(),
    Interview.findOne({ organizationId, agentId: id, status: 'active' }, { _id: 1, candidateName: 1 }).lean(),
  ]);
  if (call) throw refuse({ reason: 'call_in_progress', callId: String(call._id), phoneNumber: call.phoneNumber, direction: call.direction ?? 'outbound' });
  if (interview) throw refuse({ reason: 'interview_in_progress', interviewId: String(interview._id), candidateName: interview.candidateName });
}
