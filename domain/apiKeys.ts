/**
 * The organization's API keys: issuing one (its plaintext exists only in the answer), listing
 * them by state, and revoking one so that no concurrent use can undo it (models/apiKey.ts keeps
 * revocations apart from the key's own document for that reason).
 */
import type { Types } from 'mongoose';
import { findPage } from '../lib/page';
import { ApiKey, createApiKey, revokeApiKey, revokedAtOf, revokedKeyIds, withKeyState, type NewApiKey } from '../models/apiKey';
import { User } from '../models/user';

export { DEFAULT_RATE_LIMIT_PER_MINUTE, hashKey, recordKeyUse } from '../models/apiKey';

export const KEY_STATUSES = ['active', 'revoked', 'expired'] as const;
export type KeyStatus = (typeof KEY_STATUSES)[number];

/** A key as the organization's lists show it: with its revocation and last use resolved. */
export interface KeyRecord {
  _id: Types.ObjectId;
  createdBy: Types.ObjectId;
  name: string;
  last4: string;
  mode: 'live' | 'test';
  scopes: string[];
  byok: boolean;
  allowedOrigins: string[];
  rateLimitPerMinute: number;
  expiresAt?: Date | null;
  revokedAt?: Date | null;
  lastUsedAt?: Date | null;
  createdAt: Date;
}

/** The organization's keys in one state: revoked (whenever they expire), else expired, else active. */
async function statusFilter(organizationId: Types.ObjectId, status: KeyStatus): Promise<Record<string, unknown>> {
  const now = new Date();
  const revoked = await revokedKeyIds(organizationId);
  if (status === 'revoked') return { $or: [{ _id: { $in: revoked } }, { revokedAt: { $ne: null } }] };
  const unrevoked = { _id: { $nin: revoked }, revokedAt: null };
  if (status === 'expired') return { ...unrevoked, expiresAt: { $ne: null, $lte: now } };
  return { ...unrevoked, $or: [{ expiresAt: null }, { expiresAt: { $gt: now } }] };
}

export async function issueKey(input: NewApiKey): Promise<{ doc: KeyRecord; key: string }> {
  const { doc, key } = await createApiKey(input);
  return { doc: doc.toObject<KeyRecord>(), key };
}

/** A page of the organization's keys, newest first. */
export async function listKeys(
  organizationId: Types.ObjectId,
  query: { createdBy?: string; status?: KeyStatus; page: number; limit: number },
): Promise<{ docs: KeyRecord[]; total: number }> {
  const filter = {
    organizationId,
    ...(query.createdBy ? { createdBy: query.createdBy } : {}),
    ...(query.status ? await statusFilter(organizationId, query.status) : {}),
  };
  const { docs, total } = await findPage<KeyRecord>(ApiKey, filter, query);
  return { docs: await withKeyState(docs), total };
}

/** Revokes the organization's key; null when it has no key of that id. Revoking twice answers the same key. */
export async function revokeKey(organizationId: Types.ObjectId, id: string): Promise<KeyRecord | null> {
  const doc = await ApiKey.findOne({ _id: id, organizationId }).lean<KeyRecord>();
  if (!doc) return null;
  await revokeApiKey(doc._id);
  const [revoked] = await withKeyState([doc]);
  return revoked!;
}

/**
 * The key a request presents, by its hash, with what authenticating it needs: its revocation
 * (kept apart from the key's document) and its creator's permissions and status, which bound it.
 */
export async function keyByHash(keyHash: string) {
  const key = await ApiKey.findOne({ keyHash }).lean();
  if (!key) return null;
  const [revokedAt, owner] = await Promise.all([revokedAtOf(key), User.findById(key.createdBy, { permissions: 1, deactivatedAt: 1 }).lean()]);
  return { ...key, revokedAt, owner };
}
