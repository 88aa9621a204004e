import { samplesOf } from '../lib/audio';

/** Voicemail beeps are single tones in this band, of at least this length and at most this one. */
export const TONE_BAND_HZ = [400, 2000] as const;
export const TONE_MIN_MS = 150;
const TONE_MAX_MS = 1500;
/** Goertzel probes every STEP_HZ: half the 20 ms frame's 50 Hz resolution, so no tone falls between two. */
const STEP_HZ = 25;
/** Share of a frame's energy in the strongest probe and its two neighbours at ±50 Hz for the frame to be tonal. */
const TONAL_SHARE = 0.6;
/** Quieter frames are not looked at (about -45 dBFS RMS): a tone under the line's hiss is no beep. */
const MIN_RMS = 0.0056;
/** A tone's frames stay within this of its first frame's pitch. */
const PITCH_DRIFT_HZ = 40;

export interface Tone {
  hz: number;
  /** Where the tone began and ended, in ms of the audio pushed so far. */
  startMs: number;
  endMs: number;
}

/**
 * Finds single steady tones (a voicemail's beep) in 16 kHz PCM16 frames pushed in order: each
 * frame's energy is measured at every STEP_HZ of the band with a Hann-windowed Goertzel filter, and
 * a frame is tonal when one pitch holds most of it. Speech's voiced sounds spread over several
 * harmonics and glide; a run of tonal frames at one pitch for TONE_MIN_MS to TONE_MAX_MS is a tone,
 * reported once it ends (the message goes after the beep, not over it).
 */
export class ToneDetector {
  private elapsedMs = 0;
  private run: { hz: number; startMs: number; frames: number } | undefined;
  private readonly window: Map<number, Float64Array> = new Map();

  constructor(private readonly sampleRate: number) {}

  /** The tone that ended with this frame, if any. */
  push(frame: Buffer): Tone | undefined {
    const samples = samplesOf(frame);
    const frameMs = (samples.length / this.sampleRate) * 1000;
    const hz = this.tonalPitch(samples);
    const startMs = this.elapsedMs;
    this.elapsedMs += frameMs;
    if (hz !== undefined && this.run && Math.abs(hz - this.run.hz) <= PITCH_DRIFT_HZ) {
      this.run.frames++;
      return undefined;
    }
    const ended = this.run;
    this.run = hz === undefined ? undefined : { hz, startMs, frames: 1 };
    if (!ended) return undefined;
    const lengthMs = ended.frames * frameMs;
    return lengthMs >= TONE_MIN_MS && lengthMs <= TONE_MAX_MS ? { hz: ended.hz, startMs: ended.startMs, endMs: ended.startMs + lengthMs } : undefined;
  }

  /** The frame's pitch when one holds most of its energy; undefined for speech, noise and quiet. */
  private tonalPitch(samples: Int16Array): number | undefined {
    const n = samples.length;
    const hann = this.hann(n);
    const x = new Float64Array(n);
    let energy = 0;
    for (let i = 0; i < n; i++) {
      x[i] = (samples[i] / 32768) * hann[i];
      energy += (samples[i] / 32768) ** 2;
    }
    if (Math.sqrt(energy / n) < MIN_RMS) return undefined;
    let windowed = 0;
    for (let i = 0; i < n; i++) windowed += x[i] * x[i];
    const power = (hz: number) => goertzel(x, (2 * Math.PI * hz) / this.sampleRate);
    let best = TONE_BAND_HZ[0];
    let bestPower = 0;
    for (let hz = TONE_BAND_HZ[0]; hz <= TONE_BAND_HZ[1]; hz += STEP_HZ) {
      const p = power(hz);
      if (p > bestPower) [best, bestPower] = [hz, p];
    }
    // Parseval: a real sine's energy is twice its bin's power over n; the Hann lobe spreads it over ±1 bin.
    const lobe = bestPower + power(best - 50) + power(best + 50);
    return (2 * lobe) / (n * windowed) >= TONAL_SHARE ? best : undefined;
  }

  private hann(n: number): Float64Array {
    let w = this.window.get(n);
    if (!w) {
      w = Float64Array.from({ length: n }, (_, i) => 0.5 - 0.5 * Math.cos((2 * Math.PI * i) / (n - 1)));
      this.window.set(n, w);
    }
    return w;
  }
}

/** |X(ω)|² of `x` at one frequency. */
function goertzel(x: Float64Array, omega: number): number {
  const coeff = 2 * Math.cos(omega);
  let s1 = 0;
  let s2 = 0;
  for (let i = 0; i < x.length; i++) {
    const s0 = x[i] + coeff * s1 - s2;
    s2 = s1;
    s1 = s0;
  }
  return s1 * s1 + s2 * s2 - coeff * s1 * s2;
}
