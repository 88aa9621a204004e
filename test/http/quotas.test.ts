/**
 * Organization quotas on campaigns, recipients, contacts and open interviews, and the one import at a time, on the real stack: each refused
 * beyond its limit with 403 QUOTA_EXCEEDED, also in a concurrent burst, each place freed by what
 * ends the resource (archive, erasure, completion), and GET /usage showing limits and use.
 */
import http from 'node:http';
import { Types } from 'mongoose';
import { SCOPES } from '../../api/scopes';
import { IMPORT_LEASE_MS, ImportClaim } from '../../models/importClaim';
import { Recipient } from '../../models/recipient';
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
  expect(body.used).toEqual({ agents: 1, users: 1, concurrentCalls: 0, campaigns: 0, recipients: 0, contacts: 0, openInterviews: 0 });
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
  expect(burst.find(refusedForQuota)!.body.error).toMatchObject({
    type: 'permission_error',
    message: 'Your organization has reached its limit of 3 campaigns not archived; archive a completed or cancelled one or raise the plan.',
  });
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
  const tooMany = await api.call('POST', '/api/v1/contacts/import', {
    token: key,
    body: { contacts: [{ phoneNumber: number(60) }, { phoneNumber: number(61) }] },
  });
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
  expect(burst.find(refusedForQuota)!.body.error.message).toBe(
    'Your organization has reached its limit of 2 open interviews; end one or wait for one to complete, or raise the plan.',
  );
  expect((await usage(key)).used.openInterviews).toBe(2);

  const id = created[0]!.body.id;
  await worker.client.workflow.getHandle(interviewWorkflowId(id)).signal(interviewEndSignal);
  await waitFor(async () => ((await api.call('GET', `/api/v1/interviews/${id}`, { token: key })).body.status === 'completed' ? true : undefined));
  // The place is freed by the settle step, right after the completed state is written.
  await waitFor(async () => ((await usage(key)).used.openInterviews === 1 ? true : undefined));
  expect((await create()).status).toBe(201);
  expect(refusedForQuota(await create())).toBe(true);
});

/** An import whose body arrives slowly: the request is open, its head sent, until `finish`. */
function slowImport(key: string, path: string, field: string, rows: unknown[]) {
  const body = Buffer.from(JSON.stringify({ [field]: rows }));
  const req = http.request(`${api.url}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json', 'content-length': body.length },
  });
  const answer = new Promise<{ status: number; body: any }>((resolve, reject) => {
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode!, body: JSON.parse(Buffer.concat(chunks).toString()) }));
    });
    req.on('error', reject);
  });
  req.write(body.subarray(0, 20));
  return { answer, finish: () => req.end(body.subarray(20)) };
}

const recipientRows = (n: number, from = 0) => Array.from({ length: n }, (_, i) => ({ phoneNumber: `+44207946${String(from + i).padStart(4, '0')}` }));

async function newCampaign(key: string, agentId: string) {
  const res = await api.call('POST', '/api/v1/campaigns', { token: key, body: { name: uniqueName('Campaign'), agentId } });
  expect(res.status).toBe(201);
  return res.body.id as string;
}

test('imports are claimed before their body is read: one at a time per campaign and per organization, 409 IMPORT_IN_PROGRESS at once', async () => {
  const t = await createTenant({});
  const key = await keyOf(t);
  const agentId = await newAgent(key, { type: 'phone' });
  const [first, second] = [await newCampaign(key, agentId), await newCampaign(key, agentId)];
  const slow = slowImport(key, `/api/v1/campaigns/${first}/recipients`, 'recipients', recipientRows(50));
  // The organization's claim is taken after the campaign's: with it, both are held.
  await waitFor(async () => ((await ImportClaim.countDocuments({ _id: `organization:${t.organizationId}` })) === 1 ? true : undefined));

  const started = Date.now();
  const [sameCampaign, otherCampaign, contacts] = await Promise.all([
    api.call('POST', `/api/v1/campaigns/${first}/recipients`, { token: key, body: { recipients: recipientRows(2, 100) } }),
    api.call('POST', `/api/v1/campaigns/${second}/recipients`, { token: key, body: { recipients: recipientRows(2, 100) } }),
    api.call('POST', '/api/v1/contacts/import', { token: key, body: { contacts: recipientRows(2, 100) } }),
  ]);
  expect(Date.now() - started).toBeLessThan(5_000);
  expect([sameCampaign.status, sameCampaign.body.error.code, sameCampaign.body.error.message]).toEqual([
    409,
    'IMPORT_IN_PROGRESS',
    expect.stringContaining('this campaign'),
  ]);
  for (const res of [otherCampaign, contacts])
    expect([res.status, res.body.error.code, res.body.error.message]).toEqual([409, 'IMPORT_IN_PROGRESS', expect.stringContaining('organization')]);

  // Another organization imports meanwhile.
  const other = await createTenant({});
  const otherKey = await keyOf(other);
  expect((await api.call('POST', '/api/v1/contacts/import', { token: otherKey, body: { contacts: recipientRows(2) } })).status).toBe(201);

  slow.finish();
  expect(await slow.answer).toMatchObject({ status: 201, body: { imported: 50 } });
  expect(await ImportClaim.countDocuments({ _id: { $in: [`campaign:${first}`, `organization:${t.organizationId}`] } })).toBe(0);
  // Released, also after a refusal: the next import runs.
  expect((await api.call('POST', `/api/v1/campaigns/${second}/recipients`, { token: key, body: { recipients: [{ phoneNumber: '+1234' }] } })).status).toBe(400);
  expect((await api.call('POST', `/api/v1/campaigns/${second}/recipients`, { token: key, body: { recipients: recipientRows(3, 200) } })).status).toBe(201);
});

test("a crashed import's claim lapses after its lease; a live one holds", async () => {
  const t = await createTenant({});
  const key = await keyOf(t);
  const agentId = await newAgent(key, { type: 'phone' });
  const id = await newCampaign(key, agentId);
  const claimId = `organization:${t.organizationId}`;
  await ImportClaim.create({ _id: claimId, holder: 'live', expiresAt: new Date(Date.now() + IMPORT_LEASE_MS) });
  const held = await api.call('POST', `/api/v1/campaigns/${id}/recipients`, { token: key, body: { recipients: recipientRows(2) } });
  expect([held.status, held.body.error.code]).toEqual([409, 'IMPORT_IN_PROGRESS']);
  // The campaign's own claim was given back when the organization's was refused.
  expect(await ImportClaim.countDocuments({ _id: `campaign:${id}` })).toBe(0);

  await ImportClaim.updateOne({ _id: claimId }, { $set: { holder: 'crashed', expiresAt: new Date(Date.now() - 1) } });
  const res = await api.call('POST', `/api/v1/campaigns/${id}/recipients`, { token: key, body: { recipients: recipientRows(2) } });
  expect(res.status).toBe(201);
  expect(await ImportClaim.countDocuments({ _id: { $regex: `^organization:${t.organizationId}` } })).toBe(0);
});

test('recipients beyond maxRecipients are refused whole with 403 QUOTA_EXCEEDED; usage counts them; archiving frees them', async () => {
  const t = await createTenant({ limits: { maxRecipients: 2500 } });
  const key = await keyOf(t);
  const agentId = await newAgent(key, { type: 'phone' });
  const [a, b] = [await newCampaign(key, agentId), await newCampaign(key, agentId)];
  expect((await api.call('POST', `/api/v1/campaigns/${a}/recipients`, { token: key, body: { recipients: recipientRows(1200) } })).status).toBe(201);
  expect((await usage(key)).used.recipients).toBe(1200);

  // 1,301 more would pass 2,500 in their second thousand, after the first was written: nothing stays.
  const over = await api.call('POST', `/api/v1/campaigns/${b}/recipients`, { token: key, body: { recipients: recipientRows(1301, 5000) } });
  expect(refusedForQuota(over)).toBe(true);
  expect(over.body.error.message).toBe(
    'Your organization may store 2500 recipients in campaigns not archived and has 1200; this import has more than the 1300 left. Archive a completed or cancelled campaign or raise the plan.',
  );
  expect((await api.call('GET', `/api/v1/campaigns/${b}/recipients`, { token: key })).body.pagination.total).toBe(0);
  expect(await Recipient.countDocuments({ campaignId: new Types.ObjectId(b) })).toBe(0);
  expect((await usage(key)).used.recipients).toBe(1200);

  expect((await api.call('POST', `/api/v1/campaigns/${b}/recipients`, { token: key, body: { recipients: recipientRows(1300, 5000) } })).status).toBe(201);
  expect((await usage(key)).used.recipients).toBe(2500);

  expect((await api.call('POST', `/api/v1/campaigns/${a}/cancel`, { token: key })).status).toBe(200);
  expect((await api.call('POST', `/api/v1/campaigns/${a}/archive`, { token: key })).status).toBe(200);
  await waitFor(async () => ((await usage(key)).used.recipients === 1300 ? true : undefined));
});
