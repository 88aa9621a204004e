import { FRAME_MS, Framer, frameBytes } from '../lib/audio';
import type { Transport } from './transport';

type Item = { frame: Buffer } | { mark: string };

/**
 * The agent's voice on its way out: audio cut into 20 ms frames and sent paced to real time, never
 * more than `leadMs` ahead of what the listener has heard, so a barge-in has little to clear and
 * marks arrive close to when they are played. A gap in the audio (waiting for the model) restarts
 * the clock rather than letting the next audio burst out.
 */
export class Playback {
  private readonly framer: Framer;
  private queue: Item[] = [];
  private clockStart = 0;
  private sentMs = 0;
  private timer: NodeJS.Timeout | undefined;
  private onSent: (() => void) | undefined;

  constructor(
    private readonly transport: Transport,
    sampleRate: number,
    private readonly leadMs: number,
  ) {
    this.framer = new Framer(frameBytes(sampleRate));
  }

  play(audio: Buffer): void {
    for (const frame of this.framer.push(audio)) this.queue.push({ frame });
    this.pump();
  }

  /** A point the transport reports back once it has been played (after the whole frames before it). */
  mark(name: string): void {
    this.queue.push({ mark: name });
    this.pump();
  }

  /** The end of a turn's audio: the last partial frame goes out padded with silence. */
  finish(): void {
    const last = this.framer.flush();
    if (last) this.queue.push({ frame: last });
    this.pump();
  }

  /** Stops at once: nothing queued is sent and the transport drops what it has buffered. */
  clear(): void {
    this.stop();
    this.framer.flush();
    this.transport.clear();
  }

  stop(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    this.queue = [];
  }

  /** Calls `listener` once, when the next frame is sent. */
  onNextFrame(listener: () => void): void {
    this.onSent = listener;
  }

  private pump(): void {
    if (this.timer) return;
    const now = performance.now();
    // The listener has heard everything sent: playback starts afresh now.
    if (this.sentMs <= now - this.clockStart) [this.clockStart, this.sentMs] = [now, 0];
    while (this.queue.length > 0 && this.sentMs - (now - this.clockStart) < this.leadMs) {
      const item = this.queue.shift()!;
      if ('mark' in item) {
        this.transport.mark(item.mark);
        continue;
      }
      this.transport.sendAudio(item.frame);
      this.sentMs += FRAME_MS;
      this.onSent?.();
      this.onSent = undefined;
    }
    if (this.queue.length > 0) {
      const wait = Math.max(1, this.sentMs - this.leadMs - (now - this.clockStart));
      this.timer = setTimeout(() => {
        this.timer = undefined;
        this.pump();
      }, wait);
    }
  }
}
