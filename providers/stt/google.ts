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
}

type Response = google.cloud.speech.v1.IStreamingRecognizeResponse;

/** gRPC CANCELLED: the stream was ended by us (`close`), not a failure. */
const CANCELLED = 1;

/** Google Speech-to-Text v1 `StreamingRecognize` over gRPC through the official SDK. */
export class GoogleStt implements SttProvider {
  readonly name = 'google';
  readonly model: string;
  private readonly client: SpeechClient;
  private readonly apiKey: string;

  constructor(opts: GoogleSttOptions) {
    this.model = opts.model || 'latest_long';
    this.apiKey = opts.apiKey;
    this.client = new SpeechClient(googleClientOptions(opts.baseUrl || 'https://speech.googleapis.com'));
  }

  /**
   * Google checks the key on the stream's first message, so a refused key surfaces as `events`
   * throwing VendorAuthError rather than as `open` failing. The SDK's generated bidirectional call
   * is used as it is (its `streamingRecognize` helper holds the config back until the first audio
   * and cannot cancel the call): the config goes first, then one request per frame.
   */
  async open(options: SttOptions): Promise<SttStream> {
    const transcripts = new Transcripts();
    const call = this.client._streamingRecognize(keyHeaders(this.apiKey));
    call.on('data', (response: Response) => {
      const results = response.results ?? [];
      for (const result of results.filter((r) => r.isFinal)) transcripts.push({ type: 'final', text: result.alternatives?.[0]?.transcript ?? '' });
      // Interim results come as a stable and an unstable part of one guess.
      const interim = results.filter((r) => !r.isFinal).map((r) => r.alternatives?.[0]?.transcript ?? '');
      transcripts.push({ type: 'partial', text: interim.join('') });
    });
    call.on('error', (err: { code?: number }) => {
      if (err?.code === CANCELLED) transcripts.end();
      else transcripts.fail(googleFailure('google', err));
    });
    call.on('end', () => transcripts.end());
    const request: google.cloud.speech.v1.IStreamingRecognizeRequest = {
      streamingConfig: {
        config: { encoding: 'LINEAR16', sampleRateHertz: options.sampleRate, audioChannelCount: 1, languageCode: options.language, model: this.model },
        interimResults: true,
      },
    };
    call.write(request);
    return {
      send: (audio) => call.write({ audioContent: audio }),
      finish: () => call.end(),
      close: () => {
        transcripts.end();
        call.cancel();
      },
      events: transcripts.events,
    };
  }
}
