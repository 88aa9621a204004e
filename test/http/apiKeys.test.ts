/**
 * What no concurrent write may undo: a key's revocation, a user's narrowing and deactivation, each
 * made while the keys are in use on several API processes over the same database. And what a
 * deactivation does to its user's keys.
 */
import { randomBytes, scryptSync } from 'node:crypto';
import { KEY_CACHE_TTL_MS } from '../../api/middleware/auth';
import { SCOPES } from '../../api/scopes';
import { ApiKeyRevocation, ApiKeyUsage } from '../../models/apiKey';
import { User } from '../../models/user';
import { createTenant, startApi, type ApiResponse, type TestApi, type Tenant } from '../helpers/app';
import { uniqueName } from '../helpers/servers';

let api: Awaited<ReturnType<typeof startApi>>;
let apps: TestApi[];
let tenant: Tenant;
let founder: string;

const PASSWORD = 'correct horse battery';
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function signIn(email: string, password = PASSWORD): Promise<string> {
  const res = await api.call('POST', '/api/v1/dashboard/sessions', { body: { email, password } });
  expect(res.status).toBe(201);
  return res.body.token as string;
}

/** A second admin of the tenant, with a session and `count` keys of their own. */
async function adminWithKeys(count: number) {
  const email = `${uniqueName('admin')}@example.com`;
  const user = await api.call('POST', '/api/v1/dashboard/users', { token: founder, body: { email, password: PASSWORD, role: 'admin' } });
  expect(user.status).toBe(201);
  const session = await signIn(email);
  const keys = await Promise.all(
    Array.from({ length: count }, async () => {
      const res = await api.call('POST', '/api/v1/api-keys', {
        token: session,
        body: { name: uniqueName('key'), scopes: [...SCOPES], rateLimitPerMinute: 10_000 },
      });
      expect(res.status).toBe(201);
      return { id: res.body.id as string, key: res.body.key as string };
    }),
  );
  return { id: user.body.id as string, email, session, keys };
}

const listAgents = (app: TestApi, key: string) => app.call('GET', '/api/v1/agents', { token: key });

/**
 * Uses `key` on every API process, without pause, until `change` has answered: each process's first
 * use writes the key's last use, so those writes race the change.
 */
async function whileInUse(key: string, change: () => Promise<ApiResponse>): Promise<ApiResponse> {
  let changed = false;
  const use = (app: TestApi) =>
    (async () => {
      while (!changed) await listAgents(app, key);
    })();
  const users = apps.map(use);
  const res = await change();
  changed = true;
  await Promise.all(users);
  return res;
}

beforeAll(async () => {
  // The uses go on past each change from one address: no throttle may answer in the key's place.
  api = await startApi('apikeys', { INVALID_CREDENTIALS_PER_MINUTE: '65535' });
  apps = [api, ...(await Promise.all([1, 2, 3].map(() => api.extraApp())))];
  tenant = await createTenant({ limits: { maxUsers: 50 } });
  founder = await signIn(tenant.adminEmail, tenant.adminPassword);
});
afterAll(() => api?.close());

test('20 keys revoked while four API processes use them: every one answers 401 afterwards and is listed revoked', async () => {
  const { keys } = await adminWithKeys(20);
  const revocations = await Promise.all(keys.map((k) => whileInUse(k.key, () => api.call('DELETE', `/api/v1/api-keys/${k.id}`, { token: founder }))));
  for (const res of revocations) expect(res.status).toBe(200);
  // The uses did write their last use meanwhile: the race was run.
  expect(await ApiKeyUsage.countDocuments({ _id: { $in: keys.map((k) => k.id) } })).toBeGreaterThan(0);

  // A lookup that began before the revocation may be cached for KEY_CACHE_TTL_MS, no longer.
  await pause(KEY_CACHE_TTL_MS + 500);
  for (const k of keys) {
    for (const app of apps) {
      const res = await listAgents(app, k.key);
      expect({ key: k.id, status: res.status, code: res.body.error?.code }).toEqual({ key: k.id, status: 401, code: 'INVALID_API_KEY' });
    }
  }
  const listed = await api.call('GET', '/api/v1/api-keys?limit=100', { token: founder });
  const state = new Map(listed.body.data.map((k: { id: string; revokedAt: string | null }) => [k.id, k.revokedAt]));
  for (const k of keys) expect(state.get(k.id)).toEqual(expect.any(String));
  expect(await ApiKeyRevocation.countDocuments({ _id: { $in: keys.map((k) => k.id) } })).toBe(20);
}, 120_000);

test('a narrowing made while the keys are in use holds: they lose the scope for good', async () => {
  const second = await adminWithKeys(5);
  const narrowed = await Promise.all(
    second.keys.map((k, i) =>
      whileInUse(k.key, () =>
        // One PATCH per key, each a different permission set without agents:read, racing the others and the uses.
        api.call('PATCH', `/api/v1/dashboard/users/${second.id}`, {
          token: founder,
          body: { permissions: SCOPES.filter((s) => s !== 'agents:read' && s !== SCOPES[i + 2]) },
        }),
      ),
    ),
  );
  for (const res of narrowed) expect(res.status).toBe(200);
  await pause(KEY_CACHE_TTL_MS + 500);
  for (const k of second.keys) {
    for (const app of apps) {
      const res = await listAgents(app, k.key);
      expect({ status: res.status, code: res.body.error?.code }).toEqual({ status: 403, code: 'PERMISSION_DENIED' });
    }
  }
  expect((await User.findById(second.id).lean())!.permissions).not.toContain('agents:read');
}, 60_000);

test('a deactivation holds against a sign-in that rewrites the password hash at the same moment', async () => {
  const second = await adminWithKeys(3);
  // A hash of the earlier cost: the next sign-in replaces it, a write of the user's document.
  const salt = randomBytes(16);
  await User.updateOne({ _id: second.id }, { $set: { passwordHash: `scrypt$${salt.toString('hex')}$${scryptSync(PASSWORD, salt, 32).toString('hex')}` } });
  // The sign-in reads the user, then spends a few hundred milliseconds hashing before it writes:
  // the deactivation lands in between.
  const signingIn = api.call('POST', '/api/v1/dashboard/sessions', { body: { email: second.email, password: PASSWORD } });
  await pause(100);
  const deactivated = await whileInUse(second.keys[0]!.key, () =>
    api.call('PATCH', `/api/v1/dashboard/users/${second.id}`, { token: founder, body: { status: 'deactivated' } }),
  );
  expect(deactivated.status).toBe(200);
  const signedIn = await signingIn;
  const stored = (await User.findById(second.id).lean())!;
  expect(stored.deactivatedAt).toEqual(expect.any(Date));
  // A sign-in that read the user before the deactivation rehashed the password: both writes are kept.
  if (signedIn.status === 201) expect(stored.passwordHash).toMatch(/^scrypt\$N=65536,/);
  else expect(signedIn.status).toBe(403);
  await pause(KEY_CACHE_TTL_MS + 500);
  for (const app of apps) expect((await listAgents(app, second.keys[0]!.key)).status).toBe(403);
}, 60_000);

describe("a deactivated user's keys hold no permissions", () => {
  test('they answer 403 PERMISSION_DENIED saying why, at once, and work again once the user is reactivated', async () => {
    const second = await adminWithKeys(2);
    const [key] = second.keys;
    const foundersKey = await tenant.key();
    expect((await listAgents(api, key!.key)).status).toBe(200);

    const off = await api.call('PATCH', `/api/v1/dashboard/users/${second.id}`, { token: founder, body: { status: 'deactivated' } });
    expect(off.status).toBe(200);
    for (const app of apps) {
      for (const path of ['/api/v1/agents', '/api/v1/usage']) {
        const res = await app.call('GET', path, { token: key!.key });
        expect(res.status).toBe(403);
        expect(res.body).toMatchObject({ error: { type: 'permission_error', code: 'PERMISSION_DENIED' }, request_id: expect.any(String) });
        expect(res.body.error.message).toMatch(/deactivated/);
      }
    }
    // The founder's keys are untouched.
    expect((await listAgents(api, foundersKey)).status).toBe(200);

    const on = await api.call('PATCH', `/api/v1/dashboard/users/${second.id}`, { token: founder, body: { status: 'active' } });
    expect(on.status).toBe(200);
    expect((await listAgents(api, key!.key)).status).toBe(200);
  });

  test('GET /api-keys?createdBy= lists the keys a deactivation would stop, for the dashboard to warn with', async () => {
    const second = await adminWithKeys(2);
    await tenant.key();
    const res = await api.call('GET', `/api/v1/api-keys?createdBy=${second.id}&limit=100`, { token: founder });
    expect(res.status).toBe(200);
    expect(res.body.data.map((k: { id: string }) => k.id).sort()).toEqual(second.keys.map((k) => k.id).sort());
    for (const k of res.body.data) expect(k.createdBy).toBe(second.id);
    const bad = await api.call('GET', '/api/v1/api-keys?createdBy=nope', { token: founder });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatchObject({ code: expect.any(String), param: 'query.createdBy' });
  });
});

test('the list filters by status: active, revoked, expired, and every key without one', async () => {
  const { session } = await adminWithKeys(0);
  const make = async (extra: Record<string, unknown> = {}) =>
    (await api.call('POST', '/api/v1/api-keys', { token: session, body: { name: uniqueName('status'), scopes: ['agents:read'], ...extra } })).body.id as string;
  const active = await make();
  const revoked = await make();
  expect((await api.call('DELETE', `/api/v1/api-keys/${revoked}`, { token: session })).status).toBe(200);
  const expiring = await make({ expiresAt: new Date(Date.now() + 1500).toISOString() });
  await pause(2000);
  const ids = async (status?: string) => {
    const res = await api.call('GET', `/api/v1/api-keys?limit=100${status ? `&status=${status}` : ''}`, { token: session });
    expect(res.status).toBe(200);
    return (res.body.data as { id: string }[]).map((k) => k.id).filter((id) => [active, revoked, expiring].includes(id));
  };
  expect(await ids('active')).toEqual([active]);
  expect(await ids('revoked')).toEqual([revoked]);
  expect(await ids('expired')).toEqual([expiring]);
  expect(await ids()).toEqual([expiring, revoked, active]);
  const bad = await api.call('GET', '/api/v1/api-keys?status=gone', { token: session });
  expect(bad.body.error).toMatchObject({ code: 'VALIDATION_ERROR', param: 'query.status' });
});
