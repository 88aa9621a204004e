import { PIPELINE_SAMPLE_RATE, frameBytes } from '../../lib/audio';
import { SpeechVendorError, VendorAuthError } from '../../providers/errors';
import type { LlmProvider } from '../../providers/llm/interface';
import type { SttProvider, SttStream } from '../../providers/stt/interface';
import type { TtsProvider } from '../../providers/tts/interface';
import { spoken, testSession } from '../fakes/voice';

const FRAME = Buffer.alloc(frameBytes(PIPELINE_SAMPLE_RATE));
const never = () => new Promise<never>(() => undefined);

/** A model that never says a word. */
const stalledLlm = {
  name: 'stalled',
  streamReply: () => ({ chunks: { [Symbol.asyncIterator]: () => ({ next: never }) }, done: () => false }),
} as unknown as LlmProvider;

/** A voice that never sends audio. */
const stalledTts: TtsProvider = { name: 'stalled', synthesize: () => ({ [Symbol.asyncIterator]: () => ({ next: never }) }) };

/** A speech-to-text stream that accepts audio and never answers, or fails after `failAfterMs`. */
function quietStt(failAfterMs?: number): SttProvider {
  return {
    name: 'quiet',
    open: async (): Promise<SttStream> => ({
      send: () => undefined,
      finish: () => undefined,
      close: () => undefined,
      events: (async function* () {
        if (failAfterMs === undefined) await never();
        await new Promise((resolve) => setTimeout(resolve, failAfterMs));
        throw new SpeechVendorError('quiet', true, 'the stream broke (1011)');
      })(),
    }),
  };
}

describe('media session bounds', () => {
  it('a frame larger than allowed, or of half a sample, ends the session', async () => {
    const { media, transport } = testSession({ settings: { maxFrameMs: 40 } });
    await media.start();
    media.audio(Buffer.alloc(frameBytes(PIPELINE_SAMPLE_RATE, 40)));
    media.audio(Buffer.alloc(frameBytes(PIPELINE_SAMPLE_RATE, 60)));
    expect(await media.ended).toEqual({ reason: 'bad_frame', detail: 'a frame of 1920 bytes (at most 40 ms of PCM16)' });
    expect(transport.closed?.reason).toBe('bad_frame');

    const odd = testSession();
    await odd.media.start();
    odd.media.audio(Buffer.alloc(641));
    expect((await odd.media.ended).reason).toBe('bad_frame');
  });

  it('a burst of up to three seconds of frames is taken, more than that ends the session', async () => {
    const { media } = testSession({ settings: { maxFramesPerSecond: 60 } });
    await media.start();
    for (let i = 0; i < 180; i++) media.audio(FRAME);
    const early = await Promise.race([media.ended, new Promise((resolve) => setTimeout(() => resolve('still on'), 50))]);
    expect(early).toBe('still on');
    // A second's worth more: the bucket refills at 60 a second, so a loaded machine's pause between
    // the two bursts cannot absorb them.
    for (let i = 0; i < 60; i++) media.audio(FRAME);
    expect(await media.ended).toEqual({ reason: 'frame_rate_exceeded', detail: 'more than 60 frames a second (bursts of 3 s allowed)' });
  });

  it('ends at the maximum duration, and at the maximum turn length', async () => {
    const timed = testSession({ settings: { maxDurationMs: 200 } });
    await timed.media.start();
    expect(await timed.media.ended).toEqual({ reason: 'max_duration' });

    const long = testSession({ settings: { maxTurnMs: 1000 } });
    await long.media.start();
    for (const frame of await spoken('this caller goes on and on without a pause')) long.media.audio(frame);
    expect((await long.media.ended).reason).toBe('max_turn_length');
  });

  it('a dropped socket ends the session', async () => {
    const { media } = testSession();
    await media.start();
    media.transportClosed();
    expect(await media.ended).toEqual({ reason: 'transport_closed' });
  });

  it('a model that stalls ends the session with llm_timeout', async () => {
    const { media } = testSession({ llm: stalledLlm, greeting: '', settings: { llmTimeoutMs: 100 } });
    await media.start();
    expect(await media.ended).toEqual({ reason: 'llm_timeout', detail: 'no reply from the language model for 100 ms' });
  });

  it('text-to-speech that stalls ends the session with tts_timeout', async () => {
    const { media } = testSession({ tts: stalledTts, settings: { ttsTimeoutMs: 100 } });
    await media.start();
    expect(await media.ended).toEqual({ reason: 'tts_timeout', detail: 'no audio from text-to-speech for 100 ms' });
  });

  it('speech the STT never transcribes ends the session with stt_timeout', async () => {
    const { media } = testSession({ stt: quietStt(), settings: { sttTimeoutMs: 100 } });
    await media.start();
    for (const frame of await spoken('hello there')) media.audio(frame);
    expect((await media.ended).reason).toBe('stt_timeout');
  });

  it('an STT error, or a refused STT key, ends the session with stt_failed', async () => {
    const failing = testSession({ stt: quietStt(50) });
    await failing.media.start();
    expect(await failing.media.ended).toEqual({ reason: 'stt_failed', detail: 'quiet: the stream broke (1011)' });

    const refused = testSession({ stt: { name: 'deepgram', open: () => Promise.reject(new VendorAuthError('deepgram', 401, 'invalid key')) } });
    await refused.media.start();
    expect(await refused.media.ended).toEqual({ reason: 'stt_failed', detail: 'deepgram refused the API key (401): invalid key' });
  });
});
