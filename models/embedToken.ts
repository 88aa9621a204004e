import { randomBytes } from 'node:crypto';
import { Schema, model } from 'mongoose';

/**
 * A token that lets a browser run one interview inside a partner's page. Only its SHA-256 is
 * stored. `allowedOrigins` is the minting key's list at minting time: revoking an origin on a key
 * does not widen or narrow tokens already handed out, which expire within a day anyway.
 */
const embedTokenSchema = new Schema(
  {
    tokenHash: { type: String, required: true },
    interviewId: { type: Schema.Types.ObjectId, required: true },
    organizationId: { type: Schema.Types.ObjectId, required: true },
    apiKeyId: { type: Schema.Types.ObjectId, required: true },
    allowedOrigins: { type: [String], required: true },
    expiresAt: { type: Date, required: true },
  },
  { timestamps: { createdAt: true, updatedAt: false }, versionKey: false },
);
embedTokenSchema.index({ tokenHash: 1 }, { unique: true });

export const EmbedToken = model('EmbedToken', embedTokenSchema);

/** A candidate credential: `ic_` (the hosted link's capability) or `et_` (an embed token) and 256 random bits. */
export const generateCandidateSecret = (prefix: 'ic' | 'et') => `${prefix}_${randomBytes(32).toString('base64url')}`;
