/**
 * Whisper's log-mel features, as Smart Turn v3 was trained on them (Hugging Face's
 * WhisperFeatureExtractor with an 8 s window): the waveform normalised to zero mean and unit
 * variance, 25 ms Hann windows every 10 ms over reflect-padded audio, the power spectrum on 80
 * Slaney mel bands from 0 to 8 kHz, log10 floored 8 decades under its peak and scaled to about [-1, 1].
 */
const SAMPLE_RATE = 16_000;
const N_FFT = 400;
const HOP = 160;
const N_MELS = 80;
const BINS = N_FFT / 2 + 1;
export const FEATURE_SECONDS = 8;
export const FEATURE_SAMPLES = SAMPLE_RATE * FEATURE_SECONDS;
/** Frames of FEATURE_SAMPLES: one per hop, the trailing one dropped as Whisper does. */
export const FEATURE_FRAMES = FEATURE_SAMPLES / HOP;

/** Slaney's mel scale: linear below 1 kHz, logarithmic above. */
const hzToMel = (hz: number) => (hz < 1000 ? (3 * hz) / 200 : 15 + Math.log(hz / 1000) * (27 / Math.log(6.4)));
const melToHz = (mel: number) => (mel < 15 ? (200 * mel) / 3 : 1000 * Math.exp((Math.log(6.4) / 27) * (mel - 15)));

/** Each band's triangle over the FFT bins, area-normalised, kept as its first bin and weights. */
function melFilters(): { first: number; weights: Float64Array }[] {
  const top = hzToMel(SAMPLE_RATE / 2);
  const edges = Array.from({ length: N_MELS + 2 }, (_, i) => melToHz((top * i) / (N_MELS + 1)));
  return Array.from({ length: N_MELS }, (_, m) => {
    const [low, centre, high] = [edges[m], edges[m + 1], edges[m + 2]];
    const norm = 2 / (high - low);
    const weights: number[] = [];
    let first = -1;
    for (let bin = 0; bin < BINS; bin++) {
      const hz = (bin * SAMPLE_RATE) / 2 / (BINS - 1);
      const w = Math.max(0, Math.min((hz - low) / (centre - low), (high - hz) / (high - centre))) * norm;
      if (w > 0 && first < 0) first = bin;
      if (first >= 0 && bin >= first) weights.push(w);
    }
    while (weights.length > 0 && weights[weights.length - 1] === 0) weights.pop();
    return { first, weights: Float64Array.from(weights) };
  });
}

const FILTERS = melFilters();
/** The periodic Hann window (torch.hann_window's). */
const WINDOW = Float64Array.from({ length: N_FFT }, (_, i) => 0.5 - 0.5 * Math.cos((2 * Math.PI * i) / N_FFT));

/**
 * The power spectrum of N_FFT real samples, from one complex FFT of half the length over the
 * samples taken in pairs (even ones real, odd ones imaginary), separated after. The complex FFT is
 * Stockham's autosort form, stage by stage over HALF = 200 = 2 * 2 * 2 * 5 * 5 points, with the
 * radix-2 and radix-5 butterflies written out and every twiddle computed once: no recursion,
 * allocation or index arithmetic per frame. The features of 8 s took 29 ms with a recursive FFT over
 * all 400 points, more than the model's run on them; now about 6.5 (`scripts/node.sh tsx
 * bench/turnFeatures.ts`). No
 * maintained npm package does a 400-point FFT: fft.js takes powers of two only, and Whisper's
 * features need exactly 400.
 */
const HALF = N_FFT / 2;
const RADICES = [2, 2, 2, 5, 5] as const;
const C1 = Math.cos((2 * Math.PI) / 5);
const C2 = Math.cos((4 * Math.PI) / 5);
const S1 = Math.sin((2 * Math.PI) / 5);
const S2 = Math.sin((4 * Math.PI) / 5);

class PowerSpectrum {
  /** Per stage: its radix, the length of the transforms it splits, and the twiddle (cos, -sin) of output r of position q at [2 * (r * m + q)]. */
  private readonly stages: { p: 2 | 5; n: number; twiddle: Float64Array }[] = [];
  /** e^(-2 pi i k / N_FFT), (cos, -sin) at [2 * k], for separating the even and odd samples' spectra. */
  private readonly split = Float64Array.from({ length: 2 * (HALF + 1) }, (_, i) =>
    i % 2 === 0 ? Math.cos((Math.PI * (i >> 1)) / HALF) : -Math.sin((Math.PI * (i >> 1)) / HALF),
  );
  private readonly a = new Float64Array(2 * HALF);
  private readonly b = new Float64Array(2 * HALF);

  constructor() {
    let n = HALF;
    for (const p of RADICES) {
      const m = n / p;
      const twiddle = new Float64Array(2 * p * m);
      for (let r = 0; r < p; r++)
        for (let q = 0; q < m; q++) {
          twiddle[2 * (r * m + q)] = Math.cos((2 * Math.PI * r * q) / n);
          twiddle[2 * (r * m + q) + 1] = -Math.sin((2 * Math.PI * r * q) / n);
        }
      this.stages.push({ p, n, twiddle });
      n = m;
    }
  }

  /** Writes |X[k]|^2 for k = 0..N_FFT / 2 of `frame` (N_FFT real samples) into `power`. */
  of(frame: Float64Array, power: Float64Array): void {
    let x = this.a;
    let y = this.b;
    x.set(frame);
    let s = 1;
    for (const { p, n, twiddle: w } of this.stages) {
      const m = n / p;
      for (let q = 0; q < m; q++)
        for (let k = 0; k < s; k++) {
          const from = 2 * (k + s * q);
          const step = 2 * s * m;
          const to = 2 * (k + s * p * q);
          if (p === 2) radix2(x, from, step, y, to, 2 * s, w, 2 * q, 2 * m);
          else radix5(x, from, step, y, to, 2 * s, w, 2 * q, 2 * m);
        }
      s *= p;
      [x, y] = [y, x];
    }
    for (let k = 0; k <= HALF; k++) {
      const i = 2 * (k % HALF);
      const c = 2 * ((HALF - k) % HALF);
      // Z[k] and the conjugate of Z[HALF - k] give the even samples' spectrum E and the odd ones' O.
      const eRe = (x[i] + x[c]) / 2;
      const eIm = (x[i + 1] - x[c + 1]) / 2;
      const oRe = (x[i + 1] + x[c + 1]) / 2;
      const oIm = -(x[i] - x[c]) / 2;
      const re = eRe + this.split[2 * k] * oRe - this.split[2 * k + 1] * oIm;
      const im = eIm + this.split[2 * k] * oIm + this.split[2 * k + 1] * oRe;
      power[k] = re * re + im * im;
    }
  }
}

/** A butterfly's output `re + i im`, times the twiddle at w[t], to y[at]. */
function put(y: Float64Array, at: number, re: number, im: number, w: Float64Array, t: number): void {
  y[at] = re * w[t] - im * w[t + 1];
  y[at + 1] = re * w[t + 1] + im * w[t];
}

/** A 2-point DFT of x[from], x[from + step], twiddled, to y[to], y[to + toStep]. */
function radix2(x: Float64Array, from: number, step: number, y: Float64Array, to: number, toStep: number, w: Float64Array, t: number, tStep: number): void {
  const aRe = x[from];
  const aIm = x[from + 1];
  const bRe = x[from + step];
  const bIm = x[from + step + 1];
  put(y, to, aRe + bRe, aIm + bIm, w, t);
  put(y, to + toStep, aRe - bRe, aIm - bIm, w, t + tStep);
}

/** A 5-point DFT of x[from + j * step], twiddled, to y[to + r * toStep], from the inputs' symmetric sums and differences. */
function radix5(x: Float64Array, from: number, step: number, y: Float64Array, to: number, toStep: number, w: Float64Array, t: number, tStep: number): void {
  const a0Re = x[from];
  const a0Im = x[from + 1];
  const a1Re = x[from + step];
  const a1Im = x[from + step + 1];
  const a2Re = x[from + 2 * step];
  const a2Im = x[from + 2 * step + 1];
  const a3Re = x[from + 3 * step];
  const a3Im = x[from + 3 * step + 1];
  const a4Re = x[from + 4 * step];
  const a4Im = x[from + 4 * step + 1];
  const t1Re = a1Re + a4Re;
  const t1Im = a1Im + a4Im;
  const t2Re = a2Re + a3Re;
  const t2Im = a2Im + a3Im;
  const t3Re = a1Re - a4Re;
  const t3Im = a1Im - a4Im;
  const t4Re = a2Re - a3Re;
  const t4Im = a2Im - a3Im;
  const b1Re = a0Re + C1 * t1Re + C2 * t2Re;
  const b1Im = a0Im + C1 * t1Im + C2 * t2Im;
  const b2Re = a0Re + C2 * t1Re + C1 * t2Re;
  const b2Im = a0Im + C2 * t1Im + C1 * t2Im;
  const d1Re = S1 * t3Re + S2 * t4Re;
  const d1Im = S1 * t3Im + S2 * t4Im;
  const d2Re = S2 * t3Re - S1 * t4Re;
  const d2Im = S2 * t3Im - S1 * t4Im;
  put(y, to, a0Re + t1Re + t2Re, a0Im + t1Im + t2Im, w, t);
  // Output r is b -/+ i d: the -i for r = 1, 2 and the +i for their mirrors 4, 3.
  put(y, to + toStep, b1Re + d1Im, b1Im - d1Re, w, t + tStep);
  put(y, to + 2 * toStep, b2Re + d2Im, b2Im - d2Re, w, t + 2 * tStep);
  put(y, to + 3 * toStep, b2Re - d2Im, b2Im + d2Re, w, t + 3 * tStep);
  put(y, to + 4 * toStep, b1Re - d1Im, b1Im + d1Re, w, t + 4 * tStep);
}

const SPECTRUM = new PowerSpectrum();

/** Features of the last FEATURE_SECONDS of 16 kHz audio (shorter audio is padded with silence in front), `[N_MELS][FEATURE_FRAMES]` flat. */
export function logMelFeatures(audio: Float32Array): Float32Array {
  const x = new Float64Array(FEATURE_SAMPLES);
  const tail = audio.subarray(Math.max(0, audio.length - FEATURE_SAMPLES));
  x.set(tail, FEATURE_SAMPLES - tail.length);
  let mean = 0;
  for (const v of x) mean += v;
  mean /= x.length;
  let variance = 0;
  for (const v of x) variance += (v - mean) ** 2;
  const scale = 1 / Math.sqrt(variance / x.length + 1e-7);
  for (let i = 0; i < x.length; i++) x[i] = (x[i] - mean) * scale;

  // Reflect-padded by half a window at both ends, as the reference's centred STFT pads.
  const pad = N_FFT / 2;
  const padded = new Float64Array(FEATURE_SAMPLES + N_FFT);
  padded.set(x, pad);
  for (let i = 1; i <= pad; i++) {
    padded[pad - i] = x[i];
    padded[pad + FEATURE_SAMPLES - 1 + i] = x[FEATURE_SAMPLES - 1 - i];
  }
  const mel = new Float64Array(N_MELS * FEATURE_FRAMES);
  const frame = new Float64Array(N_FFT);
  const power = new Float64Array(BINS);
  let peak = -Infinity;
  // Frames wholly inside the silence padded in front are all alike: computed once, then copied.
  const silence = FEATURE_SAMPLES - tail.length;
  for (let f = 0; f < FEATURE_FRAMES; f++) {
    const start = f * HOP;
    if (f > 0 && start - pad + N_FFT <= silence) {
      for (let m = 0; m < N_MELS; m++) mel[m * FEATURE_FRAMES + f] = mel[m * FEATURE_FRAMES + f - 1];
      continue;
    }
    for (let i = 0; i < N_FFT; i++) frame[i] = padded[start + i] * WINDOW[i];
    SPECTRUM.of(frame, power);
    for (let m = 0; m < N_MELS; m++) {
      const { first, weights } = FILTERS[m];
      let energy = 0;
      for (let w = 0; w < weights.length; w++) energy += weights[w] * power[first + w];
      const log = Math.log10(Math.max(1e-10, energy));
      mel[m * FEATURE_FRAMES + f] = log;
      if (log > peak) peak = log;
    }
  }
  const out = new Float32Array(mel.length);
  for (let i = 0; i < mel.length; i++) out[i] = (Math.max(mel[i], peak - 8) + 4) / 4;
  return out;
}
