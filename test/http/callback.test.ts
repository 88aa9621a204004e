/**
 * The `callback` built-in end to end on the simulated carrier: the callee at +442079460022 asks to
 * be called back tomorrow at 10:00, the simulated model records it with `callback`, and the report
 * carries `callback.at` resolved in the callee's zone (Europe/London, from the number). In a
 * campaign the callback becomes the recipient's next attempt, moved into the calling hours, or is
 * not scheduled once `retryLimit` is reached, which the report says.
 */
import { SCOPES } from '../../api/scopes';
import { instantOfLocal, isoInZone, localDate } from '../../lib/zonedDays';
import { CALLBACK_AGREED } from '../../providers/llm/simulated';
import { openingAt } from '../../workflows/callingHours';
import { createTenant, startApi } from '../helpers/app';
import { uniqueName, waitFor } from '../helpers/servers';
import { runWorker, type RunningWorker } from '../helpers/worker';

const CALLBACK_NUMBER = '+442079460022';
const ZONE = 'Europe/London';

let api: Awaited<ReturnType<typeof startApi>>;
let worker: RunningWorker;
let key: string;
let agentId: string;

beforeAll(async () => {
  const env = { TEMPORAL_TASK_QUEUE: uniqueName('callback'), SIMULATED_CALL_PACE_MS: '50', RING_TIMEOUT_SECONDS: '2' };
  api = await startApi('callback', env);
  worker = await runWorker(env);
  const tenant = await createTenant({ creditMinutes: 100, limits: { maxConcurrentCalls: 10 } });
  key = await tenant.key(SCOPES, { rateLimitPerMinute: 100_000 });
  const agent = await api.call('POST', '/api/v1/agents', {
    token: key,
    body: { name: 'Renewals', instructions: 'You call about the renewal.', phone: { greeting: 'Hi, the renewals desk.' }, tools: [{ type: 'callback' }] },
  });
  expect(agent.status).toBe(201);
  agentId = agent.body.id;
}, 120_000);
afterAll(async () => {
  await worker?.stop();
  await api?.close();
});

/** Tomorrow at 10:00 where the callee is, as the report gives it. */
function tomorrowAtTen(): { at: string; ms: number } {
  const tomorrow = new Date(Date.parse(`${localDate(Date.now(), ZONE)}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
  const ms = instantOfLocal(tomorrow, '10:00', ZONE);
  return { at: isoInZone(ms, ZONE), ms };
}

const reportOf = (callId: string) =>
  waitFor(async () => {
    const res = await api.call('GET', `/api/v1/calls/${callId}/report`, { token: key });
    return res.status === 200 ? res.body : undefined;
  }, 30_000);

test('a single call: the callee asks to be called back tomorrow at 10:00; the report has callback.at in their zone', async () => {
  const placed = await api.call('POST', '/api/v1/calls', { token: key, body: { agentId, phoneNumber: CALLBACK_NUMBER } });
  expect(placed.status).toBe(201);
  const id = placed.body.id;
  const call = await waitFor(async () => {
    const res = await api.call('GET', `/api/v1/calls/${id}`, { token: key });
    return res.body.status === 'completed' ? res.body : undefined;
  }, 30_000);
  expect(call.disposition).toBe('completed');
  const turns = (await api.call('GET', `/api/v1/calls/${id}/transcript`, { token: key })).body.data;
  const expected = tomorrowAtTen();
  expect(turns.map((t: { role: string; text: string }) => [t.role, t.text])).toEqual([
    ['agent', 'Hi, the renewals desk.'],
    ['contact', 'Could you call me back tomorrow at 10:00, please?'],
    ['tool', 'schedule_callback answered'],
    ['agent', CALLBACK_AGREED],
  ]);
  expect(turns[2].tool).toMatchObject({
    name: 'schedule_callback',
    arguments: { date: expected.at.slice(0, 10), time: '10:00' },
    outcome: 'ok',
    result: { at: expected.at, timezone: ZONE },
  });
  const report = await reportOf(id);
  expect(report.callback).toEqual({ at: expected.at, timezone: ZONE });
  expect(report.toolCalls).toEqual([{ name: 'schedule_callback', outcome: 'ok' }]);
});

/** A window of three hours that is open now in the callee's zone (and so, unless the tests run at 08:00-10:59 there, closed at 10:00). */
function hoursOpenNow() {
  const hour = Number(new Intl.DateTimeFormat('en-GB', { timeZone: ZONE, hour: '2-digit', hourCycle: 'h23' }).format(new Date()));
  const clock = (h: number) => `${String((h + 24) % 24).padStart(2, '0')}:00`;
  return { start: clock(hour - 1), end: clock(hour + 2) };
}

async function campaignWith(retryLimit: number) {
  const callingHours = hoursOpenNow();
  const created = await api.call('POST', '/api/v1/campaigns', {
    token: key,
    body: { name: uniqueName('Callbacks'), agentId, timezone: 'America/New_York', settings: { retryLimit, retryDelayMinutes: 1 }, callingHours },
  });
  expect(created.status).toBe(201);
  const id = created.body.id;
  expect((await api.call('POST', `/api/v1/campaigns/${id}/recipients`, { token: key, body: { recipients: [{ phoneNumber: CALLBACK_NUMBER }] } })).status).toBe(
    201,
  );
  expect((await api.call('POST', `/api/v1/campaigns/${id}/launch`, { token: key })).status).toBe(200);
  return { id, callingHours };
}

const recipientOf = async (campaignId: string) => (await api.call('GET', `/api/v1/campaigns/${campaignId}/recipients?limit=10`, { token: key })).body.data[0];

test('in a campaign: the callback becomes the recipient’s next attempt, moved into the calling hours of their zone', async () => {
  const { id, callingHours } = await campaignWith(2);
  const waiting = await waitFor(async () => {
    const r = await recipientOf(id);
    return r?.status === 'retry_scheduled' ? r : undefined;
  }, 60_000);
  const expected = tomorrowAtTen();
  // The recipient's zone is the one their number determines (London), not the campaign's (New York).
  expect(Date.parse(waiting.nextAttemptAt)).toBe(openingAt(expected.ms, ZONE, { ...callingHours }));
  expect(waiting.attempts).toBe(1);
  const report = await reportOf(waiting.lastCallId);
  expect(report.callback).toEqual({ at: expected.at, timezone: ZONE, nextAttempt: 'scheduled' });
  expect((await api.call('POST', `/api/v1/campaigns/${id}/cancel`, { token: key })).status).toBe(200);
});

test('in a campaign past retryLimit: no attempt is scheduled, the recipient is completed and the report says so', async () => {
  const { id } = await campaignWith(1);
  const done = await waitFor(async () => {
    const res = await api.call('GET', `/api/v1/campaigns/${id}`, { token: key });
    return res.body.status === 'completed' ? res.body : undefined;
  }, 60_000);
  expect(done.stats).toMatchObject({ total: 1, completed: 1, failed: 0 });
  const recipient = await recipientOf(id);
  expect(recipient).toMatchObject({ status: 'completed', attempts: 1, nextAttemptAt: null });
  const report = await reportOf(recipient.lastCallId);
  expect(report.callback).toEqual({ at: tomorrowAtTen().at, timezone: ZONE, nextAttempt: 'retry_limit_reached' });
});
