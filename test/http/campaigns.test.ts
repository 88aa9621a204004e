/**
 * Campaigns end to end on the real stack: the API, a worker running campaign, call and
 * simulated-line workflows on the Temporal dev server, the simulated carrier and LLM, and FerretDB.
 */
import { SCOPES } from '../../api/scopes';
import { callSlotPool } from '../../models/call';
import { slotsInUse } from '../../models/slot';
import { createTenant, startApi, type Tenant } from '../helpers/app';
import { uniqueName, waitFor } from '../helpers/servers';
import { runWorker, signalsIn, type RunningWorker } from '../helpers/worker';
import { campaignCancelSignal, campaignWorkflowId } from '../../workflows/definitions';

const POLLING = [SCOPES, { rateLimitPerMinute: 100_000 }] as const;
const taskQueue = uniqueName('campaigns');
const env = { TEMPORAL_TASK_QUEUE: taskQueue, SIMULATED_CALL_PACE_MS: '50', RING_TIMEOUT_SECONDS: '2' };
let api: Awaited<ReturnType<typeof startApi>>;
let worker: RunningWorker;

beforeAll(async () => {
  api = await startApi('campaigns', env);
  worker = await runWorker(env);
}, 120_000);
afterAll(async () => {
  await worker?.stop();
  await api?.close();
});

interface Setup {
  tenant: Tenant;
  key: string;
  agentId: string;
}

async function setup(limits = { maxConcurrentCalls: 5 }): Promise<Setup> {
  const tenant = await createTenant({ creditMinutes: 500, limits });
  const key = await tenant.key(...POLLING);
  const agent = await api.call('POST', '/api/v1/agents', {
    token: key,
    body: { name: 'Renewals', instructions: 'You call {{firstName}} about their renewal.', phone: { greeting: 'Hi {{firstName}}.' } },
  });
  expect(agent.status).toBe(201);
  return { tenant, key, agentId: agent.body.id };
}

/** Distinct numbers that answer and talk (the simulated carrier's default), from +442079460010 on. */
const answering = (n: number, from = 10) => Array.from({ length: n }, (_, i) => `+4420794600${String(from + i).padStart(2, '0')}`);
const row = (phoneNumber: string, i = 0) => ({ phoneNumber, contactName: `Contact ${i}`, externalRef: `ref-${i}`, variables: { firstName: `Name${i}` } });

async function createCampaign({ key, agentId }: Setup, body: Record<string, unknown> = {}) {
  const res = await api.call('POST', '/api/v1/campaigns', { token: key, body: { name: uniqueName('Campaign'), agentId, ...body } });
  expect(res.status).toBe(201);
  return res.body;
}

const action = (key: string, id: string, name: string) => api.call('POST', `/api/v1/campaigns/${id}/${name}`, { token: key });

async function untilStatus(key: string, id: string, status: string, timeoutMs = 60_000) {
  return waitFor(async () => {
    const res = await api.call('GET', `/api/v1/campaigns/${id}`, { token: key });
    return res.body.status === status ? res.body : undefined;
  }, timeoutMs);
}

async function campaignCalls(key: string, campaignId: string) {
  const res = await api.call('GET', '/api/v1/calls?limit=100', { token: key });
  return (res.body.data as Array<Record<string, any>>).filter((c) => c.campaignId === campaignId);
}

async function recipients(key: string, id: string) {
  const res = await api.call('GET', `/api/v1/campaigns/${id}/recipients?limit=100`, { token: key });
  expect(res.status).toBe(200);
  return res.body;
}

test('create, import, launch, pause, resume: completed with exact stats and one call per attempt', async () => {
  const s = await setup();
  const created = await createCampaign(s, { settings: { retryLimit: 2, retryDelayMinutes: 1, concurrency: 2 } });
  expect(created).toMatchObject({
    object: 'campaign',
    status: 'draft',
    agentId: s.agentId,
    agentName: 'Renewals',
    timezone: 'UTC',
    settings: { retryLimit: 2, retryDelayMinutes: 1, concurrency: 2 },
    stats: { total: 0, pending: 0, completed: 0, failed: 0, suppressed: 0 },
    launchedAt: null,
  });
  const numbers = [...answering(5), '+442079460003', '+442079460005'];
  const imported = await api.call('POST', `/api/v1/campaigns/${created.id}/recipients`, { token: s.key, body: { recipients: numbers.map(row) } });
  expect(imported.status).toBe(201);
  expect(imported.body).toEqual({ object: 'recipient_import', campaignId: created.id, imported: 7, suppressed: 0 });
  const listed = await recipients(s.key, created.id);
  expect(listed.pagination.total).toBe(7);
  expect(listed.data.map((r: { phoneNumber: string }) => r.phoneNumber)).toEqual(numbers);
  expect(listed.data.every((r: { status: string; attempts: number }) => r.status === 'pending' && r.attempts === 0)).toBe(true);
  expect((await api.call('GET', `/api/v1/campaigns/${created.id}`, { token: s.key })).body.stats).toEqual({
    total: 7,
    pending: 7,
    completed: 0,
    failed: 0,
    suppressed: 0,
  });

  const launched = await action(s.key, created.id, 'launch');
  expect(launched.status).toBe(200);
  expect(launched.body).toMatchObject({ status: 'running', launchedAt: expect.any(String) });
  const paused = await action(s.key, created.id, 'pause');
  expect(paused.status).toBe(200);
  expect(paused.body).toMatchObject({ status: 'paused', pausedReason: 'requested', pausedAt: expect.any(String) });

  // Paused: the calls already placed finish, and no new one is dialled.
  await waitFor(async () => ((await slotsInUse(callSlotPool(s.tenant.organizationId))) === 0 ? true : undefined), 30_000);
  const atPause = (await campaignCalls(s.key, created.id)).length;
  expect(atPause).toBeLessThanOrEqual(2);
  await new Promise((r) => setTimeout(r, 1500));
  expect((await campaignCalls(s.key, created.id)).length).toBe(atPause);

  const resumed = await action(s.key, created.id, 'resume');
  expect(resumed.status).toBe(200);
  expect(resumed.body).toMatchObject({ status: 'running', pausedReason: null });

  // The busy number is retried once, a minute later: while it waits, it says when.
  const waiting = await waitFor(async () => {
    const r = ((await recipients(s.key, created.id)).data as Array<Record<string, any>>).find((x) => x.phoneNumber === '+442079460003');
    return r?.status === 'retry_scheduled' ? r : undefined;
  }, 60_000);
  // The call tells its campaign of its end beside writing it: the campaign can know first.
  const firstBusy = await waitFor(async () => {
    const call = (await campaignCalls(s.key, created.id)).find((c) => c.phoneNumber === '+442079460003');
    return call?.endedAt ? call : undefined;
  });
  const due = Date.parse(waiting.nextAttemptAt) - Date.parse(firstBusy.endedAt);
  expect(due).toBeGreaterThanOrEqual(59_000);
  expect(due).toBeLessThanOrEqual(65_000);
  const done = await untilStatus(s.key, created.id, 'completed', 150_000);
  expect(done.stats).toEqual({ total: 7, pending: 0, completed: 5, failed: 2, suppressed: 0 });
  expect(done.completedAt).toEqual(expect.any(String));
  expect(Date.parse(done.completedAt)).toBeGreaterThanOrEqual(Date.parse(done.launchedAt));

  const final = (await recipients(s.key, created.id)).data as Array<Record<string, any>>;
  const byNumber = Object.fromEntries(final.map((r) => [r.phoneNumber, r]));
  for (const n of answering(5)) expect(byNumber[n]).toMatchObject({ status: 'completed', attempts: 1, lastDisposition: 'completed' });
  expect(byNumber['+442079460003']).toMatchObject({ status: 'failed', attempts: 2, lastDisposition: 'busy', nextAttemptAt: null });
  expect(byNumber['+442079460005']).toMatchObject({ status: 'failed', attempts: 1, lastDisposition: 'carrier_rejected', lastCallId: expect.any(String) });

  // One call per attempt that reached the carrier (the refused one left no call), each numbered,
  // each written completed (the last may still be on its way when the campaign completes).
  const calls = await waitFor(async () => {
    const all = await campaignCalls(s.key, created.id);
    return all.every((c) => c.status === 'completed') ? all : undefined;
  });
  expect(calls).toHaveLength(7);
  const attempts = calls.map((c) => `${c.phoneNumber}#${c.attemptNumber}`).sort();
  expect(new Set(attempts).size).toBe(7);
  expect(attempts).toContain('+442079460003#2');
  for (const c of calls) expect(c).toMatchObject({ status: 'completed', campaignId: created.id });
  const busy = calls.filter((c) => c.phoneNumber === '+442079460003').sort((a, b) => a.attemptNumber - b.attemptNumber);
  expect(Date.parse(busy[1]!.createdAt) - Date.parse(busy[0]!.endedAt)).toBeGreaterThanOrEqual(59_000);
  for (const r of final.filter((x) => x.phoneNumber !== '+442079460005')) expect(calls.map((c) => c.id)).toContain(r.lastCallId);
  expect(await slotsInUse(callSlotPool(s.tenant.organizationId))).toBe(0);
}, 200_000);

test('every invalid action is a 409 from the workflow; cancel hangs up and archive closes', async () => {
  const s = await setup();
  const c = await createCampaign(s, { settings: { concurrency: 2 } });
  for (const name of ['pause', 'resume', 'archive']) {
    const res = await action(s.key, c.id, name);
    expect([name, res.status, res.body.error?.code]).toEqual([name, 409, 'INVALID_STATE_TRANSITION']);
  }
  const empty = await action(s.key, c.id, 'launch');
  expect(empty.status).toBe(409);
  expect(empty.body.error).toMatchObject({ type: 'conflict_error', code: 'NO_RECIPIENTS' });

  // Numbers that talk until the agent's maximum duration: still in progress when cancelled.
  const talkers = ['+442079460007', ...answering(3, 40)];
  expect((await api.call('POST', `/api/v1/campaigns/${c.id}/recipients`, { token: s.key, body: { recipients: talkers.map(row) } })).status).toBe(201);
  const again = await api.call('POST', `/api/v1/campaigns/${c.id}/recipients`, { token: s.key, body: { recipients: [row(answering(1, 90)[0]!)] } });
  expect(again.status).toBe(409);
  expect(again.body.error.code).toBe('RECIPIENTS_ALREADY_IMPORTED');

  const launched = await action(s.key, c.id, 'launch');
  expect(launched.status).toBe(200);
  for (const name of ['launch', 'resume', 'archive']) expect((await action(s.key, c.id, name)).status).toBe(409);
  const late = await api.call('POST', `/api/v1/campaigns/${c.id}/recipients`, { token: s.key, body: { recipients: [row(answering(1, 91)[0]!)] } });
  expect([late.status, late.body.error]).toEqual([
    409,
    { type: 'conflict_error', code: 'INVALID_STATE_TRANSITION', message: `A ${launched.body.status} campaign takes no recipients.` },
  ]);
  const patchRunning = await api.call('PATCH', `/api/v1/campaigns/${c.id}`, { token: s.key, body: { name: 'Renamed' } });
  expect(patchRunning.status).toBe(409);
  expect(patchRunning.body.error.code).toBe('INVALID_STATE_TRANSITION');
  const deleteInUse = await api.call('DELETE', `/api/v1/agents/${s.agentId}`, { token: s.key });
  expect(deleteInUse.status).toBe(409);
  expect(deleteInUse.body.error).toMatchObject({ type: 'conflict_error', code: 'AGENT_IN_USE', param: 'path.id' });
  // Named, so the dashboard's people know which campaign to finish first.
  expect(deleteInUse.body.error.message).toContain(`"${c.name}" (${c.id})`);

  await waitFor(async () => ((await campaignCalls(s.key, c.id)).some((x) => x.status === 'active') ? true : undefined), 30_000);
  const cancelled = await action(s.key, c.id, 'cancel');
  expect(cancelled.status).toBe(200);
  expect(cancelled.body).toMatchObject({ status: 'cancelled', cancelledAt: expect.any(String) });
  for (const name of ['launch', 'pause', 'resume', 'cancel']) expect((await action(s.key, c.id, name)).status).toBe(409);

  // The calls in progress were hung up, and nothing else was dialled.
  await waitFor(async () => ((await slotsInUse(callSlotPool(s.tenant.organizationId))) === 0 ? true : undefined), 30_000);
  const calls = await waitFor(async () => {
    const all = await campaignCalls(s.key, c.id);
    return all.every((x) => x.status === 'completed') ? all : undefined;
  });
  expect(calls.length).toBeLessThanOrEqual(2);
  for (const call of calls) expect(call.disposition).toBe('hangup_requested');
  const after = (await api.call('GET', `/api/v1/campaigns/${c.id}`, { token: s.key })).body;
  expect(after.stats.total).toBe(4);
  expect(after.stats.pending + after.stats.completed + after.stats.failed).toBe(4);

  const archived = await waitFor(async () => {
    const res = await action(s.key, c.id, 'archive');
    return res.status === 200 ? res.body : undefined;
  });
  expect(archived).toMatchObject({ status: 'archived', archivedAt: expect.any(String) });
  expect((await action(s.key, c.id, 'archive')).status).toBe(409);
  expect((await api.call('PATCH', `/api/v1/campaigns/${c.id}`, { token: s.key, body: { name: 'x' } })).status).toBe(409);
  const listed = await api.call('GET', '/api/v1/campaigns?status=archived', { token: s.key });
  expect(listed.body.data.map((x: { id: string }) => x.id)).toEqual([c.id]);
  // Over: its agent can go.
  expect((await api.call('DELETE', `/api/v1/agents/${s.agentId}`, { token: s.key })).status).toBe(200);
}, 120_000);

test('update works in draft and paused, merging settings', async () => {
  const s = await setup();
  const c = await createCampaign(s, { description: 'first' });
  const patched = await api.call('PATCH', `/api/v1/campaigns/${c.id}`, {
    token: s.key,
    body: { name: 'Spring renewals', settings: { concurrency: 7 }, timezone: 'Europe/London', callingHours: { start: '09:00', end: '17:30' } },
  });
  expect(patched.status).toBe(200);
  expect(patched.body).toMatchObject({
    name: 'Spring renewals',
    description: 'first',
    timezone: 'Europe/London',
    settings: { retryLimit: 3, retryDelayMinutes: 60, concurrency: 7 },
    callingHours: { start: '09:00', end: '17:30' },
  });
  expect((await api.call('GET', `/api/v1/campaigns/${c.id}`, { token: s.key })).body.name).toBe('Spring renewals');
  for (const [body, param] of [
    [{ settings: { retryLimit: 6 } }, 'body.settings.retryLimit'],
    [{ settings: { concurrency: 0 } }, 'body.settings.concurrency'],
    [{ settings: { retryDelayMinutes: 10081 } }, 'body.settings.retryDelayMinutes'],
    [{ timezone: 'Mars/Olympus' }, 'body.timezone'],
    [{ callingHours: { start: '25:00', end: '10:00' } }, 'body.callingHours.start'],
    [{ agentId: s.agentId }, 'body.agentId'],
  ] as const) {
    const res = await api.call('PATCH', `/api/v1/campaigns/${c.id}`, { token: s.key, body });
    expect([param, res.status, res.body.error?.param]).toEqual([param, 400, param]);
  }
});

test('create validates the agent, lengths and ranges', async () => {
  const s = await setup();
  const voice = await api.call('POST', '/api/v1/agents', { token: s.key, body: { type: 'voice', name: 'Interviewer', instructions: 'Interview.' } });
  for (const [body, param] of [
    [{ agentId: voice.body.id }, 'body.agentId'],
    [{ agentId: '0123456789abcdef01234567' }, 'body.agentId'],
    [{ name: 'x'.repeat(201) }, 'body.name'],
    [{ name: '  ' }, 'body.name'],
    [{ description: 'x'.repeat(1001) }, 'body.description'],
    [{ timezone: 'x'.repeat(65) }, 'body.timezone'],
    [{ settings: { retryLimit: 0 } }, 'body.settings.retryLimit'],
    [{ settings: { retryDelayMinutes: 0 } }, 'body.settings.retryDelayMinutes'],
    [{ settings: { concurrency: 26 } }, 'body.settings.concurrency'],
    [{ settings: { other: 1 } }, 'body.settings.other'],
  ] as const) {
    const res = await api.call('POST', '/api/v1/campaigns', { token: s.key, body: Object.assign({ name: 'C', agentId: s.agentId }, body) });
    expect([param, res.status, res.body.error?.param]).toEqual([param, 400, param]);
  }
  const notPhone = await api.call('POST', '/api/v1/campaigns', { token: s.key, body: { name: 'C', agentId: voice.body.id } });
  expect(notPhone.body.error.message).toBe('body.agentId must be a phone agent to run a campaign.');
  const unknown = await api.call('POST', '/api/v1/campaigns', { token: s.key, body: { name: 'C', agentId: '0123456789abcdef01234567' } });
  expect(unknown.body.error.message).toBe('body.agentId is not an agent of your organization.');
  // An agent that only answers calls places none, in a campaign as with POST /calls.
  const answering = await api.call('POST', '/api/v1/agents', {
    token: s.key,
    body: { name: uniqueName('Reception'), instructions: 'Answer.', phone: { direction: 'inbound' } },
  });
  const inbound = await api.call('POST', '/api/v1/campaigns', { token: s.key, body: { name: 'C', agentId: answering.body.id } });
  expect(inbound.status).toBe(400);
  expect(inbound.body.error).toMatchObject({ code: 'VALIDATION_ERROR', param: 'body.agentId', message: expect.stringContaining('only answers calls') });
  const noName = await api.call('POST', '/api/v1/campaigns', { token: s.key, body: { agentId: s.agentId } });
  expect(noName.status).toBe(400);
  expect(noName.body.error.param).toBe('body.name');
});

test('a bad row rejects the whole import, naming it, and stores nothing', async () => {
  const s = await setup();
  const c = await createCampaign(s);
  const good = answering(5).map(row);
  for (const [rows, param] of [
    [[...good.slice(0, 2), { ...good[2], phoneNumber: '+1234' }, ...good.slice(3)], 'body.recipients[2].phoneNumber'],
    [[good[0], { ...good[1], variables: {} }], 'body.recipients[1].variables.firstName'],
    [[good[0], { ...good[1], variables: { firstName: 'A', typo: 'B' } }], 'body.recipients[1].variables.typo'],
    [[...good, { ...good[1], contactName: 'Again' }], 'body.recipients[5].phoneNumber'],
    [[good[0], { ...good[1], contactName: 'x'.repeat(201) }], 'body.recipients[1].contactName'],
    [[good[0], { ...good[1], extra: true }], 'body.recipients[1].extra'],
    [[], 'body.recipients'],
  ] as const) {
    const res = await api.call('POST', `/api/v1/campaigns/${c.id}/recipients`, { token: s.key, body: { recipients: rows } });
    expect([param, res.status, res.body.error?.param]).toEqual([param, 400, param]);
  }
  expect((await recipients(s.key, c.id)).pagination.total).toBe(0);
  expect((await api.call('GET', `/api/v1/campaigns/${c.id}`, { token: s.key })).body.stats.total).toBe(0);

  // After the refusals the one import is still open, and takes thousands in batches.
  const bulk = answering(80)
    .concat(Array.from({ length: 900 }, (_, i) => `+44207946${String(1000 + i).padStart(4, '0')}`))
    .map(row);
  const res = await api.call('POST', `/api/v1/campaigns/${c.id}/recipients`, { token: s.key, body: { recipients: bulk } });
  expect(res.status).toBe(201);
  expect(res.body.imported).toBe(bulk.length);
  const page = await api.call('GET', `/api/v1/campaigns/${c.id}/recipients?page=10&limit=100`, { token: s.key });
  expect(page.body.pagination).toMatchObject({ total: bulk.length, page: 10 });
  expect(page.body.data[0]).toMatchObject({ index: 900, phoneNumber: bulk[900]!.phoneNumber });
});

test('the 400 lists every bad row in error.details, across batches and up to 100, with the first in param', async () => {
  const s = await setup();
  const c = await createCampaign(s);
  const numbers = Array.from({ length: 1500 }, (_, i) => `+44207946${String(1000 + i).padStart(4, '0')}`);
  const rows: Array<Record<string, unknown>> = numbers.map(row);
  rows[3] = { ...rows[3], phoneNumber: '+1234' };
  rows[1200] = { ...rows[1200], extra: true };
  rows[1300] = { ...rows[1300], phoneNumber: numbers[0] };
  rows[1400] = { ...rows[1400], timezone: 'Mars/Olympus' };
  const res = await api.call('POST', `/api/v1/campaigns/${c.id}/recipients`, { token: s.key, body: { recipients: rows } });
  expect([res.status, res.body.error.param]).toEqual([400, 'body.recipients[3].phoneNumber']);
  expect(res.body.error.message).toBe(res.body.error.details[0].message);
  expect(res.body.error.details.map((d: { param: string }) => d.param)).toEqual([
    'body.recipients[3].phoneNumber',
    'body.recipients[1200].extra',
    'body.recipients[1300].phoneNumber',
    'body.recipients[1400].timezone',
  ]);
  expect(res.body.error.details[2].message).toMatch(/repeats body.recipients\[0\]/);
  expect((await recipients(s.key, c.id)).pagination.total).toBe(0);

  const many = numbers.slice(0, 300).map((n, i) => (i % 2 ? { ...row(n, i), variables: {} } : row(n, i)));
  const capped = await api.call('POST', `/api/v1/campaigns/${c.id}/recipients`, { token: s.key, body: { recipients: many } });
  expect(capped.status).toBe(400);
  expect(capped.body.error.details).toHaveLength(100);
  expect(capped.body.error.details.at(-1).param).toBe('body.recipients[199].variables.firstName');
  expect((await recipients(s.key, c.id)).pagination.total).toBe(0);
  expect((await api.call('POST', `/api/v1/campaigns/${c.id}/recipients`, { token: s.key, body: { recipients: numbers.slice(0, 3).map(row) } })).status).toBe(
    201,
  );
});

test("each recipient's time zone: the row's, else the number's, else null for the campaign's; a bad one rejects the import", async () => {
  const s = await setup();
  const c = await createCampaign(s, { timezone: 'Europe/London' });
  const rows = [
    { ...row('+12125550123', 0), timezone: 'Asia/Tokyo' },
    row('+493012345678', 1),
    row('+81312345678', 2),
    // Toll-free across North America: the number determines no one zone.
    row('+18005550123', 3),
  ];
  const bad = await api.call('POST', `/api/v1/campaigns/${c.id}/recipients`, {
    token: s.key,
    body: { recipients: [rows[0], { ...rows[1], timezone: 'Mars/Olympus' }] },
  });
  expect([bad.status, bad.body.error?.param]).toEqual([400, 'body.recipients[1].timezone']);
  expect((await recipients(s.key, c.id)).pagination.total).toBe(0);

  expect((await api.call('POST', `/api/v1/campaigns/${c.id}/recipients`, { token: s.key, body: { recipients: rows } })).status).toBe(201);
  const listed = (await recipients(s.key, c.id)).data as Array<{ phoneNumber: string; timezone: string | null }>;
  expect(listed.map((r) => [r.phoneNumber, r.timezone])).toEqual([
    ['+12125550123', 'Asia/Tokyo'],
    ['+493012345678', 'Europe/Berlin'],
    ['+81312345678', 'Asia/Tokyo'],
    ['+18005550123', null],
  ]);
});

test('calling hours with days and excluded dates, and a retry policy, are strictly validated and kept', async () => {
  const s = await setup();
  const callingHours = { start: '09:00', end: '17:00', days: ['mon', 'tue', 'wed', 'thu', 'fri'], excludeDates: ['2026-12-25'] };
  const retryPolicy = { busy: { delayMinutes: 10 }, voicemail: { retry: false } };
  const c = await createCampaign(s, { callingHours, settings: { retryPolicy } });
  expect(c).toMatchObject({ callingHours, settings: { retryLimit: 3, retryDelayMinutes: 60, concurrency: 5, retryPolicy } });
  expect((await createCampaign(s)).settings.retryPolicy).toEqual({});
  for (const [body, param] of [
    [{ callingHours: { ...callingHours, days: ['monday'] } }, 'body.callingHours.days[0]'],
    [{ callingHours: { ...callingHours, days: [] } }, 'body.callingHours.days'],
    [{ callingHours: { ...callingHours, days: ['mon', 'mon'] } }, 'body.callingHours.days'],
    [{ callingHours: { ...callingHours, excludeDates: ['2026-02-30'] } }, 'body.callingHours.excludeDates[0]'],
    [{ callingHours: { ...callingHours, excludeDates: ['25/12/2026'] } }, 'body.callingHours.excludeDates[0]'],
    [{ callingHours: { ...callingHours, weekends: true } }, 'body.callingHours.weekends'],
    [{ settings: { retryPolicy: { busy: { delayMinutes: 0 } } } }, 'body.settings.retryPolicy.busy.delayMinutes'],
    [{ settings: { retryPolicy: { busy: { retry: true } } } }, 'body.settings.retryPolicy.busy.delayMinutes'],
    [{ settings: { retryPolicy: { hangup: { retry: false } } } }, 'body.settings.retryPolicy.hangup'],
  ] as const) {
    const res = await api.call('PATCH', `/api/v1/campaigns/${c.id}`, { token: s.key, body });
    expect([param, res.status, res.body.error?.param]).toEqual([param, 400, param]);
  }
  const patched = await api.call('PATCH', `/api/v1/campaigns/${c.id}`, {
    token: s.key,
    body: { settings: { retryPolicy: { no_answer: { delayMinutes: 240 } } } },
  });
  expect(patched.body.settings).toMatchObject({ concurrency: 5, retryPolicy: { no_answer: { delayMinutes: 240 } } });
  expect(patched.body.settings.retryPolicy.busy).toBeUndefined();
});

test('another organization sees none of it', async () => {
  const s = await setup();
  const c = await createCampaign(s);
  const other = await setup();
  for (const [method, path] of [
    ['GET', `/api/v1/campaigns/${c.id}`],
    ['PATCH', `/api/v1/campaigns/${c.id}`],
    ['GET', `/api/v1/campaigns/${c.id}/recipients`],
    ['POST', `/api/v1/campaigns/${c.id}/recipients`],
    ['POST', `/api/v1/campaigns/${c.id}/launch`],
    ['POST', `/api/v1/campaigns/${c.id}/cancel`],
    ['POST', `/api/v1/campaigns/${c.id}/archive`],
  ] as const) {
    const body = method === 'PATCH' ? { name: 'x' } : path.endsWith('/recipients') && method === 'POST' ? { recipients: [row('+442079460010')] } : undefined;
    const res = await api.call(method, path, { token: other.key, body });
    expect([method, path, res.status]).toEqual([method, path, 404]);
  }
  const list = await api.call('GET', '/api/v1/campaigns', { token: other.key });
  expect(list.body.data).toEqual([]);
  expect((await api.call('GET', `/api/v1/campaigns/${c.id}`, { token: s.key })).body.status).toBe('draft');
});

test('campaign and direct calls share the organization limit', async () => {
  const s = await setup({ maxConcurrentCalls: 2 });
  const c = await createCampaign(s, { settings: { concurrency: 5, retryLimit: 1 } });
  await api.call('POST', `/api/v1/campaigns/${c.id}/recipients`, { token: s.key, body: { recipients: answering(6, 60).map(row) } });
  // A direct call holds one of the two slots as the campaign starts.
  const first = await api.call('POST', '/api/v1/calls', {
    token: s.key,
    body: { agentId: s.agentId, phoneNumber: '+442079460098', variables: { firstName: 'D' } },
  });
  expect(first.status).toBe(201);
  expect((await action(s.key, c.id, 'launch')).status).toBe(200);
  let direct = 1;
  let peak = 0;
  let lastTry = 0;
  const done = await waitFor(async () => {
    peak = Math.max(peak, await slotsInUse(callSlotPool(s.tenant.organizationId)));
    // A few direct calls while the campaign runs: each takes a slot the campaign then waits for.
    if (direct < 2 && Date.now() - lastTry > 1000) {
      lastTry = Date.now();
      const res = await api.call('POST', '/api/v1/calls', {
        token: s.key,
        body: { agentId: s.agentId, phoneNumber: '+442079460099', variables: { firstName: 'D' } },
      });
      if (res.status === 201) direct += 1;
      else if (res.status !== 429 || res.body.error.code !== 'CONCURRENCY_LIMIT_EXCEEDED') throw new Error(`unexpected ${res.status}`);
    }
    const got = await api.call('GET', `/api/v1/campaigns/${c.id}`, { token: s.key });
    return got.body.status === 'completed' ? got.body : undefined;
  }, 120_000);
  expect(done.stats).toEqual({ total: 6, pending: 0, completed: 6, failed: 0, suppressed: 0 });
  expect(direct).toBeGreaterThan(0);
  expect(peak).toBeLessThanOrEqual(2);
  // Never more than two calls of the organization at once, from their recorded lifetimes.
  const all = (await api.call('GET', '/api/v1/calls?limit=100', { token: s.key })).body.data as Array<{ createdAt: string; endedAt: string | null }>;
  const edges = all.flatMap((x) => [
    [Date.parse(x.createdAt), 1],
    [x.endedAt ? Date.parse(x.endedAt) : Infinity, -1],
  ]) as Array<[number, number]>;
  edges.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  let live = 0;
  let most = 0;
  for (const [, d] of edges) most = Math.max(most, (live += d));
  expect(most).toBeLessThanOrEqual(2);
  expect(direct + 6).toBe(all.length);
}, 150_000);

/** A draft campaign created through an API whose task queue no worker polls, its actions answering 504 after 2 s. */
async function idleCampaign() {
  const queue = uniqueName('idle-campaigns');
  const idle = await api.extraApp({ ...env, TEMPORAL_TASK_QUEUE: queue, WORKFLOW_ACTION_TIMEOUT_SECONDS: '2' });
  const s = await setup();
  const created = await idle.call('POST', '/api/v1/campaigns', { token: s.key, body: { name: uniqueName('Idle'), agentId: s.agentId } });
  expect(created.status).toBe(201);
  return { queue, idle, s, created };
}

test('with no worker to confirm it, an edit is 504 ACTION_TIMEOUT, and once a worker runs the campaign answers and the edit sent again lands', async () => {
  const { queue, idle, s, created } = await idleCampaign();
  for (let i = 0; i < 2; i += 1) {
    const edit = await idle.call('PATCH', `/api/v1/campaigns/${created.body.id}`, { token: s.key, body: { name: `Renamed while idle ${i}` } });
    expect(edit.status).toBe(504);
    expect(edit.body.error).toMatchObject({ type: 'api_error', code: 'ACTION_TIMEOUT' });
  }
  const launch = await idle.call('POST', `/api/v1/campaigns/${created.body.id}/launch`, { token: s.key });
  expect(launch.status).toBe(504);

  const late = await runWorker({ ...env, TEMPORAL_TASK_QUEUE: queue });
  try {
    // A timed-out edit may still take effect, as the 504 says: Temporal holds an update it admitted
    // for the workflow's next task, but not durably (loaded runs, one of them CI, saw them never applied). So the
    // client's way on is to send it again; a worker started on a loaded machine takes a while to poll.
    const renamed = await waitFor(async () => {
      const res = await api.call('PATCH', `/api/v1/campaigns/${created.body.id}`, { token: s.key, body: { name: 'Renamed once a worker runs' } });
      return res.status === 200 ? res.body : undefined;
    }, 90_000);
    // The launch that timed out, if it reached the workflow, was refused by its validator (no recipients).
    expect(renamed).toMatchObject({ name: 'Renamed once a worker runs', status: 'draft' });
    const read = await waitFor(async () => {
      const res = await api.call('GET', `/api/v1/campaigns/${created.body.id}`, { token: s.key });
      return res.body.name === 'Renamed once a worker runs' ? res.body : undefined;
    }, 30_000);
    expect(read.status).toBe('draft');
  } finally {
    await late.stop();
  }
}, 150_000);

test('with no worker to confirm it, a cancel is 504 ACTION_TIMEOUT, is recorded as the cancel signal, and takes effect once a worker runs', async () => {
  const { queue, idle, s, created } = await idleCampaign();
  const cancel = await idle.call('POST', `/api/v1/campaigns/${created.body.id}/cancel`, { token: s.key });
  expect(cancel.status).toBe(504);
  expect(cancel.body.error).toMatchObject({ type: 'api_error', code: 'ACTION_TIMEOUT', message: expect.stringContaining('The cancel is recorded') });

  const late = await runWorker({ ...env, TEMPORAL_TASK_QUEUE: queue });
  try {
    // In the history before any worker ran, unlike the update (see the edit's test above).
    expect(await signalsIn(late.client, campaignWorkflowId(created.body.id))).toEqual([campaignCancelSignal.name]);
    const read = await untilStatus(s.key, created.body.id, 'cancelled', 90_000);
    expect(read.status).toBe('cancelled');
  } finally {
    await late.stop();
  }
}, 150_000);

test('of two concurrent archives of a closed campaign, exactly one wins', async () => {
  const s = await setup();
  const c = await createCampaign(s);
  expect((await action(s.key, c.id, 'cancel')).status).toBe(200);
  // Its workflow has closed: the archive goes through the read model.
  await waitFor(async () => {
    const described = await worker.client.workflow.getHandle(`campaign-${c.id}`).describe();
    return described.status.name === 'COMPLETED' ? true : undefined;
  });
  const results = await Promise.all([action(s.key, c.id, 'archive'), action(s.key, c.id, 'archive'), action(s.key, c.id, 'archive')]);
  expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409]);
  // A loser read the campaign before the winner archived it, or after.
  for (const lost of results.filter((r) => r.status === 409)) {
    expect(['The campaign is already archived.', 'A archived campaign cannot be archived.']).toContain(lost.body.error.message);
  }
  expect((await api.call('GET', `/api/v1/campaigns/${c.id}`, { token: s.key })).body.status).toBe('archived');
});
