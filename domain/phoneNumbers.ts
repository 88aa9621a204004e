/**
 * The organization's phone numbers: claiming one on the carrier and pointing it at a phone agent
 * that takes inbound calls, moving it to another agent, and giving it back. A number belongs to
 * one organization at a time (the unique index decides between two claims), and no number ever
 * answers for an agent that refuses inbound calls: an agent with numbers can neither turn
 * `outbound` nor be deleted (agentHasNoNumbers).
 */
import { Types } from 'mongoose';
import { isDuplicateKeyError } from '../lib/duplicateKey';
import { findPage } from '../lib/page';
import { Agent, type AgentRecord } from '../models/agent';
import { PhoneNumber, type PhoneNumberRecord } from '../models/phoneNumber';
import { NumberUnavailableError, type CarrierNumbers, type InboundWebhooks } from '../providers/carrier/interface';

export type NumberRefusal =
  | { reason: 'in_use' }
  | { reason: 'unavailable'; message: string }
  | { reason: 'carrier_unavailable'; message: string }
  | { reason: 'agent_not_found' }
  | { reason: 'agent_not_inbound'; direction: string | null }
  | { reason: 'agent_has_numbers'; phoneNumber: string };

export class NumberRefused extends Error {
  constructor(readonly refusal: NumberRefusal) {
    super(`Phone number refused: ${refusal.reason}`);
    this.name = 'NumberRefused';
  }
}

type OrganizationId = Types.ObjectId;

/** A phone agent of the organization whose `phone.direction` is `inbound` or `both`. */
async function inboundAgent(organizationId: OrganizationId, agentId: string): Promise<AgentRecord> {
  const agent = Types.ObjectId.isValid(agentId) ? await Agent.findOne({ _id: agentId, organizationId }).lean() : null;
  if (!agent) throw new NumberRefused({ reason: 'agent_not_found' });
  const direction = agent.type === 'phone' ? ((agent.phone as { direction?: string } | undefined)?.direction ?? 'outbound') : null;
  if (direction !== 'inbound' && direction !== 'both') throw new NumberRefused({ reason: 'agent_not_inbound', direction });
  return agent;
}

/**
 * Claims `phoneNumber` for the organization and points it at the agent. The number is taken in
 * our records first, so that two organizations never both point it on the carrier; a carrier that
 * refuses it gives it back.
 */
export async function claimNumber(
  organizationId: OrganizationId,
  request: { phoneNumber: string; agentId: string; name?: string },
  carrier: CarrierNumbers,
  webhooks: InboundWebhooks,
): Promise<PhoneNumberRecord> {
  await inboundAgent(organizationId, request.agentId);
  const _id = new Types.ObjectId();
  try {
    await PhoneNumber.create({
      _id,
      organizationId,
      phoneNumber: request.phoneNumber,
      agentId: new Types.ObjectId(request.agentId),
      name: request.name ?? '',
      carrier: carrier.name,
      carrierNumberId: request.phoneNumber,
    });
  } catch (err) {
    if (isDuplicateKeyError(err)) throw new NumberRefused({ reason: 'in_use' });
    throw err;
  }
  try {
    const claim = await carrier.claimNumber({ phoneNumber: request.phoneNumber, webhooks });
    await PhoneNumber.updateOne({ _id }, { $set: { carrierNumberId: claim.carrierNumberId, previousSettings: claim.previousSettings } });
  } catch (err) {
    await PhoneNumber.deleteOne({ _id });
    if (err instanceof NumberUnavailableError) throw new NumberRefused({ reason: 'unavailable', message: err.message });
    throw new NumberRefused({ reason: 'carrier_unavailable', message: `The carrier could not be reached to claim the number (${(err as Error).message}).` });
  }
  return (await PhoneNumber.findById(_id).lean())!;
}

export function listNumbers(organizationId: OrganizationId, query: { agentId?: string; page: number; limit: number }) {
  return findPage<PhoneNumberRecord>(PhoneNumber, { organizationId, ...(query.agentId ? { agentId: new Types.ObjectId(query.agentId) } : {}) }, query);
}

export function findNumber(organizationId: OrganizationId, id: string): Promise<PhoneNumberRecord | null> {
  return PhoneNumber.findOne({ _id: id, organizationId }).lean();
}

/** Points the number at another agent (which must take inbound calls) and/or renames it. */
export async function updateNumber(
  organizationId: OrganizationId,
  id: string,
  changes: { agentId?: string; name?: string },
): Promise<PhoneNumberRecord | null> {
  if (changes.agentId !== undefined) await inboundAgent(organizationId, changes.agentId);
  const set = {
    ...(changes.agentId !== undefined ? { agentId: new Types.ObjectId(changes.agentId) } : {}),
    ...(changes.name !== undefined ? { name: changes.name } : {}),
  };
  if (Object.keys(set).length > 0) await PhoneNumber.updateOne({ _id: id, organizationId }, { $set: set });
  return findNumber(organizationId, id);
}

/**
 * Gives the number back on the carrier (restoring what it was), then in our records: a carrier
 * that cannot be reached leaves it ours, to be released again.
 */
export async function releaseNumber(organizationId: OrganizationId, id: string, carrier: CarrierNumbers): Promise<boolean> {
  const number = await findNumber(organizationId, id);
  if (!number) return false;
  if (number.carrier === carrier.name) {
    try {
      await carrier.releaseNumber({ carrierNumberId: number.carrierNumberId, previousSettings: number.previousSettings });
    } catch (err) {
      throw new NumberRefused({
        reason: 'carrier_unavailable',
        message: `The carrier could not be reached to release the number (${(err as Error).message}); nothing changed, retry later.`,
      });
    }
  }
  const { deletedCount } = await PhoneNumber.deleteOne({ _id: id, organizationId });
  return deletedCount === 1;
}

/** Refuses a change that would leave a number answering for an agent that takes no inbound calls. */
export async function agentHasNoNumbers(organizationId: OrganizationId, agentId: string): Promise<void> {
  const number = await PhoneNumber.findOne({ organizationId, agentId: new Types.ObjectId(agentId) }, { phoneNumber: 1 }).lean();
  if (number) throw new NumberRefused({ reason: 'agent_has_numbers', phoneNumber: number.phoneNumber });
}
