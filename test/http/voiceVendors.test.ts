/**
 * Voice interviews on each speech vendor's adapter, end to end on the real stack: the service runs
 * on its own vendor keys and endpoints (docs/vendors.md's speech vendor variables) pointed at local fakes
 * of Deepgram, Google Speech-to-Text and Text-to-Speech, ElevenLabs and Amazon Polly, and an agent
 * names the providers. A Node client plays the candidate on the audio socket; the STT fake answers
 * each utterance it hears with the transcript scripted for it (partials, then a final once the
 * candidate pauses) and the TTS fakes speak every sentence as audio as long as its text.
 */
import { randomBytes } from 'node:crypto';
import { SCOPES } from '../../api/scopes';
import { PIPELINE_SAMPLE_RATE, frameBytes } from '../../lib/audio';
import {
  speechFor,
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
import { createTenant, startApi } from '../helpers/app';
import { uniqueName, waitFor } from '../helpers/servers';
import { VoiceClient } from '../helpers/voiceClient';
import { runWorker, type RunningWorker } from '../helpers/worker';

const OPENING = 'Welcome to the platform team interview. We will talk about two topics today.';
const CRITERIA = ['TypeScript', 'system design'];
// What the candidate says, as the STT fake transcribes it; the simulated model asks one question per criterion.
const ANSWERS = ['Ready.', 'I have written TypeScript for six years, mostly typed APIs.', 'Not much, I am afraid.'];
const AGENT_TURNS = [
  [OPENING],
  ['Tell me about your experience with TypeScript.'],
  ['Tell me about your experience with system design.'],
  ["Thank you, that's all my questions.", 'Goodbye.'],
];
// The service's own vendor settings; each fake knows only its key.
const KEYS = {
  deepgram: 'service-deepgram-key',
  googleSpeech: 'service-google-speech-key',
  googleTts: 'service-google-tts-key',
  elevenlabs: 'service-elevenlabs-key',
};
const MODELS = { deepgram: 'nova-3-general', googleSpeech: 'latest_short', elevenlabs: 'eleven_turbo_v2_5' };
const VOICES = { elevenlabs: 'service-voice-id', google: 'en-US-Neural2-F', polly: 'Matthew' };
const RATE = String(PIPELINE_SAMPLE_RATE);

let deepgram: FakeDeepgram;
let googleSpeech: FakeGoogle;
let googleTts: FakeGoogle;
let elevenlabs: FakeElevenLabs;
let polly: FakePolly;
let api: Awaited<ReturnType<typeof startApi>>;
let worker: RunningWorker;
let key: string;
const clients: VoiceClient[] = [];

beforeAll(async () => {
  [deepgram, googleSpeech, googleTts, elevenlabs, polly] = await Promise.all([
    startFakeDeepgram(KEYS.deepgram),
    startFakeGoogle(KEYS.googleSpeech),
    startFakeGoogle(KEYS.googleTts),
    startFakeElevenLabs(KEYS.elevenlabs),
    startFakePolly(),
  ]);
  for (const tts of [googleTts, elevenlabs, polly]) tts.speakText = true;
  const env = {
    TEMPORAL_TASK_QUEUE: uniqueName('voice-vendors'),
    VOICE_PLAYBACK_LEAD_MS: '60000',
    VOICE_MAX_FRAMES_PER_SECOND: '1000',
    // The candidate may think for a while without the agent reprompting.
    VOICE_SILENCE_REPROMPT_SECONDS: '60',
    CREDENTIALS_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
    DEEPGRAM_API_KEY: KEYS.deepgram,
    DEEPGRAM_MODEL: MODELS.deepgram,
    DEEPGRAM_BASE_URL: deepgram.url,
    GOOGLE_SPEECH_API_KEY: KEYS.googleSpeech,
    GOOGLE_SPEECH_MODEL: MODELS.googleSpeech,
    GOOGLE_SPEECH_BASE_URL: googleSpeech.url,
    GOOGLE_TTS_API_KEY: KEYS.googleTts,
    GOOGLE_TTS_VOICE: VOICES.google,
    GOOGLE_TTS_BASE_URL: googleTts.url,
    ELEVENLABS_API_KEY: KEYS.elevenlabs,
    ELEVENLABS_VOICE_ID: VOICES.elevenlabs,
    ELEVENLABS_MODEL: MODELS.elevenlabs,
    ELEVENLABS_BASE_URL: elevenlabs.url,
    AWS_ACCESS_KEY_ID: polly.accessKeyId,
    AWS_SECRET_ACCESS_KEY: polly.secretAccessKey,
    AWS_REGION: polly.region,
    POLLY_VOICE_ID: VOICES.polly,
    POLLY_ENGINE: 'standard',
    POLLY_BASE_URL: polly.url,
  };
  api = await startApi('voice-vendors', env);
  worker = await runWorker(env);
  const tenant = await createTenant({ creditMinutes: 100 });
  key = await tenant.key(SCOPES, { rateLimitPerMinute: 100_000 });
}, 120_000);
afterEach(() => {
  for (const client of clients.splice(0)) client.close();
});
afterAll(async () => {
  await worker?.stop();
  await api?.close();
  await Promise.all([deepgram, googleSpeech, googleTts, elevenlabs, polly].map((fake) => fake?.close()));
});

/** Audio that is not all silence: the frames of speech an STT must hear. */
const sounding = (audio: Buffer) => audio.some((byte) => byte !== 0);

/** What an STT fake saw of each stream opened since `from`, in one shape for every vendor (its audio: the sounding frames). */
interface SttFake {
  utter(utterances: string[]): void;
  streams(): number;
  seen(from: number): { key: unknown; model: unknown; language: unknown; encoding: unknown; sampleRate: unknown; audio: Buffer }[];
}

const STT: Record<'deepgram' | 'google', () => SttFake> = {
  deepgram: () => ({
    utter: (utterances) => (deepgram.utterances = utterances),
    streams: () => deepgram.connections.length,
    seen: (from) =>
      deepgram.connections.slice(from).map((c) => ({
        key: c.headers.authorization,
        model: c.query.get('model'),
        language: c.query.get('language'),
        encoding: c.query.get('encoding'),
        sampleRate: c.query.get('sample_rate'),
        audio: Buffer.concat(c.audio.filter(sounding)),
      })),
  }),
  google: () => ({
    utter: (utterances) => (googleSpeech.utterances = utterances),
    streams: () => googleSpeech.recognitions.length,
    seen: (from) =>
      googleSpeech.recognitions.slice(from).map((r) => ({
        key: r.metadata.get('x-goog-api-key')[0],
        model: r.config.config.model,
        language: r.config.config.languageCode,
        encoding: r.config.config.encoding,
        sampleRate: String(r.config.config.sampleRateHertz),
        audio: Buffer.concat(r.audio.filter(sounding)),
      })),
  }),
};
const STT_EXPECTED = {
  deepgram: { key: `Token ${KEYS.deepgram}`, model: MODELS.deepgram, language: 'en-US', encoding: 'linear16', sampleRate: RATE },
  google: { key: KEYS.googleSpeech, model: MODELS.googleSpeech, language: 'en-US', encoding: 'LINEAR16', sampleRate: RATE },
};

/** What a TTS fake was asked since `from`, in one shape for every vendor. */
interface TtsFake {
  requests(): number;
  seen(from: number): { key: unknown; voice: unknown; encoding: unknown; sampleRate: unknown; text: string }[];
}

const TTS: Record<'elevenlabs' | 'google' | 'amazon', () => TtsFake> = {
  elevenlabs: () => ({
    requests: () => elevenlabs.requests.length,
    seen: (from) =>
      elevenlabs.requests.slice(from).map((r) => ({
        key: r.headers['xi-api-key'],
        voice: `${r.path.split('/')[3]} ${r.body.model_id}`,
        encoding: r.query.get('output_format')?.split('_')[0],
        sampleRate: r.query.get('output_format')?.split('_')[1],
        text: r.body.text,
      })),
  }),
  google: () => ({
    requests: () => googleTts.syntheses.length,
    seen: (from) =>
      googleTts.syntheses.slice(from).map(({ metadata, request }) => ({
        key: metadata.get('x-goog-api-key')[0],
        voice: `${request.voice.name} ${request.voice.languageCode}`,
        encoding: request.audioConfig.audioEncoding,
        sampleRate: String(request.audioConfig.sampleRateHertz),
        text: request.input.text,
      })),
  }),
  amazon: () => ({
    requests: () => polly.requests.length,
    // The fake checked each SigV4 signature with the secret; the credential scope names the key id and region.
    seen: (from) =>
      polly.requests.slice(from).map((r) => ({
        key: /Credential=([^/]+)\/\d{8}\/([^/]+)\/polly\//.exec(String(r.headers.authorization))?.slice(1).join(' '),
        voice: `${r.body.VoiceId} ${r.body.Engine}`,
        encoding: r.body.OutputFormat,
        sampleRate: r.body.SampleRate,
        text: r.body.Text,
      })),
  }),
};
const ttsExpected = (name: keyof typeof TTS) =>
  ({
    elevenlabs: { key: KEYS.elevenlabs, voice: `${VOICES.elevenlabs} ${MODELS.elevenlabs}`, encoding: 'pcm', sampleRate: RATE },
    google: { key: KEYS.googleTts, voice: `${VOICES.google} en-US`, encoding: 'LINEAR16', sampleRate: RATE },
    amazon: { key: `${polly.accessKeyId} ${polly.region}`, voice: `${VOICES.polly} standard`, encoding: 'pcm', sampleRate: RATE },
  })[name];

/** The agent's audio for turn `n` (its marks are `t<n>.*`), once its end mark came. */
async function agentTurnAudio(client: VoiceClient, n: number): Promise<Buffer> {
  await client.next((m) => m.type === 'mark' && m.name === `t${n}.end`);
  return client.takeAudio();
}

/** The vendor's audio of `sentences`, as the candidate must hear it: exactly, then at most a frame of silence padding the last frame. */
function expectSpoken(audio: Buffer, sentences: string[]) {
  const voice = Buffer.concat(sentences.flatMap((sentence) => speechFor(sentence, PIPELINE_SAMPLE_RATE)));
  expect(audio.length).toBeGreaterThanOrEqual(voice.length);
  expect(audio.length - voice.length).toBeLessThan(frameBytes(PIPELINE_SAMPLE_RATE));
  expect(audio.subarray(0, voice.length).equals(voice)).toBe(true);
  expect(audio.subarray(voice.length).every((byte) => byte === 0)).toBe(true);
}

test.each([
  // Deepgram closes a stream that hears nothing for 10 s: here the candidate thinks for 11 s first.
  { stt: 'deepgram', tts: 'elevenlabs', thinkMs: 11_000 },
  { stt: 'google', tts: 'google', thinkMs: 0 },
  { stt: 'deepgram', tts: 'amazon', thinkMs: 0 },
] as const)(
  'an interview heard by $stt and spoken by $tts on the service’s keys',
  async ({ stt: sttName, tts: ttsName, thinkMs }) => {
    const stt = STT[sttName]();
    const tts = TTS[ttsName]();
    const agent = await api.call('POST', '/api/v1/agents', {
      token: key,
      body: {
        type: 'voice',
        mode: 'interview',
        name: `Panel ${sttName} ${ttsName}`,
        instructions: 'Interview the candidate.',
        providers: { stt: sttName, tts: ttsName },
        voice: { opening: OPENING, evaluationCriteria: CRITERIA },
      },
    });
    expect(agent.status).toBe(201);
    const created = await api.call('POST', '/api/v1/interviews', {
      token: key,
      body: { agentId: agent.body.id, candidateName: 'Ada Lovelace', mode: 'voice' },
    });
    expect(created.status).toBe(201);
    const id = created.body.id as string;
    const sttBefore = stt.streams();
    const ttsBefore = tts.requests();
    stt.utter(ANSWERS);

    const client = await VoiceClient.connect(api.url, id);
    clients.push(client);
    const frameSizes = new Set<number>();
    client.ws.on('message', (data: Buffer, isBinary) => isBinary && frameSizes.add(data.length));
    client.start(new URL(created.body.interviewUrl).hash.slice(1));
    expect(await client.next((m) => m.type === 'ready')).toEqual({ type: 'ready', sampleRate: PIPELINE_SAMPLE_RATE, frameMs: 20 });

    expectSpoken(await agentTurnAudio(client, 0), AGENT_TURNS[0]!);
    await new Promise((resolve) => setTimeout(resolve, thinkMs));
    const said: Buffer[] = [];
    for (const [i, answer] of ANSWERS.entries()) {
      said.push(...(await spoken(answer)));
      await client.speak(answer);
      expectSpoken(await agentTurnAudio(client, i + 1), AGENT_TURNS[i + 1]!);
    }

    const ended = await client.next((m) => m.type === 'ended');
    expect(ended).toEqual({ type: 'ended', reason: 'agent_ended', reportId: expect.stringMatching(/^[0-9a-f]{24}$/) });
    expect((await client.closed).code).toBe(1000);
    const turns = [OPENING, ...ANSWERS.flatMap((answer, i) => [answer, AGENT_TURNS[i + 1]!.join(' ')])].map((text, index) => ({
      index,
      role: index % 2 ? 'candidate' : 'agent',
      text,
    }));
    expect(client.messages.filter((m) => m.type === 'turn').map((m) => m.turn)).toEqual(turns);
    expect([...frameSizes]).toEqual([frameBytes(PIPELINE_SAMPLE_RATE)]);

    // One stream heard the whole interview on the service's key and settings, every sound in order
    // (silence aside: the last half second may still be on its way at the end, and Google's adapter
    // sends silence of its own while the candidate sends nothing).
    const streams = stt.seen(sttBefore);
    expect(streams.map(({ audio: _, ...settings }) => settings)).toEqual([STT_EXPECTED[sttName]]);
    expect(streams[0]!.audio.equals(Buffer.concat(said.filter(sounding)))).toBe(true);
    expect(tts.seen(ttsBefore)).toEqual(AGENT_TURNS.flat().map((text) => ({ ...ttsExpected(ttsName), text })));

    const report = await waitFor(async () => {
      const res = await api.call('GET', `/api/v1/interviews/${id}/report?includeTranscript=true`, { token: key });
      return res.status === 200 ? res.body : undefined;
    }, 30_000);
    expect((await api.call('GET', `/api/v1/interviews/${id}`, { token: key })).body).toMatchObject({
      status: 'completed',
      endedReason: 'agent_ended',
      reportId: ended.reportId,
    });
    expect(report.transcript.map((t: { role: string; text: string }) => t.text)).toEqual(turns.map((t) => t.text));
    expect(report.evaluations[0].rationale).toContain(ANSWERS[1]!.slice(0, 40));
  },
  90_000,
);
