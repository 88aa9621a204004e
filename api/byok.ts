import type { Types } from 'mongoose';
import { missingByokKinds } from '../domain/providerCredentials';
import { byokNotReady } from './errors';

/**
 * `byok` traffic runs only on the organization's own verified credentials and never falls back to
 * the service's, so it is refused before anything starts when one kind has none.
 */
export async function assertByokReady(organizationId: Types.ObjectId, param?: string): Promise<void> {
  const missing = await missingByokKinds(organizationId);
  if (missing.length) throw byokNotReady(missing, param);
}
