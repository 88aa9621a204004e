/**
 * GET /calls's search on the real stack: by a number as people write it, a name or an external
 * reference, a creation window and a disposition, combined; bad values are a 400 naming them.
 */
import { SCOPES } from '../../api/scopes';
import { createTenant, startApi, type Tenant } from '../helpers/app';
import { uniqueName, waitFor } from '../helpers/servers';
import { runWorker, type RunningWorker } from '../helpers/worker';

const env = { TEMPORAL_TASK_QUEUE: uniqueName('call-search'), SIMULATED_CALL_PACE_MS: '50', RING_TIMEOUT_SECONDS: '2' };
let api: Awaited<ReturnType<typeof startApi>>;
let worker: RunningWorker;
let tenant: Tenant;
let key: string;
const ids: Record<string, string> = {};
let placedAt: string;

beforeAll(async () => {
  api = await startApi('call-search', env);
  worker = await runWorker(env);
  tenant = await createTenant({ creditMinutes: 100, limits: { maxConcurrentCalls: 5 } });
  key = await tenant.key(SCOPES, { rateLimitPerMinute: 100_000 });
  const agent = await api.call('POST', '/api/v1/agents', {
    token: key,
    body: { name: 'Desk', instructions: 'Ask for an email.', phone: { greeting: 'Hello.' } },
  });
  placedAt = new Date(Date.now() - 1000).toISOString();
  for (const [name, phoneNumber, externalRef] of [
    ['Ada Lovelace', '+442079460001', 'crm-ada'],
    ['Bob Brown', '+442079460004', 'crm-bob'],
    ['Cy Young', '+442079460003', 'ticket-77'],
  ]) {
    const placed = await api.call('POST', '/api/v1/calls', { token: key, body: { agentId: agent.body.id, phoneNumber, contactName: name, externalRef } });
    expect(placed.status).toBe(201);
    ids[name!] = placed.body.id;
  }
  await waitFor(async () => {
    const page = await api.call('GET', '/api/v1/calls?status=completed', { token: key });
    return page.body.data.length === 3 ? true : undefined;
  }, 60_000);
}, 120_000);
afterAll(async () => {
  await worker?.stop();
  await api?.close();
});

const found = async (search: string) => {
  const res = await api.call('GET', `/api/v1/calls?${search}`, { token: key });
  expect(res.status).toBe(200);
  return (res.body.data as { contactName: string }[]).map((c) => c.contactName).sort();
};

test('q finds a call by a name or a reference in any case, and by a number as people write it', async () => {
  expect(await found('q=lovelace')).toEqual(['Ada Lovelace']);
  expect(await found('q=CRM-')).toEqual(['Ada Lovelace', 'Bob Brown']);
  expect(await found(`q=${encodeURIComponent('020 7946 0004')}`)).toEqual(['Bob Brown']);
  expect(await found(`q=${encodeURIComponent('+44 20 7946 0003')}`)).toEqual(['Cy Young']);
  // Regular-expression characters are text.
  expect(await found(`q=${encodeURIComponent('.*')}`)).toEqual([]);
  // FerretDB's PostgreSQL backend cannot search for U+0000, so it is refused before the search.
  const nul = await api.call('GET', '/api/v1/calls?q=ada%00', { token: key });
  expect(nul.status).toBe(400);
  expect(nul.body.error).toMatchObject({ code: 'VALIDATION_ERROR', param: 'query.q', message: 'query.q must not contain the NUL character (U+0000).' });
});

test('a disposition finds the calls that ended that way, which status=completed cannot tell apart', async () => {
  expect(await found('status=completed')).toEqual(['Ada Lovelace', 'Bob Brown', 'Cy Young']);
  expect(await found('disposition=voicemail')).toEqual(['Bob Brown']);
  expect(await found('disposition=busy')).toEqual(['Cy Young']);
  expect(await found('disposition=busy&q=ada')).toEqual([]);
});

test('a creation window: after, before, and both', async () => {
  const future = new Date(Date.now() + 3_600_000).toISOString();
  expect(await found(`createdAfter=${placedAt}`)).toEqual(['Ada Lovelace', 'Bob Brown', 'Cy Young']);
  expect(await found(`createdAfter=${future}`)).toEqual([]);
  expect(await found(`createdBefore=${placedAt}`)).toEqual([]);
  expect(await found(`createdAfter=${placedAt}&createdBefore=${future}&q=young`)).toEqual(['Cy Young']);
});

test('bad values are a 400 naming the parameter', async () => {
  for (const [search, param] of [
    ['createdAfter=yesterday', 'query.createdAfter'],
    ['disposition=completed_ok', 'query.disposition'],
    ['q=', 'query.q'],
  ]) {
    const res = await api.call('GET', `/api/v1/calls?${search}`, { token: key });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ code: 'VALIDATION_ERROR', param });
  }
});
