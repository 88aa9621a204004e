import { ElevenLabsClient, ElevenLabsError } from '@elevenlabs/elevenlabs-js';
import { speechVendorFailure } from '../errors';
import type { TtsOptions, TtsProvider } from './interface';

export interface ElevenLabsOptions {
  apiKey: string;
  /** ElevenLabs' API root (`https://api.elevenlabs.io`). */
  baseUrl?: string;
  /** The default voice id, for agents that name none. */
  voiceId?: string;
  model?: string;
  timeoutMs?: number;
}

/** ElevenLabs' error bodies: `{detail: {status, message}}`, or a list of validation problems. */
function detailOf(err: ElevenLabsError): string {
  const detail = (err.body as { detail?: unknown } | undefined)?.detail;
  if (typeof detail === 'string') return detail;
  if (Array.isArray(detail)) return detail.map((d: { msg?: unknown }) => String(d?.msg ?? '')).join('; ');
  const message = (detail as { message?: unknown } | undefined)?.message;
  return typeof message === 'string' ? message : err.message;
}

const aborted = (signal: AbortSignal | undefined) => signal?.aborted === true;

/** ElevenLabs' streaming text-to-speech (`POST /v1/text-to-speech/{voice_id}/stream`) through the official SDK. */
export class ElevenLabsTts implements TtsProvider {
  readonly name = 'elevenlabs';
  readonly voiceId: string;
  readonly model: string;
  private readonly client: ElevenLabsClient;

  constructor(opts: ElevenLabsOptions) {
    this.voiceId = opts.voiceId || 'JBFqnCBsd6RMkjVDRZzb';
    this.model = opts.model || 'eleven_flash_v2_5';
    // The session decides whether to try again; the SDK must not retry on its own.
    this.client = new ElevenLabsClient({
      apiKey: opts.apiKey,
      ...(opts.baseUrl ? { baseUrl: opts.baseUrl } : {}),
      maxRetries: 0,
      timeoutInSeconds: (opts.timeoutMs ?? 10_000) / 1000,
    });
  }

  async *synthesize(text: string, options: TtsOptions, signal?: AbortSignal): AsyncIterable<Buffer> {
    try {
      const audio = await this.client.textToSpeech.stream(
        options.voice || this.voiceId,
        // pcm_<rate> is raw PCM16 little-endian mono at that rate: the pipeline's format as it is.
        { text, modelId: this.model, outputFormat: `pcm_${options.sampleRate}` as 'pcm_16000' },
        { ...(signal ? { abortSignal: signal } : {}) },
      );
      for await (const chunk of audio) {
        if (aborted(signal)) return;
        yield Buffer.from(chunk);
      }
    } catch (err) {
      if (aborted(signal)) return;
      if (err instanceof ElevenLabsError && err.statusCode !== undefined) throw speechVendorFailure(this.name, err.statusCode, detailOf(err));
      throw speechVendorFailure(this.name, undefined, err instanceof Error ? err.message : String(err));
    }
  }
}
