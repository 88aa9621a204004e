/**
 * The organization's contacts: one per number, within the plan's `maxContacts`, their do-not-call
 * flag and attributes. A number is unique per organization (the unique index decides between two
 * creates); the quota is checked after the insert so that concurrent creates cannot overrun it
 * (models/contact.ts). Imports hold the organization's import claim, so two never interleave.
 */
import type { Types } from 'mongoose';
import { isDuplicateKeyError } from '../lib/duplicateKey';
import { findPage } from '../lib/page';
import {
  Contact,
  ContactQuotaExceeded,
  createContact,
  importContacts,
  type ContactFields,
  type ContactRecord,
  type ContactRow,
  type DoNotCallKey,
} from '../models/contact';
import { inImportClaim } from '../models/importClaim';

export { ImportInProgress } from '../models/importClaim';
import { Organization, organizationLimits } from '../models/organization';

export { DO_NOT_CALL_REASONS, eraseContact, updateContact, type ContactRecord, type DoNotCallKey } from '../models/contact';
export { ContactQuotaExceeded };

export type ContactRefusal = { reason: 'duplicate' } | { reason: 'organization_missing' };

export class ContactRefused extends Error {
  constructor(readonly refusal: ContactRefusal) {
    super(`Contact refused: ${refusal.reason}`);
    this.name = 'ContactRefused';
  }
}

async function maxContacts(organizationId: Types.ObjectId): Promise<number> {
  const organization = await Organization.findById(organizationId).lean();
  if (!organization) throw new ContactRefused({ reason: 'organization_missing' });
  return organizationLimits(organization).maxContacts;
}

export async function listContacts(
  organizationId: Types.ObjectId,
  query: { phoneNumber?: string; doNotCall?: boolean; externalRef?: string; page: number; limit: number },
): Promise<{ docs: ContactRecord[]; total: number }> {
  const filter = {
    organizationId,
    ...(query.phoneNumber !== undefined ? { phoneNumber: query.phoneNumber } : {}),
    ...(query.doNotCall !== undefined ? { doNotCall: query.doNotCall } : {}),
    ...(query.externalRef !== undefined ? { externalRef: query.externalRef } : {}),
  };
  return findPage<ContactRecord>(Contact, filter, query);
}

export async function findContact(organizationId: Types.ObjectId, id: string): Promise<ContactRecord | null> {
  return Contact.findOne({ _id: id, organizationId }).lean<ContactRecord>();
}

/** Throws ContactRefused for a number the organization has already, ContactQuotaExceeded past its plan. */
export async function addContact(key: DoNotCallKey, organizationId: Types.ObjectId, phoneNumber: string, fields: ContactFields): Promise<ContactRecord> {
  try {
    return await createContact(key, organizationId, phoneNumber, fields, await maxContacts(organizationId));
  } catch (err) {
    if (isDuplicateKeyError(err)) throw new ContactRefused({ reason: 'duplicate' });
    throw err;
  }
}

/**
 * Creates or updates every row `readRows` gives, under the organization's import claim (ImportInProgress
 * while another import holds it); `readRows` checks them all before any is applied.
 */
export async function importContactRows(
  key: DoNotCallKey,
  organizationId: Types.ObjectId,
  readRows: () => Promise<ContactRow[]>,
): Promise<{ total: number; created: number; updated: number }> {
  return inImportClaim(organizationId, null, async () => {
    const rows = await readRows();
    const { created, updated } = await importContacts(key, organizationId, rows, await maxContacts(organizationId));
    return { total: rows.length, created, updated };
  });
}
