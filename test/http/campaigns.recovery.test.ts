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

type Json = Record<string, any>;
/** The campaign once `check` holds for it. */
const campaignOnce = (key: string, id: string, check: (c: Json) => boolean, timeoutMs: number) =>
  waitFor(async () => {
    const c = (await api.call('GET', `/api/v1/campaigns/${id}`, { token: key })).body as Json;
    return check(c) ? c : undefined;
  }, timeoutMs);
const campaignCalls = async (key: string, id: string) => ((await api.call('GET', '/api/v1/calls?limit=100', { token: key })).body.data as Json[]).filter((c) => c.campaignId === id);
const recipientsOf = async (key: string, id: string) => (await api.call('GET', `/api/v1/campaigns/${id}/recipients`, { token: key })).body.data as Json[];

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
  await campaignOnce(key, id, (c) => c.stats.completed >= 2, 60_000);
  await workers.kill(first);
  const atKill = (await api.call('GET', `/api/v1/campaigns/${id}`, { token: key })).body;
  expect(atKill.status).toBe('running');
  expect(atKill.stats.completed).toBeLessThan(9);

  await workers.start();
  const done = await campaignOnce(key, id, (c) => c.status === 'completed', 120_000);
  expect(done.stats).toEqual({ total: 9, pending: 0, completed: 9, failed: 0, suppressed: 0 });

  const calls = await campaignCalls(key, id);
  expect(calls.map((c) => c.phoneNumber).sort()).toEqual(numbers);
  expect(calls.every((c) => c.attemptNumber === 1 && c.status === 'completed')).toBe(true);
  const listed = await recipientsOf(key, id);
  for (const r of listed) {
    expect(r).toMatchObject({ status: 'completed', attempts: 1 });
    expect(calls.map((c) => c.id)).toContain(r.lastCallId);
  }
  expect(await slotsInUse(callSlotPool(tenant.organizationId))).toBe(0);
}, 240_000);

test('a worker killed mid-campaign with recipients in two zones: after it, only the open zone is dialled, and the campaign waits scheduled', async () => {
  const tenant = await createTenant({ creditMinutes: 100, limits: { maxConcurrentCalls: 5 } });
  const key = await tenant.key(SCOPES, { rateLimitPerMinute: 100_000 });
  const agent = await api.call('POST', '/api/v1/agents', { token: key, body: { name: 'Windows', instructions: 'Remind them.', phone: { greeting: 'Hello.' } } });
  // Open for three hours around New York's present hour; Tokyo, 13 or 14 hours ahead, is outside it.
  const nyHour = Number(new Intl.DateTimeFormat('en-US', { timeZone: 'America/New_York', hour: 'numeric', hourCycle: 'h23' }).format(new Date()));
  const hh = (h: number) => `${String((h + 24) % 24).padStart(2, '0')}:00`;
  const callingHours = { start: hh(nyHour - 1), end: hh(nyHour + 2) };
  const created = await api.call('POST', '/api/v1/campaigns', {
    token: key,
    body: { name: 'Two zones', agentId: agent.body.id, timezone: 'UTC', callingHours, settings: { concurrency: 2, retryLimit: 1 } },
  });
  const id = created.body.id;
  const newYork = Array.from({ length: 6 }, (_, i) => `+121255501${String(i).padStart(2, '0')}`);
  // Tokyo by their numbers, and one London number whose row says Tokyo.
  const tokyo = ['+81312340001', '+81312340002', '+442079460199'];
  const rows: Array<{ phoneNumber: string; timezone?: string }> = [...newYork.slice(0, 3), ...tokyo.slice(0, 2), ...newYork.slice(3)].map((phoneNumber) => ({ phoneNumber }));
  rows.push({ phoneNumber: tokyo[2]!, timezone: 'Asia/Tokyo' });
  const first = await workers.start();
  expect((await api.call('POST', `/api/v1/campaigns/${id}/recipients`, { token: key, body: { recipients: rows } })).status).toBe(201);
  expect((await api.call('POST', `/api/v1/campaigns/${id}/launch`, { token: key })).body.status).toBe('running');
  await campaignOnce(key, id, (c) => c.stats.completed >= 2, 60_000);
  await workers.kill(first);
  expect((await api.call('GET', `/api/v1/campaigns/${id}`, { token: key })).body.stats.completed).toBeLessThan(6);

  await workers.start();
  // Everyone in New York reached; Tokyo's window is hours away: nothing left is open.
  const waiting = await campaignOnce(key, id, (c) => c.status === 'scheduled', 180_000);
  expect(waiting.stats).toEqual({ total: 9, pending: 3, completed: 6, failed: 0, suppressed: 0 });
  const calls = await campaignCalls(key, id);
  expect(calls.map((c) => c.phoneNumber).sort()).toEqual([...newYork].sort());
  const listed = await recipientsOf(key, id);
  for (const r of listed.filter((l) => tokyo.includes(l.phoneNumber))) expect(r).toMatchObject({ status: 'pending', attempts: 0, timezone: 'Asia/Tokyo' });
  expect((await api.call('POST', `/api/v1/campaigns/${id}/cancel`, { token: key })).body.status).toBe('cancelled');
  expect(await slotsInUse(callSlotPool(tenant.organizationId))).toBe(0);
}, 330_000);
