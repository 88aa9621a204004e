/** What an organization has used of its credits and plan limits, read in one go. */
import type { Types } from 'mongoose';
import { agentPool } from '../models/agent';
import { callSlotPool } from '../models/call';
import { campaignPool } from '../models/campaign';
import { Contact } from '../models/contact';
import { byokUsedMinutes, creditBalance, type CreditBalance } from '../models/creditEntry';
import { openInterviewPool } from '../models/interview';
import { Organization, organizationLimits, type OrganizationDoc, type OrganizationLimits } from '../models/organization';
import { storedRecipients } from '../models/recipient';
import { slotsInUse } from '../models/slot';
import { userPool } from '../models/tenant';

export interface OrganizationUsage {
  organization: OrganizationDoc;
  credits: CreditBalance;
  byokMinutes: number;
  limits: OrganizationLimits;
  used: { agents: number; users: number; concurrentCalls: number; campaigns: number; recipients: number; contacts: number; openInterviews: number };
}

/** Null when the organization is gone. */
export async function organizationUsage(org: Types.ObjectId): Promise<OrganizationUsage | null> {
  const [organization, credits, byokMinutes, agents, users, concurrentCalls, campaigns, recipients, contacts, openInterviews] = await Promise.all([
    Organization.findById(org).lean<OrganizationDoc>(),
    creditBalance(org),
    byokUsedMinutes(org),
    slotsInUse(agentPool(org)),
    slotsInUse(userPool(org)),
    slotsInUse(callSlotPool(org)),
    slotsInUse(campaignPool(org)),
    storedRecipients(org),
    Contact.countDocuments({ organizationId: org }),
    slotsInUse(openInterviewPool(org)),
  ]);
  if (!organization) return null;
  return {
    organization,
    credits,
    byokMinutes,
    limits: organizationLimits(organization),
    used: { agents, users, concurrentCalls, campaigns, recipients, contacts, openInterviews },
  };
}
