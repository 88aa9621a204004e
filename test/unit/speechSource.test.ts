/**
 * Which STT and TTS a session gets: an embedded engine by name, the service's configured vendors,
 * or for a byok session only the organization's own credentials, with a clear non-retryable
 * failure whenever the one it must use is missing.
 */
import { loadConfig } from '../../config';
import type { SpeechCredentialLookup } from '../../providers/speech';
import { speechSource } from '../../providers/speechSource';
import { DeepgramStt } from '../../providers/stt/deepgram';
import { GoogleStt } from '../../providers/stt/google';
import type { SttProvider } from '../../providers/stt/interface';
import { PollyTts } from '../../providers/tts/amazon';
import { ElevenLabsTts } from '../../providers/tts/elevenlabs';
import { GoogleTts } from '../../providers/tts/google';
import type { TtsProvider } from '../../providers/tts/interface';
import { startFakeDeepgram, startFakeElevenLabs, startFakePolly } from '../fakes/speechVendors';
import { providerFailureOf } from '../helpers/failures';

const ORG = '65f0000000000000000000aa';
const noCredentials: SpeechCredentialLookup = async () => null;

/** Stand-ins for the embedded engines, which other modules build: only their identity matters here. */
const simulatedStt: SttProvider = { name: 'simulated', open: () => Promise.reject(new Error('not used')) };
const localStt: SttProvider = { name: 'local', open: () => Promise.reject(new Error('not used')) };
const simulatedTts: TtsProvider = { name: 'simulated', synthesize: async function* () {} };
const embedded = { stt: { simulated: simulatedStt, local: localStt }, tts: { simulated: simulatedTts } };

test('with no configuration the embedded engines run by name, and vendors without a key are refused', async () => {
  const source = speechSource(loadConfig({}), noCredentials, embedded);
  expect(source.stt.defaultProvider).toBe('simulated');
  expect(source.tts.defaultProvider).toBe('simulated');
  expect(await source.forSession({ organizationId: ORG, byok: false, stt: 'local', tts: 'simulated' })).toEqual({ stt: localStt, tts: simulatedTts });
  for (const provider of ['deepgram', 'google', 'whisper']) {
    const failure = await providerFailureOf(source.stt.forSession({ organizationId: ORG, byok: false, provider }));
    expect(failure.type).toBe('stt_not_configured');
    expect(failure.message).toContain(provider);
  }
  // `local` TTS is not among the engines given: not configured either, and no fallback to `simulated`.
  for (const provider of ['elevenlabs', 'google', 'amazon', 'local']) {
    expect((await providerFailureOf(source.tts.forSession({ organizationId: ORG, byok: false, provider }))).type).toBe('tts_not_configured');
  }
});

test("configured vendors get the service's key, endpoint, model and voice; one adapter per vendor", async () => {
  const config = loadConfig({
    DEFAULT_STT_PROVIDER: 'deepgram',
    DEFAULT_TTS_PROVIDER: 'amazon',
    DEEPGRAM_API_KEY: 'dg',
    DEEPGRAM_MODEL: 'nova-2',
    GOOGLE_API_KEY: 'goog',
    ELEVENLABS_API_KEY: 'el',
    ELEVENLABS_VOICE_ID: 'voice-1',
    ELEVENLABS_MODEL: 'eleven_multilingual_v2',
    AWS_ACCESS_KEY_ID: 'AKIA1',
    AWS_SECRET_ACCESS_KEY: 'secret',
    POLLY_VOICE_ID: 'Amy',
  });
  const source = speechSource(config, noCredentials, embedded);
  expect([source.stt.defaultProvider, source.tts.defaultProvider]).toEqual(['deepgram', 'amazon']);
  const session = { organizationId: ORG, byok: false };
  const deepgram = await source.stt.forSession({ ...session, provider: 'deepgram' });
  expect(deepgram).toBeInstanceOf(DeepgramStt);
  expect((deepgram as DeepgramStt).model).toBe('nova-2');
  expect(await source.stt.forSession({ ...session, provider: 'deepgram' })).toBe(deepgram);
  expect(await source.stt.forSession({ ...session, provider: 'google' })).toBeInstanceOf(GoogleStt);
  const voices = await source.forSession({ ...session, stt: 'google', tts: 'elevenlabs' });
  expect(voices.tts).toBeInstanceOf(ElevenLabsTts);
  expect(voices.tts).toMatchObject({ voiceId: 'voice-1', model: 'eleven_multilingual_v2' });
  expect(await source.tts.forSession({ ...session, provider: 'google' })).toBeInstanceOf(GoogleTts);
  expect(await source.tts.forSession({ ...session, provider: 'amazon' })).toMatchObject({ voiceId: 'Amy', engine: 'neural' });

  // GOOGLE_SPEECH_API_KEY / GOOGLE_TTS_API_KEY stand alone: one Google product without the other.
  const sttOnly = speechSource(loadConfig({ GOOGLE_SPEECH_API_KEY: 'speech' }), noCredentials, embedded);
  expect(await sttOnly.stt.forSession({ ...session, provider: 'google' })).toBeInstanceOf(GoogleStt);
  expect((await providerFailureOf(sttOnly.tts.forSession({ ...session, provider: 'google' }))).type).toBe('tts_not_configured');
  // Polly needs both halves of the pair.
  const half = speechSource(loadConfig({ AWS_ACCESS_KEY_ID: 'AKIA1' }), noCredentials, embedded);
  expect((await providerFailureOf(half.tts.forSession({ ...session, provider: 'amazon' }))).type).toBe('tts_not_configured');
});

test("a byok session runs only on the organization's credentials, whatever the agent names, never the service's keys", async () => {
  const [deepgram, elevenlabs, polly] = await Promise.all([
    startFakeDeepgram('org-deepgram'),
    startFakeElevenLabs('org-eleven'),
    startFakePolly('AKIAORGANIZATION0001', 'org/secret', 'eu-west-2'),
  ]);
  try {
    const config = loadConfig({
      DEEPGRAM_API_KEY: 'service-deepgram',
      DEEPGRAM_BASE_URL: deepgram.url,
      ELEVENLABS_API_KEY: 'service-eleven',
      ELEVENLABS_BASE_URL: elevenlabs.url,
      POLLY_BASE_URL: polly.url,
      AWS_ACCESS_KEY_ID: 'AKIASERVICE000000001',
      AWS_SECRET_ACCESS_KEY: 'service/secret',
    });
    const asked: [string, string][] = [];
    let ttsCredential = { provider: 'elevenlabs', apiKey: 'org-eleven' };
    const source = speechSource(
      config,
      async (organizationId, kind) => {
        asked.push([organizationId, kind]);
        return kind === 'stt' ? { provider: 'deepgram', apiKey: 'org-deepgram' } : ttsCredential;
      },
      embedded,
    );
    const voices = await source.forSession({ organizationId: ORG, byok: true, stt: 'simulated', tts: 'google' });
    expect(asked).toEqual([
      [ORG, 'stt'],
      [ORG, 'tts'],
    ]);
    expect(voices.stt).toBeInstanceOf(DeepgramStt);
    expect(voices.tts).toBeInstanceOf(ElevenLabsTts);
    const stream = await voices.stt.open({ language: 'en-US', sampleRate: 16000 });
    stream.close();
    expect(deepgram.connections.map((c) => c.headers.authorization)).toEqual(['Token org-deepgram']);
    for await (const chunk of voices.tts.synthesize('Hello.', { language: 'en-US', sampleRate: 16000 })) expect(chunk.length).toBeGreaterThan(0);
    expect(elevenlabs.requests.map((r) => r.headers['xi-api-key'])).toEqual(['org-eleven']);

    // An AWS pair is stored as its JSON; Polly is signed with the organization's key id and region.
    ttsCredential = { provider: 'amazon', apiKey: JSON.stringify({ accessKeyId: 'AKIAORGANIZATION0001', secretAccessKey: 'org/secret', region: 'eu-west-2' }) };
    const amazon = await source.tts.forSession({ organizationId: ORG, byok: true, provider: 'amazon' });
    expect(amazon).toBeInstanceOf(PollyTts);
    for await (const chunk of amazon.synthesize('Hello.', { language: 'en-US', sampleRate: 16000 })) expect(chunk.length).toBeGreaterThan(0);
    expect(polly.requests.map((r) => r.headers.authorization)).toEqual([expect.stringMatching(/Credential=AKIAORGANIZATION0001\/\d{8}\/eu-west-2\/polly\//)]);
  } finally {
    await Promise.all([deepgram.close(), elevenlabs.close(), polly.close()]);
  }
});

test('a byok session without a verified credential of the kind fails, even where the service has a key or an engine', async () => {
  const config = loadConfig({ DEEPGRAM_API_KEY: 'service', ELEVENLABS_API_KEY: 'service' });
  const onlyStt: SpeechCredentialLookup = async (_org, kind) => (kind === 'stt' ? { provider: 'deepgram', apiKey: 'org' } : null);
  for (const credentials of [noCredentials, onlyStt]) {
    const source = speechSource(config, credentials, embedded);
    for (const tts of ['elevenlabs', 'simulated']) {
      const failure = await providerFailureOf(source.forSession({ organizationId: ORG, byok: true, stt: 'deepgram', tts }));
      expect(failure.type).toBe('byok_credentials_missing');
    }
  }
  expect(
    (await providerFailureOf(speechSource(config, noCredentials, embedded).stt.forSession({ organizationId: ORG, byok: true, provider: 'simulated' }))).message,
  ).toContain('STT');
});
