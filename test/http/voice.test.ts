/**
 * Voice interviews end to end on the real stack: a Node WebSocket client plays the candidate's
 * browser on the audio socket (/candidate/v1/interviews/{id}/audio) of the real API, whose media
 * session runs the simulated speech engines (so every word is exact) and stores turns at the
 * indices the interview workflow hands out, on a worker running that workflow.
 */
import { request } from 'node:http';
import { randomBytes } from 'node:crypto';
import { Client, Connection } from '@temporalio/client';
import { SCOPES } from '../../api/scopes';
import { Workflows } from '../../api/temporal';
import { loadConfig } from '../../config';
import { interviewTranscript } from '../../models/interviewTurn';
import { ProviderCredential, storeVerifiedCredential, type CredentialKind } from '../../models/providerCredential';
import { startFakeLlmVendor, type FakeLlmServer } from '../fakes/llmVendors';
import { startFakeDeepgram, startFakeElevenLabs, type FakeDeepgram, type FakeElevenLabs } from '../fakes/speechVendors';
import { createTenant, startApi, type TestApi } from '../helpers/app';
import { temporalAddress, testDataConverter, uniqueName, waitFor } from '../helpers/servers';
import { spoken } from '../fakes/voice';
import { VoiceClient, wordsIn } from '../helpers/voiceClient';
import { runWorker, type RunningWorker } from '../helpers/worker';

const ORIGIN = 'https://partner.example';
const OPENING = 'Welcome to the platform team interview. We will talk about two topics today.';
const CRITERIA = ['TypeScript', 'system design'];
const ANSWER = 'I have written TypeScript for six years, mostly typed APIs and workflow engines.';
const taskQueue = uniqueName('voice');
// The organization's own vendor keys, which only its byok interviews may use; the service has none.
const ORG_KEYS = { llm: 'gsk_organization-llm-key', stt: 'organization-deepgram-key', tts: 'organization-elevenlabs-key' };
let env: Record<string, string> & { TEMPORAL_TASK_QUEUE: string };
let api: Awaited<ReturnType<typeof startApi>>;
let worker: RunningWorker;
let key: string;
let agentId: string;
let groq: FakeLlmServer;
let deepgram: FakeDeepgram;
let elevenlabs: FakeElevenLabs;
const clients: VoiceClient[] = [];

beforeAll(async () => {
  [groq, deepgram, elevenlabs] = await Promise.all([
    startFakeLlmVendor('groq', ORG_KEYS.llm),
    startFakeDeepgram(ORG_KEYS.stt),
    startFakeElevenLabs(ORG_KEYS.tts),
  ]);
  env = {
    TEMPORAL_TASK_QUEUE: taskQueue,
    // Agent audio is sent as fast as it is made (no pacing) unless a test's server says otherwise.
    VOICE_PLAYBACK_LEAD_MS: '60000',
    VOICE_MAX_FRAMES_PER_SECOND: '1000',
    CREDENTIALS_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
    GROQ_BASE_URL: groq.url,
    DEEPGRAM_BASE_URL: deepgram.url,
    ELEVENLABS_BASE_URL: elevenlabs.url,
  };
  api = await startApi('voice', env);
  worker = await runWorker(env);
  const tenant = await createTenant({ creditMinutes: 100 });
  key = await tenant.key(SCOPES, { rateLimitPerMinute: 100_000, allowedOrigins: [ORIGIN] });
  const agent = await api.call('POST', '/api/v1/agents', {
    token: key,
    body: {
      type: 'voice',
      mode: 'interview',
      name: 'Panel',
      instructions: 'Interview the candidate.',
      voice: { opening: OPENING, evaluationCriteria: CRITERIA },
    },
  });
  agentId = agent.body.id;
}, 120_000);
afterEach(() => {
  for (const client of clients.splice(0)) client.close();
});
afterAll(async () => {
  await worker?.stop();
  await api?.close();
  await Promise.all([groq, deepgram, elevenlabs].map((fake) => fake?.close()));
});

async function newInterview(token = key, body: Record<string, unknown> = {}) {
  const res = await api.call('POST', '/api/v1/interviews', { token, body: { agentId, candidateName: 'Ada Lovelace', mode: 'voice', ...body } });
  expect(res.status).toBe(201);
  return { id: res.body.id as string, capability: new URL(res.body.interviewUrl).hash.slice(1) };
}

async function connect(id: string, options: { origin?: string; path?: string; server?: TestApi } = {}) {
  const client = await VoiceClient.connect((options.server ?? api).url, id, options);
  clients.push(client);
  return client;
}

/** The audio of agent turn `n` of this session (its marks are `t<n>.*`), in full once its end mark came. */
async function agentTurnAudio(client: VoiceClient, n: number): Promise<Buffer> {
  await client.next((m) => m.type === 'mark' && m.name === `t${n}.end`);
  return client.takeAudio();
}

/** A WebSocket handshake the server answers without upgrading: its status and JSON body. */
function handshake(baseUrl: string, interviewId: string, socket = 'audio'): Promise<{ status: number; body: any }> {
  return new Promise((resolve, reject) => {
    const req = request(`${baseUrl}/candidate/v1/interviews/${interviewId}/${socket}`, {
      headers: { connection: 'Upgrade', upgrade: 'websocket', 'sec-websocket-version': '13', 'sec-websocket-key': 'dGhlIHNhbXBsZSBub25jZQ==' },
    });
    req.on('response', (res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => (body += chunk.toString()));
      res.on('end', () => resolve({ status: res.statusCode!, body: JSON.parse(body) }));
    });
    req.on('upgrade', () => reject(new Error('upgraded')));
    req.on('error', reject);
    req.end();
  });
}

const interview = (id: string, token = key) => api.call('GET', `/api/v1/interviews/${id}`, { token });

test('a spoken interview: the candidate’s words become turns, the agent answers in audio with exactly its stored words, and the report reads the answers', async () => {
  const { id, capability } = await newInterview();
  const client = await connect(id);
  client.start(capability);
  expect(await client.next((m) => m.type === 'ready')).toEqual({ type: 'ready', sampleRate: 16000, frameMs: 20 });

  // The socket started the interview; the opening is heard word for word.
  expect(await wordsIn(await agentTurnAudio(client, 0))).toBe(OPENING);
  expect(await client.storedTurn(0)).toEqual({ index: 0, role: 'agent', text: OPENING });
  expect((await interview(id)).body).toMatchObject({ status: 'active', startedAt: expect.any(String) });

  await client.speak('Ready.');
  expect(await wordsIn(await agentTurnAudio(client, 1))).toBe('Tell me about your experience with TypeScript.');
  expect(await client.storedTurn(1)).toEqual({ index: 1, role: 'candidate', text: 'Ready.' });
  expect(await client.storedTurn(2)).toEqual({ index: 2, role: 'agent', text: 'Tell me about your experience with TypeScript.' });

  await client.speak(ANSWER);
  expect(await wordsIn(await agentTurnAudio(client, 2))).toBe('Tell me about your experience with system design.');
  await client.speak('Not much.');
  expect(await wordsIn(await agentTurnAudio(client, 3))).toBe("Thank you, that's all my questions. Goodbye.");

  const ended = await client.next((m) => m.type === 'ended');
  expect(ended).toEqual({ type: 'ended', reason: 'agent_ended', reportId: expect.stringMatching(/^[0-9a-f]{24}$/) });
  expect((await client.closed).code).toBe(1000);
  expect((await interview(id)).body).toMatchObject({ status: 'completed', endedReason: 'agent_ended', reportId: ended.reportId });

  const report = await waitFor(async () => {
    const res = await api.call('GET', `/api/v1/interviews/${id}/report?includeTranscript=true`, { token: key });
    return res.status === 200 ? res.body : undefined;
  }, 30_000);
  expect(report.transcript.map((t: { role: string; text: string }) => [t.role, t.text])).toEqual([
    ['agent', OPENING],
    ['candidate', 'Ready.'],
    ['agent', 'Tell me about your experience with TypeScript.'],
    ['candidate', ANSWER],
    ['agent', 'Tell me about your experience with system design.'],
    ['candidate', 'Not much.'],
    ['agent', "Thank you, that's all my questions. Goodbye."],
  ]);
  expect(report.evaluations[0].rationale).toContain(ANSWER.slice(0, 60));
  expect(report.evaluations[1].rationale).toContain('"Not much."');
}, 90_000);

test('the goodbye plays to its end: the interview it completed does not cut it, and it is stored whole', async () => {
  const { id, capability } = await newInterview();
  const client = await connect(id);
  client.start(capability);
  await agentTurnAudio(client, 0);
  await client.speak('Ready.');
  await agentTurnAudio(client, 1);
  await client.speak(ANSWER);
  await agentTurnAudio(client, 2);
  // The candidate's browser plays the goodbye in real time: its marks come back seconds later.
  client.acknowledging = false;
  await client.speak('Not much.');
  await client.next((m) => m.type === 'mark' && m.name === 't3.end');
  // Stored, the goodbye completed the interview; the session checks for an interview ended elsewhere every 3 s.
  await waitFor(async () => ((await interview(id)).body.status === 'completed' ? true : undefined), 30_000);
  await new Promise((resolve) => setTimeout(resolve, 4_000));
  expect(client.messages.filter((m) => m.type === 'ended' || m.type === 'clear')).toEqual([]);

  for (const mark of client.messages.filter((m) => m.type === 'mark' && m.name.startsWith('t3.'))) client.send({ type: 'played', name: mark.name });
  expect(await client.next((m) => m.type === 'ended')).toMatchObject({ type: 'ended', reason: 'agent_ended' });
  expect(await wordsIn(client.takeAudio())).toBe("Thank you, that's all my questions. Goodbye.");
  expect((await interviewTranscript(id)).at(-1)).toMatchObject({ role: 'agent', text: "Thank you, that's all my questions. Goodbye." });
}, 90_000);

test('barge-in: the candidate talks over the agent, `clear` arrives, and the stored agent turn keeps only the words the client played', async () => {
  // Paced as a browser plays it, so the candidate can interrupt halfway.
  const paced = await api.extraApp({ ...env, VOICE_PLAYBACK_LEAD_MS: '200' });
  const { id, capability } = await newInterview();
  const client = await connect(id, { server: paced });
  client.start(capability);
  // Four words played, then the candidate's playback stops and they speak.
  await client.next((m) => m.type === 'mark' && m.name === 't0.3');
  client.acknowledging = false;
  const speaking = client.speak('Sorry, could you say that again?');
  const cleared = await client.next((m) => m.type === 'clear');
  expect(cleared).toEqual({ type: 'clear' });
  await speaking;

  const heard = OPENING.split(' ').slice(0, 4).join(' ');
  expect(await client.next((m) => m.type === 'turn' && m.turn.index === 0 && m.turn.text === heard)).toBeDefined();
  expect(await client.next((m) => m.type === 'turn' && m.turn.index === 1)).toEqual({
    type: 'turn',
    turn: { index: 1, role: 'candidate', text: 'Sorry, could you say that again?' },
  });
  await client.next((m) => m.type === 'turn' && m.turn.index === 2);
  const stored = await interviewTranscript(id);
  expect(stored.map((t) => [t.index, t.role, t.text])).toEqual([
    [0, 'agent', heard],
    [1, 'candidate', 'Sorry, could you say that again?'],
    [2, 'agent', 'Tell me about your experience with TypeScript.'],
  ]);
  // Less audio was sent than the whole opening: the rest was never synthesized into frames sent after the clear.
  expect(client.messages.filter((m) => m.type === 'mark' && /^t0\.\d+$/.test(m.name)).length).toBeLessThan(OPENING.split(' ').length);
}, 60_000);

test('the candidate talks while the opening is still produced and spoken: their live words come as partials, then every word is their turn, after the whole opening', async () => {
  const paced = await api.extraApp({ ...env, VOICE_PLAYBACK_LEAD_MS: '200' });
  const { id, capability } = await newInterview();
  // Made beforehand, and its first 200 ms sent at once: the server hears the candidate start
  // speaking while the interview's start is still producing the opening, however loaded the machine.
  const answer = await spoken(ANSWER, 500);
  const client = await connect(id, { server: paced });
  client.start(capability);
  await client.next((m) => m.type === 'ready');
  await client.sendFrames(answer, 10);

  const answered = await client.next((m) => m.type === 'turn' && m.turn.role === 'candidate');
  expect(answered.turn).toEqual({ index: 1, role: 'candidate', text: ANSWER });
  const partials = client.messages.slice(0, client.messages.indexOf(answered)).filter((m) => m.type === 'partial');
  expect(partials.length).toBeGreaterThan(5);
  for (const partial of partials) expect(ANSWER.startsWith(partial.text)).toBe(true);
  await client.next((m) => m.type === 'turn' && m.turn.index === 2);
  expect(client.messages).not.toContainEqual({ type: 'clear' });
  expect((await interviewTranscript(id)).map((t) => [t.index, t.role, t.text])).toEqual([
    [0, 'agent', OPENING],
    [1, 'candidate', ANSWER],
    [2, 'agent', 'Tell me about your experience with TypeScript.'],
  ]);
}, 60_000);

describe('admission', () => {
  test('the token travels in the first message: one in the URL does nothing', async () => {
    const { id, capability } = await newInterview();
    const client = await connect(id, { path: `/candidate/v1/interviews/${id}/audio?token=${capability}` });
    client.start('ic_not-the-token');
    expect(await client.next((m) => m.type === 'error')).toMatchObject({ code: 'INVALID_CANDIDATE_TOKEN' });
    expect((await client.closed).code).toBe(4401);
    expect((await interview(id)).body.status).toBe('created');
  });

  test('another interview’s link is 4401, an embed token from a page it does not allow is 4403, and an API key is 4403', async () => {
    const first = await newInterview();
    const second = await newInterview();
    const foreign = await connect(second.id);
    foreign.start(first.capability);
    expect(await foreign.next((m) => m.type === 'error')).toMatchObject({ type: 'error', code: 'INVALID_CANDIDATE_TOKEN', message: expect.any(String) });
    expect((await foreign.closed).code).toBe(4401);

    const minted = await api.call('POST', `/api/v1/interviews/${first.id}/embed-token`, { token: key });
    const elsewhere = await connect(first.id, { origin: 'https://evil.example' });
    elsewhere.start(minted.body.token);
    expect(await elsewhere.next((m) => m.type === 'error')).toMatchObject({ code: 'ORIGIN_NOT_ALLOWED' });
    expect((await elsewhere.closed).code).toBe(4403);

    const withKey = await connect(first.id);
    withKey.start(key);
    expect(await withKey.next((m) => m.type === 'error')).toMatchObject({ code: 'PERMISSION_DENIED' });
    expect((await withKey.closed).code).toBe(4403);

    // From the page the token allows, the same token is admitted.
    const allowed = await connect(first.id, { origin: ORIGIN });
    allowed.start(minted.body.token);
    expect(await allowed.next((m) => m.type === 'ready')).toBeDefined();
  });

  test('audio before the start message closes the socket with 1008; no start message within 5 s, with 4408', async () => {
    const { id } = await newInterview();
    const eager = await connect(id);
    eager.ws.send(Buffer.alloc(640));
    expect(await eager.next((m) => m.type === 'error')).toMatchObject({ code: 'PROTOCOL_ERROR' });
    expect((await eager.closed).code).toBe(1008);

    const began = Date.now();
    const idle = await connect(id);
    expect((await idle.closed).code).toBe(4408);
    expect(Date.now() - began).toBeGreaterThanOrEqual(4_900);
    expect(idle.messages).toEqual([{ type: 'error', code: 'AUTH_TIMEOUT', message: 'No start message with a valid token within 5000 ms.' }]);
  }, 30_000);

  test('a voice interview whose agent was deleted before the candidate joined is refused INTERVIEW_CLOSED (4409) and ends without starting', async () => {
    const agent = await api.call('POST', '/api/v1/agents', {
      token: key,
      body: { type: 'voice', name: uniqueName('Gone'), instructions: 'Interview the candidate.', voice: { opening: OPENING } },
    });
    const { id, capability } = await newInterview(key, { agentId: agent.body.id });
    expect((await api.call('DELETE', `/api/v1/agents/${agent.body.id}`, { token: key })).status).toBe(200);
    const client = await connect(id);
    client.start(capability);
    expect(await client.next((m) => m.type === 'error')).toMatchObject({ code: 'INTERVIEW_CLOSED', message: expect.stringContaining('agent_deleted') });
    expect((await client.closed).code).toBe(4409);
    expect((await interview(id)).body).toMatchObject({ status: 'completed', endedReason: 'agent_deleted', startedAt: null, chargedMinutes: 0 });
  });

  test('an unknown socket path is refused before the upgrade with the API’s 404 envelope', async () => {
    const answer = await handshake(api.url, 'x', 'video');
    expect(answer.status).toBe(404);
    expect(answer.body).toMatchObject({ error: { type: 'invalid_request_error', code: 'RESOURCE_NOT_FOUND' }, request_id: expect.any(String) });
  });
});

test('a second socket for the interview takes over: the first is told SESSION_REPLACED (4409), the second hears the agent’s last turn again and can end the interview', async () => {
  const { id, capability } = await newInterview();
  const first = await connect(id);
  first.start(capability);
  await agentTurnAudio(first, 0);

  const second = await connect(id);
  second.start(capability);
  expect(await first.next((m) => m.type === 'error')).toMatchObject({ code: 'SESSION_REPLACED' });
  expect((await first.closed).code).toBe(4409);
  expect(await wordsIn(await agentTurnAudio(second, 0))).toBe(OPENING);
  // Spoken again, not stored again.
  expect((await interviewTranscript(id)).map((t) => t.text)).toEqual([OPENING]);

  second.send({ type: 'end' });
  expect(await second.next((m) => m.type === 'ended')).toEqual({ type: 'ended', reason: 'candidate_ended', reportId: expect.any(String) });
  expect((await second.closed).code).toBe(1000);
  expect((await interview(id)).body).toMatchObject({ status: 'completed', endedReason: 'candidate_ended' });
}, 60_000);

test('a stopping process tells its candidates to reconnect (SERVER_RESTARTING, 4503) and refuses new sockets with 503; the interview stays active and goes on elsewhere', async () => {
  const stopping = await api.extraApp(env);
  const { id, capability } = await newInterview();
  const client = await connect(id, { server: stopping });
  client.start(capability);
  await agentTurnAudio(client, 0);
  // One socket that never sent its start message is closed too.
  const silent = await connect(id, { server: stopping });

  await stopping.sockets.shutdown();
  expect(await client.next((m) => m.type === 'error')).toMatchObject({ code: 'SERVER_RESTARTING' });
  expect((await client.closed).code).toBe(4503);
  expect((await silent.closed).code).toBe(4503);
  const refused = await handshake(stopping.url, id);
  expect(refused.status).toBe(503);
  expect(refused.body).toMatchObject({ error: { code: 'SERVER_RESTARTING' } });
  expect((await interview(id)).body).toMatchObject({ status: 'active', endedReason: null });

  // The candidate reconnects (through the proxy, to another process): the agent's last turn again, then on.
  const again = await connect(id);
  again.start(capability);
  expect(await wordsIn(await agentTurnAudio(again, 0))).toBe(OPENING);
  await again.speak(ANSWER);
  expect(await again.next((m) => m.type === 'turn' && m.turn.role === 'candidate')).toMatchObject({ turn: { index: 1, text: ANSWER } });
  await again.next((m) => m.type === 'turn' && m.turn.role === 'agent' && m.turn.index === 2);
  expect((await interviewTranscript(id)).map((t) => t.role)).toEqual(['agent', 'candidate', 'agent']);
}, 60_000);

test('silence: the agent reprompts, then the interview ends as candidate_silent with a report', async () => {
  const quiet = await api.extraApp({ ...env, VOICE_SILENCE_REPROMPT_SECONDS: '1', VOICE_SILENCE_END_SECONDS: '1' });
  const { id, capability } = await newInterview();
  const client = await connect(id, { server: quiet });
  client.start(capability);
  await agentTurnAudio(client, 0);
  expect(await wordsIn(await agentTurnAudio(client, 1))).toBe('Are you still there?');
  expect(await client.storedTurn(1)).toEqual({ index: 1, role: 'agent', text: 'Are you still there?' });
  const ended = await client.next((m) => m.type === 'ended');
  expect(ended).toEqual({ type: 'ended', reason: 'candidate_silent', reportId: expect.any(String) });
  expect((await interview(id)).body).toMatchObject({ status: 'completed', endedReason: 'candidate_silent', reportId: ended.reportId });
}, 60_000);

test('a dropped socket leaves the interview active, and a turn whose process died frees the run when its lease lapses', async () => {
  const { id, capability } = await newInterview();
  const client = await connect(id);
  client.start(capability);
  await agentTurnAudio(client, 0);
  client.ws.terminate();
  await client.closed;
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  expect((await interview(id)).body).toMatchObject({ status: 'active', endedReason: null });

  // A process reserves a voice turn and dies before storing it.
  const connection = await Connection.connect({ address: temporalAddress() });
  try {
    const dying = new Workflows(new Client({ connection, dataConverter: testDataConverter() }), loadConfig({ ...env, INTERVIEW_TURN_LEASE_SECONDS: '3' }));
    expect(await dying.reserveVoiceTurn(id, true)).toEqual({ candidateIndex: 1, agentIndex: 2 });
    const message = () => api.call('POST', `/candidate/v1/interviews/${id}/messages`, { token: capability, body: { text: 'Hello again.' } });
    const busy = await message();
    expect(busy.status).toBe(409);
    expect(busy.body.error.message).toMatch(/still answering/);
    const freed = await waitFor(async () => {
      const res = await message();
      return res.status === 200 ? res.body : undefined;
    }, 10_000);
    // The reserved indices stay unused; the interview goes on after them.
    expect(freed.candidateTurn).toEqual({ index: 3, role: 'candidate', text: 'Hello again.' });
  } finally {
    await connection.close();
  }
}, 60_000);

describe('byok', () => {
  let organizationId: Awaited<ReturnType<typeof createTenant>>['organizationId'];
  let byokKey: string;
  let byokAgent: string;

  beforeAll(async () => {
    const tenant = await createTenant({ creditMinutes: 100 });
    organizationId = tenant.organizationId;
    const [credentialKey] = loadConfig(env).byok.encryptionKeys;
    const providers: Record<CredentialKind, string> = { llm: 'groq', stt: 'deepgram', tts: 'elevenlabs' };
    for (const kind of ['llm', 'stt', 'tts'] as const) {
      await storeVerifiedCredential({ key: credentialKey!, organizationId, kind, provider: providers[kind], apiKey: ORG_KEYS[kind] });
    }
    byokKey = await tenant.key(SCOPES, { byok: true, rateLimitPerMinute: 100_000 });
    // The agent names the simulated engines' neighbours: byok ignores what the agent names.
    const agent = await api.call('POST', '/api/v1/agents', {
      token: byokKey,
      body: {
        type: 'voice',
        mode: 'interview',
        name: 'Byok panel',
        instructions: 'Interview the candidate.',
        providers: { stt: 'local', tts: 'local' },
        voice: { evaluationCriteria: ['TypeScript'] },
      },
    });
    byokAgent = agent.body.id;
  });

  test('a byok interview hears and speaks only through the organization’s own Deepgram and ElevenLabs keys', async () => {
    const { id, capability } = await newInterview(byokKey, { agentId: byokAgent });
    const sttBefore = deepgram.connections.length;
    const ttsBefore = elevenlabs.requests.length;
    deepgram.script = [{ transcript: 'I love TypeScript', is_final: true, speech_final: true }];
    // The opening (the workflow's start, on the worker), then the reply streamed in the API process.
    groq.answers = [{ text: 'Welcome. Tell me about TypeScript.' }, { text: 'Thank you, goodbye. [[END]]' }];
    const client = await connect(id);
    client.start(capability);
    await agentTurnAudio(client, 0);
    // The candidate's microphone: the fake answers its first frame with the final.
    for (let i = 0; i < 5; i++) client.ws.send(Buffer.alloc(640));
    const ended = await client.next((m) => m.type === 'ended');
    expect(ended).toEqual({ type: 'ended', reason: 'agent_ended', reportId: expect.any(String) });

    expect(client.messages.filter((m) => m.type === 'turn').map((m) => m.turn)).toEqual([
      { index: 0, role: 'agent', text: 'Welcome. Tell me about TypeScript.' },
      { index: 1, role: 'candidate', text: 'I love TypeScript' },
      { index: 2, role: 'agent', text: 'Thank you, goodbye.' },
    ]);
    const stt = deepgram.connections.slice(sttBefore);
    expect(stt).toHaveLength(1);
    expect(stt[0]!.headers.authorization).toBe(`Token ${ORG_KEYS.stt}`);
    expect(stt[0]!.query.get('encoding')).toBe('linear16');
    const tts = elevenlabs.requests.slice(ttsBefore);
    // The opening is a fixed line, spoken whole; the reply is spoken sentence by sentence as it streams.
    expect(tts.map((r) => r.body.text)).toEqual(['Welcome. Tell me about TypeScript.', 'Thank you, goodbye.']);
    expect(tts.every((r) => r.headers['xi-api-key'] === ORG_KEYS.tts)).toBe(true);
    // What the candidate heard is the vendor's audio, byte for byte.
    const voice = Buffer.concat(elevenlabs.chunks);
    expect(client.takeAudio().subarray(0, voice.length)).toEqual(voice);
    expect(groq.chatRequests().every((r) => r.headers.authorization === `Bearer ${ORG_KEYS.llm}`)).toBe(true);
  }, 60_000);

  test('a byok interview whose organization lost its speech credential is refused BYOK_NOT_READY and never falls back', async () => {
    const { id, capability } = await newInterview(byokKey, { agentId: byokAgent });
    await ProviderCredential.deleteOne({ organizationId, kind: 'tts' });
    const ttsBefore = elevenlabs.requests.length;
    const client = await connect(id);
    client.start(capability);
    expect(await client.next((m) => m.type === 'error')).toMatchObject({ code: 'BYOK_NOT_READY', message: expect.stringContaining('tts') });
    expect((await client.closed).code).toBe(4400);
    expect(elevenlabs.requests.length).toBe(ttsBefore);
    expect((await interview(id, byokKey)).body.status).toBe('created');
  });
});
