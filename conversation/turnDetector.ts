/**
 * Who is speaking, and have they finished: a VAD says when the caller starts speaking and when they
 * pause. With a turn model, a pause is judged from the audio of the turn so far twice: as soon as it
 * holds FIRST_JUDGEMENT_MS of quiet, before the VAD's own end of speech, and at that end (the VAD's
 * stop, where Pipecat judges it). The first judgement over the threshold, with the STT's words of the
 * turn so far (when there are any) not reading unfinished (conversation/unfinishedText.ts), ends the
 * turn (`turn_model`), so a finished sentence is answered without waiting out the VAD's stop. An
 * unfinished pause is waited for, until the caller speaks again (the same turn goes on) or
 * `maxWaitMs` of quiet after the VAD's end passes (`timeout`); it is not judged again meanwhile: the
 * model takes the longer quiet of a pause mid-sentence for an end ever more often (measured in
 * docs/voice.md). Without a turn model every VAD end ends the turn (`vad`). Time is the audio's own:
 * frames arrive continuously while a call lasts, silence included.
 */
import { pcm16ToFloat } from '../lib/audio';
import { FEATURE_SAMPLES } from './logMel';
import type { SmartTurn } from './smartTurn';
import { soundsUnfinished } from './unfinishedText';
import type { VadChange, VoiceActivity } from './vad';

const SAMPLE_RATE = 16_000;
/** Audio kept from before the VAD's start of speech, which the VAD hears only after its first syllable. */
const PRE_SPEECH_MS = 500;
/**
 * The quiet at which a pause is first judged: three of Silero's windows, longer than the closure of
 * a stop consonant inside a word, well short of the VAD's stop (200 ms), which the model's answer
 * need not wait for.
 */
const FIRST_JUDGEMENT_MS = 96;

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
  /** Whether the current stretch of quiet had its early judgement. */
  private judgedEarly = false;
  /** Quiet since the VAD's end of speech, while the turn is open. */
  private waitedMs: number | undefined;
  /** The turn ended before the VAD's end of speech: speech again before it is a new turn. */
  private endedBeforeVad = false;

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
    const frameMs = (frame.length / 2 / SAMPLE_RATE) * 1000;
    if (change === 'start') return this.started(this.vad.speechMs);
    if (!this.inTurn) {
      if (change === 'end') this.endedBeforeVad = false;
      // The VAD never heard the pause end the speech, so it reports no start for the speech after it.
      else if (this.endedBeforeVad && this.vad.speaking && this.vad.quietMs === 0) return this.started(frameMs);
      return undefined;
    }
    if (!this.model) return change === 'end' ? this.endTurn({ type: 'end', reason: 'vad' }) : undefined;
    if (change === 'end') {
      this.waitedMs = 0;
      return this.judged(this.model);
    }
    if (this.waitedMs !== undefined) {
      this.waitedMs += frameMs;
      return this.waitedMs >= this.settings.maxWaitMs ? this.endTurn({ type: 'end', reason: 'timeout' }) : undefined;
    }
    if (!this.vad.speaking || this.vad.quietMs === 0) this.judgedEarly = false;
    else if (!this.judgedEarly && this.vad.quietMs >= FIRST_JUDGEMENT_MS) {
      this.judgedEarly = true;
      return this.judged(this.model);
    }
    return undefined;
  }

  /** Speech starts a turn, or goes on with the open one; `speechMs` of it was heard before. */
  private started(speechMs: number): TurnEvent {
    const resumed = this.inTurn;
    if (!resumed) this.turnSamples = Math.min(this.bufferedSamples, Math.round(((speechMs + PRE_SPEECH_MS) * SAMPLE_RATE) / 1000));
    this.inTurn = true;
    this.endedBeforeVad = false;
    this.waitedMs = undefined;
    this.judgedEarly = false;
    return { type: 'speech', resumed };
  }

  private async judged(model: SmartTurn): Promise<TurnEvent> {
    const started = performance.now();
    const probability = await model.completeProbability(this.turnAudio());
    const inferenceMs = performance.now() - started;
    if (probability >= this.settings.completeThreshold && !soundsUnfinished(this.words()))
      return this.endTurn({ type: 'end', reason: 'turn_model', probability, inferenceMs });
    return { type: 'pause', probability, inferenceMs };
  }

  private endTurn(event: TurnEvent): TurnEvent {
    this.inTurn = false;
    this.endedBeforeVad = this.vad.speaking;
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
