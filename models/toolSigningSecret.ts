import { randomBytes } from 'node:crypto';
import { Schema, model, type Types } from 'mongoose';
import type { CredentialKey } from '../config';
import { seal, unseal, type SealedSecret } from '../lib/seal';
import { SEALED_SECRET_FIELDS } from './providerCredential';

export interface ToolSigningSecretRecord {
  _id: Types.ObjectId;
  organizationId: Types.ObjectId;
  /** The secret's last four characters, to tell one rotation from the next without revealing it. */
  hint: string;
  secret: SealedSecret;
  createdAt: Date;
  updatedAt: Date;
}

/**
 * The key an organization's tool servers check each request's signature with, one per
 * organization. The service must sign with it, so it is sealed (as provider credentials are),
 * not hashed; it is shown once, when made.
 */
const toolSigningSecretSchema = new Schema<ToolSigningSecretRecord>(
  {
    organizationId: { type: Schema.Types.ObjectId, required: true },
    hint: { type: String, required: true },
    secret: SEALED_SECRET_FIELDS,
  },
  { timestamps: true, versionKey: false },
);
toolSigningSecretSchema.index({ organizationId: 1 }, { unique: true });

export const ToolSigningSecret = model<ToolSigningSecretRecord>('ToolSigningSecret', toolSigningSecretSchema);

/** Bound to its organization: copied into another organization's document, it no longer opens. */
const context = (organizationId: Types.ObjectId | string) => `tool-signing-secret:${String(organizationId)}`;

/** A new secret for the organization, replacing its previous one at once; the plaintext is returned this once. */
export async function rotateToolSigningSecret(
  key: CredentialKey,
  organizationId: Types.ObjectId,
): Promise<{ secret: string; record: ToolSigningSecretRecord }> {
  const secret = `tss_${randomBytes(32).toString('base64url')}`;
  const record = await ToolSigningSecret.findOneAndUpdate(
    { organizationId },
    { $set: { hint: secret.slice(-4), secret: seal(key, context(organizationId), secret) } },
    { upsert: true, new: true },
  ).lean();
  return { secret, record: record! };
}

/** The organization's secret in clear, to sign with; null when it has none yet. */
export async function toolSigningSecret(keys: readonly CredentialKey[], organizationId: Types.ObjectId | string): Promise<string | null> {
  const record = await ToolSigningSecret.findOne({ organizationId }).lean();
  return record ? unseal(keys, context(organizationId), record.secret) : null;
}
