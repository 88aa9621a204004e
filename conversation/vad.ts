import { samplesOf } from '../lib/audio';

/** Frames louder than this are speech: well above a quiet room or a phone line's hiss. */
const THRESHOLD_DBFS = -40;
/** Loud audio this long starts speech, so a click does not. */
const START_MS = 60;

export type VadChange = 'start' | 'end' | undefined;

/** Voice activity detection over the caller's 16 kHz PCM16 frames, one frame at a time and in order. */
export interface VoiceActivity {
  readonly speaking: boolean;
  /** Milliseconds from the start of the current speech to its latest speech (0 when silent). */
  readonly speechMs: number;
  /** Takes one frame; says when speech starts or ends with it. */
  push(frame: Buffer): VadChange | Promise<VadChange>;
}

/**
 * Energy voice activity detection with hangover: speech starts after START_MS of frames above
 * THRESHOLD_DBFS and ends after `hangoverMs` of frames below it, so the pauses between words do not
 * end it. It is only as good as its threshold: loud noise counts as speech. The session pairs it
 * with the STT's finals, which say whether there were words.
 */
export class EnergyVad implements VoiceActivity {
  speaking = false;
  speechMs = 0;
  private sinceStart = 0;
  private loudMs = 0;
  private quietMs = 0;

  constructor(
    private readonly sampleRate: number,
    private readonly hangoverMs: number,
  ) {}

  push(frame: Buffer): VadChange {
    const samples = samplesOf(frame);
    const ms = (samples.length / this.sampleRate) * 1000;
    let energy = 0;
    for (const s of samples) energy += s * s;
    const dbfs = 10 * Math.log10(energy / Math.max(1, samples.length) / 32768 ** 2 + 1e-12);
    const loud = dbfs >= THRESHOLD_DBFS;
    [this.loudMs, this.quietMs] = loud ? [this.loudMs + ms, 0] : [0, this.quietMs + ms];
    if (this.speaking) {
      this.sinceStart += ms;
      if (loud) this.speechMs = this.sinceStart;
    }
    if (!this.speaking && this.loudMs >= START_MS) {
      [this.speaking, this.speechMs, this.sinceStart] = [true, this.loudMs, this.loudMs];
      return 'start';
    }
    if (this.speaking && this.quietMs >= this.hangoverMs) {
      [this.speaking, this.speechMs] = [false, 0];
      return 'end';
    }
    return undefined;
  }
}
