/**
 * Idempotency-Key on partner POSTs, on the real stack: a retried request does nothing twice and
 * answers the first answer again; conflicting and concurrent uses of a key are refused.
 */
import { randomBytes } from 'node:crypto';
import { SCOPES } from '../../api/scopes';
import { requestFingerprint } from '../../api/middleware/idempotency';
import { Call } from '../../models/call';
import { IDEMPOTENCY_RETENTION_MS, IdempotencyKey, idempotencyKeyId, sweepIdempotencyKeys } from '../../models/idempotencyKey';
import { createTenant, startApi, type ApiResponse, type Tenant, type TestApi } from '../helpers/app';
import { uniqueName, waitFor } from '../helpers/servers';
import { runWorker, type RunningWorker } from '../helpers/worker';

const POLLING = [SCOPES, { rateLimitPerMinute: 100_000 }] as const;
const env = { TEMPORAL_TASK_QUEUE: uniqueName('idempotency'), SIMULATED_CALL_PACE_MS: '50', RING_TIMEOUT_SECONDS: '2' };
let api: Awaited<ReturnType<typeof startApi>>;
let worker: RunningWorker;
/** The organization most tests use; a test that counts what its organization was charged makes its own. */
let org: Organization;

interface Organization {
  tenant: Tenant;
  key: string;
  /** A phone agent of the organization. */
  agentId: string;
}

async function organization(maxConcurrentCalls = 5): Promise<Organization> {
  const tenant = await createTenant({ creditMinutes: 100, limits: { maxConcurrentCalls } });
  const key = await tenant.key(...POLLING);
  const agent = await post('/agents', { name: 'Caller', instructions: 'Call.', phone: { greeting: 'Hello.' } }, undefined, key);
  return { tenant, key, agentId: agent.body.id };
}

beforeAll(async () => {
  api = await startApi('idempotency', env);
  worker = await runWorker(env);
  org = await organization();
}, 120_000);
afterAll(async () => {
  await worker?.stop();
  await api?.close();
});

const post = (path: string, body: unknown, idempotencyKey?: string, token = org.key, target: TestApi = api) =>
  target.call('POST', `/api/v1${path}`, { token, body, headers: idempotencyKey === undefined ? {} : { 'idempotency-key': idempotencyKey } });

const replayed = (res: ApiResponse) => res.headers.get('idempotent-replayed') === 'true';

test('concurrent duplicates of POST /calls with one key dial one call, charged once', async () => {
  const { tenant: t, key: k, agentId: onceAgent } = await organization();
  const idem = uniqueName('dial');
  const body = { agentId: onceAgent, phoneNumber: '+442079460001', externalRef: 'once' };

  const answers = await Promise.all(Array.from({ length: 6 }, () => post('/calls', body, idem, k)));
  const fresh = answers.filter((r) => r.status === 201 && !replayed(r));
  expect(fresh).toHaveLength(1);
  for (const res of answers.filter((r) => r !== fresh[0])) {
    if (res.status === 201) expect(res.body).toEqual(fresh[0]!.body);
    else expect(res.body.error).toMatchObject({ type: 'conflict_error', code: 'IDEMPOTENCY_KEY_IN_USE', param: 'header.idempotency-key' });
  }
  const callId = fresh[0]!.body.id;

  const done = await waitFor(async () => {
    const res = await api.call('GET', `/api/v1/calls/${callId}`, { token: k });
    return res.body.status === 'completed' ? res.body : undefined;
  }, 30_000);
  expect(done.chargedMinutes).toBeGreaterThan(0);
  const again = await post('/calls', body, idem, k);
  expect(again.status).toBe(201);
  expect(replayed(again)).toBe(true);
  expect(again.body).toEqual(fresh[0]!.body);

  expect(await Call.countDocuments({ organizationId: t.organizationId })).toBe(1);
  const usage = await api.call('GET', '/api/v1/usage', { token: k });
  expect(usage.body.credits.usedMinutes).toBe(done.chargedMinutes);
});

test('a retry gets the stored status and body with idempotent-replayed, whatever the order of its fields', async () => {
  const idem = uniqueName('agent');
  const first = await post('/agents', { name: 'Replayed', instructions: 'Hi.', description: 'one' }, idem);
  expect(first.status).toBe(201);
  expect(first.headers.get('idempotent-replayed')).toBeNull();
  const retry = await post('/agents', { description: 'one', instructions: 'Hi.', name: 'Replayed' }, idem);
  expect(retry.status).toBe(201);
  expect(replayed(retry)).toBe(true);
  expect(retry.body).toEqual(first.body);
  expect(retry.headers.get('x-request-id')).not.toBe(first.headers.get('x-request-id'));
  const list = await api.call('GET', '/api/v1/agents?limit=100', { token: org.key });
  expect(list.body.data.filter((a: { name: string }) => a.name === 'Replayed')).toHaveLength(1);
});

test('the same key with another body, or on another route, is 422 IDEMPOTENCY_KEY_REUSED and does nothing', async () => {
  const idem = uniqueName('reuse');
  expect((await post('/agents', { name: 'Reused', instructions: 'Hi.' }, idem)).status).toBe(201);
  const other = await post('/agents', { name: 'Reused 2', instructions: 'Hi.' }, idem);
  expect(other.status).toBe(422);
  expect(other.body.error).toMatchObject({ type: 'invalid_request_error', code: 'IDEMPOTENCY_KEY_REUSED', param: 'header.idempotency-key' });
  const elsewhere = await post('/campaigns', { name: 'Reused', agentId: org.agentId }, idem);
  expect(elsewhere.status).toBe(422);
  expect(elsewhere.body.error.code).toBe('IDEMPOTENCY_KEY_REUSED');
  const list = await api.call('GET', '/api/v1/agents?limit=100', { token: org.key });
  expect(list.body.data.filter((a: { name: string }) => a.name.startsWith('Reused'))).toHaveLength(1);
  expect((await api.call('GET', '/api/v1/campaigns', { token: org.key })).body.data.filter((c: { name: string }) => c.name === 'Reused')).toHaveLength(0);
});

test('an import read as a stream: the same bytes replay, other bytes are 422, and a body refused before its end is not kept', async () => {
  const campaign = await post('/campaigns', { name: uniqueName('Streamed'), agentId: org.agentId });
  const path = `/campaigns/${campaign.body.id}/recipients`;
  const idem = uniqueName('import');
  const rows = { recipients: [{ phoneNumber: '+442079460011' }, { phoneNumber: '+442079460012' }] };
  const first = await post(path, rows, idem);
  expect(first.status).toBe(201);
  const again = await post(path, rows, idem);
  expect(replayed(again)).toBe(true);
  expect({ status: again.status, body: again.body }).toEqual({ status: first.status, body: first.body });
  const other = await post(path, { recipients: [{ phoneNumber: '+442079460013' }] }, idem);
  expect(other.status).toBe(422);
  expect(other.body.error.code).toBe('IDEMPOTENCY_KEY_REUSED');
  const listed = await api.call('GET', `/api/v1${path}?limit=100`, { token: org.key });
  expect(listed.body.data.map((r: { phoneNumber: string }) => r.phoneNumber).sort()).toEqual(['+442079460011', '+442079460012']);

  // A refusal after the whole body was read is kept, like any 4xx: a corrected body needs a new key.
  const second = await post('/campaigns', { name: uniqueName('Streamed'), agentId: org.agentId });
  const secondPath = `/campaigns/${second.body.id}/recipients`;
  const badKey = uniqueName('import-bad');
  expect((await post(secondPath, { recipients: [{ phoneNumber: 'nope' }] }, badKey)).status).toBe(400);
  expect((await post(secondPath, { recipients: [{ phoneNumber: '+442079460014' }] }, badKey)).status).toBe(422);

  // An import stops reading once it has found 100 bad rows (error.details holds at most 100): a body
  // refused there was not read to its end, so there is no hash to compare a retry with, the answer
  // is not kept and the corrected retry runs.
  const numbers = Array.from({ length: 1500 }, (_, i) =>
    i < 1000 ? `+44207946${String(i).padStart(4, '0')}` : `+44161496${String(i - 1000).padStart(4, '0')}`,
  );
  const fixKey = uniqueName('import-fix');
  const bad = await post(secondPath, { recipients: numbers.map((phoneNumber, i) => ({ phoneNumber: i <= 100 ? 'nope' : phoneNumber })) }, fixKey);
  expect(bad.status).toBe(400);
  expect(bad.body.error.details).toHaveLength(100);
  const fixed = await post(secondPath, { recipients: numbers.map((phoneNumber) => ({ phoneNumber })) }, fixKey);
  expect(fixed.status).toBe(201);
  expect(replayed(fixed)).toBe(false);
});

test('a 4xx answer is stored and replayed, even once the request would succeed', async () => {
  const taken = await post('/agents', { name: 'Taken', instructions: 'Hi.' });
  const idem = uniqueName('conflict');
  const refused = await post('/agents', { name: 'Taken', instructions: 'Hi.' }, idem);
  expect(refused.status).toBe(409);
  expect(refused.body.error.code).toBe('DUPLICATE_NAME');
  expect((await api.call('DELETE', `/api/v1/agents/${taken.body.id}`, { token: org.key })).status).toBe(200);

  const retry = await post('/agents', { name: 'Taken', instructions: 'Hi.' }, idem);
  expect(retry.status).toBe(409);
  expect(replayed(retry)).toBe(true);
  // The very answer of the first request, its request_id included.
  expect(retry.body).toEqual(refused.body);
  expect((await post('/agents', { name: 'Taken', instructions: 'Hi.' }, uniqueName('fresh'))).status).toBe(201);
});

test('a retry while the first is running is 409 IDEMPOTENCY_KEY_IN_USE; a 504 is not stored, so the next retry runs', async () => {
  const queueEnv = { ...env, TEMPORAL_TASK_QUEUE: uniqueName('idem-idle') };
  const idle = await api.extraApp({ ...queueEnv, DIAL_TIMEOUT_SECONDS: '3' });
  const idem = uniqueName('slow');
  const body = { agentId: org.agentId, phoneNumber: '+442079460001', externalRef: 'slow' };

  const first = post('/calls', body, idem, org.key, idle);
  await waitFor(async () => ((await IdempotencyKey.findById(idempotencyKeyId(org.tenant.organizationId, idem)).lean()) ? true : undefined));
  const during = await post('/calls', body, idem, org.key, idle);
  expect(during.status).toBe(409);
  expect(during.body.error).toMatchObject({ type: 'conflict_error', code: 'IDEMPOTENCY_KEY_IN_USE' });
  const timedOut = await first;
  expect(timedOut.status).toBe(504);
  expect(timedOut.body.error.code).toBe('DIAL_TIMEOUT');

  const late = await runWorker(queueEnv);
  try {
    const retry = await post('/calls', body, idem, org.key, idle);
    expect(retry.status).toBe(201);
    expect(replayed(retry)).toBe(false);
    expect(await Call.countDocuments({ organizationId: org.tenant.organizationId, externalRef: 'slow' })).toBe(1);
    await waitFor(async () => ((await Call.findById(retry.body.id).lean())?.status === 'completed' ? true : undefined), 30_000);
  } finally {
    await late.stop();
  }
});

test('a keyed call whose first answer the API lost is found again by the retry, not dialled twice; the key with another call is 422', async () => {
  const { tenant, key: k, agentId: phone } = await organization();
  const idem = uniqueName('lost');
  const body = { agentId: phone, phoneNumber: '+442079460001', externalRef: 'lost-answer' };
  const first = await post('/calls', body, idem, k);
  expect(first.status).toBe(201);
  // The API process died before it stored the answer: its claim is gone when the retry comes.
  await IdempotencyKey.deleteOne({ _id: idempotencyKeyId(tenant.organizationId, idem) });
  const retry = await post('/calls', body, idem, k);
  expect(retry.status).toBe(201);
  expect(replayed(retry)).toBe(false);
  expect(retry.body.id).toBe(first.body.id);
  expect(await Call.countDocuments({ organizationId: tenant.organizationId, externalRef: 'lost-answer' })).toBe(1);

  await IdempotencyKey.deleteOne({ _id: idempotencyKeyId(tenant.organizationId, idem) });
  const other = await post('/calls', { ...body, phoneNumber: '+442079460003' }, idem, k);
  expect(other.status).toBe(422);
  expect(other.body.error.code).toBe('IDEMPOTENCY_KEY_REUSED');
  await waitFor(async () => ((await Call.findById(first.body.id).lean())?.status === 'completed' ? true : undefined), 30_000);
});

test('a 429 is not stored: once the organization has a free slot, the retry runs', async () => {
  const { key: k, agentId: phone } = await organization(1);
  const ringing = await post('/calls', { agentId: phone, phoneNumber: '+442079460002' }, undefined, k);
  expect(ringing.status).toBe(201);
  const idem = uniqueName('busy');
  const body = { agentId: phone, phoneNumber: '+442079460001', externalRef: 'after-429' };
  const refused = await post('/calls', body, idem, k);
  expect(refused.status).toBe(429);
  expect(refused.body.error.code).toBe('CONCURRENCY_LIMIT_EXCEEDED');

  await waitFor(async () => ((await Call.findById(ringing.body.id).lean())?.status === 'completed' ? true : undefined), 30_000);
  const retry = await waitFor(async () => {
    const res = await post('/calls', body, idem, k);
    return res.status === 429 ? undefined : res;
  });
  expect(retry.status).toBe(201);
  expect(replayed(retry)).toBe(false);
  await waitFor(async () => ((await Call.findById(retry.body.id).lean())?.status === 'completed' ? true : undefined), 30_000);
});

test('a claim whose holder died lapses with its lease, and a retry then runs', async () => {
  const idem = uniqueName('crashed');
  const body = { name: 'After a crash', instructions: 'Hi.' };
  const claim = {
    _id: idempotencyKeyId(org.tenant.organizationId, idem),
    organizationId: org.tenant.organizationId,
    requestHash: requestFingerprint('POST', '/api/v1/agents', body),
    holder: 'a process that died',
    expiresAt: new Date(Date.now() + IDEMPOTENCY_RETENTION_MS),
  };
  await IdempotencyKey.create({ ...claim, lockedUntil: new Date(Date.now() + 30_000) });
  expect((await post('/agents', body, idem)).body.error.code).toBe('IDEMPOTENCY_KEY_IN_USE');

  await IdempotencyKey.updateOne({ _id: claim._id }, { $set: { lockedUntil: new Date(Date.now() - 1) } });
  const retries = await Promise.all([post('/agents', body, idem), post('/agents', body, idem), post('/agents', body, idem)]);
  expect(retries.filter((r) => r.status === 201 && !replayed(r))).toHaveLength(1);
  for (const r of retries) expect([201, 409]).toContain(r.status);
  const list = await api.call('GET', '/api/v1/agents?limit=100', { token: org.key });
  expect(list.body.data.filter((a: { name: string }) => a.name === 'After a crash')).toHaveLength(1);
});

test('keys are kept for 24 hours, then swept', async () => {
  const idem = uniqueName('day');
  const before = Date.now();
  const first = await post('/agents', { name: 'Kept a day', instructions: 'Hi.' }, idem);
  const stored = await IdempotencyKey.findById(idempotencyKeyId(org.tenant.organizationId, idem)).lean();
  expect(stored!.expiresAt.getTime()).toBeGreaterThanOrEqual(before + IDEMPOTENCY_RETENTION_MS);

  await sweepIdempotencyKeys(new Date(before + IDEMPOTENCY_RETENTION_MS - 60_000));
  expect(replayed(await post('/agents', { name: 'Kept a day', instructions: 'Hi.' }, idem))).toBe(true);
  await sweepIdempotencyKeys(new Date(Date.now() + IDEMPOTENCY_RETENTION_MS));
  expect(await IdempotencyKey.findById(stored!._id).lean()).toBeNull();
  await api.call('DELETE', `/api/v1/agents/${first.body.id}`, { token: org.key });
  const after = await post('/agents', { name: 'Kept a day', instructions: 'Hi.' }, idem);
  expect(after.status).toBe(201);
  expect(replayed(after)).toBe(false);
  expect(after.body.id).not.toBe(first.body.id);
});

test('answers holding candidate credentials are stored sealed, never in clear, and still replay the same body', async () => {
  const serverKey = randomBytes(32).toString('base64');
  // One process with CREDENTIALS_ENCRYPTION_KEY, one without: both seal.
  for (const target of [await api.extraApp({ CREDENTIALS_ENCRYPTION_KEY: serverKey }), api]) {
    const k = await org.tenant.key(SCOPES, { rateLimitPerMinute: 100_000, allowedOrigins: ['https://partner.example'] });
    const agent = await post(
      '/agents',
      {
        type: 'voice',
        mode: 'interview',
        name: uniqueName('Panel'),
        instructions: 'Interview.',
        voice: { opening: 'Hello.', evaluationCriteria: ['TypeScript'] },
      },
      undefined,
      k,
      target,
    );
    expect(agent.status).toBe(201);

    const createKey = uniqueName('interview');
    const created = await post('/interviews', { agentId: agent.body.id, candidateName: 'Ada', mode: 'text' }, createKey, k, target);
    expect(created.status).toBe(201);
    const mintKey = uniqueName('embed');
    const minted = await post(`/interviews/${created.body.id}/embed-token`, {}, mintKey, k, target);
    expect(minted.status).toBe(200);

    const capability = new URL(created.body.interviewUrl).hash.slice(1);
    for (const [idem, secret] of [
      [createKey, capability],
      [mintKey, minted.body.token],
    ] as const) {
      expect(secret).toMatch(/^(ic|et)_/);
      const raw = await IdempotencyKey.collection.findOne({ _id: idempotencyKeyId(org.tenant.organizationId, idem) as never });
      // Under the server's key where it has one.
      const keyId = target.config.byok.encryptionKeys[0]?.id ?? 'none';
      expect(raw!.sealedBody).toMatchObject({ keyId, iv: expect.any(String), tag: expect.any(String), ciphertext: expect.any(String) });
      expect(JSON.stringify(raw)).not.toContain(secret);
      expect(JSON.stringify(raw)).not.toContain(secret.slice(3, 20));
    }
    const [createAgain, mintAgain] = [
      await post('/interviews', { agentId: agent.body.id, candidateName: 'Ada', mode: 'text' }, createKey, k, target),
      await post(`/interviews/${created.body.id}/embed-token`, {}, mintKey, k, target),
    ];
    expect([replayed(createAgain), replayed(mintAgain)]).toEqual([true, true]);
    expect(createAgain.body).toEqual(created.body);
    expect(mintAgain.body).toEqual(minted.body);
  }
});

test('organizations do not see each other’s keys', async () => {
  const idem = uniqueName('shared');
  const other = await createTenant();
  const otherKey = await other.key();
  const mine = await post('/agents', { name: 'Mine', instructions: 'Hi.' }, idem);
  const theirs = await post('/agents', { name: 'Mine', instructions: 'Hi.' }, idem, otherKey);
  expect(mine.status).toBe(201);
  expect(theirs.status).toBe(201);
  expect(replayed(theirs)).toBe(false);
  expect(theirs.body.id).not.toBe(mine.body.id);
  // Each organization's use of the key is its own: a different body is a reuse only within it.
  expect((await post('/agents', { name: 'Theirs', instructions: 'Hi.' }, idem, otherKey)).status).toBe(422);
  expect(replayed(await post('/agents', { name: 'Mine', instructions: 'Hi.' }, idem))).toBe(true);
});

test('without the header nothing changes: each POST runs', async () => {
  const a = await post('/campaigns', { name: 'No key', agentId: org.agentId });
  expect(a.status).toBe(201);
  expect(a.headers.get('idempotent-replayed')).toBeNull();
  const b = await post('/campaigns', { name: 'No key 2', agentId: org.agentId });
  expect(b.status).toBe(201);
  expect(b.body.id).not.toBe(a.body.id);
});

test.each([
  ['empty', ''],
  ['too long', 'k'.repeat(256)],
  ['a control character', 'a\tb'],
  ['not ASCII', 'clé'],
])('a malformed key (%s) is 400 naming header.idempotency-key, and nothing runs', async (_, bad) => {
  const res = await post('/agents', { name: `Bad key ${bad.length}`, instructions: 'Hi.' }, bad);
  expect(res.status).toBe(400);
  expect(res.body.error).toMatchObject({ type: 'invalid_request_error', code: 'VALIDATION_ERROR', param: 'header.idempotency-key' });
  const list = await api.call('GET', '/api/v1/agents?limit=100', { token: org.key });
  expect(list.body.data.filter((a: { name: string }) => a.name.startsWith('Bad key'))).toHaveLength(0);
});

test('the longest key, 255 printable characters, is accepted', async () => {
  const res = await post('/agents', { name: 'Long key', instructions: 'Hi.' }, `${uniqueName('x')} ~!`.padEnd(255, '~'));
  expect(res.status).toBe(201);
});
