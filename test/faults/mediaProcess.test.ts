/**
 * The media in a process of its own: the API, the media process and a worker as real processes,
 * MEDIA_PUBLIC_URL set as in `npm run dev`. The API is killed (SIGKILL) in the middle of a voice
 * interview and of a phone call on the simulated audio line, and each conversation goes on and ends
 * normally in the media process, read back through the database and through a restarted API.
 */
import WebSocket from 'ws';
import { SCOPES } from '../../api/scopes';
import { Call } from '../../models/call';
import { CallTurn } from '../../models/callTurn';
import { Interview } from '../../models/interview';
import { createTenant, request } from '../helpers/app';
import { connectTestDatabase, uniqueName, waitFor } from '../helpers/servers';
import { freePort, startService, type ServiceProcess } from '../helpers/serviceProcess';
import { VoiceClient, wordsIn } from '../helpers/voiceClient';
import { workerProcesses } from '../helpers/workerProcess';

const OPENING = 'Welcome to the platform team interview. We will talk about two topics today.';
const CLOSING = "Thank you, that's all my questions. Goodbye.";

let env: NodeJS.ProcessEnv;
let apiUrl: string;
let mediaUrl: string;
let api: ServiceProcess | undefined;
let media: ServiceProcess | undefined;
let dropDatabase: () => Promise<void>;
let key: string;
let tenant: Awaited<ReturnType<typeof createTenant>>;
let workers: ReturnType<typeof workerProcesses>;
const startApi = () => startService('api/server.ts', env, `${apiUrl}/readyz`);
const call = (method: string, path: string, body?: unknown) => request(apiUrl, method, path, { token: key, body });

beforeAll(async () => {
  dropDatabase = await connectTestDatabase('media_process');
  const [apiPort, mediaPort] = [await freePort(), await freePort()];
  apiUrl = `http://127.0.0.1:${apiPort}`;
  mediaUrl = `http://127.0.0.1:${mediaPort}`;
  env = {
    TEMPORAL_TASK_QUEUE: uniqueName('media-process'),
    PORT: String(apiPort),
    MEDIA_PORT: String(mediaPort),
    MEDIA_PUBLIC_URL: mediaUrl,
    SIMULATED_LINE: 'audio',
    SIMULATED_CALL_PACE_MS: '100',
    // The persona takes its time between turns; the agent must not reprompt meanwhile.
    VOICE_SILENCE_REPROMPT_SECONDS: '60',
    // Agent audio is sent as fast as it is made, so the interview's candidate needs no pacing.
    VOICE_PLAYBACK_LEAD_MS: '60000',
    VOICE_MAX_FRAMES_PER_SECOND: '1000',
  };
  [api, media] = await Promise.all([startApi(), startService('media/server.ts', env, `${mediaUrl}/readyz`)]);
  workers = workerProcesses(env);
  await workers.start();
  tenant = await createTenant({ creditMinutes: 100, limits: { maxConcurrentCalls: 5 } });
  key = await tenant.key(SCOPES, { rateLimitPerMinute: 100_000 });
}, 180_000);
afterAll(async () => {
  workers?.killAll();
  await Promise.all([api?.kill(), media?.kill()]);
  await dropDatabase?.();
});

/** The API is killed as a crash would kill it; the next test, and the reads after, get a new one. */
async function crashApi(): Promise<void> {
  await api!.kill();
  expect(
    await fetch(`${apiUrl}/healthz`).then(
      (r) => r.status,
      () => 'refused',
    ),
  ).toBe('refused');
}

test('every socket address the API hands out is on the media process: the candidate page and the browser calls of the dashboard', async () => {
  const socketBase = mediaUrl.replace(/^http/, 'ws');
  const page = await fetch(`${apiUrl}/i/${'a'.repeat(24)}`);
  expect(await page.text()).toContain(`data-media-url="${socketBase}"`);
  expect(page.headers.get('content-security-policy')).toContain(`connect-src 'self' ${socketBase};`);

  const agent = await call('POST', '/api/v1/agents', { name: 'Front desk', instructions: 'Help callers.', phone: { greeting: 'Hello, front desk.' } });
  expect(agent.status).toBe(201);
  const session = await request(apiUrl, 'POST', '/api/v1/dashboard/sessions', { body: { email: tenant.adminEmail, password: tenant.adminPassword } });
  const placed = await request(apiUrl, 'POST', `/api/v1/dashboard/agents/${agent.body.id}/browser-calls`, { token: session.body.token });
  expect(placed.status).toBe(201);
  expect(placed.body.audio.url).toBe(`${socketBase}${placed.body.audio.path}`);
  const client = await VoiceClient.connect(socketBase, '', { path: placed.body.audio.path });
  client.start(placed.body.audio.token);
  expect(await client.next((m) => m.type === 'ready', 60_000)).toMatchObject({ type: 'ready' });
  client.send({ type: 'end' });
  await client.closed;
}, 120_000);

test('a voice interview goes on and ends normally while the API is down: its socket and session are in the media process', async () => {
  const agent = await call('POST', '/api/v1/agents', {
    type: 'voice',
    mode: 'interview',
    name: 'Panel',
    instructions: 'Interview the candidate.',
    voice: { opening: OPENING, evaluationCriteria: ['TypeScript', 'system design'] },
  });
  expect(agent.status).toBe(201);
  const created = await call('POST', '/api/v1/interviews', { agentId: agent.body.id, candidateName: 'Ada Lovelace', mode: 'voice' });
  expect(created.status).toBe(201);
  const id = created.body.id as string;
  const capability = new URL(created.body.interviewUrl).hash.slice(1);

  // The API serves no audio socket: the handshake there is refused, the media process takes it.
  const refused = await new Promise<string>((resolve) => {
    const ws = new WebSocket(`${apiUrl.replace(/^http/, 'ws')}/candidate/v1/interviews/${id}/audio`);
    ws.once('open', () => resolve('open'));
    ws.once('error', (err) => resolve(err.message));
  });
  expect(refused).toMatch(/404/);

  const client = await VoiceClient.connect(mediaUrl, id);
  client.start(capability);
  await client.next((m) => m.type === 'mark' && m.name === 't0.end', 60_000);
  expect(await wordsIn(client.takeAudio())).toBe(OPENING);

  await crashApi();
  await client.speak('Ready.');
  await client.next((m) => m.type === 'mark' && m.name === 't1.end', 60_000);
  await client.speak('I have written TypeScript for six years.');
  await client.next((m) => m.type === 'mark' && m.name === 't2.end', 60_000);
  await client.speak('Not much.');
  await client.next((m) => m.type === 'mark' && m.name === 't3.end', 60_000);
  expect(await wordsIn(client.takeAudio())).toContain(CLOSING);
  const ended = await client.next((m) => m.type === 'ended', 60_000);
  expect(ended).toEqual({ type: 'ended', reason: 'agent_ended', reportId: expect.stringMatching(/^[0-9a-f]{24}$/) });
  // All of it while the API was down.
  expect(api!.child.signalCode).toBe('SIGKILL');
  expect(await Interview.findById(id).lean()).toMatchObject({ status: 'completed', endedReason: 'agent_ended' });

  api = await startApi();
  const report = await waitFor(async () => {
    const res = await call('GET', `/api/v1/interviews/${id}/report?includeTranscript=true`);
    return res.status === 200 ? res.body : undefined;
  }, 60_000);
  expect(report.transcript.at(-1)).toMatchObject({ role: 'agent', text: CLOSING });
  expect(report.transcript).toHaveLength(7);
}, 240_000);

test('a phone call on the simulated audio line goes on and completes while the API is down', async () => {
  const agent = await call('POST', '/api/v1/agents', {
    name: 'Service desk',
    language: 'en-GB',
    instructions: 'You call {{firstName}} about their subscription.',
    phone: { greeting: 'Hi {{firstName}}, this is the service desk.', requiredContactFields: ['email'] },
  });
  expect(agent.status).toBe(201);
  const placed = await call('POST', '/api/v1/calls', { agentId: agent.body.id, phoneNumber: '+442079460051', variables: { firstName: 'Ada' } });
  expect(placed.status).toBe(201);
  const id = placed.body.id as string;

  // Mid-conversation: the agent's greeting is stored and the call is not over.
  await waitFor(async () => ((await CallTurn.countDocuments({ callId: id })) >= 1 ? true : undefined), 60_000);
  expect((await Call.findById(id).lean())?.status).not.toBe('completed');
  await crashApi();

  const done = await waitFor(async () => {
    const stored = await Call.findById(id).lean();
    return stored?.status === 'completed' ? stored : undefined;
  }, 120_000);
  expect(done).toMatchObject({ disposition: 'completed' });
  expect(api!.child.signalCode).toBe('SIGKILL');

  api = await startApi();
  const transcript = await call('GET', `/api/v1/calls/${id}/transcript`);
  expect(transcript.body.data.map((t: { role: string }) => t.role)).toEqual(['agent', 'contact', 'agent', 'contact', 'agent']);
  expect(transcript.body.data.at(-1).text).toBe("Thank you, that's everything I needed. Goodbye.");
}, 240_000);
