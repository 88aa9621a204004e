import { pcmOf } from '../../lib/audio';
import { wordAudio } from '../simulatedSpeech';
import type { TtsOptions, TtsProvider } from './interface';

/**
 * The embedded text-to-speech for tests and benchmarks: every word of the text as tones the
 * simulated speech-to-text reads back exactly (see ../simulatedSpeech), streamed one chunk per word
 * as fast as a vendor would, never paced: pacing to real time is the media session's job.
 */
export class SimulatedTts implements TtsProvider {
  readonly name = 'simulated';

  async *synthesize(text: string, options: TtsOptions, signal?: AbortSignal): AsyncIterable<Buffer> {
    for (const word of text.split(/\s+/).filter(Boolean)) {
      // A vendor's chunks arrive on later turns of the event loop, never all in one.
      await new Promise((resolve) => setImmediate(resolve));
      if (signal?.aborted) return;
      yield pcmOf(wordAudio(word, options.sampleRate));
    }
  }
}
