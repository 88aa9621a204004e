import { findOrganization, updateOrganization } from '../../domain/organizations';
import { defineRoute, type Req } from '../defineRoute';
import { notFound } from '../errors';
import { OrganizationSettings, UpdateOrganizationBody, organizationRepresentation } from '../schemas/organization';

export const organizationRoutes = [
  defineRoute({
    operationId: 'getOrganization',
    method: 'get',
    path: '/dashboard/organization',
    tag: 'Dashboard',
    summary: "The organization's settings",
    auth: 'dashboard',
    status: 200,
    responses: { 200: { description: 'The organization.', schema: OrganizationSettings } },
    handler: async ({ auth, config }: Req<{ auth: 'dashboard' }>) => {
      const organization = await findOrganization(auth.organizationId);
      if (!organization) throw notFound('organization');
      return organizationRepresentation(organization, config.calls.allowedCountries);
    },
  }),
  defineRoute({
    operationId: 'updateOrganization',
    method: 'patch',
    path: '/dashboard/organization',
    tag: 'Dashboard',
    summary: "Change the organization's settings",
    description:
      '`recordingRetentionDays`: how long call recordings are kept; the hourly sweep deletes older ones, those already stored included. ' +
      '`allowedCountries`: the countries the organization may call (calls and campaign imports elsewhere are 400 `DESTINATION_NOT_ALLOWED`, and a campaign recipient not yet called is skipped as `suppressed`); null follows the service’s default.',
    auth: 'dashboard',
    adminOnly: true,
    body: UpdateOrganizationBody,
    status: 200,
    responses: { 200: { description: 'The organization, changed.', schema: OrganizationSettings } },
    handler: async ({ body, auth, config }: Req<{ body: typeof UpdateOrganizationBody; auth: 'dashboard' }>) => {
      const organization = await updateOrganization(auth.organizationId, body);
      if (!organization) throw notFound('organization');
      return organizationRepresentation(organization, config.calls.allowedCountries);
    },
  }),
];
