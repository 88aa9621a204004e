/**
 * Authentication, scopes, tenant isolation and the per-key rate limit, through HTTP against the
 * real servers. The scope, isolation and credential-kind matrices are built from the route table,
 * so a route added later is covered without editing this file.
 */
import { randomBytes } from 'node:crypto';
import { KEY_CACHE_TTL_MS } from '../../api/middleware/auth';
import { API_PREFIX } from '../../api/router';
import { apiRoutes } from '../../api/routes';
import { SCOPES, type Scope } from '../../api/scopes';
import { ApiKey, createApiKey, hashKey, revokeApiKey } from '../../models/apiKey';
import { createTenant, startApi, type ApiResponse, type TestApi, type Tenant } from '../helpers/app';
import { uniqueName } from '../helpers/servers';

let api: Awaited<ReturnType<typeof startApi>>;
let api2: TestApi;
let tenant: Tenant;
let key: string;

beforeAll(async () => {
  api = await startApi('auth');
  api2 = await api.extraApp();
  tenant = await createTenant();
  key = await tenant.key();
});
afterAll(() => api?.close());

const ROUTES = apiRoutes();
const FAKE_ID = '0123456789abcdef01234567';
const routeName = (r: { method: string; path: string }) => `${r.method.toUpperCase()} ${r.path}`;
const pathWith = (path: string, id: string) => `${API_PREFIX}${path.replace(/\{id\}/g, id)}`;
/** Bodies that pass validation, for routes whose body is checked before the resource is looked up. */
const VALID_BODIES: Record<string, unknown> = {
  'POST /campaigns/{id}/recipients': { recipients: [{ phoneNumber: '+442079460010' }] },
  'PATCH /contacts/{id}': { name: 'hijacked' },
  'PATCH /phone-numbers/{id}': { name: 'hijacked' },
};
const withBody = (method: string) => (['post', 'patch', 'put'].includes(method) ? {} : undefined);

const partnerRoutes = ROUTES.filter((r) => r.auth === 'apiKey');
const scopedRoutes = partnerRoutes.filter((r) => r.scope);
const idRoutes = partnerRoutes.filter((r) => r.path.includes('{id}'));
const dashboardRoutes = ROUTES.filter((r) => r.auth === 'dashboard');

const alnum = (n: number) => {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  return [...randomBytes(n)].map((b) => alphabet[b % alphabet.length]).join('');
};

/** The spec's error envelope, with the request id in the body equal to the x-request-id header. */
function expectError(res: ApiResponse, status: number, type: string, code: string) {
  expect({ status: res.status, type: res.body?.error?.type, code: res.body?.error?.code }).toEqual({ status, type, code });
  expect(res.body).toEqual({
    error: expect.objectContaining({ type, code, message: expect.any(String) }),
    request_id: expect.stringMatching(/\S/),
  });
  expect(Object.keys(res.body).sort()).toEqual(['error', 'request_id']);
  expect(res.body.error.message.length).toBeGreaterThan(0);
  expect(res.headers.get('x-request-id')).toBe(res.body.request_id);
}

async function signIn(email: string, password: string): Promise<string> {
  const res = await api.call('POST', '/api/v1/dashboard/sessions', { body: { email, password } });
  expect(res.status).toBe(201);
  expect(res.body.token).toMatch(/^rb_dash_/);
  return res.body.token;
}

const listAgents = (token: string, via: TestApi = api) => via.call('GET', '/api/v1/agents', { token });
const raw = (authorization: string | undefined) => api.call('GET', '/api/v1/agents', authorization === undefined ? {} : { headers: { authorization } });

describe('401 INVALID_API_KEY', () => {
  // Each case yields the Authorization header to send (undefined: none). Where the credential was
  // once valid, the setup first shows it working, so the 401 is owed to the change alone.
  const cases: [string, () => Promise<string | undefined>][] = [
    ['no Authorization header', async () => undefined],
    ['the Basic scheme', async () => `Basic ${Buffer.from('user:pass').toString('base64')}`],
    ['the Basic scheme carrying a valid key', async () => `Basic ${key}`],
    ['Bearer with no token', async () => 'Bearer '],
    ['an unknown prefix rb_prod_', async () => `Bearer rb_prod_${alnum(32)}`],
    ['a live key with a character too few', async () => `Bearer ${key.slice(0, -1)}`],
    ['a well-formed but unknown live key', async () => `Bearer rb_live_${alnum(32)}`],
    ['a well-formed but unknown test key', async () => `Bearer rb_test_${alnum(32)}`],
    [
      'a key revoked in the dashboard',
      async () => {
        const session = await signIn(tenant.adminEmail, tenant.adminPassword);
        const created = await api.call('POST', '/api/v1/api-keys', { token: session, body: { name: uniqueName('k'), scopes: ['agents:read'] } });
        expect(created.status).toBe(201);
        expect((await listAgents(created.body.key)).status).toBe(200);
        const revoked = await api.call('DELETE', `/api/v1/api-keys/${created.body.id}`, { token: session });
        expect(revoked.status).toBe(200);
        expect(revoked.body.revokedAt).toEqual(expect.any(String));
        return `Bearer ${created.body.key}`;
      },
    ],
    [
      'an expired key',
      async () => {
        const base = { organizationId: tenant.organizationId, createdBy: tenant.adminId, mode: 'live' as const, scopes: ['agents:read'] };
        // The same key with a future expiry works: only the past expiry makes the difference.
        const live = await createApiKey({ ...base, name: uniqueName('k'), expiresAt: new Date(Date.now() + 3600_000) });
        expect((await listAgents(live.key)).status).toBe(200);
        const expired = await createApiKey({ ...base, name: uniqueName('k'), expiresAt: new Date(Date.now() - 1000) });
        return `Bearer ${expired.key}`;
      },
    ],
    [
      'a live key presented with the rb_test_ prefix',
      async () => {
        expect((await listAgents(key)).status).toBe(200);
        return `Bearer ${key.replace(/^rb_live_/, 'rb_test_')}`;
      },
    ],
    [
      'a test key presented with the rb_live_ prefix',
      async () => {
        const k = await tenant.key(['agents:read'], { mode: 'test' });
        expect(k).toMatch(/^rb_test_/);
        expect((await listAgents(k)).status).toBe(200);
        return `Bearer ${k.replace(/^rb_test_/, 'rb_live_')}`;
      },
    ],
  ];

  test.each(cases)('%s', async (_name, setup) => {
    const res = await raw(await setup());
    expectError(res, 401, 'authentication_error', 'INVALID_API_KEY');
    expect(res.body.error).not.toHaveProperty('param');
  });

  test('a key revoked by another API process stops working within the documented key-cache time', async () => {
    const k = await tenant.key(['agents:read']);
    expect((await listAgents(k)).status).toBe(200);
    // Written to the database directly, as another process would: this process learns it when its
    // cached lookup expires, KEY_CACHE_TTL_MS at most.
    const revokedAt = Date.now();
    const key = await ApiKey.findOne({ keyHash: hashKey(k) }).lean();
    await revokeApiKey(key!._id);
    // The cached lookup was made before `revokedAt`: any request sent once its time is over is refused.
    await new Promise((r) => setTimeout(r, revokedAt + KEY_CACHE_TTL_MS + 10 - Date.now()));
    expectError(await listAgents(k), 401, 'authentication_error', 'INVALID_API_KEY');
  });

  test('a failed authentication answers before the rate limiter: no x-ratelimit headers', async () => {
    const res = await raw(`Bearer rb_live_${alnum(32)}`);
    expect(res.status).toBe(401);
    expect(res.headers.get('x-ratelimit-limit')).toBeNull();
  });
});

describe('scopes, from the route table', () => {
  test('the table has scoped partner routes to check', () => {
    expect(scopedRoutes.length).toBeGreaterThanOrEqual(6);
    expect(scopedRoutes.map(routeName)).toEqual(expect.arrayContaining(['GET /agents', 'POST /agents', 'GET /usage']));
  });

  test.each(scopedRoutes.map((r) => [routeName(r), r] as const))('%s: every scope but its own is 403 PERMISSION_DENIED', async (_n, route) => {
    const k = await tenant.key(SCOPES.filter((s) => s !== route.scope));
    const res = await api.call(route.method.toUpperCase(), pathWith(route.path, FAKE_ID), { token: k, body: withBody(route.method) });
    expectError(res, 403, 'permission_error', 'PERMISSION_DENIED');
  });

  test.each(scopedRoutes.map((r) => [routeName(r), r] as const))('%s: all scopes, or its scope alone, pass the scope check', async (_n, route) => {
    for (const k of [key, await tenant.key([route.scope as Scope])]) {
      const res = await api.call(route.method.toUpperCase(), pathWith(route.path, FAKE_ID), { token: k, body: withBody(route.method) });
      expect([401, 403, 429, 500]).not.toContain(res.status);
      expect(res.headers.get('x-request-id')).toMatch(/\S/);
    }
  });
});

describe('effective access is key scopes ∩ the creator’s current permissions', () => {
  test('narrowing a non-founder admin narrows their keys at once; restoring restores them', async () => {
    const t = await createTenant();
    const founder = await signIn(t.adminEmail, t.adminPassword);
    const email = `${uniqueName('second')}@example.com`;
    const password = 'correct horse battery';
    const user = await api.call('POST', '/api/v1/dashboard/users', { token: founder, body: { email, password, role: 'admin' } });
    expect(user.status).toBe(201);
    expect(user.body).toMatchObject({ role: 'admin', founder: false, permissions: [...SCOPES] });

    const second = await signIn(email, password);
    const created = await api.call('POST', '/api/v1/api-keys', { token: second, body: { name: 'full', scopes: [...SCOPES] } });
    expect(created.status).toBe(201);
    const full = created.body.key as string;
    const usageOnly = (await api.call('POST', '/api/v1/api-keys', { token: second, body: { name: 'usage', scopes: ['organization:read'] } })).body
      .key as string;
    const founderKey = await t.key();

    expect((await listAgents(full)).status).toBe(200);
    expect((await api.call('GET', '/api/v1/usage', { token: full })).status).toBe(200);
    expectError(await listAgents(usageOnly), 403, 'permission_error', 'PERMISSION_DENIED');

    const narrowed = await api.call('PATCH', `/api/v1/dashboard/users/${user.body.id}`, {
      token: founder,
      body: { permissions: SCOPES.filter((s) => s !== 'agents:read') },
    });
    expect(narrowed.status).toBe(200);
    expect(narrowed.body.permissions).not.toContain('agents:read');
    // At once, on both API instances: no cached scopes.
    expectError(await listAgents(full), 403, 'permission_error', 'PERMISSION_DENIED');
    expectError(await listAgents(full, api2), 403, 'permission_error', 'PERMISSION_DENIED');
    expect((await api.call('GET', '/api/v1/usage', { token: full })).status).toBe(200);
    // Another admin's narrowing leaves the founder's keys alone.
    expect((await listAgents(founderKey)).status).toBe(200);

    const restored = await api.call('PATCH', `/api/v1/dashboard/users/${user.body.id}`, { token: founder, body: { permissions: [...SCOPES] } });
    expect(restored.status).toBe(200);
    expect((await listAgents(full)).status).toBe(200);
    expect((await listAgents(full, api2)).status).toBe(200);
    // Restoring the creator never widens a key beyond its own scopes.
    expectError(await listAgents(usageOnly), 403, 'permission_error', 'PERMISSION_DENIED');
    expect((await api.call('GET', '/api/v1/usage', { token: usageOnly })).status).toBe(200);
  });
});

describe('tenant isolation', () => {
  let a: Tenant;
  let b: Tenant;
  let keyA: string;
  let keyB: string;
  let phoneA: { id: string; description: string };
  let voiceA: { id: string };
  let phoneB: { id: string };
  let voiceB: { id: string };

  const agent = (k: string, type: 'phone' | 'voice') =>
    api.call('POST', '/api/v1/agents', { token: k, body: { name: uniqueName(type), type, instructions: 'Be brief.', description: 'original' } });

  beforeAll(async () => {
    [a, b] = await Promise.all([createTenant(), createTenant()]);
    [keyA, keyB] = await Promise.all([a.key(), b.key()]);
    const made = await Promise.all([agent(keyA, 'phone'), agent(keyA, 'voice'), agent(keyB, 'phone'), agent(keyB, 'voice')]);
    for (const m of made) expect(m.status).toBe(201);
    [phoneA, voiceA, phoneB, voiceB] = made.map((m) => m.body);
  });

  test('the table has id routes to check', () => {
    expect(idRoutes.map(routeName)).toEqual(expect.arrayContaining(['GET /agents/{id}', 'PATCH /agents/{id}', 'DELETE /agents/{id}']));
  });

  test.each(idRoutes.map((r) => [routeName(r), r] as const))("%s with organization A's id and B's key is 404 RESOURCE_NOT_FOUND", async (_n, route) => {
    for (const id of [phoneA.id, voiceA.id]) {
      const body = VALID_BODIES[routeName(route)] ?? (route.method === 'patch' ? { description: 'hijacked' } : withBody(route.method));
      const res = await api.call(route.method.toUpperCase(), pathWith(route.path, id), { token: keyB, body });
      expectError(res, 404, 'invalid_request_error', 'RESOURCE_NOT_FOUND');
    }
    // Nothing of A's was changed or removed.
    for (const id of [phoneA.id, voiceA.id]) {
      const own = await api.call('GET', `/api/v1/agents/${id}`, { token: keyA });
      expect(own.status).toBe(200);
      expect(own.body.description).toBe('original');
    }
  });

  test("B's lists never contain A's agents, and do contain B's", async () => {
    for (const [type, mineB, mineA] of [
      ['phone', phoneB, phoneA],
      ['voice', voiceB, voiceA],
    ] as const) {
      const resB = await api.call('GET', `/api/v1/agents?type=${type}&limit=100`, { token: keyB });
      expect(resB.status).toBe(200);
      const idsB = resB.body.data.map((x: { id: string }) => x.id);
      expect(idsB).toEqual([mineB.id]);
      expect(resB.body.pagination.total).toBe(1);
      expect(idsB).not.toContain(phoneA.id);
      expect(idsB).not.toContain(voiceA.id);
      const resA = await api.call('GET', `/api/v1/agents?type=${type}&limit=100`, { token: keyA });
      expect(resA.body.data.map((x: { id: string }) => x.id)).toEqual([mineA.id]);
    }
  });

  test('GET /usage answers for the key’s own organization', async () => {
    const [usageA, usageB] = await Promise.all([api.call('GET', '/api/v1/usage', { token: keyA }), api.call('GET', '/api/v1/usage', { token: keyB })]);
    expect(usageB.status).toBe(200);
    expect(usageB.body.organization.id).toBe(String(b.organizationId));
    expect(usageA.body.organization.id).toBe(String(a.organizationId));
  });
});

describe('credential kinds', () => {
  test.each(partnerRoutes.map((r) => [routeName(r), r] as const))(
    'an admin’s dashboard session passes authentication and the scope check on partner route %s',
    async (_n, route) => {
      const session = await signIn(tenant.adminEmail, tenant.adminPassword);
      const res = await api.call(route.method.toUpperCase(), pathWith(route.path, FAKE_ID), { token: session, body: withBody(route.method) });
      expect({ route: routeName(route), status: [401, 403, 429, 500].includes(res.status) ? res.status : 'past auth' }).toEqual({
        route: routeName(route),
        status: 'past auth',
      });
    },
  );

  test.each(dashboardRoutes.map((r) => [routeName(r), r] as const))('an API key on dashboard route %s is 403 PERMISSION_DENIED', async (_n, route) => {
    const body = route.path === '/api-keys' && route.method === 'post' ? { name: 'from a key', scopes: ['agents:read'] } : withBody(route.method);
    const res = await api.call(route.method.toUpperCase(), pathWith(route.path, FAKE_ID), { token: key, body });
    expectError(res, 403, 'permission_error', 'PERMISSION_DENIED');
  });

  test('the table includes the key-management dashboard routes', () => {
    expect(dashboardRoutes.map(routeName)).toEqual(expect.arrayContaining(['GET /api-keys', 'POST /api-keys']));
  });
});

describe('rate limit: one-minute windows per key, shared by every API instance', () => {
  const LIMIT = 5;
  const TOTAL = 8;
  const minute = () => Math.floor(Date.now() / 60_000);
  const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

  /** Polls until the one-minute window after `m` has begun. */
  async function windowAfter(m: number) {
    while (minute() <= m) await sleep(Math.min(50, 60_000 - (Date.now() % 60_000) + 1));
  }

  /** Runs the burst on a fresh key; if a window boundary fell inside it, waits for the next window and runs it once more. */
  async function burst(concurrent: boolean) {
    for (let attempt = 0; ; attempt += 1) {
      const k = await tenant.key(['agents:read'], { rateLimitPerMinute: LIMIT });
      const bad = [`Bearer ${k.replace(/^rb_live_/, 'rb_test_')}`, `Bearer ${k.slice(0, -1)}${k.endsWith('A') ? 'B' : 'A'}`, `Basic ${k}`];
      const before = minute();
      const one = async (i: number) => {
        // Failed authentications interleaved with the burst must not use up any ticket.
        const refused = await (i % 2 ? api2 : api).call('GET', '/api/v1/agents', { headers: { authorization: bad[i % bad.length]! } });
        expect(refused.status).toBe(401);
        return (i % 2 ? api2 : api).call('GET', '/api/v1/agents', { token: k });
      };
      const results: ApiResponse[] = [];
      if (concurrent) results.push(...(await Promise.all(Array.from({ length: TOTAL }, (_, i) => one(i)))));
      else for (let i = 0; i < TOTAL; i += 1) results.push(await one(i));
      const after = minute();
      if (after === before) return results;
      if (attempt >= 1) throw new Error('two bursts in a row were split by a window boundary');
      await windowAfter(before);
    }
  }

  function checkHeaders(res: ApiResponse) {
    expect(res.headers.get('x-ratelimit-limit')).toBe(String(LIMIT));
    expect(res.headers.get('x-ratelimit-remaining')).toMatch(/^\d+$/);
    const reset = res.headers.get('x-ratelimit-reset');
    expect(reset).toMatch(/^\d+$/);
    expect(Number(reset)).toBeGreaterThanOrEqual(1);
    expect(Number(reset)).toBeLessThanOrEqual(60);
  }

  function checkRefused(res: ApiResponse) {
    expectError(res, 429, 'rate_limit_error', 'RATE_LIMITED');
    const retryAfter = res.headers.get('retry-after');
    expect(retryAfter).toMatch(/^\d+$/);
    expect(Number(retryAfter)).toBeGreaterThanOrEqual(1);
    expect(Number(retryAfter)).toBeLessThanOrEqual(60);
    expect(res.headers.get('x-ratelimit-remaining')).toBe('0');
  }

  test('sequential, alternating instances: exactly 5 of 8 pass, remaining counts down to 0', async () => {
    const results = await burst(false);
    for (const r of results) checkHeaders(r);
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200, 200, 429, 429, 429]);
    expect(results.map((r) => r.headers.get('x-ratelimit-remaining'))).toEqual(['4', '3', '2', '1', '0', '0', '0', '0']);
    for (const r of results.slice(LIMIT)) checkRefused(r);
    for (const r of results.slice(0, LIMIT)) expect(r.headers.get('retry-after')).toBeNull();
  });

  test('concurrent, alternating instances: exactly 5 of 8 pass, each with its own remaining count', async () => {
    const results = await burst(true);
    for (const r of results) checkHeaders(r);
    const passed = results.filter((r) => r.status === 200);
    const refused = results.filter((r) => r.status !== 200);
    expect(passed).toHaveLength(LIMIT);
    expect(refused).toHaveLength(TOTAL - LIMIT);
    for (const r of refused) checkRefused(r);
    expect(passed.map((r) => Number(r.headers.get('x-ratelimit-remaining'))).sort()).toEqual([0, 1, 2, 3, 4]);
  });

  test('a key’s limit does not touch another key of the same organization', async () => {
    const results = await burst(false);
    expect(results.filter((r) => r.status === 429)).toHaveLength(TOTAL - LIMIT);
    const res = await listAgents(key);
    expect(res.status).toBe(200);
    expect(res.headers.get('x-ratelimit-limit')).toBe('120');
  });
});

test('GET /api/v1/openapi.json needs no credential, and ignores a bad one', async () => {
  for (const headers of [{}, { authorization: 'Bearer rb_live_nope' }] as Record<string, string>[]) {
    const res = await api.call('GET', '/api/v1/openapi.json', { headers });
    expect(res.status).toBe(200);
    expect(res.body.openapi).toMatch(/^3\.1\./);
    expect(res.headers.get('x-ratelimit-limit')).toBeNull();
  }
});
