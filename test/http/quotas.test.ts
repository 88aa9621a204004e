/**
 * Organization quotas on campaigns, contacts and open interviews on the real stack: each refused
 * beyond its limit with 403 QUOTA_EXCEEDED, also in a concurrent burst, each place freed by what
 * ends the resource (archive, erasure, completion), and GET /usage showing limits and use.
 */
import { SCOPES } from '../../api/scopes';
import { DEFAULT_LIMITS } from '../../models/organization';
import { interviewEndSignal, interviewWorkflowId } from '../../workflows/definitions';
import { createTenant, startApi, type Tenant } from '../helpers/app';
import { uniqueName, waitFor } from '../helpers/servers';
import { runWorker, type RunningWorker } from '../helpers/worker';

const env = { TEMPORAL_TASK_QUEUE: uniqueName('quotas') };
let api: Awaited<ReturnType<typeof startApi>>;
let worker: RunningWorker;

beforeAll(async () => {
  api = await startApi('quotas', env);
  worker = await runWorker(env);
}, 120_000);
afterAll(async () => {
  await worker?.stop();
  await api?.close();
});

// Tests poll: keys get a rate limit the polling cannot reach.
const keyOf = (t: Tenant) => t.key(SCOPES, { rateLimitPerMinute: 100_000 });
const usage = async (key: string) => (await api.call('GET', '/api/v1/usage', { token: key })).body;
const refusedForQuota = (res: { status: number; body: any }) => res.status === 403 && res.body.error.code === 'QUOTA_EXCEEDED';

async function newAgent(key: string, body: Record<string, unknown>) {
  const res = await api.call('POST', '/api/v1/agents', { token: key, body: { name: uniqueName('agent'), instructions: 'Talk.', ...body } });
  expect(res.status).toBe(201);
  return res.body.id as string;
}

test('GET /usage shows every limit, the documented defaults, and what is used', async () => {
  const t = await createTenant({ limits: { maxAgents: 7 } });
  const key = await keyOf(t);
  await newAgent(key, {});
  const body = await usage(key);
  expect(body.limits).toEqual({ ...DEFAULT_LIMITS, maxAgents: 7 });
  expect(DEFAULT_LIMITS).toMatchObject({ maxCampaigns: 100, maxRecipients: 1_000_000, maxContacts: 100_000, maxOpenInterviews: 1_000 });
  expect(body.used).toEqual({ agents: 1, users: 1, concurrentCalls: 0, campaigns: 0, contacts: 0, openInterviews: 0 });
});

test('campaigns beyond maxCampaigns are 403 QUOTA_EXCEEDED, also in a burst; archiving frees a place', async () => {
  const t = await createTenant({ limits: { maxCampaigns: 3 } });
  const key = await keyOf(t);
  const agentId = await newAgent(key, {});
  const create = (name: string) => api.call('POST', '/api/v1/campaigns', { token: key, body: { name, agentId } });
  const burst = await Promise.all(Array.from({ length: 7 }, (_, i) => create(`Burst ${i}`)));
  const created = burst.filter((r) => r.status === 201);
  expect(created).toHaveLength(3);
  expect(burst.filter(refusedForQuota)).toHaveLength(4);
  expect(burst.find(refusedForQuota)!.body.error).toMatchObject({ type: 'permission_error', message: expect.stringContaining('3 campaigns') });
  expect((await api.call('GET', '/api/v1/campaigns', { token: key })).body.pagination.total).toBe(3);
  expect((await usage(key)).used.campaigns).toBe(3);

  // Cancelled is not enough: the campaign still takes its place until archived.
  const id = created[0]!.body.id;
  expect((await api.call('POST', `/api/v1/campaigns/${id}/cancel`, { token: key })).status).toBe(200);
  expect(refusedForQuota(await create('Still full'))).toBe(true);
  expect((await api.call('POST', `/api/v1/campaigns/${id}/archive`, { token: key })).status).toBe(200);
  expect((await usage(key)).used.campaigns).toBe(2);
  expect((await create('After archive')).status).toBe(201);
  expect(refusedForQuota(await create('Full again'))).toBe(true);
});

test('contacts beyond maxContacts are 403 QUOTA_EXCEEDED, never overrun in a burst; erasure frees; imports are refused whole', async () => {
  const t = await createTenant({ limits: { maxContacts: 4 } });
  const key = await keyOf(t);
  const number = (i: number) => `+44207946${String(1000 + i)}`;
  const create = (i: number) => api.call('POST', '/api/v1/contacts', { token: key, body: { phoneNumber: number(i) } });
  const burst = await Promise.all(Array.from({ length: 10 }, (_, i) => create(i)));
  const created = burst.filter((r) => r.status === 201);
  // Single creations take turns, so the burst fills the limit exactly.
  expect(created).toHaveLength(4);
  expect(burst.filter(refusedForQuota)).toHaveLength(6);
  const listed = await api.call('GET', '/api/v1/contacts?limit=100', { token: key });
  expect(listed.body.pagination.total).toBe(4);
  expect((await usage(key)).used.contacts).toBe(4);
  expect(refusedForQuota(await create(50))).toBe(true);

  // An import of known numbers only updates them: it fits at the limit.
  const known = created.map((r) => ({ phoneNumber: r.body.phoneNumber, name: 'Known' }));
  const updated = await api.call('POST', '/api/v1/contacts/import', { token: key, body: { contacts: known } });
  expect(updated.status).toBe(201);
  expect(updated.body).toMatchObject({ created: 0, updated: 4 });

  expect((await api.call('DELETE', `/api/v1/contacts/${created[0]!.body.id}`, { token: key })).status).toBe(200);
  // One place free, two new numbers: refused before any row is applied.
  const tooMany = await api.call('POST', '/api/v1/contacts/import', { token: key, body: { contacts: [{ phoneNumber: number(60) }, { phoneNumber: number(61) }] } });
  expect(refusedForQuota(tooMany)).toBe(true);
  expect((await usage(key)).used.contacts).toBe(3);
  const fits = await api.call('POST', '/api/v1/contacts/import', { token: key, body: { contacts: [...known.slice(1), { phoneNumber: number(60) }] } });
  expect(fits.status).toBe(201);
  expect(fits.body).toMatchObject({ created: 1, updated: 3 });
  expect((await usage(key)).used.contacts).toBe(4);
});

test('open interviews beyond maxOpenInterviews are 403 QUOTA_EXCEEDED, also in a burst; completion frees a place', async () => {
  const t = await createTenant({ limits: { maxOpenInterviews: 2 } });
  const key = await keyOf(t);
  const agentId = await newAgent(key, { type: 'voice', voice: { opening: 'Hello.', evaluationCriteria: ['clarity'] } });
  const create = () => api.call('POST', '/api/v1/interviews', { token: key, body: { agentId, candidateName: 'Ada', mode: 'text' } });
  const burst = await Promise.all(Array.from({ length: 5 }, create));
  const created = burst.filter((r) => r.status === 201);
  expect(created).toHaveLength(2);
  expect(burst.filter(refusedForQuota)).toHaveLength(3);
  expect((await usage(key)).used.openInterviews).toBe(2);

  const id = created[0]!.body.id;
  await worker.client.workflow.getHandle(interviewWorkflowId(id)).signal(interviewEndSignal);
  await waitFor(async () => ((await api.call('GET', `/api/v1/interviews/${id}`, { token: key })).body.status === 'completed' ? true : undefined));
  // The place is freed by the settle step, right after the completed state is written.
  await waitFor(async () => ((await usage(key)).used.openInterviews === 1 ? true : undefined));
  expect((await create()).status).toBe(201);
  expect(refusedForQuota(await create())).toBe(true);
});
