/**
 * The production shape (scripts/productionStack.ts, as `npm run production` starts it): a Temporal
 * server on PostgreSQL, FerretDB on PostgreSQL, two API processes and two media processes of dist/
 * behind nginx and two workers. What only several processes can get wrong: limits counted once across the APIs, a
 * campaign surviving a worker's crash with every call charged once, an API restarted under load
 * losing no call, and a rolling restart of both media processes under a candidate's open audio socket. `npm run test:production` (builds dist/ first); not part of `npm test`.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import mongoose from 'mongoose';
import { SCOPES } from '../../api/scopes';
import { connectDatabase } from '../../models/connection';
import { provision, toolPaths } from '../../scripts/stack';
import { freeShapePorts, startShape, type Shape } from '../../scripts/productionStack';
import { createTenant, request, type ApiResponse } from '../helpers/app';
import { waitFor } from '../helpers/servers';
import { VoiceClient, wordsIn } from '../helpers/voiceClient';
import { interviewTranscript } from '../../models/interviewTurn';

let shape: Shape;
const dir = mkdtempSync(path.join(os.tmpdir(), 'voice-agent-production-'));
const POLLING = { rateLimitPerMinute: 100_000 };

beforeAll(async () => {
  provision('production');
  shape = await startShape({
    tools: toolPaths({ ...process.env, MONGODB_URI: '', TEMPORAL_ADDRESS: '' }),
    dir,
    ports: await freeShapePorts(),
    postgresPassword: 'production-shape-test',
    env: { ...process.env, LOG_LEVEL: 'warn' },
  });
  await connectDatabase(shape.mongodbUri);
}, 300_000);

afterAll(async () => {
  await mongoose.disconnect();
  await shape?.stop();
  // The logs stay for a look after a failure; the databases go.
  rmSync(path.join(dir, 'postgresql'), { recursive: true, force: true });
}, 120_000);

const api = (i: number) => `http://127.0.0.1:${shape.apis[i]!.port}`;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const minute = () => Math.floor(Date.now() / 60_000);

async function phoneAgent(key: string): Promise<string> {
  const res = await request(shape.proxyUrl, 'POST', '/api/v1/agents', {
    token: key,
    body: { name: 'Steady', instructions: 'Remind them.', phone: { greeting: 'Hello.' } },
  });
  expect(res.status).toBe(201);
  return res.body.id;
}

test("a key's per-minute rate limit is counted once across both API processes", async () => {
  const LIMIT = 20;
  const tenant = await createTenant();
  for (let attempt = 0; ; attempt += 1) {
    const key = await tenant.key(['agents:read'], { rateLimitPerMinute: LIMIT });
    const before = minute();
    // Twice the limit to each process: whatever order they run in, a shared count lets LIMIT
    // through in all, so each process refuses at least LIMIT; counts kept per process would let
    // 2 x LIMIT through.
    const answers = await Promise.all(Array.from({ length: 4 * LIMIT }, (_, i) => request(api(i % 2), 'GET', '/api/v1/agents', { token: key })));
    // A burst split by the clock's minute spans two windows: run it again in the next one.
    if (minute() !== before && attempt === 0) continue;
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(LIMIT);
    expect(statuses.filter((s) => s === 429)).toHaveLength(3 * LIMIT);
    expect(answers.filter((r, i) => i % 2 === 0 && r.status === 429).length).toBeGreaterThanOrEqual(LIMIT);
    expect(answers.filter((r, i) => i % 2 === 1 && r.status === 429).length).toBeGreaterThanOrEqual(LIMIT);
    return;
  }
}, 120_000);

test('the concurrent-call limit holds across both API processes', async () => {
  const tenant = await createTenant({ creditMinutes: 100, limits: { maxConcurrentCalls: 3 } });
  const key = await tenant.key(SCOPES, POLLING);
  const agentId = await phoneAgent(key);
  // +442079460007 answers and stays silent: each call holds its slot until hung up.
  const placed = await Promise.all(
    Array.from({ length: 8 }, (_, i) => request(api(i % 2), 'POST', '/api/v1/calls', { token: key, body: { agentId, phoneNumber: '+442079460007' } })),
  );
  const created = placed.filter((r) => r.status === 201);
  expect(created).toHaveLength(3);
  const refused = placed.filter((r) => r.status === 429);
  expect(refused).toHaveLength(5);
  for (const r of refused) expect(r.body.error.code).toBe('CONCURRENCY_LIMIT_EXCEEDED');
  for (const r of created) {
    expect((await request(shape.proxyUrl, 'POST', `/api/v1/calls/${r.body.id}/hangup`, { token: key })).status).toBe(200);
  }
}, 180_000);

test('a worker killed mid-campaign: the campaign completes on the other, every call charged once', async () => {
  const tenant = await createTenant({ creditMinutes: 1000, limits: { maxConcurrentCalls: 10 } });
  const key = await tenant.key(SCOPES, POLLING);
  const agentId = await phoneAgent(key);
  // Numbers of the drama range not in the simulated carrier's table: each answers and talks.
  const numbers = Array.from({ length: 12 }, (_, i) => `+4420794601${String(i).padStart(2, '0')}`);
  const campaign = await request(shape.proxyUrl, 'POST', '/api/v1/campaigns', {
    token: key,
    body: { name: 'Survives', agentId, settings: { concurrency: 3, retryLimit: 1 } },
  });
  expect(campaign.status).toBe(201);
  const id = campaign.body.id;
  expect(
    (
      await request(shape.proxyUrl, 'POST', `/api/v1/campaigns/${id}/recipients`, {
        token: key,
        body: { recipients: numbers.map((phoneNumber) => ({ phoneNumber })) },
      })
    ).status,
  ).toBe(201);
  expect((await request(shape.proxyUrl, 'POST', `/api/v1/campaigns/${id}/launch`, { token: key })).status).toBe(200);
  const get = () => request(shape.proxyUrl, 'GET', `/api/v1/campaigns/${id}`, { token: key });

  // Killed once calls are under way and before the list is through.
  await waitFor(async () => ((await get()).body.stats.completed >= 2 ? true : undefined), 120_000);
  const victim = shape.workers[0]!;
  await victim.kill();
  const atKill = (await get()).body;
  expect(atKill.stats.pending).toBeGreaterThan(0);

  const done = await waitFor(async () => {
    const c = (await get()).body;
    return c.status === 'completed' ? c : undefined;
  }, 240_000);
  expect(done.stats).toMatchObject({ total: 12, completed: 12, failed: 0, pending: 0 });
  await victim.start();

  const calls = await waitFor(async () => {
    const list = await request(shape.proxyUrl, 'GET', '/api/v1/calls?limit=100', { token: key });
    const data = list.body.data as { status: string; chargedMinutes: number | null }[];
    return data.length === 12 && data.every((c) => c.status === 'completed' && c.chargedMinutes !== null) ? data : undefined;
  }, 60_000);
  const charged = calls.reduce((sum, c) => sum + c.chargedMinutes!, 0);
  expect(charged).toBeGreaterThan(0);
  const usage = await waitFor(async () => {
    const u = (await request(shape.proxyUrl, 'GET', '/api/v1/usage', { token: key })).body;
    return u.credits.usedMinutes === charged ? u : undefined;
  }, 30_000);
  expect(usage.credits.remainingMinutes).toBe(1000 - charged);
}, 420_000);

test('an API process restarted while calls are placed: every call is placed once, clients see at most a retryable error', async () => {
  const tenant = await createTenant({ creditMinutes: 1000, limits: { maxConcurrentCalls: 100 } });
  const key = await tenant.key(SCOPES, POLLING);
  const agentId = await phoneAgent(key);
  const KEYS = 40;
  const retryable = (r: ApiResponse) =>
    r.status === 502 || r.status === 503 || r.status === 504 || (r.status === 409 && r.body?.error?.code === 'IDEMPOTENCY_KEY_IN_USE');
  const answers = new Map<string, ApiResponse>();
  const unexpected: ApiResponse[] = [];
  let retries = 0;
  let issued = 0;
  let restarted = false;

  /** A client placing calls one after another, each retried with its Idempotency-Key until answered. */
  const client = async () => {
    while (issued < KEYS || !restarted) {
      const idempotencyKey = `restart-${(issued += 1)}`;
      for (;;) {
        const res = await request(shape.proxyUrl, 'POST', '/api/v1/calls', {
          token: key,
          headers: { 'idempotency-key': idempotencyKey },
          body: { agentId, phoneNumber: '+442079460001' },
        }).catch(() => undefined);
        if (res && !retryable(res)) {
          if (res.status === 201) answers.set(idempotencyKey, res);
          else unexpected.push(res);
          break;
        }
        retries += 1;
        await sleep(200);
      }
    }
  };
  const clients = Array.from({ length: 4 }, client);
  await waitFor(async () => (answers.size >= 8 ? true : undefined), 60_000);
  const restarting = shape.apis[0]!;
  const before = restarting.pid;
  await restarting.stop();
  await restarting.start();
  expect(restarting.pid).not.toBe(before);
  restarted = true;
  await Promise.all(clients);
  console.log(`API restart: ${issued} calls placed, ${retries} retryable answers retried`);

  expect(unexpected.map((r) => [r.status, r.body])).toEqual([]);
  expect(answers.size).toBe(issued);
  const ids = new Set([...answers.values()].map((r) => r.body.id));
  expect(ids.size).toBe(issued);
  // Exactly those calls exist: none lost, none placed twice by a retry.
  const listed = await waitFor(async () => {
    const list = await request(shape.proxyUrl, 'GET', '/api/v1/calls?limit=100', { token: key });
    return list.body.pagination.total >= issued ? (list.body.data as { id: string }[]) : undefined;
  }, 60_000);
  expect(new Set(listed.map((c) => c.id))).toEqual(ids);
}, 300_000);

test("a rolling restart of both media processes under a candidate's audio socket: told SERVER_RESTARTING (4503), the candidate reconnects through the proxy and the interview goes on", async () => {
  const tenant = await createTenant({ creditMinutes: 100 });
  const key = await tenant.key(SCOPES, POLLING);
  const opening = 'Welcome to the interview. Tell me about a system you built.';
  const agent = await request(shape.proxyUrl, 'POST', '/api/v1/agents', {
    token: key,
    body: {
      type: 'voice',
      mode: 'interview',
      name: 'Panel',
      instructions: 'Interview the candidate.',
      voice: { opening, evaluationCriteria: ['system design'] },
    },
  });
  expect(agent.status).toBe(201);
  const created = await request(shape.proxyUrl, 'POST', '/api/v1/interviews', {
    token: key,
    body: { agentId: agent.body.id, candidateName: 'Ada', mode: 'voice' },
  });
  expect(created.status).toBe(201);
  const id = created.body.id as string;
  const capability = new URL(created.body.interviewUrl).hash.slice(1);

  /** Through the proxy, to whichever process it picks; admitted once the agent's opening has played. */
  const join = async () => {
    const client = await VoiceClient.connect(shape.proxyUrl, id);
    client.start(capability);
    await client.next((m) => m.type === 'mark' && m.name === 't0.end', 60_000);
    return client;
  };
  let client = await join();
  expect(await wordsIn(client.takeAudio())).toBe(opening);
  let told = 0;
  for (const restarting of shape.media) {
    await restarting.stop();
    // The socket was on this process: it was told to reconnect before the process exited. Its close
    // comes through the proxy, and may reach the client after the process is gone.
    const closed = await Promise.race([client.closed, new Promise<undefined>((resolve) => setTimeout(() => resolve(undefined), 3000))]);
    if (closed) {
      expect(client.messages.at(-1)).toMatchObject({ type: 'error', code: 'SERVER_RESTARTING' });
      expect(closed.code).toBe(4503);
      told += 1;
      client = await join();
    }
    await restarting.start();
  }
  expect(told).toBeGreaterThanOrEqual(1);

  const answer = 'I built a billing pipeline on queues and idempotent writes.';
  await client.speak(answer);
  expect(await client.next((m) => m.type === 'turn' && m.turn.role === 'candidate', 60_000)).toMatchObject({ turn: { index: 1, text: answer } });
  await client.next((m) => m.type === 'turn' && m.turn.role === 'agent' && m.turn.index === 2, 60_000);
  client.send({ type: 'end' });
  expect(await client.next((m) => m.type === 'ended', 60_000)).toMatchObject({ reason: 'candidate_ended', reportId: expect.any(String) });
  // The opening was spoken again after each reconnect, and stored once.
  expect((await interviewTranscript(id)).map((t) => [t.index, t.role])).toEqual([
    [0, 'agent'],
    [1, 'candidate'],
    [2, 'agent'],
  ]);
}, 300_000);
