/**
 * Dashboard sign-in, users and API keys through HTTP, against the real database: what an
 * organization admin does in the dashboard before a partner ever calls the API.
 */
import { SCOPES, type Scope } from '../../api/scopes';
import { createTenant, startApi, type Tenant } from '../helpers/app';
import { uniqueName, waitFor } from '../helpers/servers';

let api: Awaited<ReturnType<typeof startApi>>;
let tenant: Tenant;
let admin: string;

const PASSWORD = 'correct horse battery';
const email = (prefix = 'user') => `${uniqueName(prefix)}@example.com`;

async function signIn(emailAddress: string, password: string): Promise<string> {
  const res = await api.call('POST', '/api/v1/dashboard/sessions', { body: { email: emailAddress, password } });
  expect(res.status).toBe(201);
  return res.body.token as string;
}

/** Creates a user through the API as `by` and returns their id, email and a signed-in session. */
async function addUser(by: string, body: { role?: 'admin' | 'member'; permissions?: Scope[] } = {}) {
  const address = email(body.role ?? 'member');
  const res = await api.call('POST', '/api/v1/dashboard/users', { token: by, body: { email: address, password: PASSWORD, ...body } });
  expect(res.status).toBe(201);
  return { id: res.body.id as string, email: address, session: await signIn(address, PASSWORD), body: res.body };
}

const newKey = (token: string, body: Record<string, unknown> = {}) =>
  api.call('POST', '/api/v1/api-keys', { token, body: { name: uniqueName('key'), scopes: ['agents:read'], ...body } });

beforeAll(async () => {
  api = await startApi('dashboard');
  // Many tests add users to this organization; the default plan's 10 would run out.
  tenant = await createTenant({ limits: { maxUsers: 100 } });
  admin = await signIn(tenant.adminEmail, tenant.adminPassword);
});
afterAll(() => api?.close());

describe('POST /dashboard/sessions', () => {
  test('signs the founder in with a session token, the user and the organization', async () => {
    const t = await createTenant({ plan: 'growth' });
    const res = await api.call('POST', '/api/v1/dashboard/sessions', { body: { email: t.adminEmail, password: t.adminPassword } });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      object: 'dashboard_session',
      token: expect.stringMatching(/^rb_dash_[A-Za-z0-9]{40}$/),
      expiresAt: expect.any(String),
      user: {
        id: String(t.adminId),
        object: 'user',
        email: t.adminEmail,
        role: 'admin',
        permissions: [...SCOPES],
        founder: true,
        status: 'active',
        createdAt: expect.any(String),
      },
      organization: { id: String(t.organizationId), name: expect.any(String), plan: 'growth' },
    });
    expect(res.body.user.permissions).toHaveLength(7);
    const expires = new Date(res.body.expiresAt);
    expect(expires.toISOString()).toBe(res.body.expiresAt);
    expect(expires.getTime()).toBeGreaterThan(Date.now());
    expect(res.headers.get('x-request-id')).toMatch(/^req_/);
  });

  test('the email is matched regardless of case', async () => {
    const res = await api.call('POST', '/api/v1/dashboard/sessions', {
      body: { email: tenant.adminEmail.toUpperCase(), password: tenant.adminPassword },
    });
    expect(res.status).toBe(201);
  });

  test.each([
    ['a wrong password', () => ({ email: tenant.adminEmail, password: `${tenant.adminPassword}x` })],
    ['an unknown email', () => ({ email: email('nobody'), password: tenant.adminPassword })],
  ])('%s is 401 INVALID_CREDENTIALS', async (_title, body) => {
    const res = await api.call('POST', '/api/v1/dashboard/sessions', { body: body() });
    expect(res.status).toBe(401);
    expect(res.body.error).toMatchObject({ type: 'authentication_error', code: 'INVALID_CREDENTIALS' });
    expect(res.body.request_id).toBe(res.headers.get('x-request-id'));
    expect(res.body).not.toHaveProperty('token');
  });

  test.each([
    [{ email: 'x@example.com' }, 'body.password'],
    [{ password: 'secret' }, 'body.email'],
    [{ email: 'x@example.com', password: 'secret', remember: true }, 'body.remember'],
    [{ email: 'not an email', password: 'secret' }, 'body.email'],
    [{ email: 'x@example.com', password: '' }, 'body.password'],
  ])('a bad body %j is 400 naming %s', async (body, param) => {
    const res = await api.call('POST', '/api/v1/dashboard/sessions', { body });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ type: 'invalid_request_error', code: 'VALIDATION_ERROR', param });
    expect(res.body.error.message).toContain(param);
  });

  test('a session token is taken on partner routes, and an API key is refused on dashboard routes', async () => {
    const onPartner = await api.call('GET', '/api/v1/agents', { token: admin });
    expect(onPartner.status).toBe(200);
    expect(onPartner.body.object).toBe('list');
    const onDashboard = await api.call('GET', '/api/v1/api-keys', { token: await tenant.key() });
    expect(onDashboard.status).toBe(403);
    expect(onDashboard.body.error.code).toBe('PERMISSION_DENIED');
  });

  test('dashboard routes without a session, or with an unknown one, are 401', async () => {
    for (const token of [undefined, 'rb_dash_' + 'A'.repeat(40), 'garbage']) {
      const res = await api.call('GET', '/api/v1/api-keys', { token });
      expect(res.status).toBe(401);
      expect(res.body.error).toMatchObject({ type: 'authentication_error', code: 'INVALID_API_KEY' });
    }
  });
});

describe('POST /dashboard/users', () => {
  test('a member gets agents:read, executions:read and organization:read by default', async () => {
    const address = email('member');
    const res = await api.call('POST', '/api/v1/dashboard/users', { token: admin, body: { email: address, password: PASSWORD } });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.stringMatching(/^[0-9a-f]{24}$/),
      object: 'user',
      email: address,
      role: 'member',
      permissions: ['agents:read', 'executions:read', 'organization:read'],
      founder: false,
      status: 'active',
      createdAt: expect.any(String),
    });
    expect(res.body).not.toHaveProperty('password');
    expect(res.body).not.toHaveProperty('passwordHash');
    // The new user can sign in with the password they were given.
    const session = await api.call('POST', '/api/v1/dashboard/sessions', { body: { email: address, password: PASSWORD } });
    expect(session.status).toBe(201);
    expect(session.body.user).toMatchObject({ id: res.body.id, role: 'member', founder: false });
  });

  test('an admin created without permissions gets all seven scopes, and is no founder', async () => {
    const res = await api.call('POST', '/api/v1/dashboard/users', {
      token: admin,
      body: { email: email('admin'), password: PASSWORD, role: 'admin' },
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ role: 'admin', permissions: [...SCOPES], founder: false });
  });

  test('explicit permissions are kept as given', async () => {
    const res = await api.call('POST', '/api/v1/dashboard/users', {
      token: admin,
      body: { email: email(), password: PASSWORD, permissions: ['analytics:read', 'agents:manage'] },
    });
    expect(res.status).toBe(201);
    expect(res.body.permissions).toEqual(['agents:manage', 'analytics:read']);
  });

  test('a taken email, in any case, is 409 DUPLICATE_EMAIL', async () => {
    const address = email('dup');
    expect((await api.call('POST', '/api/v1/dashboard/users', { token: admin, body: { email: address, password: PASSWORD } })).status).toBe(201);
    for (const again of [address, address.toUpperCase(), tenant.adminEmail]) {
      const res = await api.call('POST', '/api/v1/dashboard/users', { token: admin, body: { email: again, password: PASSWORD } });
      expect(res.status).toBe(409);
      expect(res.body.error).toMatchObject({ type: 'conflict_error', code: 'DUPLICATE_EMAIL', param: 'body.email' });
    }
  });

  test.each([
    [{ password: PASSWORD }, 'body.email'],
    [{ email: 'x@example.com' }, 'body.password'],
    [{ email: 'x@example.com', password: 'short' }, 'body.password'],
    [{ email: 'x@example.com', password: PASSWORD, role: 'owner' }, 'body.role'],
    [{ email: 'x@example.com', password: PASSWORD, permissions: ['calls:write'] }, 'body.permissions[0]'],
    [{ email: 'x@example.com', password: PASSWORD, nickname: 'x' }, 'body.nickname'],
  ])('a bad body %j is 400 naming %s', async (body, param) => {
    const res = await api.call('POST', '/api/v1/dashboard/users', { token: admin, body });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ code: 'VALIDATION_ERROR', param });
  });

  test('beyond maxUsers (the founder counts) is 403 QUOTA_EXCEEDED; a refused duplicate takes no place', async () => {
    const t = await createTenant({ limits: { maxUsers: 2 } });
    const session = await signIn(t.adminEmail, t.adminPassword);
    // A duplicate email fails after its place was claimed; the place must be given back.
    const dup = await api.call('POST', '/api/v1/dashboard/users', { token: session, body: { email: tenant.adminEmail, password: PASSWORD } });
    expect(dup.status).toBe(409);
    const second = await api.call('POST', '/api/v1/dashboard/users', { token: session, body: { email: email(), password: PASSWORD } });
    expect(second.status).toBe(201);
    const third = await api.call('POST', '/api/v1/dashboard/users', { token: session, body: { email: email(), password: PASSWORD } });
    expect(third.status).toBe(403);
    expect(third.body.error).toMatchObject({ type: 'permission_error', code: 'QUOTA_EXCEEDED' });
  });

  test('concurrent creations never exceed maxUsers', async () => {
    const t = await createTenant({ limits: { maxUsers: 3 } });
    const session = await signIn(t.adminEmail, t.adminPassword);
    const results = await Promise.all(
      Array.from({ length: 5 }, () => api.call('POST', '/api/v1/dashboard/users', { token: session, body: { email: email(), password: PASSWORD } })),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(2);
    expect(results.filter((r) => r.status === 403 && r.body.error.code === 'QUOTA_EXCEEDED')).toHaveLength(3);
  });

  test("a member's session is 403 PERMISSION_DENIED", async () => {
    const member = await addUser(admin, { permissions: [...SCOPES] });
    const res = await api.call('POST', '/api/v1/dashboard/users', { token: member.session, body: { email: email(), password: PASSWORD } });
    expect(res.status).toBe(403);
    expect(res.body.error).toMatchObject({ type: 'permission_error', code: 'PERMISSION_DENIED' });
  });

  test('an admin cannot grant a scope they lack, also not through the admin default', async () => {
    const narrow = await addUser(admin, { role: 'admin', permissions: ['agents:read', 'executions:read', 'organization:read'] });
    const explicit = await api.call('POST', '/api/v1/dashboard/users', {
      token: narrow.session,
      body: { email: email(), password: PASSWORD, permissions: ['agents:read', 'analytics:read'] },
    });
    expect(explicit.status).toBe(403);
    expect(explicit.body.error.code).toBe('PERMISSION_DENIED');
    expect(explicit.body.error.message).toContain('analytics:read');
    const asDefault = await api.call('POST', '/api/v1/dashboard/users', {
      token: narrow.session,
      body: { email: email(), password: PASSWORD, role: 'admin' },
    });
    expect(asDefault.status).toBe(403);
    // What they hold, they can grant: the member default is within it.
    const member = await api.call('POST', '/api/v1/dashboard/users', { token: narrow.session, body: { email: email(), password: PASSWORD } });
    expect(member.status).toBe(201);
  });
});

describe('GET /dashboard/users', () => {
  test("an admin lists the organization's users, newest first, and no other organization's; a member is refused", async () => {
    const t = await createTenant();
    const founder = await signIn(t.adminEmail, t.adminPassword);
    const added = await addUser(founder, { role: 'member', permissions: ['agents:read'] });
    await addUser(admin);
    const res = await api.call('GET', '/api/v1/dashboard/users', { token: founder });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ object: 'list', dataType: 'user', pagination: { total: 2, page: 1 } });
    expect(res.body.data.map((u: { email: string }) => u.email)).toEqual([added.email, t.adminEmail]);
    expect(res.body.data[0]).toEqual(added.body);
    expect(res.body.data[1]).toMatchObject({ role: 'admin', founder: true, status: 'active' });
    const refused = await api.call('GET', '/api/v1/dashboard/users', { token: added.session });
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe('PERMISSION_DENIED');
  });
});

describe('PATCH /dashboard/users/{id}', () => {
  test("an admin can change another admin's permissions and role", async () => {
    const other = await addUser(admin, { role: 'admin' });
    const res = await api.call('PATCH', `/api/v1/dashboard/users/${other.id}`, {
      token: admin,
      body: { permissions: ['agents:read', 'agents:manage'] },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: other.id, object: 'user', role: 'admin', permissions: ['agents:read', 'agents:manage'], founder: false });
    const demoted = await api.call('PATCH', `/api/v1/dashboard/users/${other.id}`, { token: admin, body: { role: 'member' } });
    expect(demoted.status).toBe(200);
    expect(demoted.body).toMatchObject({ role: 'member', permissions: ['agents:read', 'agents:manage'] });
    // The demoted admin's existing session loses admin powers at once.
    const refused = await api.call('POST', '/api/v1/dashboard/users', { token: other.session, body: { email: email(), password: PASSWORD } });
    expect(refused.status).toBe(403);
  });

  test('the founder cannot be demoted or narrowed by another admin, but can narrow themselves', async () => {
    const t = await createTenant();
    const founder = await signIn(t.adminEmail, t.adminPassword);
    const other = await addUser(founder, { role: 'admin' });
    const founderId = String(t.adminId);

    const demote = await api.call('PATCH', `/api/v1/dashboard/users/${founderId}`, { token: other.session, body: { role: 'member' } });
    expect(demote.status).toBe(403);
    expect(demote.body.error.code).toBe('PERMISSION_DENIED');
    const narrow = await api.call('PATCH', `/api/v1/dashboard/users/${founderId}`, {
      token: other.session,
      body: { permissions: SCOPES.filter((s) => s !== 'analytics:read') },
    });
    expect(narrow.status).toBe(403);
    // Neither refusal changed anything.
    const unchanged = await api.call('POST', '/api/v1/dashboard/sessions', { body: { email: t.adminEmail, password: t.adminPassword } });
    expect(unchanged.body.user).toMatchObject({ role: 'admin', permissions: [...SCOPES], founder: true });

    const self = await api.call('PATCH', `/api/v1/dashboard/users/${founderId}`, {
      token: founder,
      body: { permissions: ['agents:read', 'organization:read'] },
    });
    expect(self.status).toBe(200);
    expect(self.body).toMatchObject({ id: founderId, role: 'admin', permissions: ['agents:read', 'organization:read'], founder: true });
  });

  test('the organization keeps an active admin: its only one cannot step down, nor two admins demote each other at once', async () => {
    const t = await createTenant();
    const founder = await signIn(t.adminEmail, t.adminPassword);
    const founderId = String(t.adminId);
    const patch = (token: string, id: string, body: Record<string, unknown>) => api.call('PATCH', `/api/v1/dashboard/users/${id}`, { token, body });
    const alone = await patch(founder, founderId, { role: 'member' });
    expect(alone.status).toBe(409);
    expect(alone.body.error).toMatchObject({ type: 'conflict_error', code: 'LAST_ADMIN', param: 'body.role' });
    expect(alone.body.error.message).toContain('only active admin');

    // With two more admins the founder steps down; the two then demote each other at once.
    const second = await addUser(founder, { role: 'admin' });
    const third = await addUser(founder, { role: 'admin' });
    expect((await patch(founder, founderId, { role: 'member' })).status).toBe(200);
    const both = await Promise.all([patch(second.session, third.id, { role: 'member' }), patch(third.session, second.id, { role: 'member' })]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
    const remaining = both[0]!.status === 200 ? second : third;
    const users = (await api.call('GET', '/api/v1/dashboard/users', { token: remaining.session })).body.data as Array<{ id: string; role: string }>;
    expect(users.filter((u) => u.role === 'admin').map((u) => u.id)).toEqual([remaining.id]);
  });

  test('narrowing a user narrows the keys they created at once', async () => {
    const other = await addUser(admin, { role: 'admin' });
    const created = await newKey(other.session, { scopes: ['agents:read', 'organization:read'] });
    expect(created.status).toBe(201);
    const key = created.body.key as string;
    expect((await api.call('GET', '/api/v1/agents', { token: key })).status).toBe(200);
    const patched = await api.call('PATCH', `/api/v1/dashboard/users/${other.id}`, {
      token: admin,
      body: { permissions: ['organization:read'] },
    });
    expect(patched.status).toBe(200);
    const denied = await api.call('GET', '/api/v1/agents', { token: key });
    expect(denied.status).toBe(403);
    expect(denied.body.error.code).toBe('PERMISSION_DENIED');
    expect((await api.call('GET', '/api/v1/usage', { token: key })).status).toBe(200);
  });

  test('an admin cannot add a scope they lack to another user', async () => {
    const narrow = await addUser(admin, { role: 'admin', permissions: ['agents:read', 'executions:read'] });
    const target = await addUser(admin, { permissions: ['agents:read'] });
    const res = await api.call('PATCH', `/api/v1/dashboard/users/${target.id}`, {
      token: narrow.session,
      body: { permissions: ['agents:read', 'campaigns:manage'] },
    });
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe('PERMISSION_DENIED');
  });

  test("a member's session is 403, another organization's user and a malformed id are 404", async () => {
    const member = await addUser(admin);
    const asMember = await api.call('PATCH', `/api/v1/dashboard/users/${member.id}`, { token: member.session, body: { role: 'admin' } });
    expect(asMember.status).toBe(403);
    expect(asMember.body.error.code).toBe('PERMISSION_DENIED');

    const elsewhere = await createTenant();
    for (const id of [String(elsewhere.adminId), 'not-an-id']) {
      const res = await api.call('PATCH', `/api/v1/dashboard/users/${id}`, { token: admin, body: { role: 'member' } });
      expect(res.status).toBe(404);
      expect(res.body.error).toMatchObject({ type: 'invalid_request_error', code: 'RESOURCE_NOT_FOUND', param: 'path.id' });
    }
    // The other organization's founder is untouched.
    const check = await api.call('POST', '/api/v1/dashboard/sessions', { body: { email: elsewhere.adminEmail, password: elsewhere.adminPassword } });
    expect(check.body.user.role).toBe('admin');
  });

  test.each([
    [{ role: 'owner' }, 'body.role'],
    [{ permissions: ['agents:read', 'agents:read'] }, 'body.permissions'],
    [{ email: 'new@example.com' }, 'body.email'],
  ])('a bad body %j is 400 naming %s', async (body, param) => {
    const member = await addUser(admin);
    const res = await api.call('PATCH', `/api/v1/dashboard/users/${member.id}`, { token: admin, body });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ code: 'VALIDATION_ERROR', param });
  });
});

describe('API keys', () => {
  test('creation answers the plaintext once with documented defaults; the key works', async () => {
    const res = await newKey(admin, { name: 'Production', scopes: ['agents:read', 'organization:read'] });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.stringMatching(/^[0-9a-f]{24}$/),
      object: 'api_key',
      name: 'Production',
      mode: 'live',
      key: expect.stringMatching(/^rb_live_[A-Za-z0-9]{32}$/),
      last4: res.body.key.slice(-4),
      scopes: ['agents:read', 'organization:read'],
      byok: false,
      allowedOrigins: [],
      rateLimitPerMinute: 120,
      expiresAt: null,
      revokedAt: null,
      lastUsedAt: null,
      createdBy: String(tenant.adminId),
      createdAt: expect.any(String),
    });
    const agents = await api.call('GET', '/api/v1/agents', { token: res.body.key });
    expect(agents.status).toBe(200);
    expect(agents.headers.get('x-ratelimit-limit')).toBe('120');
    // Only the scopes granted: agents:manage was not.
    const create = await api.call('POST', '/api/v1/agents', { token: res.body.key, body: { name: 'x', instructions: 'y' } });
    expect(create.status).toBe(403);
  });

  test('mode test gives an rb_test_ key that works; a chosen rate limit is stored and applied', async () => {
    const res = await newKey(admin, { mode: 'test', rateLimitPerMinute: 7 });
    expect(res.status).toBe(201);
    expect(res.body.key).toMatch(/^rb_test_[A-Za-z0-9]{32}$/);
    expect(res.body).toMatchObject({ mode: 'test', last4: res.body.key.slice(-4), rateLimitPerMinute: 7 });
    const agents = await api.call('GET', '/api/v1/agents', { token: res.body.key });
    expect(agents.status).toBe(200);
    expect(agents.headers.get('x-ratelimit-limit')).toBe('7');
    // The prefix is part of the key.
    const swapped = res.body.key.replace(/^rb_test_/, 'rb_live_');
    expect((await api.call('GET', '/api/v1/agents', { token: swapped })).status).toBe(401);
  });

  test('the list never shows a plaintext key, shows last4, and lastUsedAt once the key is used', async () => {
    const t = await createTenant();
    const session = await signIn(t.adminEmail, t.adminPassword);
    const used = (await newKey(session, { name: 'used' })).body;
    const idle = (await newKey(session, { name: 'idle' })).body;
    expect((await api.call('GET', '/api/v1/agents', { token: used.key })).status).toBe(200);

    const list = await waitFor(async () => {
      const res = await api.call('GET', '/api/v1/api-keys', { token: session });
      expect(res.status).toBe(200);
      const entry = res.body.data.find((k: { id: string }) => k.id === used.id);
      return entry?.lastUsedAt ? res : undefined;
    });
    expect(list.body).toMatchObject({ object: 'list', dataType: 'api_key', pagination: { page: 1, limit: 25, total: 2, totalPages: 1, hasMore: false } });
    expect(list.body.data.map((k: { name: string }) => k.name)).toEqual(['idle', 'used']);
    for (const entry of list.body.data) expect(entry).not.toHaveProperty('key');
    expect(JSON.stringify(list.body)).not.toContain(used.key);
    expect(JSON.stringify(list.body)).not.toContain(idle.key);
    const [idleEntry, usedEntry] = list.body.data;
    expect(usedEntry).toMatchObject({ id: used.id, last4: used.key.slice(-4) });
    expect(new Date(usedEntry.lastUsedAt).getTime()).toBeGreaterThanOrEqual(new Date(used.createdAt).getTime());
    expect(idleEntry).toMatchObject({ id: idle.id, last4: idle.key.slice(-4), lastUsedAt: null });
    // Another organization's keys are not listed.
    const mine = await api.call('GET', '/api/v1/api-keys?limit=100', { token: admin });
    expect(mine.body.data.map((k: { id: string }) => k.id)).not.toContain(used.id);
  });

  test('scopes the creator lacks are 403', async () => {
    const narrow = await addUser(admin, { role: 'admin', permissions: ['agents:read', 'executions:read'] });
    const res = await newKey(narrow.session, { scopes: ['agents:read', 'campaigns:manage'] });
    expect(res.status).toBe(403);
    expect(res.body.error).toMatchObject({ type: 'permission_error', code: 'PERMISSION_DENIED' });
    expect(res.body.error.message).toContain('campaigns:manage');
    expect((await newKey(narrow.session, { scopes: ['agents:read', 'executions:read'] })).status).toBe(201);
  });

  test('byok true without verified provider keys is 400 BYOK_NOT_READY', async () => {
    const res = await newKey(admin, { byok: true });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ type: 'invalid_request_error', code: 'BYOK_NOT_READY' });
  });

  test('allowed origins are exact origins, stored as browsers send them; http only for localhost and 127.0.0.1', async () => {
    const res = await newKey(admin, {
      allowedOrigins: [
        'https://App.Example.com:443',
        'http://localhost:5173',
        'http://127.0.0.1:8080',
        'https://app.example.com',
        'https://eu.app.example.com:8443',
      ],
    });
    expect(res.status).toBe(201);
    expect(res.body.allowedOrigins).toEqual(['https://app.example.com', 'http://localhost:5173', 'http://127.0.0.1:8080', 'https://eu.app.example.com:8443']);
    const listed = await api.call('GET', '/api/v1/api-keys?limit=100', { token: admin });
    expect(listed.body.data.find((k: { id: string }) => k.id === res.body.id).allowedOrigins).toEqual(res.body.allowedOrigins);
  });

  test.each([
    [['http://app.example.com'], 0],
    [['not a url'], 0],
    [['https://ok.example.com', 'http://app.example.com'], 1],
    [['https://ok.example.com', 'http://localhost:3000', 'not a url'], 2],
    [['https://user:pw@app.example.com'], 0],
    [['https://ok.example.com', 'https://app.example.com/x'], 1],
    [['https://app.example.com/'], 0],
    [['https://app.example.com?x=1'], 0],
    [['https://app.example.com#top'], 0],
    [['*'], 0],
    [['https://ok.example.com', 'https://*.example.com'], 1],
    [['https://app.example.com;https://evil.example'], 0],
    [['https://app.example.com,https://evil.example'], 0],
    [['"https://app.example.com"'], 0],
    [["'https://app.example.com'"], 0],
    [['https://app.example.com '], 0],
    [['ftp://app.example.com'], 0],
    [['https://app.example.com:99999'], 0],
    [['https://'], 0],
  ])('allowed origins %j are 400 naming index %i, and no key is made', async (origins, index) => {
    const before = (await api.call('GET', '/api/v1/api-keys?limit=100', { token: admin })).body.pagination.total;
    const res = await newKey(admin, { allowedOrigins: origins });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ type: 'invalid_request_error', code: 'VALIDATION_ERROR', param: `body.allowedOrigins[${index}]` });
    expect((await api.call('GET', '/api/v1/api-keys?limit=100', { token: admin })).body.pagination.total).toBe(before);
  });

  test.each([
    [{ expiresAt: '2020-01-01T00:00:00.000Z' }, 'body.expiresAt'],
    [{ expiresAt: 'tomorrow' }, 'body.expiresAt'],
    [{ color: 'blue' }, 'body.color'],
    [{ scopes: [] }, 'body.scopes'],
    [{ scopes: ['agents:write'] }, 'body.scopes[0]'],
    [{ name: '' }, 'body.name'],
    [{ name: ' ' }, 'body.name'],
    [{ name: undefined }, 'body.name'],
    [{ mode: 'prod' }, 'body.mode'],
    [{ rateLimitPerMinute: 0 }, 'body.rateLimitPerMinute'],
    [{ byok: 'yes' }, 'body.byok'],
  ])('a bad body %j is 400 naming %s', async (change, param) => {
    const res = await newKey(admin, change);
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ type: 'invalid_request_error', code: 'VALIDATION_ERROR', param });
  });

  test('a future expiresAt is stored, and the key stops working on its own once it passes', async () => {
    const expiresAt = new Date(Date.now() + 3000).toISOString();
    const res = await newKey(admin, { expiresAt });
    expect(res.status).toBe(201);
    expect(res.body.expiresAt).toBe(expiresAt);
    await waitFor(async () => {
      const r = await api.call('GET', '/api/v1/agents', { token: res.body.key });
      if (r.status === 200) return undefined;
      expect(r.status).toBe(401);
      expect(r.body.error.code).toBe('INVALID_API_KEY');
      return true;
    });
  });

  test("a member's session cannot create, list or revoke keys", async () => {
    const member = await addUser(admin, { permissions: [...SCOPES] });
    const created = await newKey(member.session);
    expect(created.status).toBe(403);
    expect(created.body.error.code).toBe('PERMISSION_DENIED');
    const key = (await newKey(admin)).body;
    const listed = await api.call('GET', '/api/v1/api-keys', { token: member.session });
    expect(listed.status).toBe(403);
    expect(listed.body).toMatchObject({
      error: { type: 'permission_error', code: 'PERMISSION_DENIED', message: 'Only organization admins may do this.' },
      request_id: expect.any(String),
    });
    const revoked = await api.call('DELETE', `/api/v1/api-keys/${key.id}`, { token: member.session });
    expect(revoked.status).toBe(403);
    expect((await api.call('GET', '/api/v1/agents', { token: key.key })).status).toBe(200);
  });

  test('an API key cannot create keys', async () => {
    const res = await api.call('POST', '/api/v1/api-keys', { token: await tenant.key(), body: { name: 'k', scopes: ['agents:read'] } });
    expect(res.status).toBe(403);
  });

  test('DELETE revokes: the key is refused with 401 at once; revoking again answers the same key', async () => {
    const key = (await newKey(admin, { scopes: ['agents:read', 'organization:read'] })).body;
    expect((await api.call('GET', '/api/v1/agents', { token: key.key })).status).toBe(200);
    const res = await api.call('DELETE', `/api/v1/api-keys/${key.id}`, { token: admin });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: key.id, object: 'api_key', last4: key.last4, revokedAt: expect.any(String) });
    expect(res.body).not.toHaveProperty('key');
    for (const path of ['/api/v1/agents', '/api/v1/usage']) {
      const refused = await api.call('GET', path, { token: key.key });
      expect(refused.status).toBe(401);
      expect(refused.body.error).toMatchObject({ type: 'authentication_error', code: 'INVALID_API_KEY' });
    }
    const again = await api.call('DELETE', `/api/v1/api-keys/${key.id}`, { token: admin });
    expect(again.status).toBe(200);
    expect(again.body.revokedAt).toBe(res.body.revokedAt);
  });

  test("another organization's key and a malformed id are 404, and the key keeps working", async () => {
    const other = await createTenant();
    const otherSession = await signIn(other.adminEmail, other.adminPassword);
    const key = (await newKey(otherSession)).body;
    for (const id of [key.id, 'nope']) {
      const res = await api.call('DELETE', `/api/v1/api-keys/${id}`, { token: admin });
      expect(res.status).toBe(404);
      expect(res.body.error).toMatchObject({ code: 'RESOURCE_NOT_FOUND', param: 'path.id' });
    }
    expect((await api.call('GET', '/api/v1/agents', { token: key.key })).status).toBe(200);
  });
});
