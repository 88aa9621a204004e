import { TextToSpeechClient } from '@google-cloud/text-to-speech';
import { googleClientOptions, googleFailure, keyHeaders } from '../googleGrpc';
import type { TtsOptions, TtsProvider } from './interface';

export interface GoogleTtsOptions {
  apiKey: string;
  /** Text-to-Speech's API root (`https://texttospeech.googleapis.com`), reached over gRPC. */
  baseUrl?: string;
  /** The default voice name; absent, Google picks one for the language. */
  voice?: string;
  timeoutMs?: number;
}

/**
 * The samples of a WAV file, or the buffer as it is when it is not one: Google puts a RIFF header
 * on LINEAR16 audio, which would play as a click.
 */
export function wavSamples(audio: Buffer): Buffer {
  if (audio.length < 12 || audio.toString('ascii', 0, 4) !== 'RIFF' || audio.toString('ascii', 8, 12) !== 'WAVE') return audio;
  for (let offset = 12; offset + 8 <= audio.length;) {
    const size = audio.readUInt32LE(offset + 4);
    if (audio.toString('ascii', offset, offset + 4) === 'data') return audio.subarray(offset + 8, Math.min(audio.length, offset + 8 + size));
    offset += 8 + size + (size % 2);
  }
  return Buffer.alloc(0);
}

/** Google Text-to-Speech `SynthesizeSpeech` over gRPC through the official SDK: the sentence's audio in one piece. */
export class GoogleTts implements TtsProvider {
  readonly name = 'google';
  readonly voice: string;
  private readonly client: TextToSpeechClient;
  private readonly apiKey: string;
  private readonly timeoutMs: number;

  constructor(opts: GoogleTtsOptions) {
    this.voice = opts.voice ?? '';
    this.apiKey = opts.apiKey;
    this.timeoutMs = opts.timeoutMs ?? 10_000;
    this.client = new TextToSpeechClient(googleClientOptions(opts.baseUrl || 'https://texttospeech.googleapis.com'));
  }

  async *synthesize(text: string, options: TtsOptions, signal?: AbortSignal): AsyncIterable<Buffer> {
    const name = options.voice || this.voice;
    let audio: Buffer;
    try {
      const [response] = await this.client.synthesizeSpeech(
        {
          input: { text },
          voice: { languageCode: options.language, ...(name ? { name } : {}) },
          audioConfig: { audioEncoding: 'LINEAR16', sampleRateHertz: options.sampleRate },
        },
        { ...keyHeaders(this.apiKey), timeout: this.timeoutMs, retry: null, ...(signal ? { signal } : {}) },
      );
      audio = Buffer.from(response.audioContent ?? []);
    } catch (err) {
      if (signal?.aborted) return;
      throw googleFailure(this.name, err);
    }
    if (signal?.aborted) return;
    yield wavSamples(audio);
  }
}
