/**
 * A worker process killed in the middle of a running campaign: once a worker runs again the
 * campaign completes with every recipient dialled once per attempt, none skipped, exact stats.
 */
import { SCOPES } from '../../api/scopes';
import { callSlotPool } from '../../models/call';
import { slotsInUse } from '../../models/slot';
import { createTenant, startApi } from '../helpers/app';
import { uniqueName, waitFor } from '../helpers/servers';
import { workerProcesses } from '../helpers/workerProcess';

const taskQueue = uniqueName('campaign-recovery');
const env = { TEMPORAL_TASK_QUEUE: taskQueue, SIMULATED_CALL_PACE_MS: '200' };
let api: Awaited<ReturnType<typeof startApi>>;
const workers = workerProcesses(env);

beforeAll(async () => {
  api = await startApi('campaign-recovery', env);
});
afterAll(async () => {
  workers.killAll();
  await api?.close();
});

test('the campaign survives a worker killed while it is dialling', async () => {
  const tenant = await createTenant({ creditMinutes: 100, limits: { maxConcurrentCalls: 5 } });
  const key = await tenant.key(SCOPES, { rateLimitPerMinute: 100_000 });
  const agent = await api.call('POST', '/api/v1/agents', { token: key, body: { name: 'Survivor', instructions: 'Remind them.', phone: { greeting: 'Hello.' } } });
  const created = await api.call('POST', '/api/v1/campaigns', { token: key, body: { name: 'Survive', agentId: agent.body.id, settings: { concurrency: 3, retryLimit: 1 } } });
  const first = await workers.start();
  const numbers = Array.from({ length: 9 }, (_, i) => `+4420794601${String(i).padStart(2, '0')}`);
  const id = created.body.id;
  expect((await api.call('POST', `/api/v1/campaigns/${id}/recipients`, { token: key, body: { recipients: numbers.map((phoneNumber) => ({ phoneNumber })) } })).status).toBe(201);

  expect((await api.call('POST', `/api/v1/campaigns/${id}/launch`, { token: key })).status).toBe(200);
  await waitFor(async () => {
    const c = await api.call('GET', `/api/v1/campaigns/${id}`, { token: key });
    return c.body.stats.completed >= 2 ? true : undefined;
  }, 60_000);
  await workers.kill(first);
  const atKill = (await api.call('GET', `/api/v1/campaigns/${id}`, { token: key })).body;
  expect(atKill.status).toBe('running');
  expect(atKill.stats.completed).toBeLessThan(9);

  await workers.start();
  const done = await waitFor(async () => {
    const c = await api.call('GET', `/api/v1/campaigns/${id}`, { token: key });
    return c.body.status === 'completed' ? c.body : undefined;
  }, 120_000);
  expect(done.stats).toEqual({ total: 9, pending: 0, completed: 9, failed: 0, suppressed: 0 });

  const calls = ((await api.call('GET', '/api/v1/calls?limit=100', { token: key })).body.data as Array<Record<string, any>>).filter((c) => c.campaignId === id);
  expect(calls.map((c) => c.phoneNumber).sort()).toEqual(numbers);
  expect(calls.every((c) => c.attemptNumber === 1 && c.status === 'completed')).toBe(true);
  const listed = (await api.call('GET', `/api/v1/campaigns/${id}/recipients`, { token: key })).body.data as Array<Record<string, any>>;
  for (const r of listed) {
    expect(r).toMatchObject({ status: 'completed', attempts: 1 });
    expect(calls.map((c) => c.id)).toContain(r.lastCallId);
  }
  expect(await slotsInUse(callSlotPool(tenant.organizationId))).toBe(0);
}, 240_000);
