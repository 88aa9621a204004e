import { organizationUsage } from '../../domain/usage';
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
      const usage = await organizationUsage(auth.organizationId);
      if (!usage) throw organizationRequired();
      const { organization, credits, byokMinutes, limits, used } = usage;
      return {
        object: 'usage' as const,
        organization: { id: String(organization._id), name: organization.name, plan: organization.plan },
        credits,
        byok: { usedMinutes: byokMinutes },
        limits,
        used,
      };
    },
  }),
];
