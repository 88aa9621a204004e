import { Schema, Types, model } from 'mongoose';
import type { CredentialKey } from '../config';
import { isDuplicateKeyError } from '../lib/duplicateKey';
import { seal, unseal, type SealedSecret } from '../lib/seal';

export type { SealedSecret } from '../lib/seal';

export const CREDENTIAL_KINDS = ['llm', 'stt', 'tts'] as const;
export type CredentialKind = (typeof CREDENTIAL_KINDS)[number];

export interface ProviderCredentialRecord {
  _id: Types.ObjectId;
  organizationId: Types.ObjectId;
  kind: CredentialKind;
  provider: string;
  /** The secret's last four characters, to tell credentials apart without revealing them. */
  hint: string;
  secret: SealedSecret;
  verifiedAt: Date | null;
  lastVerificationError: string | null;
  lastVerificationAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

/** A SealedSecret as a document stores it. */
export const SEALED_SECRET_FIELDS = {
  keyId: { type: String, required: true },
  iv: { type: String, required: true },
  tag: { type: String, required: true },
  ciphertext: { type: String, required: true },
};

/**
 * An organization's own vendor credential for one provider kind (bring your own key), one per
 * organization and kind. `verifiedAt` set means the sealed secret is the one in use; the outcome of
 * the latest verification attempt is kept apart from it, so a rejected replacement never displaces
 * a working credential.
 */
const providerCredentialSchema = new Schema<ProviderCredentialRecord>(
  {
    organizationId: { type: Schema.Types.ObjectId, required: true },
    kind: { type: String, required: true, enum: CREDENTIAL_KINDS },
    provider: { type: String, required: true },
    hint: { type: String, required: true },
    secret: SEALED_SECRET_FIELDS,
    verifiedAt: { type: Date, default: null },
    lastVerificationError: { type: String, default: null },
    lastVerificationAt: { type: Date, default: null },
  },
  { timestamps: true, versionKey: false },
);
providerCredentialSchema.index({ organizationId: 1, kind: 1 }, { unique: true });

export const ProviderCredential = model<ProviderCredentialRecord>('ProviderCredential', providerCredentialSchema);

/**
 * Binds a ciphertext to its organization, kind and provider: a sealed secret copied into another
 * organization's document, or relabelled, no longer opens.
 */
const context = (organizationId: Types.ObjectId | string, kind: string, provider: string) =>
  `provider-credential:${String(organizationId)}:${kind}:${provider}`;

export const sealSecret = (key: CredentialKey, organizationId: Types.ObjectId | string, kind: string, provider: string, plaintext: string): SealedSecret =>
  seal(key, context(organizationId, kind, provider), plaintext);

export const openSecret = (
  keys: readonly CredentialKey[],
  organizationId: Types.ObjectId | string,
  kind: string,
  provider: string,
  sealed: SealedSecret,
): string => unseal(keys, context(organizationId, kind, provider), sealed);

interface Attempt {
  key: CredentialKey;
  organizationId: Types.ObjectId;
  kind: CredentialKind;
  provider: string;
  /** The secret as stored: the API key, or for `amazon` the JSON of the AWS key pair and region. */
  apiKey: string;
  /** What tells it apart when shown: its last four characters unless given (an AWS pair shows its key id's). */
  hint?: string;
}

const credentialFields = ({ key, organizationId, kind, provider, apiKey, hint }: Attempt) => ({
  provider,
  hint: hint ?? apiKey.slice(-4),
  secret: sealSecret(key, organizationId, kind, provider, apiKey),
});

/** Stores a credential the vendor accepted: it becomes the one in use, replacing any other. */
export async function storeVerifiedCredential(attempt: Attempt): Promise<ProviderCredentialRecord> {
  const now = new Date();
  const doc = await ProviderCredential.findOneAndUpdate(
    { organizationId: attempt.organizationId, kind: attempt.kind },
    { $set: { ...credentialFields(attempt), verifiedAt: now, lastVerificationError: null, lastVerificationAt: now } },
    { upsert: true, new: true },
  ).lean();
  return doc!;
}

/**
 * Records a credential the vendor refused or could not be asked about. A verified credential of the
 * kind stays in use and only the attempt's error is recorded; without one, the new credential is
 * stored unverified, so the representation shows what was tried.
 */
export async function storeUnverifiedCredential(attempt: Attempt, error: string): Promise<ProviderCredentialRecord> {
  const { organizationId, kind } = attempt;
  const outcome = { lastVerificationError: error, lastVerificationAt: new Date() };
  for (;;) {
    const kept = await ProviderCredential.findOneAndUpdate({ organizationId, kind, verifiedAt: { $ne: null } }, { $set: outcome }, { new: true }).lean();
    if (kept) return kept;
    try {
      const stored = await ProviderCredential.findOneAndUpdate(
        { organizationId, kind, verifiedAt: null },
        { $set: { ...credentialFields(attempt), ...outcome } },
        { upsert: true, new: true },
      ).lean();
      return stored!;
    } catch (err) {
      // A concurrent PUT verified one in between (the upsert met the unique index): keep that one.
      if (!isDuplicateKeyError(err)) throw err;
    }
  }
}

/**
 * Seals every credential that is not under the current key (the first) again under it, so a
 * rotated-out key can then leave CREDENTIALS_ENCRYPTION_PREVIOUS_KEYS. Returns how many it rewrote.
 */
export async function resealCredentials(keys: readonly CredentialKey[]): Promise<number> {
  const [current] = keys;
  let resealed = 0;
  for await (const doc of ProviderCredential.find({ 'secret.keyId': { $ne: current.id } })
    .lean()
    .cursor()) {
    const apiKey = openSecret(keys, doc.organizationId, doc.kind, doc.provider, doc.secret);
    // Only if the secret is still the one read: a PUT that lands meanwhile is not overwritten.
    const { modifiedCount } = await ProviderCredential.updateOne(
      { _id: doc._id, 'secret.ciphertext': doc.secret.ciphertext },
      { $set: { secret: sealSecret(current, doc.organizationId, doc.kind, doc.provider, apiKey) } },
      { timestamps: false },
    );
    resealed += modifiedCount;
  }
  return resealed;
}

/** The kinds the organization has no verified credential for, in the order llm, stt, tts. */
export async function missingByokKinds(organizationId: Types.ObjectId | string): Promise<CredentialKind[]> {
  const verified = await ProviderCredential.find({ organizationId, verifiedAt: { $ne: null } }, { kind: 1 }).lean();
  return CREDENTIAL_KINDS.filter((kind) => !verified.some((c) => c.kind === kind));
}

/**
 * Opens organizations' verified credentials with `keys` (the configuration's current and previous
 * ones), for vendor calls. Each process that calls vendors on an organization's behalf makes one
 * from its configuration and hands it to its LLM and speech sources.
 */
export function organizationCredentials(keys: readonly CredentialKey[]) {
  /**
   * The organization's verified credential of `kind`, opened; null when it has none, so `byok`
   * traffic can fail instead of falling back to the service's credentials. Never log the result.
   */
  return async (organizationId: string, kind: CredentialKind): Promise<{ provider: string; apiKey: string } | null> => {
    const doc = await ProviderCredential.findOne({ organizationId: new Types.ObjectId(organizationId), kind, verifiedAt: { $ne: null } }).lean();
    if (!doc) return null;
    return { provider: doc.provider, apiKey: openSecret(keys, doc.organizationId, doc.kind, doc.provider, doc.secret) };
  };
}
