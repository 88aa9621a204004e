/**
 * Twilio Media Streams' side of a call's WebSocket, as Twilio documents it: a signed handshake, then
 * `connected`, `start`, the callee's audio as `media` messages (base64 mu-law 8 kHz, 20 ms each),
 * `dtmf` and `stop`; it plays the service's `media` in real time, echoes each `mark` once the audio
 * before it has been played, and on `clear` drops what it has not played and echoes every
 * outstanding mark at once, as Twilio does.
 */
import { randomBytes } from 'node:crypto';
import WebSocket from 'ws';
import { TELEPHONY_SAMPLE_RATE, TelephonyCodec } from '../../lib/audio';
import { Refused } from './conversationRelay';
import { spoken } from './voice';

/** Twilio's chunk: 20 ms of mu-law at 8 kHz. */
const CHUNK_BYTES = 160;
const chunkMs = (bytes: number) => (bytes / TELEPHONY_SAMPLE_RATE) * 1000;
/** A chunk of mu-law silence (0xff is zero). */
const SILENCE = Buffer.alloc(CHUNK_BYTES, 0xff);

export type StreamReply = { event: string; streamSid?: string; media?: { payload: string }; mark?: { name: string } };

export class MediaStreamClient {
  readonly streamSid = `MZ${randomBytes(16).toString('hex')}`;
  /** Everything the service sent, in order. */
  readonly received: StreamReply[] = [];
  /** The marks echoed as played, and those echoed because a `clear` dropped their audio. */
  readonly played: string[] = [];
  readonly cleared: string[] = [];
  /** `played` as it stood when the latest `clear` came. */
  playedAtClear: string[] | undefined;
  /** The agent's mu-law audio played (what the callee heard) with when each chunk began, and when playback ends. */
  private heardAudio: { audio: Buffer; at: number }[] = [];
  private playingUntil = 0;
  private readonly pending = new Map<string, NodeJS.Timeout>();
  private sequence = 0;
  private sentMs = 0;
  readonly closed: Promise<{ code: number; reason: string }>;
  private waiters: (() => void)[] = [];

  private constructor(
    readonly ws: WebSocket,
    private readonly codec: TelephonyCodec,
  ) {
    this.closed = new Promise((resolve) => ws.on('close', (code, reason) => resolve({ code, reason: String(reason) })));
    ws.on('message', (data) => {
      const message = JSON.parse(String(data)) as StreamReply;
      this.received.push(message);
      this.play(message);
      for (const wake of this.waiters.splice(0)) wake();
    });
  }

  /** Opens the socket, or rejects with Refused carrying the HTTP answer to the handshake. */
  static async connect(url: string, signature: string | undefined): Promise<MediaStreamClient> {
    const codec = await TelephonyCodec.create();
    const ws = new WebSocket(url, { headers: signature ? { 'x-twilio-signature': signature } : {} });
    return new Promise((resolve, reject) => {
      ws.once('open', () => resolve(new MediaStreamClient(ws, codec)));
      ws.once('unexpected-response', (_req, res) => {
        codec.close();
        let text = '';
        res.on('data', (chunk: Buffer) => (text += chunk.toString()));
        res.on('end', () => reject(new Refused(res.statusCode ?? 0, text ? JSON.parse(text) : undefined)));
      });
      ws.once('error', (err) => reject(err));
    });
  }

  private play(message: StreamReply): void {
    const now = Date.now();
    if (message.event === 'media' && message.media) {
      const audio = Buffer.from(message.media.payload, 'base64');
      this.heardAudio.push({ audio, at: Math.max(now, this.playingUntil) });
      this.playingUntil = Math.max(now, this.playingUntil) + chunkMs(audio.length);
    } else if (message.event === 'mark' && message.mark) {
      const { name } = message.mark;
      this.pending.set(
        name,
        setTimeout(() => this.echo(name, this.played), Math.max(0, this.playingUntil - now)),
      );
    } else if (message.event === 'clear') {
      this.playedAtClear = [...this.played];
      // What was not played yet is dropped; the callee then hears silence (a tenth of a second of it
      // is kept, so the word cut off does not run into what comes next).
      this.heardAudio = [...this.heardAudio.filter((chunk) => chunk.at <= now), ...Array.from({ length: 5 }, () => ({ audio: SILENCE, at: now }))];
      this.playingUntil = now;
      for (const [name, timer] of this.pending) {
        clearTimeout(timer);
        this.echo(name, this.cleared);
      }
    }
  }

  private echo(name: string, list: string[]): void {
    this.pending.delete(name);
    list.push(name);
    this.send({ event: 'mark', streamSid: this.streamSid, sequenceNumber: String(++this.sequence), mark: { name } });
    for (const wake of this.waiters.splice(0)) wake();
  }

  send(message: Record<string, unknown> | string): void {
    if (this.ws.readyState === WebSocket.OPEN) this.ws.send(typeof message === 'string' ? message : JSON.stringify(message));
  }

  /** `connected` and `start`, as Twilio opens every stream. */
  begin(accountSid: string, callSid: string, customParameters: Record<string, string> = {}): void {
    this.send({ event: 'connected', protocol: 'Call', version: '1.0.0' });
    this.send({
      event: 'start',
      sequenceNumber: String(++this.sequence),
      start: {
        accountSid,
        streamSid: this.streamSid,
        callSid,
        tracks: ['inbound'],
        mediaFormat: { encoding: 'audio/x-mulaw', sampleRate: 8000, channels: 1 },
        customParameters,
      },
      streamSid: this.streamSid,
    });
  }

  /** Says `text` through the simulated TTS as the callee's phone would send it, at about twice real time. */
  async speak(text: string, silenceMs = 600): Promise<void> {
    const ulaw = Buffer.concat((await spoken(text, silenceMs)).map((frame) => this.codec.encode(frame)));
    for (let offset = 0; offset < ulaw.length; offset += CHUNK_BYTES) {
      const chunk = ulaw.subarray(offset, offset + CHUNK_BYTES);
      this.send({
        event: 'media',
        sequenceNumber: String(++this.sequence),
        media: { track: 'inbound', chunk: String(this.sequence), timestamp: String(Math.round(this.sentMs)), payload: chunk.toString('base64') },
        streamSid: this.streamSid,
      });
      this.sentMs += chunkMs(chunk.length);
      if ((offset / CHUNK_BYTES) % 2 === 1) await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  dtmf(digit: string): void {
    this.send({ event: 'dtmf', streamSid: this.streamSid, sequenceNumber: String(++this.sequence), dtmf: { track: 'inbound_track', digit } });
  }

  stop(accountSid: string, callSid: string): void {
    this.send({ event: 'stop', sequenceNumber: String(++this.sequence), stop: { accountSid, callSid }, streamSid: this.streamSid });
  }

  /** Resolves once `test` holds, checked after every message. */
  async until<T>(test: () => T | undefined, timeoutMs = 30_000): Promise<T> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = test();
      if (found !== undefined) return found;
      if (Date.now() > deadline)
        throw new Error(
          `not within ${timeoutMs} ms; received ${JSON.stringify(this.received.map((m) => m.event + (m.mark ? ` ${m.mark.name}` : '')).filter((e) => e !== 'media'))}`,
        );
      await new Promise<void>((resolve) => {
        this.waiters.push(resolve);
        setTimeout(resolve, 200);
      });
    }
  }

  /** Waits until the agent's turn `n` was played to its end (its marks are `t<n>.*`). */
  turnPlayed(n: number): Promise<true> {
    return this.until(() => (this.played.includes(`t${n}.end`) ? true : undefined));
  }

  /** The agent's audio played since the last call, as pipeline PCM (16 kHz). */
  takeHeard(): Buffer {
    // Silence after it pushes the resampler's last milliseconds out with this audio.
    const pcm = this.codec.decode(Buffer.concat([...this.heardAudio.map((chunk) => chunk.audio), SILENCE]));
    this.heardAudio = [];
    return pcm;
  }

  /** The socket drops: no `stop`, no close handshake. */
  drop(): void {
    this.ws.terminate();
  }

  close(): void {
    for (const timer of this.pending.values()) clearTimeout(timer);
    this.codec.close();
    this.ws.close();
  }
}
