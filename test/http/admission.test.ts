/**
 * The one admission on the real stack: the API, a worker running calls and interviews on the
 * Temporal dev server, the simulated carrier and LLM, and FerretDB. Minutes are held on the ledger
 * before they are spent, so concurrent conversations never take a balance below zero.
 */
import { SCOPES } from '../../api/scopes';
import { creditBalance, grantCredits } from '../../models/creditEntry';
import { Organization } from '../../models/organization';
import { createTenant, startApi } from '../helpers/app';
import { uniqueName, waitFor } from '../helpers/servers';
import { runWorker, type RunningWorker } from '../helpers/worker';

const POLLING = [SCOPES, { rateLimitPerMinute: 100_000 }] as const;
const taskQueue = uniqueName('admission');
const env = { TEMPORAL_TASK_QUEUE: taskQueue, SIMULATED_CALL_PACE_MS: '50', RING_TIMEOUT_SECONDS: '2' };
let api: Awaited<ReturnType<typeof startApi>>;
let worker: RunningWorker;

beforeAll(async () => {
  api = await startApi('admission', env);
  worker = await runWorker(env);
}, 120_000);
afterAll(async () => {
  await worker?.stop();
  await api?.close();
});

async function organization(creditMinutes: number, maxConcurrentCalls = 20) {
  const tenant = await createTenant({ creditMinutes, limits: { maxConcurrentCalls } });
  const key = await tenant.key(...POLLING);
  const phone = await api.call('POST', '/api/v1/agents', { token: key, body: { name: 'Caller', instructions: 'Hi' } });
  const voice = await api.call('POST', '/api/v1/agents', {
    token: key,
    body: { type: 'voice', mode: 'interview', name: 'Screener', instructions: 'Interview the candidate.', voice: { opening: 'Welcome!' } },
  });
  return { tenant, key, phoneAgent: phone.body.id as string, voiceAgent: voice.body.id as string };
}

const untilCompleted = (key: string, id: string) =>
  waitFor(async () => {
    const res = await api.call('GET', `/api/v1/calls/${id}`, { token: key });
    return res.body.status === 'completed' ? res.body : undefined;
  }, 30_000);

test('with one minute left, ten calls placed at once admit exactly one: its minute is held, then charged and released', async () => {
  const org = await organization(1);
  const placed = await Promise.all(
    Array.from({ length: 10 }, () => api.call('POST', '/api/v1/calls', { token: org.key, body: { agentId: org.phoneAgent, phoneNumber: '+442079460001' } })),
  );
  const admitted = placed.filter((r) => r.status === 201);
  expect(admitted).toHaveLength(1);
  for (const refused of placed.filter((r) => r.status !== 201)) {
    expect(refused.status).toBe(402);
    expect(refused.body.error).toMatchObject({ type: 'billing_error', code: 'INSUFFICIENT_CREDITS' });
  }
  expect(await creditBalance(org.tenant.organizationId)).toMatchObject({ allocatedMinutes: 1, heldMinutes: 1, remainingMinutes: 0 });
  const usage = await api.call('GET', '/api/v1/usage', { token: org.key });
  expect(usage.body.credits).toMatchObject({ allocatedMinutes: 1, heldMinutes: 1, remainingMinutes: 0 });

  const done = await untilCompleted(org.key, admitted[0]!.body.id);
  expect(done.chargedMinutes).toBe(1);
  await waitFor(async () => ((await creditBalance(org.tenant.organizationId)).heldMinutes === 0 ? true : undefined));
  expect(await creditBalance(org.tenant.organizationId)).toEqual({ allocatedMinutes: 1, usedMinutes: 1, heldMinutes: 0, remainingMinutes: 0 });
});

test('an unanswered call gives its held minute back uncharged', async () => {
  const org = await organization(1);
  const placed = await api.call('POST', '/api/v1/calls', { token: org.key, body: { agentId: org.phoneAgent, phoneNumber: '+442079460002' } });
  expect(placed.status).toBe(201);
  const done = await untilCompleted(org.key, placed.body.id);
  expect(done).toMatchObject({ disposition: 'no_answer', chargedMinutes: 0 });
  await waitFor(async () => ((await creditBalance(org.tenant.organizationId)).heldMinutes === 0 ? true : undefined));
  expect(await creditBalance(org.tenant.organizationId)).toEqual({ allocatedMinutes: 1, usedMinutes: 0, heldMinutes: 0, remainingMinutes: 1 });
});

test('interviews are admitted too: no minute left is 402 at creation, and at the candidate start when a call holds the last one', async () => {
  const broke = await organization(0);
  const refused = await api.call('POST', '/api/v1/interviews', { token: broke.key, body: { agentId: broke.voiceAgent, candidateName: 'Ada', mode: 'text' } });
  expect(refused.status).toBe(402);
  expect(refused.body.error).toMatchObject({ type: 'billing_error', code: 'INSUFFICIENT_CREDITS' });
  expect((await api.call('GET', '/api/v1/interviews', { token: broke.key })).body.data).toEqual([]);

  const org = await organization(1);
  const created = await api.call('POST', '/api/v1/interviews', { token: org.key, body: { agentId: org.voiceAgent, candidateName: 'Ada', mode: 'text' } });
  expect(created.status).toBe(201);
  // A call that talks on holds the organization's last minute.
  const call = await api.call('POST', '/api/v1/calls', { token: org.key, body: { agentId: org.phoneAgent, phoneNumber: '+442079460007' } });
  expect(call.status).toBe(201);
  await waitFor(async () => ((await api.call('GET', `/api/v1/calls/${call.body.id}`, { token: org.key })).body.status === 'active' ? true : undefined));
  const capability = new URL(created.body.interviewUrl).hash.slice(1);
  const start = await api.call('POST', `/candidate/v1/interviews/${created.body.id}/start`, { token: capability });
  expect(start.status).toBe(402);
  expect(start.body.error).toMatchObject({ code: 'INSUFFICIENT_CREDITS' });
  expect((await api.call('GET', `/api/v1/interviews/${created.body.id}`, { token: org.key })).body.status).toBe('created');

  // The call ends, charged the minute it held; a top-up lets the candidate start at once.
  await api.call('POST', `/api/v1/calls/${call.body.id}/hangup`, { token: org.key });
  expect(await untilCompleted(org.key, call.body.id)).toMatchObject({ chargedMinutes: 1 });
  await grantCredits(org.tenant.organizationId, 1, uniqueName('topup'));
  const started = await api.call('POST', `/candidate/v1/interviews/${created.body.id}/start`, { token: capability });
  expect(started.status).toBe(200);
  expect(await creditBalance(org.tenant.organizationId)).toMatchObject({ heldMinutes: 1, remainingMinutes: 0 });
  const ended = await api.call('POST', `/candidate/v1/interviews/${created.body.id}/end`, { token: capability });
  expect(ended.status).toBe(200);
  await waitFor(async () => ((await creditBalance(org.tenant.organizationId)).heldMinutes === 0 ? true : undefined));
  expect(await creditBalance(org.tenant.organizationId)).toEqual({ allocatedMinutes: 2, usedMinutes: 2, heldMinutes: 0, remainingMinutes: 0 });
});

test('a premium-rate number, or one outside the countries the organization may call, is 400 DESTINATION_NOT_ALLOWED before anything is held or dialled', async () => {
  const org = await organization(5);
  const premium = await api.call('POST', '/api/v1/calls', { token: org.key, body: { agentId: org.phoneAgent, phoneNumber: '+449098790000' } });
  expect(premium.status).toBe(400);
  expect(premium.body.error).toMatchObject({ type: 'invalid_request_error', code: 'DESTINATION_NOT_ALLOWED', param: 'body.phoneNumber' });
  expect(premium.body.error.message).toContain('premium-rate');

  await Organization.updateOne({ _id: org.tenant.organizationId }, { $set: { allowedCountries: ['US'] } });
  const abroad = await api.call('POST', '/api/v1/calls', { token: org.key, body: { agentId: org.phoneAgent, phoneNumber: '+442079460001' } });
  expect(abroad.status).toBe(400);
  expect(abroad.body.error).toMatchObject({ code: 'DESTINATION_NOT_ALLOWED', param: 'body.phoneNumber' });
  expect(abroad.body.error.message).toContain('GB');
  expect((await api.call('GET', '/api/v1/calls', { token: org.key })).body.data).toEqual([]);
  expect(await creditBalance(org.tenant.organizationId)).toEqual({ allocatedMinutes: 5, usedMinutes: 0, heldMinutes: 0, remainingMinutes: 5 });
  expect((await api.call('GET', '/api/v1/usage', { token: org.key })).body.used.concurrentCalls).toBe(0);

  // A campaign's import refuses such a row by its line, and stores nothing.
  await Organization.updateOne({ _id: org.tenant.organizationId }, { $unset: { allowedCountries: 1 } });
  const campaign = await api.call('POST', '/api/v1/campaigns', { token: org.key, body: { name: uniqueName('Campaign'), agentId: org.phoneAgent } });
  expect(campaign.status).toBe(201);
  const recipients = [{ phoneNumber: '+442079460010' }, { phoneNumber: '+449098790000' }];
  const imported = await api.call('POST', `/api/v1/campaigns/${campaign.body.id}/recipients`, { token: org.key, body: { recipients } });
  expect(imported.status).toBe(400);
  expect(imported.body.error).toMatchObject({ code: 'DESTINATION_NOT_ALLOWED', param: 'body.recipients[1].phoneNumber' });
  expect(imported.body.error.details).toEqual([{ param: 'body.recipients[1].phoneNumber', message: expect.stringContaining('premium-rate') }]);
});
