import { createHash, randomInt } from 'node:crypto';
import { Schema, model, type Types } from 'mongoose';
import { SCOPES } from './scopes';

/**
 * An API key. Only a SHA-256 of the key is stored (keys carry 192 random bits, so a fast hash
 * is enough and lets the key be found by its hash). `creatorPermissions` mirrors the creator's
 * current permissions so one lookup yields the effective scopes; changing a user's permissions
 * rewrites it on all their keys.
 */
/** A key's requests per minute unless its creator chose another rate; a dashboard session's on partner routes. */
export const DEFAULT_RATE_LIMIT_PER_MINUTE = 120;

const apiKeySchema = new Schema(
  {
    organizationId: { type: Schema.Types.ObjectId },
    createdBy: { type: Schema.Types.ObjectId, required: true },
    name: { type: String, required: true },
    mode: { type: String, required: true, enum: ['live', 'test'] },
    keyHash: { type: String, required: true },
    last4: { type: String, required: true },
    scopes: { type: [{ type: String, enum: SCOPES }], required: true },
    creatorPermissions: { type: [{ type: String, enum: SCOPES }], required: true },
    byok: { type: Boolean, required: true, default: false },
    allowedOrigins: { type: [String], default: [] },
    rateLimitPerMinute: { type: Number, required: true, default: DEFAULT_RATE_LIMIT_PER_MINUTE },
    expiresAt: { type: Date, default: null },
    revokedAt: { type: Date, default: null },
    lastUsedAt: { type: Date, default: null },
  },
  { timestamps: true, versionKey: false },
);
apiKeySchema.index({ keyHash: 1 }, { unique: true });
apiKeySchema.index({ organizationId: 1, createdAt: -1 });
apiKeySchema.index({ createdBy: 1 });

export const ApiKey = model('ApiKey', apiKeySchema);

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

export const hashKey = (token: string) => createHash('sha256').update(token).digest('hex');

/** `rb_<mode>_` and 32 base-62 characters (about 190 random bits). */
export function generateKey(mode: 'live' | 'test'): string {
  let secret = '';
  for (let i = 0; i < 32; i += 1) secret += ALPHABET[randomInt(ALPHABET.length)];
  return `rb_${mode}_${secret}`;
}

export interface NewApiKey {
  organizationId: Types.ObjectId;
  createdBy: Types.ObjectId;
  creatorPermissions: string[];
  name: string;
  mode: 'live' | 'test';
  scopes: string[];
  byok?: boolean;
  allowedOrigins?: string[];
  rateLimitPerMinute?: number;
  expiresAt?: Date | null;
}

/** Stores a new key and returns it with its plaintext, which exists only in this answer. */
export async function createApiKey(input: NewApiKey) {
  const key = generateKey(input.mode);
  const doc = await ApiKey.create({ ...input, keyHash: hashKey(key), last4: key.slice(-4) });
  return { doc, key };
}
