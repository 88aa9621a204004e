/** The organization's own settings: what an admin may read and change from the dashboard. */
import type { Types } from 'mongoose';
import { Organization, type OrganizationDoc } from '../models/organization';

export { DEFAULT_RECORDING_RETENTION_DAYS, MAX_RECORDING_RETENTION_DAYS } from '../models/recording';
export type { OrganizationDoc };

export interface OrganizationChange {
  recordingRetentionDays?: number;
  /** null goes back to the service's default list. */
  allowedCountries?: string[] | null;
}

export async function findOrganization(organizationId: Types.ObjectId): Promise<OrganizationDoc | null> {
  return Organization.findById(organizationId).lean<OrganizationDoc>();
}

export async function updateOrganization(organizationId: Types.ObjectId, change: OrganizationChange): Promise<OrganizationDoc | null> {
  const { allowedCountries, ...set } = change;
  const update =
    allowedCountries === null ? { $set: set, $unset: { allowedCountries: 1 } } : { $set: { ...set, ...(allowedCountries ? { allowedCountries } : {}) } };
  return Organization.findOneAndUpdate({ _id: organizationId }, update, { new: true }).lean<OrganizationDoc>();
}
