import { creditBalance } from '../../models/creditEntry';
import { Organization } from '../../models/organization';
import { organizationRequired } from '../errors';
import { defineRoute, type Req } from '../route';
import { Usage } from '../schemas/usage';

export const usageRoutes = [
  defineRoute({
    operationId: 'getUsage',
    method: 'get',
    path: '/usage',
    tag: 'Usage',
    summary: 'Credits and plan limits of the organization',
    auth: 'apiKey',
    scope: 'organization:read',
    status: 200,
    responses: { 200: { description: 'The organization’s usage.', schema: Usage } },
    handler: async ({ auth }: Req) => {
      const [organization, credits] = await Promise.all([
        Organization.findById(auth.organizationId).lean(),
        creditBalance(auth.organizationId),
      ]);
      if (!organization) throw organizationRequired();
      return {
        object: 'usage' as const,
        organization: { id: String(organization._id), name: organization.name, plan: organization.plan },
        credits,
        limits: {
          maxAgents: organization.limits.maxAgents,
          maxUsers: organization.limits.maxUsers,
          maxConcurrentCalls: organization.limits.maxConcurrentCalls,
        },
      };
    },
  }),
];
