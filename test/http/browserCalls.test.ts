/**
 * Talking to a phone agent from the dashboard, on the real stack: a Node WebSocket client plays the
 * browser on the browser call's audio socket of the real API, whose media session runs the
 * simulated speech engines, on a worker running the call workflow, with FerretDB.
 */
import { SCOPES } from '../../api/scopes';
import { creditBalance } from '../../models/creditEntry';
import { createTenant, startApi } from '../helpers/app';
import { uniqueName, waitFor } from '../helpers/servers';
import { VoiceClient, wordsIn } from '../helpers/voiceClient';
import { runWorker, type RunningWorker } from '../helpers/worker';

const GREETING = 'Thanks for calling Northwind, how can I help?';
const taskQueue = uniqueName('browsercall');
// Agent audio is sent as fast as it is made, as the voice interview tests do.
// A browser call rings until its page's audio connects: 10 s here.
const env = { TEMPORAL_TASK_QUEUE: taskQueue, VOICE_PLAYBACK_LEAD_MS: '60000', VOICE_MAX_FRAMES_PER_SECOND: '1000', RING_TIMEOUT_SECONDS: '10' };
let api: Awaited<ReturnType<typeof startApi>>;
let worker: RunningWorker;
const clients: VoiceClient[] = [];

beforeAll(async () => {
  api = await startApi('browsercall', env);
  worker = await runWorker(env);
}, 120_000);
afterAll(async () => {
  for (const client of clients) client.close();
  await worker?.stop();
  await api?.close();
});

async function organization(options: { creditMinutes?: number; maxConcurrentCalls?: number } = {}) {
  const tenant = await createTenant({ creditMinutes: options.creditMinutes ?? 100, limits: { maxConcurrentCalls: options.maxConcurrentCalls ?? 20 } });
  const key = await tenant.key(SCOPES, { rateLimitPerMinute: 100_000 });
  // Outbound only: the button is on every phone agent, whatever its direction.
  const agent = await api.call('POST', '/api/v1/agents', {
    token: key,
    body: { name: 'Front desk', instructions: 'Answer questions about opening hours.', phone: { direction: 'outbound', greeting: GREETING } },
  });
  expect(agent.status).toBe(201);
  const session = await api.call('POST', '/api/v1/dashboard/sessions', { body: { email: tenant.adminEmail, password: tenant.adminPassword } });
  return { tenant, key, agentId: agent.body.id as string, session: session.body.token as string };
}

async function place(session: string, agentId: string) {
  return api.call('POST', `/api/v1/dashboard/agents/${agentId}/browser-calls`, { token: session });
}

async function connect(path: string) {
  const client = await VoiceClient.connect(api.url, '', { path });
  clients.push(client);
  return client;
}

const untilCompleted = (key: string, id: string) =>
  waitFor(async () => {
    const res = await api.call('GET', `/api/v1/calls/${id}`, { token: key });
    return res.body.status === 'completed' ? res.body : undefined;
  }, 30_000);

test('the agent greets the browser first, hears the caller, and the call is listed inbound, transcribed, charged and reported', async () => {
  const org = await organization();
  const placed = await place(org.session, org.agentId);
  expect(placed.status).toBe(201);
  expect(placed.body).toMatchObject({
    object: 'browser_call',
    call: { status: 'active', direction: 'inbound', phoneNumber: 'browser', contactName: org.tenant.adminEmail, agentId: org.agentId },
    audio: { path: `/dashboard/v1/browser-calls/${placed.body.call.id}/audio`, token: expect.any(String), expiresAt: expect.any(String) },
  });
  const callId = placed.body.call.id as string;
  const client = await connect(placed.body.audio.path);
  client.start(placed.body.audio.token);
  expect(await client.next((m) => m.type === 'ready')).toMatchObject({ sampleRate: 16000, frameMs: 20 });
  const firstMark = client.messages.length;
  await client.next((m) => m.type === 'mark', 30_000, firstMark);
  // The greeting, as the browser heard it.
  let heard = Buffer.alloc(0);
  await waitFor(async () => {
    heard = Buffer.concat([heard, client.takeAudio()]);
    return (await wordsIn(heard)).includes('Northwind') || undefined;
  }, 15_000);
  await client.speak('What time do you open on Saturday?');
  await client.next((m) => m.type === 'partial');
  await waitFor(async () => {
    const transcript = await api.call('GET', `/api/v1/calls/${callId}/transcript`, { token: org.key });
    return transcript.body.data?.some((t: { role: string }) => t.role === 'contact') ? transcript.body : undefined;
  }, 30_000);
  // The simulated agent answers and says goodbye: the agent ends the call.
  expect(await client.next((m) => m.type === 'ended')).toMatchObject({ reason: 'agent_ended' });
  expect((await client.closed).code).toBe(1000);

  const call = await untilCompleted(org.key, callId);
  expect(call).toMatchObject({ direction: 'inbound', disposition: 'completed', phoneNumber: 'browser', chargedMinutes: 1 });
  const transcript = await api.call('GET', `/api/v1/calls/${callId}/transcript`, { token: org.key });
  expect(transcript.body.data[0]).toMatchObject({ role: 'agent', text: GREETING });
  expect(transcript.body.data.find((t: { role: string }) => t.role === 'contact').text).toMatch(/saturday/i);
  const listed = await api.call('GET', '/api/v1/calls?direction=inbound', { token: org.key });
  expect(listed.body.data.map((c: { id: string }) => c.id)).toContain(callId);
  const report = await waitFor(async () => {
    const res = await api.call('GET', `/api/v1/calls/${callId}/report`, { token: org.key });
    return res.status === 200 ? res.body : undefined;
  }, 30_000);
  expect(report).toMatchObject({ callId });
}, 90_000);

test("the browser's end, or its socket closing, is the caller hanging up", async () => {
  const org = await organization();
  const [ended, dropped] = [await place(org.session, org.agentId), await place(org.session, org.agentId)];
  const ender = await connect(ended.body.audio.path);
  ender.start(ended.body.audio.token);
  await ender.next((m) => m.type === 'ready');
  ender.send({ type: 'end' });
  expect(await ender.next((m) => m.type === 'ended')).toMatchObject({ reason: 'ended_by_host' });
  const dropper = await connect(dropped.body.audio.path);
  dropper.start(dropped.body.audio.token);
  await dropper.next((m) => m.type === 'ready');
  dropper.close();
  for (const placed of [ended, dropped])
    expect(await untilCompleted(org.key, placed.body.call.id)).toMatchObject({ disposition: 'contact_hung_up', chargedMinutes: 1 });
}, 60_000);

test('a browser call whose page never connects its audio ends no_answer, uncharged, its held minute given back', async () => {
  const org = await organization({ creditMinutes: 1 });
  const placed = await place(org.session, org.agentId);
  expect(placed.status).toBe(201);
  expect(await untilCompleted(org.key, placed.body.call.id)).toMatchObject({ disposition: 'no_answer', chargedMinutes: 0, durationSeconds: 0 });
  await waitFor(async () => ((await creditBalance(org.tenant.organizationId)).heldMinutes === 0 ? true : undefined));
  expect(await creditBalance(org.tenant.organizationId)).toMatchObject({ usedMinutes: 0, remainingMinutes: 1 });
  // Too late: the call is over, and its socket is refused.
  const late = await connect(placed.body.audio.path);
  late.start(placed.body.audio.token);
  expect(await late.next((m) => m.type === 'error')).toMatchObject({ code: 'RESOURCE_NOT_FOUND' });
}, 60_000);

test("the API's hangup ends the browser call and its socket", async () => {
  const org = await organization();
  const placed = await place(org.session, org.agentId);
  const callId = placed.body.call.id as string;
  const client = await connect(placed.body.audio.path);
  client.start(placed.body.audio.token);
  await client.next((m) => m.type === 'ready');
  const hangup = await api.call('POST', `/api/v1/calls/${callId}/hangup`, { token: org.key });
  expect(hangup.status).toBe(200);
  expect(await client.next((m) => m.type === 'ended')).toMatchObject({ reason: 'ended_elsewhere' });
  expect((await client.closed).code).toBe(1000);
  expect(await untilCompleted(org.key, callId)).toMatchObject({ disposition: 'hangup_requested', direction: 'inbound' });
}, 60_000);

test('a token for another call, or none, is refused on the socket, and a second socket for the call too', async () => {
  const org = await organization();
  const [first, second] = [await place(org.session, org.agentId), await place(org.session, org.agentId)];
  const foreign = await connect(first.body.audio.path);
  foreign.start(second.body.audio.token);
  expect(await foreign.next((m) => m.type === 'error')).toMatchObject({ code: 'INVALID_BROWSER_CALL_TOKEN', message: expect.any(String) });
  expect((await foreign.closed).code).toBe(4401);
  const garbage = await connect(first.body.audio.path);
  garbage.send({ type: 'hello' });
  expect((await garbage.closed).code).toBe(1008);

  const owner = await connect(first.body.audio.path);
  owner.start(first.body.audio.token);
  await owner.next((m) => m.type === 'ready');
  const again = await connect(first.body.audio.path);
  again.start(first.body.audio.token);
  expect(await again.next((m) => m.type === 'error')).toMatchObject({ code: 'SESSION_IN_PROGRESS' });
  expect((await again.closed).code).toBe(4409);
  for (const id of [first.body.call.id, second.body.call.id]) await api.call('POST', `/api/v1/calls/${id}/hangup`, { token: org.key });
}, 60_000);

test('without credit the call is 402 and nothing is listed; beyond maxConcurrentCalls it is 429', async () => {
  const broke = await organization({ creditMinutes: 0 });
  const refused = await place(broke.session, broke.agentId);
  expect(refused.status).toBe(402);
  expect(refused.body).toMatchObject({ error: { code: 'INSUFFICIENT_CREDITS', type: 'billing_error' }, request_id: expect.any(String) });
  expect((await api.call('GET', '/api/v1/calls', { token: broke.key })).body.data).toEqual([]);

  const busy = await organization({ maxConcurrentCalls: 1 });
  const first = await place(busy.session, busy.agentId);
  expect(first.status).toBe(201);
  const second = await place(busy.session, busy.agentId);
  expect(second.status).toBe(429);
  expect(second.body.error.code).toBe('CONCURRENCY_LIMIT_EXCEEDED');
  await api.call('POST', `/api/v1/calls/${first.body.call.id}/hangup`, { token: busy.key });
}, 60_000);

test('an unknown agent, a voice agent or a member without campaigns:manage cannot place a browser call', async () => {
  const org = await organization();
  expect((await place(org.session, '0123456789abcdef01234567')).status).toBe(404);
  const voice = await api.call('POST', '/api/v1/agents', {
    token: org.key,
    body: { type: 'voice', mode: 'interview', name: 'Panel', instructions: 'Interview.', voice: { opening: 'Hello.' } },
  });
  expect((await place(org.session, voice.body.id)).status).toBe(404);
  expect((await api.call('POST', `/api/v1/dashboard/agents/${org.agentId}/browser-calls`, { token: org.key })).status).toBe(403);
  const email = `${uniqueName('member')}@example.com`;
  const member = await api.call('POST', '/api/v1/dashboard/users', {
    token: (await api.call('POST', '/api/v1/dashboard/sessions', { body: { email: org.tenant.adminEmail, password: org.tenant.adminPassword } })).body.token,
    body: { email, password: 'a-long-enough-password-1', role: 'member' },
  });
  expect(member.status).toBe(201);
  const memberSession = (await api.call('POST', '/api/v1/dashboard/sessions', { body: { email, password: 'a-long-enough-password-1' } })).body.token;
  const denied = await place(memberSession, org.agentId);
  expect(denied.status).toBe(403);
  expect(denied.body.error.code).toBe('PERMISSION_DENIED');
});
