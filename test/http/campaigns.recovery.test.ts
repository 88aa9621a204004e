/**
 * A worker process killed in the middle of a running campaign: once a worker runs again the
 * campaign completes with every recipient dialled once per attempt, none skipped, exact stats; and
 * none is dialled out of bounds, neither a do-not-call number nor one whose window is shut.
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
const campaignCalls = async (key: string, id: string) =>
  ((await api.call('GET', '/api/v1/calls?limit=100', { token: key })).body.data as Json[]).filter((c) => c.campaignId === id);
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
  const agent = await api.call('POST', '/api/v1/agents', {
    token: key,
    body: { name: 'Survivor', instructions: 'Remind them.', phone: { greeting: 'Hello.' } },
  });
  const created = await api.call('POST', '/api/v1/campaigns', {
    token: key,
    body: { name: 'Survive', agentId: agent.body.id, settings: { concurrency: 3, retryLimit: 1 } },
  });
  const first = await workers.start();
  const numbers = Array.from({ length: 9 }, (_, i) => `+4420794601${String(i).padStart(2, '0')}`);
  const id = created.body.id;
  expect(
    (await api.call('POST', `/api/v1/campaigns/${id}/recipients`, { token: key, body: { recipients: numbers.map((phoneNumber) => ({ phoneNumber })) } }))
      .status,
  ).toBe(201);

  expect((await api.call('POST', `/api/v1/campaigns/${id}/launch`, { token: key })).status).toBe(200);
  await campaignOnce(key, id, (c) => c.stats.completed >= 2, 60_000);
  await workers.kill(first);
  const atKill = (await api.call('GET', `/api/v1/campaigns/${id}`, { token: key })).body;
  expect(atKill.status).toBe('running');
  expect(atKill.stats.completed).toBeLessThan(9);

  await workers.start();
  const done = await campaignOnce(key, id, (c) => c.status === 'completed', 120_000);
  expect(done.stats).toEqual({ total: 9, pending: 0, completed: 9, failed: 0, suppressed: 0 });

  // A call tells its campaign of its end beside writing it: the last write may still be on its way.
  const calls = await waitFor(async () => {
    const all = await campaignCalls(key, id);
    return all.every((c) => c.status === 'completed') ? all : undefined;
  });
  expect(calls.map((c) => c.phoneNumber).sort()).toEqual(numbers);
  expect(calls.every((c) => c.attemptNumber === 1 && c.status === 'completed')).toBe(true);
  const listed = await recipientsOf(key, id);
  for (const r of listed) {
    expect(r).toMatchObject({ status: 'completed', attempts: 1 });
    expect(calls.map((c) => c.id)).toContain(r.lastCallId);
  }
  expect(await slotsInUse(callSlotPool(tenant.organizationId))).toBe(0);
}, 240_000);

test('a worker killed mid-campaign with suppressed recipients in two zones: no do-not-call number and no closed-zone number is dialled, and the campaign waits scheduled', async () => {
  const tenant = await createTenant({ creditMinutes: 100, limits: { maxConcurrentCalls: 5 } });
  const key = await tenant.key(SCOPES, { rateLimitPerMinute: 100_000 });
  const agent = await api.call('POST', '/api/v1/agents', {
    token: key,
    body: { name: 'Windows', instructions: 'Remind them.', phone: { greeting: 'Hello.' } },
  });
  // Open for three hours around New York's present hour; Tokyo, 13 or 14 hours ahead, is outside it.
  const nyHour = Number(new Intl.DateTimeFormat('en-US', { timeZone: 'America/New_York', hour: 'numeric', hourCycle: 'h23' }).format(new Date()));
  const hh = (h: number) => `${String((h + 24) % 24).padStart(2, '0')}:00`;
  const callingHours = { start: hh(nyHour - 1), end: hh(nyHour + 2) };
  const created = await api.call('POST', '/api/v1/campaigns', {
    token: key,
    body: { name: 'Two zones', agentId: agent.body.id, timezone: 'UTC', callingHours, settings: { concurrency: 2, retryLimit: 1 } },
  });
  const id = created.body.id;
  const newYork = Array.from({ length: 7 }, (_, i) => `+121255501${String(i).padStart(2, '0')}`);
  // Tokyo by their numbers, and one London number whose row says Tokyo.
  const tokyo = ['+81312340001', '+81312340002', '+81312340003', '+442079460199'];
  // Do-not-call before the import: one in each zone. After the launch: New York's last.
  const doNotCallBefore = [newYork[1]!, tokyo[2]!];
  const doNotCallAfter = newYork[6]!;
  for (const phoneNumber of doNotCallBefore)
    expect((await api.call('POST', '/api/v1/contacts', { token: key, body: { phoneNumber, doNotCall: true } })).status).toBe(201);
  const rows: Array<{ phoneNumber: string; timezone?: string }> = [...newYork.slice(0, 3), ...tokyo.slice(0, 3), ...newYork.slice(3)].map((phoneNumber) => ({
    phoneNumber,
  }));
  rows.push({ phoneNumber: tokyo[3]!, timezone: 'Asia/Tokyo' });
  const first = await workers.start();
  const imported = await api.call('POST', `/api/v1/campaigns/${id}/recipients`, { token: key, body: { recipients: rows } });
  expect(imported.body).toMatchObject({ imported: 11, suppressed: 2 });
  expect((await api.call('POST', `/api/v1/campaigns/${id}/launch`, { token: key })).body.status).toBe('running');
  // Two calls at a time, each seconds long: New York's last is still far from its attempt.
  expect((await api.call('POST', '/api/v1/contacts', { token: key, body: { phoneNumber: doNotCallAfter, doNotCall: true } })).status).toBe(201);
  await campaignOnce(key, id, (c) => c.stats.completed >= 2, 60_000);
  await workers.kill(first);
  expect((await api.call('GET', `/api/v1/campaigns/${id}`, { token: key })).body.stats.completed).toBeLessThan(5);

  await workers.start();
  // New York's five dialable recipients reached; Tokyo's window is hours away: nothing left is open.
  // The calls the dead worker held time out first (a minute), then the rest are dialled: slow on a busy machine.
  const waiting = await campaignOnce(key, id, (c) => c.status === 'scheduled', 240_000);
  expect(waiting.stats).toEqual({ total: 11, pending: 3, completed: 5, failed: 3, suppressed: 3 });
  const calls = await campaignCalls(key, id);
  const suppressed = [...doNotCallBefore, doNotCallAfter];
  expect(calls.map((c) => c.phoneNumber).sort()).toEqual(newYork.filter((n) => !suppressed.includes(n)).sort());
  const listed = await recipientsOf(key, id);
  const recipient = (phoneNumber: string) => listed.find((r) => r.phoneNumber === phoneNumber);
  for (const n of doNotCallBefore) expect(recipient(n)).toMatchObject({ status: 'suppressed', attempts: 0, lastCallId: null, lastDisposition: null });
  expect(recipient(doNotCallAfter)).toMatchObject({ status: 'suppressed', attempts: 0, lastCallId: null, lastDisposition: 'do_not_call' });
  for (const n of tokyo.filter((t) => !suppressed.includes(t))) expect(recipient(n)).toMatchObject({ status: 'pending', attempts: 0, timezone: 'Asia/Tokyo' });
  expect((await api.call('POST', `/api/v1/campaigns/${id}/cancel`, { token: key })).body.status).toBe('cancelled');
  expect(await slotsInUse(callSlotPool(tenant.organizationId))).toBe(0);
}, 420_000);
