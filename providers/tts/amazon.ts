import { DescribeVoicesCommand, PollyClient, SynthesizeSpeechCommand, type Engine, type VoiceId } from '@aws-sdk/client-polly';
import { NodeHttpHandler } from '@smithy/node-http-handler';
import type { Readable } from 'node:stream';
import { speechVendorFailure, type SpeechVendorError, type VendorAuthError } from '../errors';
import type { TtsOptions, TtsProvider } from './interface';

/** An AWS access key pair and the region whose Polly it signs for (SigV4). */
export interface AwsKeyPair {
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
}

export interface PollyOptions extends AwsKeyPair {
  /** Polly's endpoint; absent, the SDK's one for the region (`https://polly.<region>.amazonaws.com`). */
  baseUrl?: string;
  /** The default voice, for agents that name none. */
  voiceId?: string;
  engine?: string;
}

/**
 * An organization's `amazon` credential is stored as the JSON of its key pair (one sealed secret
 * like every other vendor's key); this reads it back.
 */
export function awsKeyPair(secret: string): AwsKeyPair {
  const { accessKeyId, secretAccessKey, region } = JSON.parse(secret) as Partial<AwsKeyPair>;
  if (!accessKeyId || !secretAccessKey || !region) throw new Error('the amazon credential is not an AWS key pair with a region');
  return { accessKeyId, secretAccessKey, region };
}

/**
 * A Polly error by the HTTP status AWS answered with. AWS throttles with 400 ThrottlingException
 * (the SDK marks it retryable), which counts as a 429; without a status the request never got an
 * answer.
 */
export function pollyFailure(err: unknown): VendorAuthError | SpeechVendorError {
  const e = (err ?? {}) as { name?: string; message?: string; $metadata?: { httpStatusCode?: number }; $retryable?: { throttling?: boolean } };
  const throttled = e.name === 'ThrottlingException' || e.$retryable?.throttling === true;
  const status = throttled ? 429 : e.$metadata?.httpStatusCode;
  const message = `${e.name ?? 'Error'}: ${e.message ?? String(err)}`;
  return speechVendorFailure('amazon', status, message);
}

export function pollyClient(opts: AwsKeyPair & { baseUrl?: string }, timeoutMs: number): PollyClient {
  return new PollyClient({
    region: opts.region,
    credentials: { accessKeyId: opts.accessKeyId, secretAccessKey: opts.secretAccessKey },
    ...(opts.baseUrl ? { endpoint: opts.baseUrl } : {}),
    // The session decides whether to try again; the SDK must not retry on its own.
    maxAttempts: 1,
    // Plain HTTP/1.1, which these REST operations are served on: the client's default HTTP/2
    // handler exists for the bidirectional StartSpeechSynthesisStream, which this adapter does not use.
    requestHandler: new NodeHttpHandler({ connectionTimeout: timeoutMs, requestTimeout: timeoutMs }),
  });
}

/** Amazon Polly `SynthesizeSpeech` (REST, SigV4-signed) through the official SDK. */
export class PollyTts implements TtsProvider {
  readonly name = 'amazon';
  readonly voiceId: string;
  readonly engine: string;
  private readonly client: PollyClient;

  constructor(opts: PollyOptions) {
    this.voiceId = opts.voiceId || 'Joanna';
    this.engine = opts.engine || 'neural';
    this.client = pollyClient(opts, 10_000);
  }

  async *synthesize(text: string, options: TtsOptions, signal?: AbortSignal): AsyncIterable<Buffer> {
    let audio: Readable;
    try {
      const response = await this.client.send(
        new SynthesizeSpeechCommand({
          Text: text,
          // pcm is raw PCM16 little-endian mono at SampleRate (8000 or 16000): the pipeline's format as it is.
          OutputFormat: 'pcm',
          SampleRate: String(options.sampleRate),
          VoiceId: (options.voice || this.voiceId) as VoiceId,
          Engine: this.engine as Engine,
        }),
        { ...(signal ? { abortSignal: signal } : {}) },
      );
      audio = response.AudioStream as Readable;
    } catch (err) {
      if (signal?.aborted) return;
      throw pollyFailure(err);
    }
    const stop = () => audio.destroy();
    signal?.addEventListener('abort', stop, { once: true });
    try {
      for await (const chunk of audio) yield Buffer.from(chunk as Uint8Array);
    } catch (err) {
      if (signal?.aborted) return;
      throw speechVendorFailure(this.name, undefined, err instanceof Error ? err.message : String(err));
    } finally {
      signal?.removeEventListener('abort', stop);
      audio.destroy();
    }
  }
}

/** The cheapest signed call Polly has (the voices of one language): it checks the key pair and changes nothing. */
export async function describeVoices(opts: AwsKeyPair & { baseUrl?: string }, timeoutMs: number): Promise<void> {
  await pollyClient(opts, timeoutMs).send(new DescribeVoicesCommand({ LanguageCode: 'en-US' }), { abortSignal: AbortSignal.timeout(timeoutMs) });
}
