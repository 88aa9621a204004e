/**
 * The `local` TTS engine, for trying voice offline: Piper's en_US "joe" medium voice (a VITS model
 * with espeak-ng phonemes) run in-process by sherpa-onnx-node, from the files scripts/tools.sh
 * provisions from PyPI. It speaks sentence by sentence: each sentence's audio, resampled from the
 * voice's 22.05 kHz to `sampleRate`, goes out in 20 ms chunks as soon as it is made. One synthesis
 * runs at a time on the one loaded voice. English only; `voice` is ignored (there is one).
 */
import path from 'node:path';
import { existsSync } from 'node:fs';
import { PassThrough } from 'node:stream';
import { OfflineTts } from 'sherpa-onnx-node';
import { Resampler, floatToPcm16 } from '../../lib/audio';
import { SpeechVendorError } from '../errors';
import type { TtsOptions, TtsProvider } from './interface';

const NAME = 'local';
const CHUNK_MS = 20;

export interface LocalTtsConfig {
  /** The folder scripts/tools.sh provisions (`localSpeech` in `scripts/tools.sh paths`). */
  dir: string;
  /**
   * The same text sounds (almost) the same every time: the voice's random prosody turned down to
   * nearly nothing. For tests whose verdicts hang on how a sentence is spoken; a live voice varies.
   */
  steady?: boolean;
}

// sherpa-onnx reads a scale of 0 as "use the default", so steady is the smallest scale instead.
const STEADY = { noiseScale: 1e-6, noiseScaleW: 1e-6 };

export class LocalTtsProvider implements TtsProvider {
  readonly name = NAME;
  private engine?: Promise<OfflineTts>;
  /** The previous synthesis, which the next waits for. */
  private turn: Promise<unknown> = Promise.resolve();

  constructor(private readonly config: LocalTtsConfig) {}

  async *synthesize(text: string, options: TtsOptions, signal?: AbortSignal): AsyncIterable<Buffer> {
    if (!/^en\b/i.test(options.language)) {
      throw new SpeechVendorError(NAME, false, `the local engine speaks English only, not ${options.language}`);
    }
    if (!text.trim() || signal?.aborted) return;
    const tts = await this.load();
    const resampler = await Resampler.create(tts.sampleRate, options.sampleRate);
    const chunkBytes = Math.round((options.sampleRate * CHUNK_MS) / 1_000) * 2;
    const out = new PassThrough({ objectMode: true });
    let pending = Buffer.alloc(0);
    const onProgress = ({ samples }: { samples: Float32Array }) => {
      // A barge-in, or a consumer that stopped reading: stop the voice too.
      if (signal?.aborted || out.writableEnded || out.destroyed) return 0;
      pending = Buffer.concat([pending, resampler.push(floatToPcm16(samples))]);
      const whole = pending.length - (pending.length % chunkBytes);
      for (let offset = 0; offset < whole; offset += chunkBytes) out.write(pending.subarray(offset, offset + chunkBytes));
      pending = pending.subarray(whole);
      return 1;
    };
    const generation = this.turn.then(() => (signal?.aborted ? undefined : tts.generateAsync({ text, sid: 0, speed: 1, onProgress })));
    // The resampler is used only by this generation's progress calls: released once it settles.
    void generation.finally(() => resampler.close()).catch(() => undefined);
    this.turn = generation.catch(() => undefined);
    generation.then(
      () => {
        if (!out.writableEnded && !out.destroyed) out.end(pending.length ? pending : undefined);
      },
      (error: Error) => {
        if (!out.writableEnded && !out.destroyed) out.destroy(new SpeechVendorError(NAME, false, `synthesis failed: ${error.message}`));
      },
    );
    const abort = () => out.end();
    signal?.addEventListener('abort', abort, { once: true });
    try {
      for await (const chunk of out) {
        if (signal?.aborted) return;
        yield chunk as Buffer;
      }
    } finally {
      signal?.removeEventListener('abort', abort);
    }
  }

  private load(): Promise<OfflineTts> {
    this.engine ??= this.create();
    return this.engine;
  }

  private async create(): Promise<OfflineTts> {
    const voice = path.join(this.config.dir, 'voice');
    const model = path.join(voice, 'model.onnx');
    if (!existsSync(model)) {
      this.engine = undefined;
      throw new SpeechVendorError(NAME, false, `the local TTS voice is not provisioned in ${this.config.dir}: run scripts/tools.sh local-speech`);
    }
    return OfflineTts.createAsync({
      model: {
        vits: {
          model,
          tokens: path.join(voice, 'tokens.txt'),
          dataDir: path.join(voice, 'espeak-ng-data'),
          ...(this.config.steady ? STEADY : {}),
        },
        numThreads: 1,
        provider: 'cpu',
        debug: false,
      },
      maxNumSentences: 1,
    });
  }
}
