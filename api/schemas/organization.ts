import { Type } from '@sinclair/typebox';
import { DEFAULT_RECORDING_RETENTION_DAYS, MAX_RECORDING_RETENTION_DAYS } from '../../models/recording';
import { Id } from './common';

const RetentionDays = Type.Integer({
  minimum: 1,
  maximum: MAX_RECORDING_RETENTION_DAYS,
  description: `Days call recordings are kept after the call, then deleted (its \`recordingAvailable\` becomes false). Default ${DEFAULT_RECORDING_RETENTION_DAYS}; at most ${MAX_RECORDING_RETENTION_DAYS}. A change applies to recordings already stored too; the sweep runs hourly.`,
});

export const OrganizationSettings = Type.Object(
  {
    object: Type.Literal('organization'),
    id: Id,
    name: Type.String(),
    plan: Type.String(),
    recordingRetentionDays: RetentionDays,
  },
  { title: 'organization' },
);

export const UpdateOrganizationBody = Type.Object(
  { recordingRetentionDays: Type.Optional(RetentionDays) },
  { additionalProperties: false, title: 'organization_update' },
);

export function organizationRepresentation(organization: { _id: unknown; name: string; plan: string; recordingRetentionDays?: number | null }) {
  return {
    object: 'organization' as const,
    id: String(organization._id),
    name: organization.name,
    plan: organization.plan,
    recordingRetentionDays: organization.recordingRetentionDays ?? DEFAULT_RECORDING_RETENTION_DAYS,
  };
}
