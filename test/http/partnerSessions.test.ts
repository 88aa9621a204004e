/**
 * A dashboard session on partner routes (how the dashboard web app works without an API key): it
 * acts with its user's current permissions as its scopes, in its own organization only, rate
 * limited per session at the default key rate, and stops at sign-out or expiry.
 */
import { DEFAULT_RATE_LIMIT_PER_MINUTE, hashKey } from '../../models/apiKey';
import { DashboardSession } from '../../models/dashboardSession';
import { createTenant, startApi, type Tenant } from '../helpers/app';
import { uniqueName, waitFor } from '../helpers/servers';
import { runWorker, type RunningWorker } from '../helpers/worker';

const taskQueue = uniqueName('partner-sessions');
const env = { TEMPORAL_TASK_QUEUE: taskQueue, SIMULATED_CALL_PACE_MS: '50', RING_TIMEOUT_SECONDS: '2' };
const PASSWORD = 'correct horse battery';
let api: Awaited<ReturnType<typeof startApi>>;
let worker: RunningWorker;
let tenant: Tenant;
let admin: string;
let agentId: string;

async function signIn(email: string, password = PASSWORD): Promise<string> {
  const res = await api.call('POST', '/api/v1/dashboard/sessions', { body: { email, password } });
  expect(res.status).toBe(201);
  return res.body.token as string;
}

beforeAll(async () => {
  api = await startApi('partner-sessions', env);
  worker = await runWorker(env);
  tenant = await createTenant({ creditMinutes: 100 });
  admin = await signIn(tenant.adminEmail, tenant.adminPassword);
  const agent = await api.call('POST', '/api/v1/agents', {
    token: admin,
    body: { name: 'Front desk', instructions: 'Greet the caller.', phone: { greeting: 'Hello.' } },
  });
  expect(agent.status).toBe(201);
  agentId = agent.body.id;
}, 120_000);
afterAll(async () => {
  await worker?.stop();
  await api?.close();
});

test('a session places a call and lists it, with the default key rate per session', async () => {
  const placed = await api.call('POST', '/api/v1/calls', { token: admin, body: { agentId, phoneNumber: '+442079460001' } });
  expect(placed.status).toBe(201);
  const done = await waitFor(async () => {
    const res = await api.call('GET', `/api/v1/calls/${placed.body.id}`, { token: admin });
    return res.body.status === 'completed' ? res.body : undefined;
  }, 30_000);
  expect(done.disposition).toBe('completed');
  // Never byok: the call is charged from credits.
  const usage = await waitFor(async () => {
    const res = await api.call('GET', '/api/v1/usage', { token: admin });
    return res.body.credits.usedMinutes > 0 ? res.body : undefined;
  }, 10_000);
  expect(usage.byok.usedMinutes).toBe(0);

  const list = await api.call('GET', '/api/v1/calls', { token: admin });
  expect(list.status).toBe(200);
  expect(list.body.data.map((c: { id: string }) => c.id)).toContain(placed.body.id);
  expect(list.headers.get('x-ratelimit-limit')).toBe(String(DEFAULT_RATE_LIMIT_PER_MINUTE));

  // Each session has its own bucket: a fresh session starts its window unspent.
  const before = Number(list.headers.get('x-ratelimit-remaining'));
  const other = await signIn(tenant.adminEmail, tenant.adminPassword);
  const fresh = await api.call('GET', '/api/v1/calls', { token: other });
  expect(Number(fresh.headers.get('x-ratelimit-remaining'))).toBeGreaterThan(before);
});

test('a session of a user without a permission is 403 as a key without the scope, and passes once granted', async () => {
  const email = `${uniqueName('member')}@example.com`;
  const user = await api.call('POST', '/api/v1/dashboard/users', {
    token: admin,
    body: { email, password: PASSWORD, role: 'member', permissions: ['agents:read'] },
  });
  expect(user.status).toBe(201);
  const member = await signIn(email);
  expect((await api.call('GET', '/api/v1/agents', { token: member })).status).toBe(200);
  const refused = await api.call('GET', '/api/v1/calls', { token: member });
  expect(refused.status).toBe(403);
  expect(refused.body.error).toMatchObject({ type: 'permission_error', code: 'PERMISSION_DENIED' });
  expect(refused.body.error.message).toContain('executions:read');
  const placing = await api.call('POST', '/api/v1/calls', { token: member, body: { agentId, phoneNumber: '+442079460001' } });
  expect(placing.status).toBe(403);

  // The user's current permissions, read at each request: a grant applies to the live session.
  const granted = await api.call('PATCH', `/api/v1/dashboard/users/${user.body.id}`, {
    token: admin,
    body: { permissions: ['agents:read', 'executions:read'] },
  });
  expect(granted.status).toBe(200);
  expect((await api.call('GET', '/api/v1/calls', { token: member })).status).toBe(200);
});

test('a session of another organization sees nothing of this one', async () => {
  const other = await createTenant();
  const stranger = await signIn(other.adminEmail, other.adminPassword);
  const agents = await api.call('GET', '/api/v1/agents', { token: stranger });
  expect(agents.status).toBe(200);
  expect(agents.body.data).toEqual([]);
  const calls = await api.call('GET', '/api/v1/calls', { token: stranger });
  expect(calls.body.data).toEqual([]);
  const agent = await api.call('GET', `/api/v1/agents/${agentId}`, { token: stranger });
  expect(agent.status).toBe(404);
  const usage = await api.call('GET', '/api/v1/usage', { token: stranger });
  expect(usage.body.organization.id).toBe(String(other.organizationId));
  const dial = await api.call('POST', '/api/v1/calls', { token: stranger, body: { agentId, phoneNumber: '+442079460001' } });
  expect(dial.status).toBe(400);
  expect(dial.body.error.param).toBe('body.agentId');
});

test('a signed-out or expired session is 401 on partner routes', async () => {
  const signedOut = await signIn(tenant.adminEmail, tenant.adminPassword);
  expect((await api.call('GET', '/api/v1/agents', { token: signedOut })).status).toBe(200);
  expect((await api.call('DELETE', '/api/v1/dashboard/sessions/current', { token: signedOut })).status).toBe(204);
  const afterSignOut = await api.call('GET', '/api/v1/agents', { token: signedOut });
  expect(afterSignOut.status).toBe(401);
  expect(afterSignOut.body.error.code).toBe('INVALID_API_KEY');

  const expiring = await signIn(tenant.adminEmail, tenant.adminPassword);
  expect((await api.call('GET', '/api/v1/agents', { token: expiring })).status).toBe(200);
  await DashboardSession.updateOne({ tokenHash: hashKey(expiring) }, { $set: { expiresAt: new Date(Date.now() - 1000) } });
  const afterExpiry = await api.call('GET', '/api/v1/agents', { token: expiring });
  expect(afterExpiry.status).toBe(401);
  expect(afterExpiry.body.error.code).toBe('INVALID_API_KEY');
});

test('a session mints no embed token: it has no allowed origins', async () => {
  const voice = await api.call('POST', '/api/v1/agents', {
    token: admin,
    body: { type: 'voice', name: 'Hiring', instructions: 'Interview the candidate.', voice: { opening: 'Hello.', evaluationCriteria: ['teamwork'] } },
  });
  expect(voice.status).toBe(201);
  const interview = await api.call('POST', '/api/v1/interviews', { token: admin, body: { agentId: voice.body.id, candidateName: 'Ada' } });
  expect(interview.status).toBe(201);
  const res = await api.call('POST', `/api/v1/interviews/${interview.body.id}/embed-token`, { token: admin });
  expect(res.status).toBe(403);
  expect(res.body.error.code).toBe('EMBED_ORIGINS_REQUIRED');
});
