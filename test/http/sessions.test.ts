/**
 * Dashboard sessions end: signing out, an admin ending a user's sessions or deactivating the user,
 * and the sweep of expired sessions, on the real database.
 */
import { sweepExpired } from '../../domain/retention';
import { hashKey } from '../../models/apiKey';
import { DashboardSession } from '../../models/dashboardSession';
import { createTenant, startApi, type Tenant } from '../helpers/app';
import { uniqueName } from '../helpers/servers';

let api: Awaited<ReturnType<typeof startApi>>;
let tenant: Tenant;
let admin: string;

const PASSWORD = 'correct horse battery';

async function signIn(email: string, password = PASSWORD): Promise<string> {
  const res = await api.call('POST', '/api/v1/dashboard/sessions', { body: { email, password } });
  expect(res.status).toBe(201);
  return res.body.token as string;
}

/** Whether the session is accepted: on a route every member may use (listing keys is for admins). */
const works = async (session: string) => (await api.call('GET', '/api/v1/dashboard/organization', { token: session })).status;

async function addUser(role: 'admin' | 'member' = 'member') {
  const email = `${uniqueName(role)}@example.com`;
  const res = await api.call('POST', '/api/v1/dashboard/users', { token: admin, body: { email, password: PASSWORD, role } });
  expect(res.status).toBe(201);
  return { id: res.body.id as string, email };
}

beforeAll(async () => {
  api = await startApi('sessions');
  tenant = await createTenant({ limits: { maxUsers: 50 } });
  admin = await signIn(tenant.adminEmail, tenant.adminPassword);
});
afterAll(() => api?.close());

test('DELETE /dashboard/sessions/current signs out: that token is 401 from then on, the user’s other sessions live on', async () => {
  const user = await addUser('admin');
  const [a, b] = [await signIn(user.email), await signIn(user.email)];
  const out = await api.call('DELETE', '/api/v1/dashboard/sessions/current', { token: a });
  expect(out.status).toBe(204);
  expect(out.body).toBeUndefined();
  const after = await api.call('GET', '/api/v1/api-keys', { token: a });
  expect(after.status).toBe(401);
  expect(after.body.error).toMatchObject({ type: 'authentication_error', code: 'INVALID_API_KEY' });
  expect((await api.call('DELETE', '/api/v1/dashboard/sessions/current', { token: a })).status).toBe(401);
  expect(await works(b)).toBe(200);
});

test('an admin ends every session of a user; the user can sign in again', async () => {
  const user = await addUser('admin');
  const sessions = [await signIn(user.email), await signIn(user.email)];
  const bystander = await signIn(tenant.adminEmail, tenant.adminPassword);
  const res = await api.call('DELETE', `/api/v1/dashboard/users/${user.id}/sessions`, { token: admin });
  expect(res.status).toBe(204);
  for (const session of sessions) expect(await works(session)).toBe(401);
  expect(await works(bystander)).toBe(200);
  expect(await works(await signIn(user.email))).toBe(200);
});

test("ending sessions: a member is 403, another organization's user or a malformed id 404", async () => {
  const member = await addUser();
  const memberSession = await signIn(member.email);
  const asMember = await api.call('DELETE', `/api/v1/dashboard/users/${member.id}/sessions`, { token: memberSession });
  expect(asMember.status).toBe(403);
  expect(asMember.body.error.code).toBe('PERMISSION_DENIED');
  const elsewhere = await createTenant();
  const theirs = await signIn(elsewhere.adminEmail, elsewhere.adminPassword);
  for (const id of [String(elsewhere.adminId), 'nope']) {
    const res = await api.call('DELETE', `/api/v1/dashboard/users/${id}/sessions`, { token: admin });
    expect(res.status).toBe(404);
    expect(res.body.error).toMatchObject({ code: 'RESOURCE_NOT_FOUND', param: 'path.id' });
  }
  expect(await works(theirs)).toBe(200);
});

test('deactivating a user ends their sessions and refuses their sign-in (403) until they are reactivated', async () => {
  const user = await addUser('admin');
  const session = await signIn(user.email);
  const off = await api.call('PATCH', `/api/v1/dashboard/users/${user.id}`, { token: admin, body: { status: 'deactivated' } });
  expect(off.status).toBe(200);
  expect(off.body).toMatchObject({ id: user.id, status: 'deactivated' });
  expect(await works(session)).toBe(401);
  const refused = await api.call('POST', '/api/v1/dashboard/sessions', { body: { email: user.email, password: PASSWORD } });
  expect(refused.status).toBe(403);
  expect(refused.body.error).toMatchObject({ type: 'permission_error', code: 'PERMISSION_DENIED' });
  expect(refused.body).not.toHaveProperty('token');
  // A wrong password tells nothing about the account's state.
  expect((await api.call('POST', '/api/v1/dashboard/sessions', { body: { email: user.email, password: 'wrong password' } })).status).toBe(401);
  expect(await DashboardSession.countDocuments({ userId: user.id })).toBe(0);

  const on = await api.call('PATCH', `/api/v1/dashboard/users/${user.id}`, { token: admin, body: { status: 'active' } });
  expect(on.body).toMatchObject({ status: 'active' });
  expect(await works(await signIn(user.email))).toBe(200);
});

test('nobody deactivates themselves, and the founder is never deactivated', async () => {
  const other = await addUser('admin');
  const otherSession = await signIn(other.email);
  const self = await api.call('PATCH', `/api/v1/dashboard/users/${other.id}`, { token: otherSession, body: { status: 'deactivated' } });
  expect(self.status).toBe(403);
  const founder = await api.call('PATCH', `/api/v1/dashboard/users/${String(tenant.adminId)}`, { token: otherSession, body: { status: 'deactivated' } });
  expect(founder.status).toBe(403);
  expect(founder.body.error.code).toBe('PERMISSION_DENIED');
  expect(await works(admin)).toBe(200);
  expect((await api.call('PATCH', `/api/v1/dashboard/users/${other.id}`, { token: admin, body: { status: 'asleep' } })).body.error).toMatchObject({
    code: 'VALIDATION_ERROR',
    param: 'body.status',
  });
});

test('expired sessions are refused, then swept; live ones stay', async () => {
  const user = await addUser();
  const [expired, live] = [await signIn(user.email), await signIn(user.email)];
  const first = await DashboardSession.findOne({ tokenHash: hashKey(expired) }).lean();
  await DashboardSession.updateOne({ _id: first!._id }, { $set: { expiresAt: new Date(Date.now() - 1000) } });
  expect(await works(expired)).toBe(401);
  await sweepExpired();
  const left = await DashboardSession.find({ userId: user.id }).lean();
  expect(left.map((s) => String(s._id))).not.toContain(String(first!._id));
  expect(left).toHaveLength(1);
  expect(await works(live)).toBe(200);
});
