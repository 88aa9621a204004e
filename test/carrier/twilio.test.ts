/**
 * Phone calls through Twilio on the real stack: the API and a worker with CARRIER=twilio and
 * TWILIO_SPEECH=relay on the Temporal dev server and FerretDB, Twilio's REST API played by a local
 * fake, its status callbacks posted signed as Twilio signs them, and ConversationRelay played by a
 * WebSocket client; a byok call, which never goes through the relay, by a Media Streams client on
 * fakes of the organization's own speech and LLM vendors. Media Streams calls are in
 * twilioMediaStreams.test.ts.
 */
import { randomBytes } from 'node:crypto';
import mongoose from 'mongoose';
import { getExpectedTwilioSignature } from 'twilio';
import { createApp } from '../../api/app';
import { MAX_RELAY_MESSAGE_BYTES, twilioRelay } from '../../api/relay';
import { dispatchUpgrades } from '../../api/upgrade';
import { SCOPES } from '../../api/scopes';
import { loadConfig } from '../../config';
import { storeVerifiedCredential } from '../../models/providerCredential';
import type { ReplyStream } from '../../providers/llm/interface';
import { SimulatedLlm } from '../../providers/llm/simulated';
import { createTenant, request, startApi } from '../helpers/app';
import { serve } from '../helpers/http';
import { uniqueName, waitFor } from '../helpers/servers';
import { TWILIO_PUBLIC, twilioCallbacks, twilioEnv } from '../helpers/twilio';
import { runWorker, type RunningWorker } from '../helpers/worker';
import { Refused, RelayClient } from '../fakes/conversationRelay';
import { startFakeLlmVendor, type FakeLlmServer } from '../fakes/llmVendors';
import { MediaStreamClient } from '../fakes/mediaStreams';
import { startFakeDeepgram, startFakeElevenLabs, type FakeDeepgram, type FakeElevenLabs } from '../fakes/speechVendors';
import { LATE_ANSWER_MS, startFakeTwilio, type FakeTwilio } from '../fakes/twilio';
import { CarrierOutcomeUnknownError } from '../../providers/carrier/interface';
import { TwilioCarrier } from '../../providers/carrier/twilio';

const PUBLIC = TWILIO_PUBLIC;
const REJECTED = '+442079460021';
const OUTAGE = '+442079460022';
// The organization's own vendor keys, which only its byok calls may use; the service has keys of its own for the same vendors.
const ORG_KEYS = { llm: 'gsk_organization-llm-key', stt: 'organization-deepgram-key', tts: 'organization-elevenlabs-key' };

let fake: FakeTwilio;
let api: Awaited<ReturnType<typeof startApi>>;
let worker: RunningWorker;
let key: string;
let agentId: string;
let numbers = 30;
let env: ReturnType<typeof twilioEnv>;
let groq: FakeLlmServer;
let deepgram: FakeDeepgram;
let elevenlabs: FakeElevenLabs;

beforeAll(async () => {
  fake = await startFakeTwilio();
  fake.rejects.add(REJECTED);
  fake.failsFor.add(OUTAGE);
  [groq, deepgram, elevenlabs] = await Promise.all([
    startFakeLlmVendor('groq', ORG_KEYS.llm),
    startFakeDeepgram(ORG_KEYS.stt),
    startFakeElevenLabs(ORG_KEYS.tts),
  ]);
  // ConversationRelay for calls of keys without byok; byok calls go through Media Streams all the same.
  env = twilioEnv(fake, 'twilio', {
    TWILIO_SPEECH: 'relay',
    CREDENTIALS_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
    GROQ_BASE_URL: groq.url,
    DEEPGRAM_BASE_URL: deepgram.url,
    ELEVENLABS_BASE_URL: elevenlabs.url,
    DEEPGRAM_API_KEY: 'service-deepgram-key',
    ELEVENLABS_API_KEY: 'service-elevenlabs-key',
  });
  api = await startApi('twilio', env);
  worker = await runWorker(env);
  const tenant = await createTenant({ creditMinutes: 100, limits: { maxConcurrentCalls: 50 } });
  key = await tenant.key(SCOPES, { rateLimitPerMinute: 100_000 });
  const agent = await api.call('POST', '/api/v1/agents', {
    token: key,
    body: {
      name: 'Renewals',
      language: 'en-GB',
      instructions: 'You call {{firstName}} about their renewal.',
      providers: { stt: 'deepgram', tts: 'elevenlabs' },
      phone: { greeting: 'Hi {{firstName}}, this is the renewals desk.', requiredContactFields: ['email'], outcomeLabels: ['renew', 'cancel'] },
    },
  });
  expect(agent.status).toBe(201);
  agentId = agent.body.id;
}, 120_000);
afterAll(async () => {
  await worker?.stop();
  await api?.close();
  await Promise.all([fake, groq, deepgram, elevenlabs].map((f) => f?.close()));
});

/** A fresh number for each call, so each test finds its own dial at the fake. */
const nextNumber = () => `+4420794600${numbers++}`;

const place = (phoneNumber: string) => api.call('POST', '/api/v1/calls', { token: key, body: { agentId, phoneNumber, variables: { firstName: 'Ada' } } });

async function placed(): Promise<{ id: string; sid: string; form: Record<string, string | string[]> }> {
  const phoneNumber = nextNumber();
  const res = await place(phoneNumber);
  expect(res.status).toBe(201);
  const dial = fake.created.find((d) => d.form.To === phoneNumber)!;
  return { id: res.body.id, sid: dial.callSid, form: dial.form };
}

const { callback, status, amd } = twilioCallbacks(
  () => fake,
  () => api.url,
);

const relayPath = (id: string) => `/carrier/twilio/relay/${id}`;
const connectRelay = (id: string, signature = getExpectedTwilioSignature(fake.authToken, `wss://voice.example.test${relayPath(id)}`, {})) =>
  RelayClient.connect(`${api.url.replace('http', 'ws')}${relayPath(id)}`, signature);

const getCall = async (id: string) => (await api.call('GET', `/api/v1/calls/${id}`, { token: key })).body;
const until = (id: string, wanted: string) => waitFor(async () => ((await getCall(id)).status === wanted ? getCall(id) : undefined), 30_000);
const transcript = async (id: string) =>
  (await api.call('GET', `/api/v1/calls/${id}/transcript`, { token: key })).body.data.map((t: { role: string; text: string }) => [t.role, t.text]);

test('a whole call: dial, callbacks, a ConversationRelay conversation with barge-in and DTMF, completed with transcript and report', async () => {
  const call = await placed();
  const relayUrl = `wss://voice.example.test/carrier/twilio/relay/${call.id}`;
  expect(call.form).toMatchObject({
    From: '+442079460100',
    StatusCallback: `${PUBLIC}/carrier/twilio/status/${call.id}`,
    StatusCallbackMethod: 'POST',
    StatusCallbackEvent: ['initiated', 'ringing', 'answered', 'completed'],
    MachineDetection: 'Enable',
    MachineDetectionTimeout: '5',
    // RING_TIMEOUT_SECONDS (60) less the detection's 5 s and the 5 s Twilio may ring past it.
    Timeout: '50',
    AsyncAmd: 'true',
    AsyncAmdStatusCallback: `${PUBLIC}/carrier/twilio/amd/${call.id}`,
  });
  const twiml = String(call.form.Twiml);
  expect(twiml).toMatch(/<Response><Connect action="([^"]*)"><ConversationRelay [^>]*>.*<\/ConversationRelay><\/Connect><\/Response>/);
  expect(twiml).toContain(`<Connect action="${PUBLIC}/carrier/twilio/stream-ended/${call.id}">`);
  for (const attribute of [
    `url="${relayUrl}"`,
    'language="en-GB"',
    'welcomeGreeting="Hi Ada, this is the renewals desk."',
    'transcriptionProvider="Deepgram"',
    'ttsProvider="ElevenLabs"',
  ]) {
    expect(twiml).toContain(attribute);
  }
  expect(twiml).toContain(`<Parameter name="callId" value="${call.id}"/>`);

  for (const s of ['initiated', 'ringing', 'in-progress']) expect((await status(call.id, call.sid, s)).status).toBe(204);
  // Answered, but not yet known to be a person: the call waits for the detection's verdict.
  expect((await getCall(call.id)).status).toBe('created');
  expect((await amd(call.id, call.sid, 'human')).status).toBe(204);
  await until(call.id, 'active');

  const relay = await connectRelay(call.id);
  relay.send({
    type: 'setup',
    sessionId: 'VX1',
    accountSid: fake.accountSid,
    callSid: call.sid,
    from: '+442079460100',
    to: call.form.To,
    direction: 'outbound-api',
    callStatus: 'IN-PROGRESS',
    customParameters: { callId: call.id },
  });
  await waitFor(async () => ((await transcript(call.id)).length === 1 ? true : undefined));

  relay.send({ type: 'prompt', voicePrompt: 'Hello?', lang: 'en-GB', last: true });
  const question = await relay.turn();
  expect(question.length).toBeGreaterThan(1);
  expect(question.join('')).toBe('Could you tell me your email?');
  // The transcript follows the call while it is on.
  expect(await transcript(call.id)).toHaveLength(3);
  expect((await getCall(call.id)).status).toBe('active');

  relay.send({ type: 'prompt', voicePrompt: 'It is ada@example.com', lang: 'en-GB', last: true });
  expect((await relay.turn()).join('')).toBe('Which fits best: renew or cancel?');
  relay.send({ type: 'interrupt', utteranceUntilInterrupt: 'Which fits best', durationUntilInterruptMs: 900 });
  relay.send({ type: 'dtmf', digit: '1' });
  expect((await relay.turn()).join('')).toBe("Thank you, that's everything I needed. Goodbye.");
  expect(await relay.next()).toMatchObject({ type: 'end' });

  expect((await status(call.id, call.sid, 'completed', { CallDuration: '42' })).status).toBe(204);
  const done = await until(call.id, 'completed');
  expect(done.disposition).toBe('completed');
  expect(await transcript(call.id)).toEqual([
    ['agent', 'Hi Ada, this is the renewals desk.'],
    ['contact', 'Hello?'],
    ['agent', 'Could you tell me your email?'],
    ['contact', 'It is ada@example.com'],
    ['agent', 'Which fits best'],
    ['contact', '[DTMF 1]'],
    ['agent', "Thank you, that's everything I needed. Goodbye."],
  ]);
  // Twilio hears and speaks on a relay call: the model's first token, from when Twilio delivered
  // the contact's turn, is the one timing a replying agent turn carries; the fixed greeting has none.
  const timings = (await api.call('GET', `/api/v1/calls/${call.id}/transcript`, { token: key })).body.data.map((t: { timings?: unknown }) => t.timings);
  const replied = { llmFirstTokenMs: expect.any(Number) };
  expect(timings).toEqual([undefined, undefined, replied, undefined, replied, undefined, replied]);
  const report = await waitFor(async () => {
    const res = await api.call('GET', `/api/v1/calls/${call.id}/report`, { token: key });
    return res.status === 200 ? res.body : undefined;
  }, 30_000);
  expect(report).toMatchObject({ disposition: 'completed', capturedFields: { email: 'ada@example.com' } });
  relay.close();
});

test('a barge-in while the reply streams stops it there, and the stored turn keeps what was heard', async () => {
  // A model that says two words, then waits for the test before the rest.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  class HesitantLlm extends SimulatedLlm {
    override streamReply(): ReplyStream {
      return {
        chunks: (async function* () {
          yield 'One ';
          yield 'two ';
          await held;
          yield 'three ';
          yield 'four.';
        })(),
        done: () => false,
      };
    }
  }
  const other = await serve(createApp({ config: api.config, mongo: mongoose.connection, temporal: worker.client }));
  dispatchUpgrades(other.server, [twilioRelay({ config: api.config, temporal: worker.client, llmFor: async () => new HesitantLlm() })]);
  const call = await placed();
  await amd(call.id, call.sid, 'human');
  await until(call.id, 'active');

  const relay = await RelayClient.connect(
    `${other.url.replace('http', 'ws')}${relayPath(call.id)}`,
    getExpectedTwilioSignature(fake.authToken, `wss://voice.example.test${relayPath(call.id)}`, {}),
  );
  relay.send({ type: 'setup', callSid: call.sid });
  relay.send({ type: 'prompt', voicePrompt: 'Hello?', last: true });
  expect(await relay.next()).toEqual({ type: 'text', token: 'One ', last: false });
  expect(await relay.next()).toEqual({ type: 'text', token: 'two ', last: false });
  relay.send({ type: 'interrupt', utteranceUntilInterrupt: 'One', durationUntilInterruptMs: 400 });
  await relay.roundTrip();
  release();
  expect(await relay.next()).toEqual({ type: 'text', token: '', last: true });
  await waitFor(async () => ((await transcript(call.id)).at(-1)?.[1] === 'One' ? true : undefined));
  expect(await transcript(call.id)).toEqual([
    ['agent', 'Hi Ada, this is the renewals desk.'],
    ['contact', 'Hello?'],
    ['agent', 'One'],
  ]);

  // The callee hangs up: Twilio's `completed` without the agent having finished.
  relay.close();
  expect((await status(call.id, call.sid, 'completed')).status).toBe(204);
  expect((await until(call.id, 'completed')).disposition).toBe('contact_hung_up');
  await other.close();
});

test('an agent turn that cannot be produced ends the call as failed and closes the session', async () => {
  class BrokenLlm extends SimulatedLlm {
    override streamReply(): ReplyStream {
      return {
        chunks: (async function* () {
          throw new Error('the model is unreachable');
        })(),
        done: () => false,
      };
    }
  }
  const other = await serve(createApp({ config: api.config, mongo: mongoose.connection, temporal: worker.client }));
  dispatchUpgrades(other.server, [twilioRelay({ config: api.config, temporal: worker.client, llmFor: async () => new BrokenLlm() })]);
  const call = await placed();
  await amd(call.id, call.sid, 'human');
  await until(call.id, 'active');
  const relay = await RelayClient.connect(
    `${other.url.replace('http', 'ws')}${relayPath(call.id)}`,
    getExpectedTwilioSignature(fake.authToken, `wss://voice.example.test${relayPath(call.id)}`, {}),
  );
  relay.send({ type: 'setup', callSid: call.sid });
  const logged = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  relay.send({ type: 'prompt', voicePrompt: 'Hello?', last: true });
  expect((await until(call.id, 'completed')).disposition).toBe('failed');
  await waitFor(async () => (relay.closed ? true : undefined));
  expect(logged).toHaveBeenCalledWith(expect.stringContaining('the model is unreachable'));
  logged.mockRestore();
  // Twilio hangs up once the session is gone and reports it; the call stays failed.
  expect((await status(call.id, call.sid, 'completed')).status).toBe(204);
  expect((await getCall(call.id)).disposition).toBe('failed');
  await other.close();
});

test('webhooks and the relay refuse a missing or wrong signature (403) and an unknown call (404)', async () => {
  const call = await placed();
  const path = `/carrier/twilio/status/${call.id}`;
  const params = { CallSid: call.sid, CallStatus: 'busy' };
  const missing = await callback(path, params, '');
  expect(missing.status).toBe(403);
  expect(missing.body).toMatchObject({ error: { type: 'permission_error', code: 'PERMISSION_DENIED' }, request_id: expect.any(String) });
  expect((await callback(path, params, getExpectedTwilioSignature('another-token', `${PUBLIC}${path}`, params))).status).toBe(403);
  // Signed for one status, sent with another: the signature covers every field.
  expect((await callback(path, params, getExpectedTwilioSignature(fake.authToken, `${PUBLIC}${path}`, { ...params, CallStatus: 'ringing' }))).status).toBe(403);
  expect((await getCall(call.id)).status).toBe('created');

  const unknown = await status('0123456789abcdef01234567', call.sid, 'busy');
  expect(unknown.status).toBe(404);
  expect(unknown.body.error.code).toBe('RESOURCE_NOT_FOUND');
  const json = await request(api.url, 'POST', path, { body: params, headers: { 'x-twilio-signature': 'x' } });
  expect(json.status).toBe(415);
  expect(json.body.error.code).toBe('UNSUPPORTED_MEDIA_TYPE');

  await expect(connectRelay(call.id, '')).rejects.toMatchObject({ status: 403, body: { error: { code: 'PERMISSION_DENIED' } } });
  await expect(connectRelay(call.id, getExpectedTwilioSignature('another-token', `wss://voice.example.test${relayPath(call.id)}`, {}))).rejects.toBeInstanceOf(
    Refused,
  );
  await expect(connectRelay('0123456789abcdef01234567')).rejects.toMatchObject({ status: 404, body: { error: { code: 'RESOURCE_NOT_FOUND' } } });

  expect((await status(call.id, call.sid, 'busy')).status).toBe(204);
  await until(call.id, 'completed');
  // A finished call takes no relay session either.
  await expect(connectRelay(call.id)).rejects.toMatchObject({ status: 404 });
});

test('one relay session per call: a second socket is 409 SESSION_IN_PROGRESS and the first goes on; an oversized message closes the socket (1009) and frees the call', async () => {
  const call = await placed();
  for (const s of ['initiated', 'ringing', 'in-progress']) expect((await status(call.id, call.sid, s)).status).toBe(204);
  expect((await amd(call.id, call.sid, 'human')).status).toBe(204);
  await until(call.id, 'active');

  const first = await connectRelay(call.id);
  // The same signed handshake again, as a replay would send it.
  await expect(connectRelay(call.id)).rejects.toMatchObject({ status: 409, body: { error: { type: 'conflict_error', code: 'SESSION_IN_PROGRESS' } } });
  first.send({ type: 'setup', callSid: call.sid });
  await waitFor(async () => ((await transcript(call.id)).length === 1 ? true : undefined));
  expect(first.closed).toBe(false);

  first.send(JSON.stringify({ type: 'prompt', voicePrompt: 'x'.repeat(MAX_RELAY_MESSAGE_BYTES), last: true }));
  await waitFor(async () => (first.closed ? true : undefined));
  expect(first.closeCode).toBe(1009);
  // Nothing of the oversized message was stored.
  expect(await transcript(call.id)).toHaveLength(1);
  // Its socket closed, the call takes a session again (Twilio reconnecting, say).
  const again = await waitFor(async () => connectRelay(call.id).catch(() => undefined));
  again.close();
  expect((await status(call.id, call.sid, 'completed', { CallDuration: '20' })).status).toBe(204);
  await until(call.id, 'completed');
});

test.each([
  ['busy', 'busy', 0, (id: string, sid: string) => status(id, sid, 'busy')],
  ['no-answer', 'no_answer', 0, (id: string, sid: string) => status(id, sid, 'no-answer')],
  ['failed', 'failed', 0, (id: string, sid: string) => status(id, sid, 'failed', { SipResponseCode: '500' })],
  ['an answering machine (async AMD)', 'voicemail', 0, (id: string, sid: string) => amd(id, sid, 'machine_end_beep')],
  [
    'an answering machine (AnsweredBy on the status)',
    'voicemail',
    0,
    (id: string, sid: string) => status(id, sid, 'in-progress', { AnsweredBy: 'machine_start' }),
  ],
  // Connected for 3 s: the first minute has started.
  ['a callee who hangs up before the verdict', 'contact_hung_up', 1, (id: string, sid: string) => status(id, sid, 'completed', { CallDuration: '3' })],
  ['a call over before anyone answered', 'no_answer', 0, (id: string, sid: string) => status(id, sid, 'completed', { CallDuration: '0' })],
])('%s ends the call as %s, charged %s minutes, and a repeated callback changes nothing', async (_what, disposition, chargedMinutes, send) => {
  const call = await placed();
  expect((await status(call.id, call.sid, 'ringing')).status).toBe(204);
  expect((await send(call.id, call.sid)).status).toBe(204);
  const done = await until(call.id, 'completed');
  expect(done).toMatchObject({ disposition, chargedMinutes });
  // Twilio retries a callback it thinks was lost, and sends `completed` after every call.
  expect((await send(call.id, call.sid)).status).toBe(204);
  expect((await status(call.id, call.sid, 'completed')).status).toBe(204);
  expect((await getCall(call.id)).disposition).toBe(disposition);
  if (disposition === 'voicemail') {
    // The machine is hung up on through the REST API.
    await waitFor(async () => (fake.updated.some((u) => u.callSid === call.sid && u.form.Status === 'completed') ? true : undefined));
  }
});

test('with leave_message, the machine hears the message through Twilio before the call ends as voicemail_left', async () => {
  const agent = await api.call('POST', '/api/v1/agents', {
    token: key,
    body: {
      name: uniqueName('Messages'),
      language: 'en-GB',
      instructions: 'You call {{firstName}} about their renewal.',
      phone: { greeting: 'Hi {{firstName}}, please call the renewals desk back.', voicemailBehavior: 'leave_message' },
    },
  });
  expect(agent.status).toBe(201);
  const phoneNumber = nextNumber();
  const res = await api.call('POST', '/api/v1/calls', { token: key, body: { agentId: agent.body.id, phoneNumber, variables: { firstName: 'Ada' } } });
  expect(res.status).toBe(201);
  const sid = fake.created.find((d) => d.form.To === phoneNumber)!.callSid;
  expect((await amd(res.body.id, sid, 'machine_end_beep')).status).toBe(204);

  const done = await until(res.body.id, 'completed');
  expect(done).toMatchObject({ disposition: 'voicemail_left', chargedMinutes: 0 });
  const played = fake.updated.filter((u) => u.callSid === sid);
  // The message as TwiML that hangs up after it, and no hangup of ours cutting it short.
  expect(played).toHaveLength(1);
  expect(played[0]!.form.Twiml).toBe(
    '<?xml version="1.0" encoding="UTF-8"?><Response><Say language="en-GB">Hi Ada, please call the renewals desk back.</Say><Hangup/></Response>',
  );
  expect(await transcript(res.body.id)).toEqual([['agent', 'Hi Ada, please call the renewals desk back.']]);
});

test('a number Twilio refuses is 400 CARRIER_REJECTED, an outage 502 CARRIER_UNAVAILABLE, and neither leaves a call', async () => {
  const rejected = await place(REJECTED);
  expect(rejected.status).toBe(400);
  expect(rejected.body.error).toMatchObject({ code: 'CARRIER_REJECTED', param: 'body.phoneNumber' });
  expect(rejected.body.error.message).toContain('21211');
  const outage = await place(OUTAGE);
  expect(outage.status).toBe(502);
  expect(outage.body.error.code).toBe('CARRIER_UNAVAILABLE');
  const list = await api.call('GET', '/api/v1/calls?limit=100', { token: key });
  expect(list.body.data.map((c: { phoneNumber: string }) => c.phoneNumber)).not.toEqual(expect.arrayContaining([REJECTED]));
  expect(list.body.data.map((c: { phoneNumber: string }) => c.phoneNumber)).not.toEqual(expect.arrayContaining([OUTAGE]));
});

test('a create Twilio does not confirm within the request timeout has an unknown outcome, not a refusal, and the call it placed is found in the account’s calls', async () => {
  const phoneNumber = nextNumber();
  fake.answersLateFor.add(phoneNumber);
  const carrier = new TwilioCarrier({
    ...loadConfig(env).carrier.twilio!,
    publicBaseUrl: PUBLIC,
    defaultStt: 'simulated',
    defaultTts: 'simulated',
    ringTimeoutSeconds: 60,
    requestTimeoutMs: 500,
  });
  const since = new Date();
  const started = Date.now();
  const unknown = await carrier.dial({ callId: 'late', to: phoneNumber, callWorkflowId: 'call-late', byok: false }).catch((err: unknown) => err);
  expect(Date.now() - started).toBeLessThan(LATE_ANSWER_MS);
  expect(unknown).toBeInstanceOf(CarrierOutcomeUnknownError);
  expect(unknown).toMatchObject({ message: expect.stringMatching(/^Twilio did not answer whether it placed the call .*timeout/) });
  const placed = fake.created.filter((d) => d.form.To === phoneNumber);
  expect(placed).toHaveLength(1);
  expect(await carrier.findCall({ callId: 'late', to: phoneNumber, since })).toBe(placed[0]!.callSid);
  expect(fake.listed.at(-1)).toMatchObject({ To: phoneNumber, From: '+442079460100' });
  // Calls placed before the dial's intent are not its own.
  expect(await carrier.findCall({ callId: 'late', to: phoneNumber, since: new Date(Date.now() + 5_000) })).toBeNull();
  await new Promise((resolve) => setTimeout(resolve, LATE_ANSWER_MS));
  expect(fake.created.filter((d) => d.form.To === phoneNumber)).toHaveLength(1);
});

test('a status callback about another Twilio call than the call’s own changes nothing', async () => {
  const call = await placed();
  expect((await status(call.id, `CA${'0'.repeat(32)}`, 'completed', { CallDuration: '7' })).status).toBe(204);
  await amd(call.id, `CA${'1'.repeat(32)}`, 'human');
  expect((await api.call('GET', `/api/v1/calls/${call.id}`, { token: key })).body.status).toBe('created');
  await amd(call.id, call.sid, 'human');
  await until(call.id, 'active');
  expect((await api.call('POST', `/api/v1/calls/${call.id}/hangup`, { token: key })).status).toBe(200);
  expect((await until(call.id, 'completed')).disposition).toBe('hangup_requested');
});

test('POST /calls/{id}/hangup hangs up through the REST API', async () => {
  const call = await placed();
  await amd(call.id, call.sid, 'human');
  await until(call.id, 'active');
  expect((await api.call('POST', `/api/v1/calls/${call.id}/hangup`, { token: key })).status).toBe(200);
  await waitFor(async () => (fake.updated.some((u) => u.callSid === call.sid && u.form.Status === 'completed') ? true : undefined));
  expect((await status(call.id, call.sid, 'completed')).status).toBe(204);
  expect((await until(call.id, 'completed')).disposition).toBe('hangup_requested');
});

test('CARRIER=twilio without its variables fails at startup, naming them', () => {
  expect(() => loadConfig({ CARRIER: 'twilio', TWILIO_ACCOUNT_SID: 'AC1' })).toThrow('CARRIER=twilio needs TWILIO_AUTH_TOKEN, TWILIO_FROM_NUMBER');
  expect(() => loadConfig({ CARRIER: 'twillio' })).toThrow('CARRIER must be simulated or twilio');
  const twilio = { CARRIER: 'twilio', TWILIO_ACCOUNT_SID: 'AC1', TWILIO_AUTH_TOKEN: 't', TWILIO_FROM_NUMBER: '+442079460100' };
  expect(loadConfig(twilio).carrier.twilio?.speech).toBe('streams');
  expect(() => loadConfig({ ...twilio, TWILIO_SPEECH: 'conversationrelay' })).toThrow('TWILIO_SPEECH must be streams or relay');
});

test('a byok call goes through Media Streams, never the relay, and hears, speaks and thinks only on the organization’s own keys', async () => {
  const tenant = await createTenant({ creditMinutes: 100, limits: { maxConcurrentCalls: 5 } });
  const [credentialKey] = loadConfig(env).byok.encryptionKeys;
  const providers = { llm: 'groq', stt: 'deepgram', tts: 'elevenlabs' } as const;
  for (const kind of ['llm', 'stt', 'tts'] as const) {
    await storeVerifiedCredential({ key: credentialKey!, organizationId: tenant.organizationId, kind, provider: providers[kind], apiKey: ORG_KEYS[kind] });
  }
  const byokKey = await tenant.key(SCOPES, { byok: true, rateLimitPerMinute: 100_000 });
  const agent = await api.call('POST', '/api/v1/agents', {
    token: byokKey,
    body: {
      name: 'Own keys',
      language: 'en-GB',
      instructions: 'You call about renewals.',
      providers: { stt: 'deepgram', tts: 'elevenlabs' },
      phone: { greeting: 'Hi, this is the renewals desk.' },
    },
  });
  expect(agent.status).toBe(201);
  const phoneNumber = nextNumber();
  const res = await api.call('POST', '/api/v1/calls', { token: byokKey, body: { agentId: agent.body.id, phoneNumber } });
  expect(res.status).toBe(201);
  const id = res.body.id as string;
  const sid = fake.created.find((d) => d.form.To === phoneNumber)!.callSid;
  const twiml = String(fake.created.find((d) => d.form.To === phoneNumber)!.form.Twiml);
  expect(twiml).toContain(
    `<Connect action="https://voice.example.test/carrier/twilio/stream-ended/${id}"><Stream url="wss://voice.example.test/carrier/twilio/media/${id}">`,
  );
  expect(twiml).not.toContain('ConversationRelay');
  const byokCall = async () => (await api.call('GET', `/api/v1/calls/${id}`, { token: byokKey })).body;
  expect((await amd(id, sid, 'human')).status).toBe(204);
  await waitFor(async () => ((await byokCall()).status === 'active' ? true : undefined));
  // Even signed by Twilio, the relay does not take it.
  await expect(connectRelay(id)).rejects.toMatchObject({ status: 403, body: { error: { code: 'PERMISSION_DENIED' } } });

  const before = { stt: deepgram.connections.length, tts: elevenlabs.requests.length, llm: groq.chatRequests().length };
  deepgram.utterances = ['Hello, who is this?'];
  groq.answers = [{ text: 'The renewals desk. Goodbye. [[END]]' }];
  const mediaPath = `/carrier/twilio/media/${id}`;
  const stream = await MediaStreamClient.connect(
    `${api.url.replace('http', 'ws')}${mediaPath}`,
    getExpectedTwilioSignature(fake.authToken, `wss://voice.example.test${mediaPath}`, {}),
  );
  try {
    stream.begin(fake.accountSid, sid);
    await stream.turnPlayed(0);
    await stream.speak('Hello');
    await stream.turnPlayed(1);
    expect((await stream.closed).code).toBe(1000);
  } finally {
    stream.close();
  }
  expect((await status(id, sid, 'completed', { CallDuration: '9' })).status).toBe(204);
  await waitFor(async () => ((await byokCall()).status === 'completed' ? true : undefined));
  expect((await byokCall()).disposition).toBe('completed');
  const turns = (await api.call('GET', `/api/v1/calls/${id}/transcript`, { token: byokKey })).body.data.map((t: { role: string; text: string }) => [
    t.role,
    t.text,
  ]);
  expect(turns).toEqual([
    ['agent', 'Hi, this is the renewals desk.'],
    ['contact', 'Hello, who is this?'],
    ['agent', 'The renewals desk. Goodbye.'],
  ]);

  const stt = deepgram.connections.slice(before.stt);
  expect(stt).toHaveLength(1);
  expect(stt[0]!.headers.authorization).toBe(`Token ${ORG_KEYS.stt}`);
  const tts = elevenlabs.requests.slice(before.tts);
  expect(tts.map((r) => r.body.text)).toEqual(['Hi, this is the renewals desk.', 'The renewals desk.', 'Goodbye.']);
  expect(tts.every((r) => r.headers['xi-api-key'] === ORG_KEYS.tts)).toBe(true);
  const llm = groq.chatRequests().slice(before.llm);
  expect(llm.length).toBeGreaterThan(0);
  expect(llm.every((r) => r.headers.authorization === `Bearer ${ORG_KEYS.llm}`)).toBe(true);
}, 90_000);
