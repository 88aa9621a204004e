import { Schema, model, type Types } from 'mongoose';

/**
 * An organization's own vendor credential for one provider kind (bring your own key). Only
 * verified credentials of all three kinds make `byok` keys possible.
 */
const providerCredentialSchema = new Schema(
  {
    organizationId: { type: Schema.Types.ObjectId, required: true },
    kind: { type: String, required: true, enum: ['llm', 'stt', 'tts'] },
    provider: { type: String, required: true },
    verifiedAt: { type: Date, default: null },
  },
  { timestamps: true, versionKey: false },
);
providerCredentialSchema.index({ organizationId: 1, kind: 1 }, { unique: true });

export const ProviderCredential = model('ProviderCredential', providerCredentialSchema);

export async function byokReady(organizationId: Types.ObjectId): Promise<boolean> {
  const verified = await ProviderCredential.countDocuments({ organizationId, verifiedAt: { $ne: null } });
  return verified === 3;
}
