import type Koa from 'koa';
import { DEFAULT_RATE_LIMIT_PER_MINUTE, hashKey, keyByHash, recordKeyUse } from '../../domain/apiKeys';
import { sessionByToken } from '../../domain/users';
import { invalidApiKey, organizationRequired, permissionDenied } from '../errors';
import type { Auth } from '../defineRoute';
import type { Scope } from '../scopes';

export const KEY_PATTERN = /^rb_(live|test)_[A-Za-z0-9]{32}$/;
export const SESSION_PATTERN = /^rb_dash_[A-Za-z0-9]{40}$/;

/** lastUsedAt is a dashboard hint: written at most once a minute per key and API process, off the request path. */
const LAST_USED_RESOLUTION_MS = 60_000;

/**
 * How long an API process reuses a key lookup. Every request otherwise pays database reads before
 * its real work; a revocation, a permission change or a deactivation made through this process
 * clears the cache at once, and reaches other API processes within this time.
 */
export const KEY_CACHE_TTL_MS = 2_000;

type KeyRecord = Awaited<ReturnType<typeof keyByHash>>;

const caches = new Set<KeyCache>();

/** Clears every key cache of this process: called after revoking a key, changing permissions or deactivating a user. */
export function forgetCachedKeys(): void {
  for (const cache of caches) cache.clear();
}

/** Entries each map of a key cache keeps; past it the oldest entry goes, never the whole map. */
const CACHE_ENTRIES = 10_000;

export class KeyCache {
  // Keys found and hashes not found are kept apart: a flood of made-up keys evicts only other
  // made-up keys, never a real key, so it cannot turn every partner request into a database read.
  private readonly known = new Map<string, { key: NonNullable<KeyRecord>; until: number }>();
  private readonly unknown = new Map<string, number>();
  private readonly touched = new Map<string, number>();

  constructor(
    private readonly ttlMs = KEY_CACHE_TTL_MS,
    private readonly capacity = CACHE_ENTRIES,
  ) {
    caches.add(this);
  }

  async find(keyHash: string): Promise<KeyRecord> {
    const now = Date.now();
    const hit = this.known.get(keyHash);
    if (hit && hit.until > now) return hit.key;
    if ((this.unknown.get(keyHash) ?? 0) > now) return null;
    const key = await keyByHash(keyHash);
    if (key) remember(this.known, this.capacity, keyHash, { key, until: now + this.ttlMs });
    else remember(this.unknown, this.capacity, keyHash, now + this.ttlMs);
    return key;
  }

  /** True once a minute per key and process: when lastUsedAt is due for a write. */
  due(keyId: string): boolean {
    const now = Date.now();
    if (now - (this.touched.get(keyId) ?? 0) <= LAST_USED_RESOLUTION_MS) return false;
    this.touched.set(keyId, now);
    return true;
  }

  clear(): void {
    this.known.clear();
    this.unknown.clear();
  }
}

function remember<V>(map: Map<string, V>, capacity: number, hash: string, value: V): void {
  map.delete(hash);
  if (map.size >= capacity) map.delete(map.keys().next().value!);
  map.set(hash, value);
}

function bearer(ctx: Koa.Context): string {
  const header = ctx.get('authorization');
  if (!header) throw invalidApiKey('Send your API key as `Authorization: Bearer <key>`.');
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  if (!match) throw invalidApiKey('The Authorization header must use the Bearer scheme: `Authorization: Bearer <key>`.');
  return match[1]!;
}

type PartnerAuth = Extract<Auth, { kind: 'apiKey' }>;

/**
 * The credential of a partner route: an API key, or a dashboard session, so the dashboard reaches
 * agents, calls and the rest without any API key being minted for it.
 */
export async function authenticatePartner(ctx: Koa.Context, cache: KeyCache): Promise<PartnerAuth> {
  if (SESSION_PATTERN.test(bearer(ctx))) return sessionAsPartner(await authenticateDashboard(ctx));
  return authenticateApiKey(ctx, cache);
}

/**
 * A session acts as its user does today: their current permissions are its scopes (a permission
 * taken away applies at its next request), it is never byok (byok is a key's setting), it frames
 * no embeds (no allowed origins) and it is rate limited per session at a new key's default rate.
 */
function sessionAsPartner(session: Extract<Auth, { kind: 'dashboard' }>): PartnerAuth {
  return {
    kind: 'apiKey',
    keyId: null,
    session: { sessionId: session.sessionId, userId: session.userId },
    organizationId: session.organizationId,
    scopes: session.permissions,
    byok: false,
    allowedOrigins: [],
    rateLimitPerMinute: DEFAULT_RATE_LIMIT_PER_MINUTE,
  };
}

async function authenticateApiKey(ctx: Koa.Context, cache: KeyCache): Promise<PartnerAuth> {
  const token = bearer(ctx);
  if (!KEY_PATTERN.test(token)) throw invalidApiKey('API keys start with rb_live_ or rb_test_ followed by 32 letters and digits.');
  const key = await cache.find(hashKey(token));
  const now = new Date();
  if (!key || key.revokedAt) throw invalidApiKey('This API key is not valid; it may have been revoked.');
  if (key.expiresAt && key.expiresAt <= now) throw invalidApiKey('This API key has expired.');
  // The prefix is part of the key: a live key presented as test (or the reverse) does not match.
  if (!token.startsWith(`rb_${key.mode}_`)) throw invalidApiKey('This API key is not valid.');
  if (!key.organizationId) throw organizationRequired();
  if (!key.owner || key.owner.deactivatedAt) {
    throw permissionDenied(
      'The user who created this API key is deactivated, so the key holds no permissions; an admin can reactivate them, or replace the key with one they create.',
    );
  }

  if (cache.due(String(key._id))) recordKeyUse(key._id, now).catch((err) => ctx.app.emit('error', err, ctx));
  const held = new Set(key.owner.permissions);
  return {
    kind: 'apiKey',
    keyId: String(key._id),
    organizationId: key.organizationId,
    scopes: new Set(key.scopes.filter((s) => held.has(s)) as Scope[]),
    byok: key.byok,
    allowedOrigins: key.allowedOrigins,
    rateLimitPerMinute: key.rateLimitPerMinute,
  };
}

export async function authenticateDashboard(ctx: Koa.Context): Promise<Extract<Auth, { kind: 'dashboard' }>> {
  const token = bearer(ctx);
  if (KEY_PATTERN.test(token)) throw permissionDenied('API keys cannot call dashboard routes; sign in for a dashboard session.');
  if (!SESSION_PATTERN.test(token)) throw invalidApiKey('Dashboard sessions start with rb_dash_; sign in at POST /api/v1/dashboard/sessions.');
  const found = await sessionByToken(token);
  if (!found) throw invalidApiKey('This dashboard session is not valid or has expired; sign in again.');
  const { sessionId, user } = found;
  if (user.deactivatedAt) throw invalidApiKey('This dashboard session is not valid; sign in again.');
  return {
    kind: 'dashboard',
    sessionId,
    userId: user._id,
    organizationId: user.organizationId,
    role: user.role,
    permissions: new Set(user.permissions),
    founder: Boolean(user.founder),
  };
}
