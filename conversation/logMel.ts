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
const COS = Float64Array.from({ length: N_FFT }, (_, i) => Math.cos((2 * Math.PI * i) / N_FFT));
const SIN = Float64Array.from({ length: N_FFT }, (_, i) => -Math.sin((2 * Math.PI * i) / N_FFT));
/** 400 = 2^4 * 5^2: a mixed-radix FFT splits by these. */
const RADICES = [2, 2, 2, 2, 5, 5];

/**
 * The DFT of `n` points of `re`/`im` read from `at` every `stride`, written to `outRe`/`outIm` from
 * `to`: decimation in time, splitting by RADICES[level] and recursing on each residue class.
 */
function fft(
  re: Float64Array,
  im: Float64Array,
  at: number,
  stride: number,
  n: number,
  outRe: Float64Array,
  outIm: Float64Array,
  to: number,
  level: number,
): void {
  if (n === 1) {
    outRe[to] = re[at];
    outIm[to] = im[at];
    return;
  }
  const p = RADICES[level];
  const m = n / p;
  for (let j = 0; j < p; j++) fft(re, im, at + j * stride, stride * p, m, outRe, outIm, to + j * m, level + 1);
  const step = N_FFT / n;
  const sumRe = new Float64Array(p);
  const sumIm = new Float64Array(p);
  for (let k = 0; k < m; k++) {
    for (let s = 0; s < p; s++) {
      const out = k + s * m;
      let r = 0;
      let i = 0;
      for (let j = 0; j < p; j++) {
        const t = ((j * out) % n) * step;
        const yr = outRe[to + j * m + k];
        const yi = outIm[to + j * m + k];
        r += yr * COS[t] - yi * SIN[t];
        i += yr * SIN[t] + yi * COS[t];
      }
      sumRe[s] = r;
      sumIm[s] = i;
    }
    for (let s = 0; s < p; s++) {
      outRe[to + k + s * m] = sumRe[s];
      outIm[to + k + s * m] = sumIm[s];
    }
  }
}

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

  const pad = N_FFT / 2;
  const reflect = (i: number) => x[i < 0 ? -i : i >= x.length ? 2 * (x.length - 1) - i : i];
  const mel = new Float64Array(N_MELS * FEATURE_FRAMES);
  const frameRe = new Float64Array(N_FFT);
  const frameIm = new Float64Array(N_FFT);
  const specRe = new Float64Array(N_FFT);
  const specIm = new Float64Array(N_FFT);
  const power = new Float64Array(BINS);
  let peak = -Infinity;
  // Frames wholly inside the silence padded in front are all alike: computed once, then copied.
  const padded = FEATURE_SAMPLES - tail.length;
  for (let f = 0; f < FEATURE_FRAMES; f++) {
    const start = f * HOP - pad;
    if (f > 0 && start + N_FFT <= padded) {
      for (let m = 0; m < N_MELS; m++) mel[m * FEATURE_FRAMES + f] = mel[m * FEATURE_FRAMES + f - 1];
      continue;
    }
    for (let i = 0; i < N_FFT; i++) frameRe[i] = reflect(start + i) * WINDOW[i];
    frameIm.fill(0);
    fft(frameRe, frameIm, 0, 1, N_FFT, specRe, specIm, 0, 0);
    for (let b = 0; b < BINS; b++) power[b] = specRe[b] ** 2 + specIm[b] ** 2;
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
