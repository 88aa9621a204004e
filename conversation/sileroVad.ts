/**
 * Silero VAD v5 over the caller's 16 kHz audio: each 512-sample window (32 ms), with the previous
 * window's last 64 samples in front, gets a probability of speech from the model, which carries a
 * recurrent state from window to window. Speech starts after `startMs` of windows at or above
 * `threshold`, and ends after `stopMs` of windows under it. One threshold for both, as Pipecat has
 * it (0.7): a lower one for the end (Silero's own iterator ends 0.15 under its start) keeps the
 * voice's fading tail as speech and put 30-80 ms on every decision on the turn bench, with no fewer
 * false starts or missed words (docs/voice.md). Noise, music and tones score low where an energy
 * threshold hears speech.
 */
import { Tensor } from 'onnxruntime-node';
import { pcm16ToFloat } from '../lib/audio';
import { loadModel, SILERO_FILE, type Batching, type TurnModel } from './turnModels';
import type { VadChange, VoiceActivity } from './vad';

const SAMPLE_RATE = 16_000;
const WINDOW = 512;
const CONTEXT = 64;
const WINDOW_MS = (WINDOW / SAMPLE_RATE) * 1000;
/**
 * Non-speech (music, long noise) drifts the recurrent state so that the speech after it scores low;
 * a reset clears it. One is due every RESET_EVERY_MS of audio, and waits for the caller to be
 * clearly silent (RESET_QUIET_WINDOWS windows under RESET_BELOW), never cutting into a word.
 */
const RESET_EVERY_MS = 2000;
const RESET_BELOW = 0.1;
const RESET_QUIET_WINDOWS = 5;

/** Sessions' windows run together: a window and its context along the first axis, the state along its second ([2, sessions, 128]). */
const SESSIONS_TOGETHER: Batching = { inputs: { input: 0, state: 1 }, outputs: { output: 0, stateN: 1 } };

/** A duration as the VAD counts it: whole windows, the nearest count (as Pipecat counts its VAD's start and stop), at least one (200 ms is 192). */
export const inWholeWindowsMs = (ms: number) => Math.max(1, Math.round(ms / WINDOW_MS)) * WINDOW_MS;

export interface SileroSettings {
  /** Probability at or above which a window is speech. */
  threshold: number;
  /** Speech this long starts an utterance. */
  startMs: number;
  /** Quiet this long ends it (longer than the pauses between words). */
  stopMs: number;
}

export class SileroVad implements VoiceActivity {
  speaking = false;
  speechMs = 0;
  /** The latest window's probability of speech. */
  probability = 0;
  private readonly input = new Float32Array(CONTEXT + WINDOW);
  private filled = CONTEXT;
  private state: Float32Array = new Float32Array(2 * 128);
  private readonly sr = new Tensor('int64', BigInt64Array.from([BigInt(SAMPLE_RATE)]), []);
  private sinceStart = 0;
  private speechRunMs = 0;
  private quietRunMs = 0;
  private quietWindows = 0;
  private sinceReset = 0;

  private constructor(
    private readonly model: TurnModel,
    private readonly settings: SileroSettings,
  ) {}

  static async create(dir: string, settings: SileroSettings): Promise<SileroVad> {
    return new SileroVad(await loadModel(dir, SILERO_FILE, SESSIONS_TOGETHER), settings);
  }

  async push(frame: Buffer): Promise<VadChange> {
    const samples = pcm16ToFloat(frame);
    let change: VadChange;
    for (let offset = 0; offset < samples.length;) {
      const take = Math.min(samples.length - offset, this.input.length - this.filled);
      this.input.set(samples.subarray(offset, offset + take), this.filled);
      this.filled += take;
      offset += take;
      if (this.filled < this.input.length) break;
      const p = await this.score();
      this.input.copyWithin(0, WINDOW);
      this.filled = CONTEXT;
      change = this.step(p) ?? change;
    }
    return change;
  }

  private async score(): Promise<number> {
    const out = await this.model.run({
      input: new Tensor('float32', this.input.slice(), [1, this.input.length]),
      state: new Tensor('float32', this.state, [2, 1, 128]),
      sr: this.sr,
    });
    this.state = out.stateN.data as Float32Array;
    return (out.output.data as Float32Array)[0];
  }

  private step(p: number): VadChange {
    const { threshold, startMs, stopMs } = this.settings;
    this.probability = p;
    const speech = p >= threshold;
    this.speechRunMs = speech ? this.speechRunMs + WINDOW_MS : 0;
    this.quietRunMs = speech ? 0 : this.quietRunMs + WINDOW_MS;
    this.sinceReset += WINDOW_MS;
    if (this.speaking) {
      this.sinceStart += WINDOW_MS;
      if (speech) this.speechMs = this.sinceStart;
      if (this.quietRunMs >= inWholeWindowsMs(stopMs)) {
        [this.speaking, this.speechMs] = [false, 0];
        return 'end';
      }
      return undefined;
    }
    if (this.speechRunMs >= inWholeWindowsMs(startMs)) {
      [this.speaking, this.speechMs, this.sinceStart] = [true, this.speechRunMs, this.speechRunMs];
      return 'start';
    }
    this.quietWindows = p < RESET_BELOW ? this.quietWindows + 1 : 0;
    if (this.sinceReset >= RESET_EVERY_MS && this.quietWindows >= RESET_QUIET_WINDOWS) {
      this.state = new Float32Array(2 * 128);
      this.input.fill(0, 0, CONTEXT);
      this.sinceReset = 0;
    }
    return undefined;
  }
}
