import { Organization } from '../../models/organization';
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
    handler: async ({ auth }: Req<{ auth: 'dashboard' }>) => {
      const organization = await Organization.findById(auth.organizationId).lean();
      if (!organization) throw notFound('organization');
      return organizationRepresentation(organization);
    },
  }),
  defineRoute({
    operationId: 'updateOrganization',
    method: 'patch',
    path: '/dashboard/organization',
    tag: 'Dashboard',
    summary: "Change the organization's settings",
    description: '`recordingRetentionDays`: how long call recordings are kept; the hourly sweep deletes older ones, those already stored included.',
    auth: 'dashboard',
    adminOnly: true,
    body: UpdateOrganizationBody,
    status: 200,
    responses: { 200: { description: 'The organization, changed.', schema: OrganizationSettings } },
    handler: async ({ body, auth }: Req<{ body: typeof UpdateOrganizationBody; auth: 'dashboard' }>) => {
      const organization = await Organization.findOneAndUpdate({ _id: auth.organizationId }, { $set: body }, { new: true }).lean();
      if (!organization) throw notFound('organization');
      return organizationRepresentation(organization);
    },
  }),
];
