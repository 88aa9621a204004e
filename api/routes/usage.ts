import { agentPool } from '../../models/agent';
import { callSlotPool } from '../../models/call';
import { campaignPool } from '../../models/campaign';
import { Contact } from '../../models/contact';
import { byokUsedMinutes, creditBalance } from '../../models/creditEntry';
import { openInterviewPool } from '../../models/interview';
import { storedRecipients } from '../../models/recipient';
import { Organization, organizationLimits } from '../../models/organization';
import { slotsInUse } from '../../models/slot';
import { userPool } from '../../models/tenant';
import { organizationRequired } from '../errors';
import { defineRoute, type Req } from '../defineRoute';
import { Usage } from '../schemas/usage';

export const usageRoutes = [
  defineRoute({
    operationId: 'getUsage',
    method: 'get',
    path: '/usage',
    tag: 'Usage',
    summary: 'Credits, plan limits and what is used of them',
    description:
      '`credits` are the minutes of the service’s own provider accounts; `byok.usedMinutes` (an addition to the v1 fields) counts the minutes of `byok` keys, billed per minute and never drawn from credits. ' +
      '`limits` adds to the v1 fields the quotas on campaigns not archived, stored recipients, contacts and open interviews; `used` (an addition) says how much of each limit is taken now. Creating beyond a limit is 403 `QUOTA_EXCEEDED`.',
    auth: 'apiKey',
    scope: 'organization:read',
    status: 200,
    responses: { 200: { description: 'The organization’s usage.', schema: Usage } },
    handler: async ({ auth }: Req) => {
      const org = auth.organizationId;
      const [organization, credits, byokMinutes, agents, users, concurrentCalls, campaigns, recipients, contacts, openInterviews] = await Promise.all([
        Organization.findById(org).lean(),
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
      if (!organization) throw organizationRequired();
      return {
        object: 'usage' as const,
        organization: { id: String(organization._id), name: organization.name, plan: organization.plan },
        credits,
        byok: { usedMinutes: byokMinutes },
        limits: organizationLimits(organization),
        used: { agents, users, concurrentCalls, campaigns, recipients, contacts, openInterviews },
      };
    },
  }),
];
