/**
 * A candidate's browser as the audio socket sees it (api/candidateAudio.ts), in Node: it sends the
 * start message and PCM16 frames, records what the server sends, and reports marks as played the
 * way a browser's playback would (at once, or not at all once it stops listening).
 */
import WebSocket from 'ws';
import { PIPELINE_SAMPLE_RATE } from '../../lib/audio';
import { SimulatedStt } from '../../providers/stt/simulated';
import { spoken } from '../fakes/voice';

export type ServerMessage = { type: string; [field: string]: any };

export class VoiceClient {
  /** Every JSON message, in order. */
  readonly messages: ServerMessage[] = [];
  /** The agent's audio since the last `takeAudio`. */
  private audio: Buffer[] = [];
  /** Marks reported played; false: the candidate's playback stopped (they talk over the agent). */
  acknowledging = true;
  readonly closed: Promise<{ code: number; reason: string }>;
  private waiters: (() => void)[] = [];

  private constructor(readonly ws: WebSocket) {
    this.closed = new Promise((resolve) => ws.on('close', (code, reason) => resolve({ code, reason: String(reason) })));
    ws.on('message', (data, isBinary) => {
      if (isBinary) this.audio.push(Buffer.from(data as Buffer));
      else {
        const message = JSON.parse(String(data)) as ServerMessage;
        this.messages.push(message);
        if (message.type === 'mark' && this.acknowledging) this.send({ type: 'played', name: message.name });
      }
      for (const wake of this.waiters.splice(0)) wake();
    });
  }

  /** Connects to `baseUrl`'s audio socket of `interviewId`; `path` replaces the path (with a query, say). */
  static connect(baseUrl: string, interviewId: string, options: { origin?: string; path?: string } = {}): Promise<VoiceClient> {
    const url = `${baseUrl.replace(/^http/, 'ws')}${options.path ?? `/candidate/v1/interviews/${interviewId}/audio`}`;
    const ws = new WebSocket(url, options.origin ? { origin: options.origin } : {});
    return new Promise((resolve, reject) => {
      ws.once('open', () => resolve(new VoiceClient(ws)));
      ws.once('error', reject);
    });
  }

  send(message: object): void {
    this.ws.send(JSON.stringify(message));
  }

  start(token: string): void {
    this.send({ type: 'start', token });
  }

  /** The first message (from `after` on) that `match` accepts. */
  async next(match: (m: ServerMessage) => boolean, timeoutMs = 30_000, after = 0): Promise<ServerMessage> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.messages.slice(after).find(match);
      if (found) return found;
      if (Date.now() > deadline) {
        // Every type, and the last messages whole: an `ended` says why, a mark which turn it was.
        const types = JSON.stringify(this.messages.map((m) => m.type));
        throw new Error(`no matching message in ${timeoutMs} ms; got ${types}, ending with ${JSON.stringify(this.messages.slice(-4))}`);
      }
      await new Promise<void>((resolve) => {
        this.waiters.push(resolve);
        setTimeout(resolve, 200);
      });
    }
  }

  /** The stored turn `index` as the server last reported it. */
  turn(index: number): ServerMessage | undefined {
    return this.messages.filter((m) => m.type === 'turn' && m.turn.index === index).at(-1)?.turn;
  }

  /**
   * The turn `index` once the server has reported it stored. A turn is reported after its write,
   * which on a loaded machine can come after the audio of it has been played to its end mark.
   */
  async storedTurn(index: number, timeoutMs = 30_000): Promise<ServerMessage | undefined> {
    await this.next((m) => m.type === 'turn' && m.turn.index === index, timeoutMs);
    return this.turn(index);
  }

  /** The agent's audio received so far, and forgets it. */
  takeAudio(): Buffer {
    const all = Buffer.concat(this.audio);
    this.audio = [];
    return all;
  }

  /** Says `text` through the simulated TTS, at about twice real time, then `silenceMs` of silence. */
  async speak(text: string, silenceMs = 500): Promise<void> {
    await this.sendFrames(await spoken(text, silenceMs));
  }

  /**
   * Sends frames made beforehand, at about twice real time; the first `burst` of them at once, so
   * the server hears speech start before anything else it is doing can finish.
   */
  async sendFrames(frames: Buffer[], burst = 0): Promise<void> {
    for (const frame of frames.slice(0, burst)) if (this.ws.readyState === WebSocket.OPEN) this.ws.send(frame);
    for (let i = burst; i < frames.length; i += 2) {
      for (const frame of frames.slice(i, i + 2)) if (this.ws.readyState === WebSocket.OPEN) this.ws.send(frame);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  close(): void {
    this.ws.close();
  }
}

/** The words the simulated STT hears in `audio` (the agent's voice as the candidate received it). */
export async function wordsIn(audio: Buffer): Promise<string> {
  const stream = await new SimulatedStt().open({ language: 'en-US', sampleRate: PIPELINE_SAMPLE_RATE });
  const finals: string[] = [];
  const reading = (async () => {
    for await (const event of stream.events) if (event.type === 'final') finals.push(event.text);
  })();
  stream.send(audio);
  stream.finish();
  await reading;
  return finals.join(' ');
}
