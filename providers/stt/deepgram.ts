import { DeepgramClient } from '@deepgram/sdk';
import { SpeechVendorError, speechVendorFailure } from '../errors';
import type { SttOptions, SttProvider, SttStream } from './interface';
import { Transcripts } from './transcripts';

export interface DeepgramOptions {
  apiKey: string;
  /** Deepgram's API root (`https://api.deepgram.com`); the live socket is its `wss:` twin. */
  baseUrl?: string;
  model?: string;
  connectTimeoutMs?: number;
  /** How often a `KeepAlive` is sent; Deepgram closes a stream that gets neither audio nor one for 10 s. */
  keepAliveMs?: number;
}

/** Deepgram asks for a KeepAlive every 3 to 5 seconds. */
const KEEP_ALIVE_MS = 4_000;
/** WebSocket's OPEN readyState: the SDK's senders throw on a socket in any other. */
const OPEN = 1;

/** How `ws` reports a refused handshake; the status is all the vendor says before the socket exists. */
const handshakeStatus = (message: string) => Number(/Unexpected server response: (\d{3})/.exec(message)?.[1]) || undefined;

/**
 * Close codes Deepgram ends a live stream with (its "DATA and NET errors"): 1008 for audio it
 * cannot decode, which would fail again; 1011 and anything else unexpected for its own failures
 * and timeouts, worth another try.
 */
function closeFailure(code: number, reason: string): SpeechVendorError {
  return new SpeechVendorError('deepgram', code !== 1008, `the stream closed with ${code}${reason ? ` ${reason}` : ''}`);
}

/** Deepgram's live transcription (`/v1/listen` over WebSocket) through the official SDK. */
export class DeepgramStt implements SttProvider {
  readonly name = 'deepgram';
  readonly model: string;
  private readonly client: DeepgramClient;
  private readonly connectTimeoutMs: number;
  private readonly keepAliveMs: number;

  constructor(opts: DeepgramOptions) {
    this.model = opts.model || 'nova-3';
    this.connectTimeoutMs = opts.connectTimeoutMs ?? 5_000;
    this.keepAliveMs = opts.keepAliveMs ?? KEEP_ALIVE_MS;
    const base = (opts.baseUrl || 'https://api.deepgram.com').replace(/^http/, 'ws');
    this.client = new DeepgramClient({ apiKey: opts.apiKey, baseUrl: base });
  }

  async open(options: SttOptions): Promise<SttStream> {
    const socket = await this.client.listen.v1.connect({
      model: this.model,
      language: options.language,
      encoding: 'linear16',
      sample_rate: options.sampleRate,
      channels: 1,
      interim_results: 'true',
      // A dropped stream loses what was said; the session decides whether to open another.
      reconnectAttempts: 0,
      connectionTimeoutInSeconds: this.connectTimeoutMs / 1000,
    });
    const transcripts = new Transcripts();
    let opened = false;
    let closing = false;
    let refused: Error | undefined;
    socket.on('message', (message) => {
      if (message.type !== 'Results') return;
      const text = message.channel.alternatives[0]?.transcript ?? '';
      transcripts.push({ type: message.is_final ? 'final' : 'partial', text });
    });
    socket.on('error', (err) => {
      const failure = speechVendorFailure('deepgram', handshakeStatus(err.message), err.message || 'the stream failed');
      if (opened) transcripts.fail(failure);
      else refused = failure;
    });
    // A session's stream lasts the whole conversation, and a client may send no audio for a while
    // (before its microphone opens, while the candidate thinks): KeepAlives hold it open meanwhile.
    const keepAlive = setInterval(() => {
      if (socket.readyState === OPEN) socket.sendKeepAlive({ type: 'KeepAlive' });
    }, this.keepAliveMs).unref();
    socket.on('close', (event) => {
      clearInterval(keepAlive);
      if (event.code === 1000 || closing) transcripts.end();
      else transcripts.fail(closeFailure(event.code, event.reason));
    });
    socket.connect();
    try {
      await socket.waitForOpen();
    } catch (err) {
      clearInterval(keepAlive);
      socket.close();
      throw refused ?? speechVendorFailure('deepgram', undefined, err instanceof Error ? err.message : String(err));
    }
    opened = true;
    return {
      send: (audio) => socket.sendMedia(audio),
      // Deepgram flushes what it heard as final results, then closes the socket with 1000; a
      // KeepAlive after CloseStream would only race that close.
      finish: () => {
        clearInterval(keepAlive);
        socket.sendCloseStream({ type: 'CloseStream' });
      },
      close: () => {
        closing = true;
        clearInterval(keepAlive);
        socket.close();
        transcripts.end();
      },
      events: transcripts.events,
    };
  }
}
