import { SpeechClient } from '@google-cloud/speech';
import type { google } from '@google-cloud/speech/build/protos/protos';
import { googleClientOptions, googleFailure, keyHeaders } from '../googleGrpc';
import type { SttOptions, SttProvider, SttStream } from './interface';
import { Transcripts } from './transcripts';

export interface GoogleSttOptions {
  apiKey: string;
  /** Speech-to-Text's API root (`https://speech.googleapis.com`), reached over gRPC. */
  baseUrl?: string;
  model?: string;
  /** Google's limit on one StreamingRecognize stream; a session's stream is replaced before it. */
  streamLimitMs?: number;
  /** Quiet from the caller after which silence is sent in their place. */
  keepAliveMs?: number;
}

type Response = google.cloud.speech.v1.IStreamingRecognizeResponse;
type Request = google.cloud.speech.v1.IStreamingRecognizeRequest;
type Call = ReturnType<SpeechClient['_streamingRecognize']>;

/** gRPC CANCELLED: the stream was ended by us (`close`), not a failure. */
const CANCELLED = 1;
/** Google ends a stream after about 305 s ("Exceeded maximum allowed stream duration"). */
const STREAM_LIMIT_MS = 305_000;
/**
 * Google ends a stream that hears no audio for about 10 s ("Audio Timeout Error"), and has no
 * keep-alive message: a caller quiet this long (muted, a stalled network) is covered by silence.
 */
const KEEP_ALIVE_MS = 1_000;
/** From this share of the limit a stream is replaced at the next final result, or at once with nothing pending... */
const REPLACE_FROM = 0.6;
/** ...and from this one whatever is pending. */
const REPLACE_BY = 0.95;
/** Silence goes in 100 ms requests, as Google recommends for audio. */
const SILENCE_CHUNK_MS = 100;

/** Google Speech-to-Text v1 `StreamingRecognize` over gRPC through the official SDK. */
export class GoogleStt implements SttProvider {
  readonly name = 'google';
  readonly model: string;
  private readonly client: SpeechClient;
  private readonly apiKey: string;
  private readonly streamLimitMs: number;
  private readonly keepAliveMs: number;

  constructor(opts: GoogleSttOptions) {
    this.model = opts.model || 'latest_long';
    this.apiKey = opts.apiKey;
    this.streamLimitMs = opts.streamLimitMs ?? STREAM_LIMIT_MS;
    this.keepAliveMs = opts.keepAliveMs ?? KEEP_ALIVE_MS;
    this.client = new SpeechClient(googleClientOptions(opts.baseUrl || 'https://speech.googleapis.com'));
  }

  /**
   * Google checks the key on the stream's first message, so a refused key surfaces as `events`
   * throwing VendorAuthError rather than as `open` failing.
   */
  async open(options: SttOptions): Promise<SttStream> {
    const config: Request = {
      streamingConfig: {
        config: { encoding: 'LINEAR16', sampleRateHertz: options.sampleRate, audioChannelCount: 1, languageCode: options.language, model: this.model },
        interimResults: true,
      },
    };
    return new GoogleSttStream(
      () => this.client._streamingRecognize(keyHeaders(this.apiKey)),
      config,
      options.sampleRate,
      this.streamLimitMs,
      this.keepAliveMs,
    );
  }
}

/**
 * One session's recognition, over as many StreamingRecognize streams as its length needs: a stream
 * near Google's limit is half-closed at a final result (it settles what it heard and ends) while the
 * next one, opened at once, takes the audio from there. The SDK's generated bidirectional call is
 * used as it is (its `streamingRecognize` helper holds the config back until the first audio and
 * cannot cancel the call): the config goes first, then one request per frame.
 */
class GoogleSttStream implements SttStream {
  private readonly transcripts = new Transcripts();
  readonly events = this.transcripts.events;
  /** The stream audio goes to; the others were replaced and are settling. */
  private call!: Call;
  private readonly calls = new Set<Call>();
  private openedAt = 0;
  /** The current stream's latest result was interim: an utterance is under way. */
  private pending = false;
  private lastAudioAt = performance.now();
  private readonly timer: NodeJS.Timeout;
  private stopped = false;

  constructor(
    private readonly connect: () => Call,
    private readonly config: Request,
    private readonly sampleRate: number,
    private readonly limitMs: number,
    private readonly keepAliveMs: number,
  ) {
    this.replace();
    this.timer = setInterval(() => this.tick(), Math.min(keepAliveMs, limitMs * (1 - REPLACE_BY)) / 2).unref();
  }

  send(audio: Buffer): void {
    this.lastAudioAt = performance.now();
    this.call.write({ audioContent: audio });
  }

  finish(): void {
    this.stop();
    this.call.end();
  }

  close(): void {
    this.stop();
    this.transcripts.end();
    for (const call of this.calls) call.cancel();
  }

  /** No more silence and no new stream. */
  private stop(): void {
    this.stopped = true;
    clearInterval(this.timer);
  }

  /** Opens the next stream and half-closes the one it replaces. */
  private replace(): void {
    const previous = this.call as Call | undefined;
    const call = this.connect();
    [this.call, this.openedAt, this.pending] = [call, performance.now(), false];
    this.calls.add(call);
    call.on('data', (response: Response) => this.heard(call, response));
    call.on('error', (err: { code?: number }) => {
      this.calls.delete(call);
      // A replaced stream has all its audio: its failure (running out its time while it settles) is not the session's.
      if (call !== this.call) return;
      this.stop();
      if (err?.code === CANCELLED) this.transcripts.end();
      else this.transcripts.fail(googleFailure('google', err));
    });
    call.on('end', () => {
      this.calls.delete(call);
      if (call === this.call) this.transcripts.end();
    });
    call.write(this.config);
    previous?.end();
  }

  private heard(call: Call, response: Response): void {
    const results = response.results ?? [];
    for (const result of results.filter((r) => r.isFinal)) this.transcripts.push({ type: 'final', text: result.alternatives?.[0]?.transcript ?? '' });
    // Interim results come as a stable and an unstable part of one guess.
    const interim = results.filter((r) => !r.isFinal).map((r) => r.alternatives?.[0]?.transcript ?? '');
    this.transcripts.push({ type: 'partial', text: interim.join('') });
    if (call !== this.call) return;
    this.pending = interim.some(Boolean);
    this.replaceIfDue();
  }

  private tick(): void {
    const quiet = performance.now() - this.lastAudioAt;
    if (quiet >= this.keepAliveMs) {
      const bytes = Math.round((quiet * this.sampleRate) / 1000) * 2;
      const chunk = Math.round((SILENCE_CHUNK_MS * this.sampleRate) / 1000) * 2;
      for (let sent = 0; sent < bytes; sent += chunk) this.call.write({ audioContent: Buffer.alloc(Math.min(chunk, bytes - sent)) });
      this.lastAudioAt = performance.now();
    }
    this.replaceIfDue();
  }

  private replaceIfDue(): void {
    if (this.stopped) return;
    const age = performance.now() - this.openedAt;
    if (age >= this.limitMs * REPLACE_BY || (age >= this.limitMs * REPLACE_FROM && !this.pending)) this.replace();
  }
}
