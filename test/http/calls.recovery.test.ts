/**
 * A worker process killed in the middle of a call: once a worker runs again, the call completes,
 * is charged once, frees its slot once and gets exactly one report.
 */
import { Types } from 'mongoose';
import { SCOPES } from '../../api/scopes';
import { CallReport } from '../../models/callReport';
import { callSlotPool } from '../../models/call';
import { CreditEntry } from '../../models/creditEntry';
import { slotsInUse } from '../../models/slot';
import { createTenant, startApi } from '../helpers/app';
import { uniqueName, waitFor } from '../helpers/servers';
import { workerProcesses } from '../helpers/workerProcess';

const taskQueue = uniqueName('recovery');
const env = { TEMPORAL_TASK_QUEUE: taskQueue, SIMULATED_CALL_PACE_MS: '300' };
let api: Awaited<ReturnType<typeof startApi>>;
const workers = workerProcesses(env);

beforeAll(async () => {
  api = await startApi('recovery', env);
});
afterAll(async () => {
  workers.killAll();
  await api?.close();
});

test('the call survives a worker killed mid-conversation', async () => {
  const tenant = await createTenant({ creditMinutes: 50, limits: { maxConcurrentCalls: 2 } });
  // Polled for up to a minute and a half: a rate limit the polling cannot reach.
  const key = await tenant.key(SCOPES, { rateLimitPerMinute: 100_000 });
  const agent = await api.call('POST', '/api/v1/agents', {
    token: key,
    body: { name: 'Survivor', instructions: 'Collect details.', phone: { greeting: 'Hello there.', requiredContactFields: ['email', 'company'] } },
  });
  const first = await workers.start();
  const placed = await api.call('POST', '/api/v1/calls', { token: key, body: { agentId: agent.body.id, phoneNumber: '+442079460001' } });
  expect(placed.status).toBe(201);
  const id = placed.body.id;

  await waitFor(async () => {
    const t = await api.call('GET', `/api/v1/calls/${id}/transcript`, { token: key });
    return t.body.data.length >= 2 ? true : undefined;
  }, 30_000);
  await workers.kill(first);
  const turnsAtKill = (await api.call('GET', `/api/v1/calls/${id}/transcript`, { token: key })).body.data.length;
  expect((await api.call('GET', `/api/v1/calls/${id}`, { token: key })).body.status).toBe('active');

  await workers.start();
  const done = await waitFor(async () => {
    const res = await api.call('GET', `/api/v1/calls/${id}`, { token: key });
    return res.body.status === 'completed' && res.body.reportId ? res.body : undefined;
  }, 90_000);
  expect(done.disposition).toBe('completed');

  const transcript = (await api.call('GET', `/api/v1/calls/${id}/transcript`, { token: key })).body.data;
  expect(transcript.length).toBeGreaterThan(turnsAtKill);
  // Turns are never duplicated by the retried activity: agent and contact alternate.
  transcript.forEach((t: { role: string }, i: number) => expect(t.role).toBe(i % 2 === 0 ? 'agent' : 'contact'));
  const charges = await CreditEntry.find({ reference: `call:${id}` }).lean();
  expect(charges).toHaveLength(done.chargedMinutes > 0 ? 1 : 0);
  expect(await CallReport.countDocuments({ callId: new Types.ObjectId(id) })).toBe(1);
  expect(await slotsInUse(callSlotPool(tenant.organizationId))).toBe(0);
}, 180_000);
