import { randomBytes } from 'node:crypto';
import { Schema, model } from 'mongoose';

/**
 * A token that lets a browser run one interview inside a partner's page. Only its SHA-256 is
 * stored. `allowedOrigins` is the minting key's list at minting time: revoking an origin on a key
 * does not widen or narrow tokens already handed out, which expire within a day anyway. The token
 * works only while the minting key does: its revocation or expiry ends it (`verifyCandidate`).
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
embedTokenSchema.index({ interviewId: 1 });

export const EmbedToken = model('EmbedToken', embedTokenSchema);

/**
 * Every origin any embed token of the interview allows: who may frame its embed page. The page
 * is served before its token is known (the token travels in the URL fragment); the token itself
 * is then checked, origin included, by every candidate request the frame makes.
 */
export async function embedOriginsOf(interviewId: string): Promise<string[]> {
  const tokens = await EmbedToken.find({ interviewId }, { allowedOrigins: 1 }).lean();
  return [...new Set(tokens.flatMap((t) => t.allowedOrigins))];
}

/** A candidate credential: `ic_` (the hosted link's capability) or `et_` (an embed token) and 256 random bits. */
export const generateCandidateSecret = (prefix: 'ic' | 'et') => `${prefix}_${randomBytes(32).toString('base64url')}`;
