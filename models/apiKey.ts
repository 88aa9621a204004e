import { createHash, randomInt } from 'node:crypto';
import { Schema, model, type Types } from 'mongoose';
import { isDuplicateKeyError } from '../lib/duplicateKey';
import { SCOPES } from './scopes';

/** A key's requests per minute unless its creator chose another rate; a dashboard session's on partner routes. */
export const DEFAULT_RATE_LIMIT_PER_MINUTE = 120;

/**
 * An API key. Only a SHA-256 of the key is stored (keys carry 192 random bits, so a fast hash
 * is enough and lets the key be found by its hash). The document is written once, at creation:
 * FerretDB applies every update as a read and a rewrite of the whole document, so any later write
 * (a last use) could put back a state it read before (a revocation). What changes lives apart:
 * the revocation (`ApiKeyRevocation`, an insert), the last use (`ApiKeyUsage`) and the creator's
 * permissions (their user document), which the effective scopes are read from.
 */
const apiKeySchema = new Schema(
  {
    organizationId: { type: Schema.Types.ObjectId },
    createdBy: { type: Schema.Types.ObjectId, required: true },
    name: { type: String, required: true },
    mode: { type: String, required: true, enum: ['live', 'test'] },
    keyHash: { type: String, required: true },
    last4: { type: String, required: true },
    scopes: { type: [{ type: String, enum: SCOPES }], required: true },
    byok: { type: Boolean, required: true, default: false },
    allowedOrigins: { type: [String], default: [] },
    rateLimitPerMinute: { type: Number, required: true, default: DEFAULT_RATE_LIMIT_PER_MINUTE },
    expiresAt: { type: Date, default: null },
    /** Written here only by versions before `ApiKeyRevocation`: still honoured, never written. */
    revokedAt: { type: Date, default: null },
    /** Written here only by versions before `ApiKeyUsage`: shown until the key is used again. */
    lastUsedAt: { type: Date, default: null },
  },
  { timestamps: true, versionKey: false },
);
apiKeySchema.index({ keyHash: 1 }, { unique: true });
apiKeySchema.index({ organizationId: 1, createdAt: -1 });
apiKeySchema.index({ createdBy: 1 });

export const ApiKey = model('ApiKey', apiKeySchema);

/** A key's revocation, under the key's `_id`: an insert, the one write FerretDB applies atomically, so nothing undoes it. */
const apiKeyRevocationSchema = new Schema(
  {
    _id: { type: Schema.Types.ObjectId, required: true },
    revokedAt: { type: Date, required: true },
  },
  { versionKey: false },
);
export const ApiKeyRevocation = model('ApiKeyRevocation', apiKeyRevocationSchema);

/** A key's last use, under the key's `_id`: its writes rewrite only this document. */
const apiKeyUsageSchema = new Schema(
  {
    _id: { type: Schema.Types.ObjectId, required: true },
    lastUsedAt: { type: Date, required: true },
  },
  { versionKey: false },
);
export const ApiKeyUsage = model('ApiKeyUsage', apiKeyUsageSchema);

/** Revokes the key for good; revoking it again keeps the first revocation's time. */
export async function revokeApiKey(keyId: Types.ObjectId): Promise<void> {
  try {
    await ApiKeyRevocation.create({ _id: keyId, revokedAt: new Date() });
  } catch (err) {
    if (!isDuplicateKeyError(err)) throw err;
  }
}

export async function recordKeyUse(keyId: Types.ObjectId, at: Date): Promise<void> {
  try {
    await ApiKeyUsage.updateOne({ _id: keyId }, { $set: { lastUsedAt: at } }, { upsert: true });
  } catch (err) {
    // Another process recorded a use of the key at the same moment: theirs will do.
    if (!isDuplicateKeyError(err)) throw err;
  }
}

/** When the key was revoked, or null: its revocation record, or the field older versions wrote. */
export async function revokedAtOf(key: { _id: Types.ObjectId; revokedAt?: Date | null }): Promise<Date | null> {
  const revocation = await ApiKeyRevocation.findById(key._id).lean();
  return revocation?.revokedAt ?? key.revokedAt ?? null;
}

/** The keys with their revocation and last use read from their own records. */
/** The ids of an organization's revoked keys: revocations are kept apart from the keys (ApiKeyRevocation). */
export async function revokedKeyIds(organizationId: Types.ObjectId): Promise<Types.ObjectId[]> {
  const ids = await ApiKey.distinct('_id', { organizationId });
  return ApiKeyRevocation.distinct('_id', { _id: { $in: ids } });
}

export async function withKeyState<K extends { _id: Types.ObjectId; revokedAt?: Date | null; lastUsedAt?: Date | null }>(keys: K[]): Promise<K[]> {
  const ids = keys.map((k) => k._id);
  const [revocations, usages] = await Promise.all([ApiKeyRevocation.find({ _id: { $in: ids } }).lean(), ApiKeyUsage.find({ _id: { $in: ids } }).lean()]);
  const revokedAt = new Map(revocations.map((r) => [String(r._id), r.revokedAt]));
  const lastUsedAt = new Map(usages.map((u) => [String(u._id), u.lastUsedAt]));
  return keys.map((k) => ({
    ...k,
    revokedAt: revokedAt.get(String(k._id)) ?? k.revokedAt ?? null,
    lastUsedAt: lastUsedAt.get(String(k._id)) ?? k.lastUsedAt ?? null,
  }));
}

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
