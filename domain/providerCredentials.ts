/**
 * The organization's own vendor credentials (BYOK), one per kind, sealed under the server's key.
 * A credential is stored whatever its verification says, so a failed check never loses the secret
 * just typed, but only a verified one serves conversations.
 */
import type { Types } from 'mongoose';
import { CREDENTIAL_KINDS, ProviderCredential, type CredentialKind, type ProviderCredentialRecord } from '../models/providerCredential';

export {
  CREDENTIAL_KINDS,
  missingByokKinds,
  organizationCredentials,
  storeUnverifiedCredential,
  storeVerifiedCredential,
  type CredentialKind,
  type ProviderCredentialRecord,
} from '../models/providerCredential';

/** The organization's credentials in the order of CREDENTIAL_KINDS. */
export async function listCredentials(organizationId: Types.ObjectId): Promise<ProviderCredentialRecord[]> {
  const docs = await ProviderCredential.find({ organizationId }).lean<ProviderCredentialRecord[]>();
  return CREDENTIAL_KINDS.flatMap((kind) => docs.filter((d) => d.kind === kind));
}

export async function findCredential(organizationId: Types.ObjectId, kind: CredentialKind): Promise<ProviderCredentialRecord | null> {
  return ProviderCredential.findOne({ organizationId, kind }).lean<ProviderCredentialRecord>();
}

/** False when the organization had none of that kind. */
export async function deleteCredential(organizationId: Types.ObjectId, kind: CredentialKind): Promise<boolean> {
  const { deletedCount } = await ProviderCredential.deleteOne({ organizationId, kind });
  return deletedCount === 1;
}
