/**
 * Who is speaking, and have they finished: a VAD says when the caller starts speaking and when they
 * pause; at each pause the turn model (when there is one) judges from the audio of the turn so far
 * whether they finished, and the STT's words of the turn so far (its finals and latest partial),
 * when there are any, must not read as unfinished (conversation/unfinishedText.ts). A finished turn
 * ends at once (`turn_model`); an unfinished one is waited for, until they speak again (the same
 * turn goes on) or `maxWaitMs` of quiet passes (`timeout`). A pause is judged once, at the VAD's
 * end of speech: a judgement at the first 96 ms of quiet answered finished sentences 120 ms sooner
 * on the turn bench, but it also ends turns at the gaps between a speaker's words, and halved the
 * conversations' completed turns in `npm run bench:voice:calls` (docs/voice.md). Nor does the
 * model start ahead of the stop to hide its inference: with 64 ms less quiet behind it, Smart Turn
 * took the interview bench's finished sentence for unfinished in every turn (its probability
 * rises from 0.39 at 128 ms of quiet to 0.77 at 192 ms), and each waited `maxWaitMs`.
 * Without a turn model every pause ends the turn (`vad`). Time is the audio's own: frames arrive
 * continuously while a call lasts, silence included.
 */
import { pcm16ToFloat } from '../lib/audio';
import { FEATURE_SAMPLES } from './logMel';
import type { SmartTurn } from './smartTurn';
import { soundsUnfinished } from './unfinishedText';
import type { VadChange, VoiceActivity } from './vad';

const SAMPLE_RATE = 16_000;
/** Audio kept from before the VAD's start of speech, which the VAD hears only after its first syllable. */
const PRE_SPEECH_MS = 500;

export type EndOfTurnReason = 'vad' | 'turn_model' | 'timeout';

export interface TurnSettings {
  /** The turn model's probability at or above which a pause ends the turn. */
  completeThreshold: number;
  /** The longest quiet after a pause the turn model judged unfinished before the turn ends anyway. */
  maxWaitMs: number;
}

export type TurnEvent =
  | { type: 'speech'; resumed: boolean }
  /** A pause the turn model (or the words heard so far) judged unfinished: the turn stays open. */
  | { type: 'pause'; probability: number; inferenceMs: number }
  | { type: 'end'; reason: EndOfTurnReason; probability?: number; inferenceMs?: number };

export class TurnDetector {
  /** Whether the caller has spoken since the last end of turn. */
  inTurn = false;
  private frames: Float32Array[] = [];
  private bufferedSamples = 0;
  /** Samples of the current turn in `frames` (pre-speech included); the rest are older. */
  private turnSamples = 0;
  private waitedMs: number | undefined;

  constructor(
    readonly vad: VoiceActivity,
    private readonly model: SmartTurn | undefined,
    private readonly settings: TurnSettings,
    /** The STT's words of the turn so far: its finals, then its latest partial (empty before the first). */
    private readonly words: () => string = () => '',
  ) {}

  get speaking(): boolean {
    return this.vad.speaking;
  }

  /** Takes one frame; synchronous where the VAD is and no turn model is asked (the energy VAD). */
  push(frame: Buffer): TurnEvent | undefined | Promise<TurnEvent | undefined> {
    this.keep(pcm16ToFloat(frame));
    const change = this.vad.push(frame);
    return change instanceof Promise ? change.then((c) => this.changed(c, frame)) : this.changed(change, frame);
  }

  private changed(change: VadChange, frame: Buffer): TurnEvent | undefined | Promise<TurnEvent> {
    if (change === 'start') {
      const resumed = this.inTurn;
      if (!resumed) this.turnSamples = Math.min(this.bufferedSamples, Math.round(((this.vad.speechMs + PRE_SPEECH_MS) * SAMPLE_RATE) / 1000));
      this.inTurn = true;
      this.waitedMs = undefined;
      return { type: 'speech', resumed };
    }
    if (change === 'end' && this.inTurn) return this.model ? this.judged(this.model) : this.endTurn({ type: 'end', reason: 'vad' });
    if (this.waitedMs !== undefined && !this.vad.speaking) {
      this.waitedMs += (frame.length / 2 / SAMPLE_RATE) * 1000;
      if (this.waitedMs >= this.settings.maxWaitMs) return this.endTurn({ type: 'end', reason: 'timeout' });
    }
    return undefined;
  }

  private async judged(model: SmartTurn): Promise<TurnEvent> {
    const started = performance.now();
    const probability = await model.completeProbability(this.turnAudio());
    const inferenceMs = performance.now() - started;
    if (probability >= this.settings.completeThreshold && !soundsUnfinished(this.words()))
      return this.endTurn({ type: 'end', reason: 'turn_model', probability, inferenceMs });
    this.waitedMs = 0;
    return { type: 'pause', probability, inferenceMs };
  }

  private endTurn(event: TurnEvent): TurnEvent {
    this.inTurn = false;
    this.waitedMs = undefined;
    this.turnSamples = 0;
    return event;
  }

  /** The turn model's window: the last FEATURE_SAMPLES, plus the pre-speech margin while the caller is quiet. */
  private keep(samples: Float32Array): void {
    this.frames.push(samples);
    this.bufferedSamples += samples.length;
    if (this.inTurn) this.turnSamples += samples.length;
    const limit = FEATURE_SAMPLES + (PRE_SPEECH_MS * SAMPLE_RATE) / 1000;
    while (this.bufferedSamples - this.frames[0].length >= limit) this.bufferedSamples -= this.frames.shift()!.length;
  }

  private turnAudio(): Float32Array {
    const length = Math.min(this.turnSamples, this.bufferedSamples, FEATURE_SAMPLES);
    const audio = new Float32Array(length);
    let at = length;
    for (let i = this.frames.length - 1; i >= 0 && at > 0; i--) {
      const frame = this.frames[i];
      const take = Math.min(frame.length, at);
      audio.set(frame.subarray(frame.length - take), at - take);
      at -= take;
    }
    return audio;
  }
}
