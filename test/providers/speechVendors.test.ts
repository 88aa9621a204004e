/**
 * The STT and TTS adapters against local fakes of each vendor's wire format: what they send
 * (model, language, voice, encoding, sample rate, key header or SigV4 signature), that transcripts
 * and audio come back in order, and how refusals, rate limits, outages and mid-stream errors
 * surface (VendorAuthError, SpeechVendorError with `retryable`).
 */
import { SpeechVendorError, VendorAuthError } from '../../providers/errors';
import { DeepgramStt } from '../../providers/stt/deepgram';
import { GoogleStt } from '../../providers/stt/google';
import type { SttEvent, SttProvider, SttStream } from '../../providers/stt/interface';
import { PollyTts, describeVoices } from '../../providers/tts/amazon';
import { ElevenLabsTts } from '../../providers/tts/elevenlabs';
import { GoogleTts, wavSamples } from '../../providers/tts/google';
import type { TtsProvider } from '../../providers/tts/interface';
import {
  pcm,
  startFakeDeepgram,
  startFakeElevenLabs,
  startFakeGoogle,
  startFakePolly,
  type FakeDeepgram,
  type FakeElevenLabs,
  type FakeGoogle,
  type FakePolly,
} from '../fakes/speechVendors';
import { spoken } from '../fakes/voice';

const STT = { language: 'en-GB', sampleRate: 16000 };
const TTS = { language: 'en-GB', sampleRate: 16000 };
const FRAMES = [pcm(320, 0), pcm(320, 320), pcm(320, 640)];

let deepgram: FakeDeepgram;
let google: FakeGoogle;
let elevenlabs: FakeElevenLabs;
let polly: FakePolly;

beforeAll(async () => {
  [deepgram, google, elevenlabs, polly] = await Promise.all([startFakeDeepgram(), startFakeGoogle(), startFakeElevenLabs(), startFakePolly()]);
});
afterAll(async () => {
  await Promise.all([deepgram, google, elevenlabs, polly].map((f) => f?.close()));
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function collect<T>(iterable: AsyncIterable<T>): Promise<T[]> {
  const items: T[] = [];
  for await (const item of iterable) items.push(item);
  return items;
}

async function failureOf(promise: Promise<unknown>): Promise<Error> {
  const err = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(Error);
  return err as Error;
}

/** Opens a stream, sends the frames and finishes; returns what came back. */
async function transcribe(stt: SttProvider, frames = FRAMES): Promise<SttEvent[]> {
  const stream = await stt.open(STT);
  const events = collect(stream.events);
  for (const frame of frames) stream.send(frame);
  stream.finish();
  return events;
}

const SCRIPT = [
  { transcript: 'hello', isFinal: false },
  { transcript: 'hello there', isFinal: false },
  { transcript: 'hello there how are you', isFinal: true },
  { transcript: 'fine', isFinal: true },
];
const EXPECTED: SttEvent[] = [
  { type: 'partial', text: 'hello' },
  { type: 'partial', text: 'hello there' },
  { type: 'final', text: 'hello there how are you' },
  { type: 'final', text: 'fine' },
];

describe('Deepgram live STT', () => {
  beforeEach(() => {
    deepgram.script = SCRIPT.map((r) => ({ transcript: r.transcript, is_final: r.isFinal, speech_final: r.isFinal }));
    deepgram.handshakeStatus = null;
    deepgram.closeAfterAudio = null;
    deepgram.idleTimeoutMs = 10_000;
    deepgram.utterances = [];
  });
  const stt = (apiKey = deepgram.apiKey) => new DeepgramStt({ apiKey, baseUrl: deepgram.url, model: 'nova-3-general' });

  test('asks for linear16 at the sample rate, with the model, language and interim results, under its Token', async () => {
    const events = await transcribe(stt());
    expect(events).toEqual(EXPECTED);
    const connection = deepgram.connections.at(-1)!;
    expect(connection.headers.authorization).toBe(`Token ${deepgram.apiKey}`);
    expect(Object.fromEntries(connection.query)).toMatchObject({
      model: 'nova-3-general',
      language: 'en-GB',
      encoding: 'linear16',
      sample_rate: '16000',
      channels: '1',
      interim_results: 'true',
    });
    expect(Buffer.concat(connection.audio)).toEqual(Buffer.concat(FRAMES));
    expect(connection.controls).toEqual([{ type: 'CloseStream' }]);
  });

  test('U+0000 in a transcript comes back as U+FFFD (the production database refuses it)', async () => {
    deepgram.script = [{ transcript: 'my code is \u0000 7', is_final: true, speech_final: true }];
    expect(await transcribe(stt())).toEqual([{ type: 'final', text: 'my code is \uFFFD 7' }]);
  });

  test('a stream that hears no audio for longer than Deepgram waits is held open by KeepAlive messages', async () => {
    // Ten KeepAlive periods to Deepgram's wait, and over twice the wait in all: a stalled event
    // loop on a loaded machine delays the adapter's timer and the fake's alike.
    deepgram.idleTimeoutMs = 1000;
    const stream = await new DeepgramStt({ apiKey: deepgram.apiKey, baseUrl: deepgram.url, keepAliveMs: 100 }).open(STT);
    const events = collect(stream.events);
    await new Promise((resolve) => setTimeout(resolve, 2500));
    for (const frame of FRAMES) stream.send(frame);
    stream.finish();
    expect(await events).toEqual(EXPECTED);
    const { controls } = deepgram.connections.at(-1)!;
    expect(controls.filter((c) => c.type === 'KeepAlive').length).toBeGreaterThanOrEqual(10);
    expect(controls.at(-1)).toEqual({ type: 'CloseStream' });
  });

  test('speech still under way when the stream is finished comes back as a final before the close', async () => {
    deepgram.script = [];
    deepgram.utterances = ['see you soon'];
    const events = await transcribe(stt(), await spoken('see you soon', 0));
    expect(events.filter((e) => e.type === 'final')).toEqual([{ type: 'final', text: 'see you soon' }]);
  });

  test("a stream idle for Deepgram's timeout is closed 1011 NET-0001, a retryable failure", async () => {
    deepgram.idleTimeoutMs = 300;
    const stream = await new DeepgramStt({ apiKey: deepgram.apiKey, baseUrl: deepgram.url, keepAliveMs: 60_000 }).open(STT);
    const err = await failureOf(collect(stream.events));
    expect(err).toMatchObject({ name: 'SpeechVendorError', retryable: true });
    expect(err.message).toContain('NET-0001');
  });

  test('close() ends the events at once and the socket', async () => {
    const stream = await stt().open(STT);
    stream.send(FRAMES[0]);
    stream.close();
    expect(await collect(stream.events)).toEqual([]);
    await waitUntil(() => deepgram.connections.at(-1)!.closed);
  });

  test('a refused key fails open with VendorAuthError', async () => {
    const err = await failureOf(stt('wrong-key').open(STT));
    expect(err).toBeInstanceOf(VendorAuthError);
    expect((err as VendorAuthError).status).toBe(401);
  });

  test.each([
    [429, true],
    [503, true],
  ])('a handshake answered %i is retryable', async (status, retryable) => {
    deepgram.handshakeStatus = status;
    const err = await failureOf(stt().open(STT));
    expect(err).toBeInstanceOf(SpeechVendorError);
    expect(err).toMatchObject({ retryable, status });
  });

  test('an unreachable Deepgram is retryable', async () => {
    const err = await failureOf(new DeepgramStt({ apiKey: 'k', baseUrl: 'http://127.0.0.1:9' }).open(STT));
    expect(err).toMatchObject({ name: 'SpeechVendorError', retryable: true });
  });

  test.each([
    [1011, 'NET-0001', true],
    [1008, 'DATA-0000', false],
  ])('a close frame %i %s mid-stream fails the events (retryable: %s)', async (code, reason, retryable) => {
    deepgram.closeAfterAudio = { code, reason };
    const err = await failureOf(transcribe(stt()));
    expect(err).toBeInstanceOf(SpeechVendorError);
    expect(err).toMatchObject({ retryable });
    expect(err.message).toContain(reason);
  });
});

describe('Google streaming STT', () => {
  beforeEach(() => {
    google.script = [...SCRIPT];
    google.failAfterAudio = null;
    google.failWith = null;
  });
  const stt = (apiKey = google.apiKey) => new GoogleStt({ apiKey, baseUrl: google.url, model: 'latest_short' });

  test('sends LINEAR16 at the sample rate with the language, model and interim results, under x-goog-api-key', async () => {
    expect(await transcribe(stt())).toEqual(EXPECTED);
    const recognition = google.recognitions.at(-1)!;
    expect(recognition.metadata.get('x-goog-api-key')).toEqual([google.apiKey]);
    expect(recognition.config).toMatchObject({
      config: { encoding: 'LINEAR16', sampleRateHertz: 16000, languageCode: 'en-GB', model: 'latest_short', audioChannelCount: 1 },
      interimResults: true,
    });
    expect(Buffer.concat(recognition.audio)).toEqual(Buffer.concat(FRAMES));
  });

  test('close() ends the events at once', async () => {
    const stream: SttStream = await stt().open(STT);
    stream.send(FRAMES[0]);
    stream.close();
    expect(await collect(stream.events)).toEqual([]);
  });

  test("Google's refusal of the key (INVALID_ARGUMENT, API key not valid) is VendorAuthError", async () => {
    const err = await failureOf(transcribe(stt('wrong-key')));
    expect(err).toBeInstanceOf(VendorAuthError);
  });

  test.each([
    [8, 'Quota exceeded', 429, true],
    [14, 'The service is currently unavailable.', 503, true],
    [7, 'Permission denied on resource project.', 403, null],
    [3, 'Invalid recognition config: bad model.', 400, false],
  ])('gRPC status %i (%s) mid-stream maps to HTTP %i', async (code, details, status, retryable) => {
    google.failAfterAudio = { code, details };
    const err = await failureOf(transcribe(stt()));
    if (retryable === null) expect(err).toBeInstanceOf(VendorAuthError);
    else expect(err).toMatchObject({ name: 'SpeechVendorError', retryable, status });
    expect(err.message).toContain(details);
  });
});

describe('Google streaming STT in a long or quiet conversation', () => {
  beforeEach(() => {
    google.script = [];
    google.failAfterAudio = null;
    google.failWith = null;
  });
  afterEach(() => {
    google.streamLimitMs = 305_000;
    google.audioTimeoutMs = 10_000;
    google.utterances = [];
  });
  const stt = (options: { streamLimitMs?: number; keepAliveMs?: number }) => new GoogleStt({ apiKey: google.apiKey, baseUrl: google.url, ...options });
  const finals = (events: SttEvent[]) => events.filter((e) => e.type === 'final').map((e) => e.text);
  const silent = (audio: Buffer) => audio.every((byte) => byte === 0);

  test('a caller quiet for longer than Google waits for audio is covered by silence the adapter sends in 100 ms requests', async () => {
    google.audioTimeoutMs = 1000;
    google.utterances = ['hello there'];
    const stream = await stt({ keepAliveMs: 100 }).open(STT);
    const events = collect(stream.events);
    await sleep(3000);
    const speech = await spoken('hello there');
    for (const frame of speech) stream.send(frame);
    stream.finish();
    expect(finals(await events)).toEqual(['hello there']);
    const { audio, failure } = google.recognitions.at(-1)!;
    expect(failure).toBeUndefined();
    const filled = audio.slice(0, audio.length - speech.length);
    expect(filled.every(silent) && filled.every((request) => request.length <= 3200)).toBe(true);
    // Most of the quiet, twice the time Google waits (the last moments before the caller spoke may go unfilled).
    expect(Buffer.concat(filled).length / 32).toBeGreaterThanOrEqual(2000);
    expect(Buffer.concat(audio.slice(filled.length))).toEqual(Buffer.concat(speech));
  });

  test.each([
    ['replaced between utterances', 3000],
    // Under a second a stream is replaced at its 95% whatever is pending: the stream an utterance began on settles it.
    ['replaced mid-utterance too', 1000],
  ])(
    'a conversation longer than a stream is carried on fresh streams, %s, with every frame sent once',
    async (_, streamLimitMs) => {
      // The adapter keeps well within Google's limit (a fake in this process shares its timers' delays).
      google.streamLimitMs = 4500;
      const words = ['one', 'two', 'three', 'four', 'five', 'six'];
      google.utterances = [...words];
      const before = google.recognitions.length;
      const stream = await stt({ streamLimitMs }).open(STT);
      const events = collect(stream.events);
      const sent: Buffer[] = [];
      for (const word of words) {
        for (const frame of await spoken(word, 700)) {
          stream.send(frame);
          sent.push(frame);
          await sleep(20);
        }
      }
      stream.finish();
      expect(finals(await events)).toEqual(words);
      const recognitions = google.recognitions.slice(before);
      expect(recognitions.length).toBeGreaterThanOrEqual(2);
      expect(recognitions.map((r) => [r.failure, r.halfClosed, r.config.config.sampleRateHertz])).toEqual(recognitions.map(() => [undefined, true, 16000]));
      expect(Buffer.concat(recognitions.flatMap((r) => r.audio))).toEqual(Buffer.concat(sent));
    },
    30_000,
  );

  test.each([
    ['quiet longer than its audio timeout', { audioTimeoutMs: 300 }, { keepAliveMs: 60_000 }, 'Audio Timeout'],
    ['longer than its stream limit', { streamLimitMs: 300 }, { streamLimitMs: 305_000 }, 'Exceeded maximum allowed stream duration'],
  ])("without the adapter's care Google ends a stream %s (OUT_OF_RANGE)", async (_, limits, options, message) => {
    Object.assign(google, limits);
    const stream = await stt(options).open(STT);
    const send = setInterval(() => 'streamLimitMs' in limits && stream.send(pcm(320)), 20);
    const err = await failureOf(collect(stream.events));
    clearInterval(send);
    expect(err).toMatchObject({ name: 'SpeechVendorError', retryable: false, status: 400 });
    expect(err.message).toContain(message);
  });
});

describe('ElevenLabs streaming TTS', () => {
  beforeEach(() => {
    elevenlabs.failWith = null;
    elevenlabs.chunkDelayMs = 10;
  });
  const tts = (apiKey = elevenlabs.apiKey) => new ElevenLabsTts({ apiKey, baseUrl: elevenlabs.url, voiceId: 'default-voice', model: 'eleven_turbo_v2_5' });

  test('streams pcm_16000 of the voice and model under xi-api-key, chunks in order', async () => {
    const audio = await collect(tts().synthesize('Hello there.', { ...TTS, voice: 'agent-voice' }));
    expect(Buffer.concat(audio)).toEqual(Buffer.concat(elevenlabs.chunks));
    const request = elevenlabs.requests.at(-1)!;
    expect(request.path).toBe('/v1/text-to-speech/agent-voice/stream');
    expect(request.query.get('output_format')).toBe('pcm_16000');
    expect(request.headers['xi-api-key']).toBe(elevenlabs.apiKey);
    expect(request.body).toMatchObject({ text: 'Hello there.', model_id: 'eleven_turbo_v2_5' });
    await collect(tts().synthesize('Hi.', TTS));
    expect(elevenlabs.requests.at(-1)!.path).toBe('/v1/text-to-speech/default-voice/stream');
  });

  test('aborting ends the iteration and the request', async () => {
    elevenlabs.chunkDelayMs = 200;
    await expectAbortEndsRequest(tts(), elevenlabs);
  });

  test.each([
    [401, 'VendorAuthError', undefined, 'Invalid API key'],
    [429, 'SpeechVendorError', true, 'Too many concurrent requests'],
    [500, 'SpeechVendorError', true, 'internal error'],
    [422, 'SpeechVendorError', false, 'Field required'],
  ])('HTTP %i is %s (retryable %s) with the vendor message', async (status, name, retryable, message) => {
    elevenlabs.failWith = status === 401 ? null : status;
    const err = await failureOf(collect(tts(status === 401 ? 'wrong-key' : elevenlabs.apiKey).synthesize('Hi.', TTS)));
    expect(err.name).toBe(name);
    if (retryable !== undefined) expect(err).toMatchObject({ retryable, status });
    expect(err.message).toContain(message);
  });
});

describe('Google TTS', () => {
  beforeEach(() => {
    google.failWith = null;
  });
  const tts = (apiKey = google.apiKey) => new GoogleTts({ apiKey, baseUrl: google.url, voice: 'en-GB-Neural2-A' });

  test('asks for LINEAR16 at 16 kHz in the voice and language under x-goog-api-key, and strips the WAV header', async () => {
    const audio = await collect(tts().synthesize('Good morning.', TTS));
    expect(Buffer.concat(audio)).toEqual(google.synthesized);
    const { metadata, request } = google.syntheses.at(-1)!;
    expect(metadata.get('x-goog-api-key')).toEqual([google.apiKey]);
    expect(request).toMatchObject({
      input: { text: 'Good morning.' },
      voice: { languageCode: 'en-GB', name: 'en-GB-Neural2-A' },
      audioConfig: { audioEncoding: 'LINEAR16', sampleRateHertz: 16000 },
    });
  });

  test('wavSamples leaves headerless audio alone', () => {
    const raw = pcm(100);
    expect(wavSamples(raw)).toBe(raw);
  });

  test('a refused key is VendorAuthError; an outage is retryable', async () => {
    expect(await failureOf(collect(tts('wrong-key').synthesize('Hi.', TTS)))).toBeInstanceOf(VendorAuthError);
    google.failWith = { code: 14, details: 'The service is currently unavailable.' };
    expect(await failureOf(collect(tts().synthesize('Hi.', TTS)))).toMatchObject({ name: 'SpeechVendorError', retryable: true, status: 503 });
  });
});

describe('Google credentials', () => {
  beforeEach(() => {
    google.script = [...SCRIPT];
    google.failAfterAudio = null;
    google.failWith = null;
  });

  test("the API key is the only credential: neither Google adapter looks for the machine's own (off Google Cloud, the SDK probes the metadata server for up to 3 s)", async () => {
    const speech = new GoogleStt({ apiKey: google.apiKey, baseUrl: google.url });
    const voice = new GoogleTts({ apiKey: google.apiKey, baseUrl: google.url });
    const lookups = [speech['client'].auth, voice['client'].auth].map((auth) => jest.spyOn(auth, 'getClient'));
    expect(await transcribe(speech)).toEqual(EXPECTED);
    expect(Buffer.concat(await collect(voice.synthesize('Good morning.', TTS)))).toEqual(google.synthesized);
    expect(lookups.map((lookup) => lookup.mock.calls.length)).toEqual([0, 0]);
  });
});

describe('Amazon Polly TTS', () => {
  beforeEach(() => {
    polly.failWith = null;
    polly.chunkDelayMs = 10;
  });
  const tts = (overrides: Partial<{ accessKeyId: string; secretAccessKey: string }> = {}) =>
    new PollyTts({
      accessKeyId: polly.accessKeyId,
      secretAccessKey: polly.secretAccessKey,
      region: polly.region,
      baseUrl: polly.url,
      voiceId: 'Joanna',
      engine: 'neural',
      ...overrides,
    });

  test('SynthesizeSpeech pcm at 16000 in the voice and engine, SigV4-signed with the access key id, audio in order', async () => {
    const audio = await collect(tts().synthesize('Good morning.', { ...TTS, voice: 'Amy' }));
    expect(Buffer.concat(audio)).toEqual(Buffer.concat(polly.chunks));
    const request = polly.requests.at(-1)!;
    expect(request).toMatchObject({ method: 'POST', path: '/v1/speech' });
    expect(request.body).toEqual({ Text: 'Good morning.', OutputFormat: 'pcm', SampleRate: '16000', VoiceId: 'Amy', Engine: 'neural' });
    // The fake recomputed the signature with the secret: a wrong one would have been refused.
    expect(request.headers.authorization).toMatch(new RegExp(`^AWS4-HMAC-SHA256 Credential=${polly.accessKeyId}/\\d{8}/${polly.region}/polly/aws4_request, `));
  });

  test('aborting ends the iteration and the request', async () => {
    polly.chunkDelayMs = 200;
    await expectAbortEndsRequest(tts(), polly);
  });

  test.each([
    ['an unknown access key id', { accessKeyId: 'AKIAUNKNOWN000000000' }, 'UnrecognizedClientException'],
    ['a wrong secret', { secretAccessKey: 'not-the-secret' }, 'InvalidSignatureException'],
  ])('%s is VendorAuthError (403)', async (_, overrides, type) => {
    const err = await failureOf(collect(tts(overrides).synthesize('Hi.', TTS)));
    expect(err).toBeInstanceOf(VendorAuthError);
    expect(err.message).toContain(type);
  });

  test.each([
    [400, 'ThrottlingException', 'Rate exceeded', true],
    [500, 'ServiceFailureException', 'Service failure', true],
    [400, 'TextLengthExceededException', 'Text too long', false],
  ])('%i %s is SpeechVendorError retryable %s', async (status, type, message, retryable) => {
    polly.failWith = { status, type, message };
    const err = await failureOf(collect(tts().synthesize('Hi.', TTS)));
    expect(err).toMatchObject({ name: 'SpeechVendorError', retryable });
    expect(err.message).toContain(type);
  });

  test('describeVoices checks the key pair with a signed GET /v1/voices', async () => {
    await describeVoices({ accessKeyId: polly.accessKeyId, secretAccessKey: polly.secretAccessKey, region: polly.region, baseUrl: polly.url }, 3000);
    expect(polly.requests.at(-1)).toMatchObject({ method: 'GET', path: '/v1/voices' });
    expect(polly.requests.at(-1)!.query.get('LanguageCode')).toBe('en-US');
  });
});

/** A barge-in after the first chunk: no more audio comes, and the vendor sees the request dropped. */
async function expectAbortEndsRequest(tts: TtsProvider, fake: { requests: { aborted: boolean }[] }) {
  const controller = new AbortController();
  const received: Buffer[] = [];
  for await (const chunk of tts.synthesize('A long sentence.', TTS, controller.signal)) {
    received.push(chunk);
    controller.abort();
  }
  expect(received.length).toBe(1);
  await waitUntil(() => fake.requests.at(-1)!.aborted);
}

async function waitUntil(check: () => boolean, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
