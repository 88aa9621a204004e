/**
 * Phone calls through Twilio Media Streams and our speech pipeline on the real stack: the API and a
 * worker with CARRIER=twilio (its default speech) on the Temporal dev server and FerretDB, Twilio's
 * REST API played by a local fake, its callbacks posted signed as Twilio signs them, and the
 * stream played by a client sending Media Streams' documented messages. The simulated speech
 * engines' words survive the mu-law round trip both ways, so every turn is exact.
 */
import { getExpectedTwilioSignature } from 'twilio';
import { MAX_MEDIA_MESSAGE_BYTES } from '../../api/mediaStreams';
import { CallRecording } from '../../models/recording';
import { stereoChannels, wordsIn as recordedWords } from '../helpers/recording';
import { waitFor } from '../helpers/servers';
import { TWILIO_PUBLIC, twilioCallbacks, startTwilioStack, type TwilioStack } from '../helpers/twilio';
import { wordsIn } from '../helpers/voiceClient';
import { MediaStreamClient } from '../fakes/mediaStreams';
import type { FakeTwilio } from '../fakes/twilio';

const GREETING = 'Hi Ada, this is the renewals desk.';
const METRICS_TOKEN = 'metrics-token-of-the-media-streams-tests';
// Long enough that the callee, talking over it from its second word, is heard while most of it is still to play, however loaded the machine.
const LABEL_QUESTION = 'Which fits best: renew, cancel, upgrade or call back later?';
const CLOSING = "Thank you, that's everything I needed. Goodbye.";

let stack: TwilioStack;
let fake: FakeTwilio;
let api: TwilioStack['api'];
let key: string;
let agentId: string;
let numbers = 50;
const streams: MediaStreamClient[] = [];

beforeAll(async () => {
  // The callee may take a while between turns without the agent reprompting. The agent's audio
  // runs a second ahead of what was played, longer than any word: with one mark a word, a mark is
  // outstanding for as long as a question plays, so a barge-in always has some to clear. At the
  // default 200 ms a barge-in landing early in a word found none (a machine's load decides where).
  stack = await startTwilioStack(
    'twilio-media',
    { VOICE_SILENCE_REPROMPT_SECONDS: '60', VOICE_PLAYBACK_LEAD_MS: '1000', METRICS_TOKEN },
    { limits: { maxConcurrentCalls: 50 } },
  );
  ({ fake, api, key } = stack);
  // No providers named: the server's defaults, the simulated engines. Its calls are recorded.
  const agent = await api.call('POST', '/api/v1/agents', {
    token: key,
    body: {
      name: 'Renewals',
      language: 'en-GB',
      instructions: 'You call {{firstName}} about their renewal.',
      phone: {
        greeting: 'Hi {{firstName}}, this is the renewals desk.',
        requiredContactFields: ['email', 'accountNumber'],
        outcomeLabels: ['renew', 'cancel', 'upgrade', 'call back later'],
        recordCalls: true,
      },
    },
  });
  expect(agent.status).toBe(201);
  agentId = agent.body.id;
}, 120_000);
afterEach(() => {
  for (const stream of streams.splice(0)) stream.close();
});
afterAll(() => stack?.close());

async function placed(): Promise<{ id: string; sid: string; form: Record<string, string | string[]> }> {
  const phoneNumber = `+4420794600${numbers++}`;
  const res = await api.call('POST', '/api/v1/calls', { token: key, body: { agentId, phoneNumber, variables: { firstName: 'Ada' } } });
  expect(res.status).toBe(201);
  const dial = fake.created.find((d) => d.form.To === phoneNumber)!;
  return { id: res.body.id, sid: dial.callSid, form: dial.form };
}

const { status, amd } = twilioCallbacks(
  () => fake,
  () => api.url,
);

const mediaUrl = (id: string) => `wss://voice.example.test/carrier/twilio/media/${id}`;
async function connectMedia(id: string, signature = getExpectedTwilioSignature(fake.authToken, mediaUrl(id), {})) {
  const stream = await MediaStreamClient.connect(`${api.url.replace('http', 'ws')}/carrier/twilio/media/${id}`, signature);
  streams.push(stream);
  return stream;
}

const getCall = async (id: string) => (await api.call('GET', `/api/v1/calls/${id}`, { token: key })).body;
const until = (id: string, wanted: string) => waitFor(async () => ((await getCall(id)).status === wanted ? getCall(id) : undefined), 30_000);
const transcript = async (id: string) =>
  (await api.call('GET', `/api/v1/calls/${id}/transcript`, { token: key })).body.data.map((t: { role: string; text: string }) => [t.role, t.text]);

async function answered(): Promise<{ id: string; sid: string; form: Record<string, string | string[]> }> {
  const call = await placed();
  for (const s of ['initiated', 'ringing', 'in-progress']) expect((await status(call.id, call.sid, s)).status).toBe(204);
  expect((await amd(call.id, call.sid, 'human')).status).toBe(204);
  await until(call.id, 'active');
  return call;
}

/** The value of each sample of the metrics endpoint, by its name and labels as written there. */
async function metrics(): Promise<(sample: string) => number> {
  const text = (await api.call('GET', '/metrics', { token: METRICS_TOKEN })).body as string;
  return (sample) =>
    Number(
      text
        .split('\n')
        .find((line) => line.startsWith(`${sample} `))
        ?.split(' ')[1] ?? 0,
    );
}

/** How many of `expected` appear in `actual` in the same order (their longest common subsequence). */
function inOrder(expected: string[], actual: string[]): number {
  let row = new Array<number>(actual.length + 1).fill(0);
  for (const word of expected) {
    const next = [0];
    for (let j = 0; j < actual.length; j++) next.push(word === actual[j] ? row[j]! + 1 : Math.max(row[j + 1]!, next[j]!));
    row = next;
  }
  return row[actual.length]!;
}

/** The words of the agent's turn `n` as the callee heard them through mu-law. */
async function heardTurn(stream: MediaStreamClient, n: number): Promise<string> {
  await stream.turnPlayed(n);
  return wordsIn(stream.takeHeard());
}

test('a whole call over Media Streams: our pipeline hears and speaks, with DTMF and a barge-in, to completed with transcript, timings, report and charge', async () => {
  const before = await metrics();
  const call = await answered();
  expect(call.form.Twiml).toBe(
    `<?xml version="1.0" encoding="UTF-8"?><Response><Connect action="${TWILIO_PUBLIC}/carrier/twilio/stream-ended/${call.id}"><Stream url="${mediaUrl(call.id)}"><Parameter name="callId" value="${call.id}"/></Stream></Connect></Response>`,
  );
  const stream = await connectMedia(call.id);
  stream.begin(fake.accountSid, call.sid, { callId: call.id });

  expect(await heardTurn(stream, 0)).toBe(GREETING);
  await stream.speak('Hello?');
  expect(await heardTurn(stream, 1)).toBe('Could you tell me your email?');
  // The transcript follows the call while it is on.
  expect(await transcript(call.id)).toHaveLength(3);
  await stream.speak('It is ada@example.com');
  expect(await heardTurn(stream, 2)).toBe('Could you tell me your account number?');
  stream.dtmf('4');
  // The callee talks over the label question once two of its words were played.
  await stream.until(() => (stream.played.includes('t3.1') ? true : undefined));
  const playedBefore = stream.played.filter((m) => /^t3\.\d+$/.test(m)).length;
  await stream.speak('Renew, please.');
  // What the callee heard: the question up to the clear (its last word perhaps cut), then the goodbye.
  const heard = await heardTurn(stream, 4);
  expect(heard).toMatch(/^Which fits .*Thank you, that's everything I needed\. Goodbye\.$/);
  // Twilio echoed the marks of the audio it dropped at once; they did not count as heard.
  expect(stream.cleared.some((m) => m.startsWith('t3.'))).toBe(true);
  const playedAtClear = stream.playedAtClear!.filter((m) => /^t3\.\d+$/.test(m)).length;

  // The agent's goodbye was played: the service closes the stream, and Twilio hangs up.
  expect((await stream.closed).code).toBe(1000);
  expect((await status(call.id, call.sid, 'completed', { CallDuration: '30' })).status).toBe(204);
  const done = await until(call.id, 'completed');
  expect(done).toMatchObject({ disposition: 'completed', chargedMinutes: Math.ceil(done.durationSeconds / 60) });
  expect(done.durationSeconds).toBeGreaterThan(0);

  const turns = await transcript(call.id);
  const cut = turns[6];
  expect(cut[0]).toBe('agent');
  // Cut to what was played before the callee barged in: whole words of the question, at least those heard before they spoke.
  const words = cut[1].split(' ');
  expect(LABEL_QUESTION.startsWith(cut[1])).toBe(true);
  expect(words.length).toBeGreaterThanOrEqual(playedBefore);
  expect(words.length).toBeLessThanOrEqual(playedAtClear);
  expect(turns).toEqual([
    ['agent', GREETING],
    ['contact', 'Hello?'],
    ['agent', 'Could you tell me your email?'],
    ['contact', 'It is ada@example.com'],
    ['agent', 'Could you tell me your account number?'],
    ['contact', '[DTMF 4]'],
    cut,
    ['contact', 'Renew, please.'],
    ['agent', CLOSING],
  ]);
  // Each turn says how it was heard or produced: the energy VAD (no turn models in tests) ended the
  // callee's spoken turns, the keypad its digit; each agent turn's stages came in order.
  const timed = (await api.call('GET', `/api/v1/calls/${call.id}/transcript`, { token: key })).body.data.map(
    (t: { timings?: Record<string, any> }) => t.timings,
  );
  for (const i of [1, 3, 7]) {
    const { endOfTurn, sttFinalMs, takenMs } = timed[i];
    expect(endOfTurn).toMatchObject({ by: 'vad' });
    expect(endOfTurn.probability).toBeUndefined();
    expect(takenMs - Math.max(endOfTurn.atMs, sttFinalMs)).toBeGreaterThanOrEqual(0);
    expect(takenMs - Math.max(endOfTurn.atMs, sttFinalMs)).toBeLessThan(50);
    expect(endOfTurn.atMs).toBeGreaterThanOrEqual(endOfTurn.waitedMs);
  }
  expect(timed[5]).toMatchObject({ endOfTurn: { by: 'text', waitedMs: 0 } });
  // The greeting is a fixed line: no model token, but audio.
  expect(timed[0].llmFirstTokenMs).toBeUndefined();
  expect(timed[0].firstAudioMs).toBeGreaterThanOrEqual(timed[0].ttsFirstByteMs);
  for (const i of [2, 4, 8]) {
    const { llmFirstTokenMs, ttsFirstByteMs, firstAudioMs, interrupted } = timed[i];
    expect(llmFirstTokenMs).toBeLessThanOrEqual(ttsFirstByteMs);
    expect(ttsFirstByteMs).toBeLessThanOrEqual(firstAudioMs);
    expect(interrupted).toBeUndefined();
  }
  // The interrupted question: when, and the words produced that the callee never heard.
  const { interrupted } = timed[6];
  expect(interrupted.atMs).toBeGreaterThan(timed[6].firstAudioMs);
  expect(interrupted.cutText).not.toBe('');
  expect(LABEL_QUESTION.startsWith(`${cut[1]} ${interrupted.cutText}`)).toBe(true);
  // The metrics endpoint counted the call's turns by stage.
  const after = await metrics();
  const moved = (sample: string) => after(sample) - before(sample);
  expect(moved('voice_turn_stage_seconds_count{stage="first_audio"}')).toBeGreaterThanOrEqual(5);
  expect(moved('voice_turn_stage_seconds_count{stage="llm_first_token"}')).toBeGreaterThanOrEqual(4);
  expect(moved('voice_turn_stage_seconds_count{stage="turn_taken"}')).toBeGreaterThanOrEqual(4);
  expect(moved('voice_end_of_turn_total{by="vad"}')).toBeGreaterThanOrEqual(3);
  expect(moved('voice_end_of_turn_total{by="text"}')).toBeGreaterThanOrEqual(1);
  expect(moved('voice_interruptions_total')).toBeGreaterThanOrEqual(1);

  const report = await waitFor(async () => {
    const res = await api.call('GET', `/api/v1/calls/${call.id}/report`, { token: key });
    return res.status === 200 ? res.body : undefined;
  }, 30_000);
  expect(report).toMatchObject({ disposition: 'completed', outcome: 'renew', capturedFields: { email: 'ada@example.com', accountNumber: '[DTMF 4]' } });

  // The recording: the callee on the left, the agent on the right, as each was heard.
  await waitFor(async () => ((await getCall(call.id)).recordingAvailable ? true : undefined), 60_000).catch(async (err: Error) => {
    // Says where storing stopped: never started (no upload), mid-file (an upload), or finished unseen.
    const stored = await CallRecording.findById(call.id).lean();
    throw new Error(`${err.message}: recording ${JSON.stringify(stored)}`);
  });
  const wav = await fetch(`${api.url}/api/v1/calls/${call.id}/recording`, { headers: { authorization: `Bearer ${key}` } });
  expect(wav.headers.get('content-type')).toBe('audio/wav');
  const { left, right } = stereoChannels(Buffer.from(await wav.arrayBuffer()));
  // Each channel is placed on the recorder's clock as frames arrive and are sent: on a loaded machine
  // (the event loop stalled for a second or more) a late frame leaves a gap that can cost a word a
  // letter (see the issue note: placing the callee's audio by Media Streams' own timestamps is the
  // fix). So most of each side's words, in order, and nothing of the other side's.
  const heardWords = 'Hello? It is ada@example.com Renew, please.'.split(' ');
  const said = [GREETING, 'Could you tell me your email?', 'Could you tell me your account number?', cut[1], CLOSING].join(' ').split(' ');
  const [callee, agentSide] = [(await recordedWords(left)).split(' '), (await recordedWords(right)).split(' ')];
  expect(inOrder(heardWords, callee)).toBeGreaterThanOrEqual(Math.ceil(0.8 * heardWords.length));
  expect(inOrder(said, agentSide)).toBeGreaterThanOrEqual(Math.ceil(0.8 * said.length));
  expect(callee.join(' ')).not.toContain('Could you tell me');
}, 120_000);

test('a stream that drops mid-call ends the call as failed, media_lost, at once, hung up, charged to the drop, with every turn heard', async () => {
  const call = await answered();
  const stream = await connectMedia(call.id);
  stream.begin(fake.accountSid, call.sid);
  expect(await heardTurn(stream, 0)).toBe(GREETING);
  await stream.speak('Hello?');
  expect(await heardTurn(stream, 1)).toBe('Could you tell me your email?');

  const droppedAt = Date.now();
  stream.drop();
  const done = await until(call.id, 'completed');
  expect(done).toMatchObject({ disposition: 'failed', endedReason: 'media_lost' });
  // The line is hung up on Twilio's side too.
  expect(fake.updated.some((u) => u.callSid === call.sid && u.form.Status === 'completed')).toBe(true);
  // Charged the connected time up to the drop, not up to whenever the workflow got to it.
  const endedAt = new Date(done.endedAt).getTime();
  expect(endedAt).toBeGreaterThanOrEqual(droppedAt - 1000);
  // The end is stamped as the call's run hears of the drop, after the media session has reported
  // it: seconds on a loaded machine, still well short of a minute's charge.
  expect(endedAt - droppedAt).toBeLessThan(5000);
  expect(done.durationSeconds).toBe(Math.round((endedAt - new Date(done.startedAt).getTime()) / 1000));
  expect(done.chargedMinutes).toBe(1);
  expect(await transcript(call.id)).toEqual([
    ['agent', GREETING],
    ['contact', 'Hello?'],
    ['agent', 'Could you tell me your email?'],
  ]);
  // Twilio's own `completed` comes after: the call stays as it ended.
  expect((await status(call.id, call.sid, 'completed', { CallDuration: '20' })).status).toBe(204);
  expect(await getCall(call.id)).toMatchObject({ disposition: 'failed', endedReason: 'media_lost', chargedMinutes: 1 });
}, 90_000);

test('the callee hanging up (stop) ends the session; Twilio’s callback ends the call as contact_hung_up', async () => {
  const call = await answered();
  const stream = await connectMedia(call.id);
  stream.begin(fake.accountSid, call.sid);
  expect(await heardTurn(stream, 0)).toBe(GREETING);
  stream.stop(fake.accountSid, call.sid);
  await stream.closed;
  // Nothing was reported from the stream: the call is still on until Twilio's callback.
  expect((await getCall(call.id)).status).toBe('active');
  expect((await status(call.id, call.sid, 'completed', { CallDuration: '5' })).status).toBe(204);
  expect((await until(call.id, 'completed')).disposition).toBe('contact_hung_up');
}, 60_000);

test('the handshake is refused without Twilio’s signature (403), for an unknown or finished call (404), and for a second stream (409); a start for another call and an oversized message close the socket', async () => {
  const call = await answered();
  await expect(connectMedia(call.id, '')).rejects.toMatchObject({
    status: 403,
    body: { error: { code: 'PERMISSION_DENIED' }, request_id: expect.any(String) },
  });
  await expect(connectMedia(call.id, getExpectedTwilioSignature('another-token', mediaUrl(call.id), {}))).rejects.toMatchObject({ status: 403 });
  // Signed over another URL (the https one, as a webhook is): Twilio signs the wss URL the TwiML gave.
  await expect(connectMedia(call.id, getExpectedTwilioSignature(fake.authToken, `${TWILIO_PUBLIC}/carrier/twilio/media/${call.id}`, {}))).rejects.toMatchObject(
    { status: 403 },
  );
  await expect(connectMedia('0123456789abcdef01234567')).rejects.toMatchObject({ status: 404, body: { error: { code: 'RESOURCE_NOT_FOUND' } } });

  const first = await connectMedia(call.id);
  await expect(connectMedia(call.id)).rejects.toMatchObject({ status: 409, body: { error: { type: 'conflict_error', code: 'SESSION_IN_PROGRESS' } } });
  first.begin(fake.accountSid, 'CA00000000000000000000000000000000');
  expect((await first.closed).code).toBe(1008);

  const second = await waitFor(async () => connectMedia(call.id).catch(() => undefined));
  second.send(JSON.stringify({ event: 'media', media: { payload: 'x'.repeat(MAX_MEDIA_MESSAGE_BYTES) } }));
  expect((await second.closed).code).toBe(1009);
  // Neither socket had begun a stream of this call: nothing was reported, and nothing said.
  expect((await getCall(call.id)).status).toBe('active');
  expect(await transcript(call.id)).toEqual([]);

  expect((await status(call.id, call.sid, 'completed', { CallDuration: '8' })).status).toBe(204);
  await until(call.id, 'completed');
  await expect(connectMedia(call.id)).rejects.toMatchObject({ status: 404 });
}, 60_000);
