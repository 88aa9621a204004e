import { byokUsedMinutes, creditBalance } from '../../models/creditEntry';
import { Organization } from '../../models/organization';
import { organizationRequired } from '../errors';
import { defineRoute, type Req } from '../defineRoute';
import { Usage } from '../schemas/usage';

export const usageRoutes = [
  defineRoute({
    operationId: 'getUsage',
    method: 'get',
    path: '/usage',
    tag: 'Usage',
    summary: 'Credits and plan limits of the organization',
    description: '`credits` are the minutes of the service’s own provider accounts; `byok.usedMinutes` (an addition to the v1 fields) counts the minutes of `byok` keys, billed per minute and never drawn from credits.',
    auth: 'apiKey',
    scope: 'organization:read',
    status: 200,
    responses: { 200: { description: 'The organization’s usage.', schema: Usage } },
    handler: async ({ auth }: Req) => {
      const [organization, credits, byokMinutes] = await Promise.all([
        Organization.findById(auth.organizationId).lean(),
        creditBalance(auth.organizationId),
        byokUsedMinutes(auth.organizationId),
      ]);
      if (!organization) throw organizationRequired();
      return {
        object: 'usage' as const,
        organization: { id: String(organization._id), name: organization.name, plan: organization.plan },
        credits,
        byok: { usedMinutes: byokMinutes },
        limits: {
          maxAgents: organization.limits.maxAgents,
          maxUsers: organization.limits.maxUsers,
          maxConcurrentCalls: organization.limits.maxConcurrentCalls,
        },
      };
    },
  }),
];
