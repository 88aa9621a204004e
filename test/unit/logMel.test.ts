/**
 * Smart Turn's input features against the reference: transformers' WhisperFeatureExtractor (which
 * the pipecat-ai wheel's Smart Turn code vendors) on the same signal, front-padded to 8 s as
 * Pipecat pads it. test/fixtures/logMelReference.json is written by
 * `python bench/smartTurnReference.py fixture`.
 */
import { FEATURE_FRAMES, logMelFeatures } from '../../conversation/logMel';
import reference from '../fixtures/logMelReference.json';

/** bench/smartTurnReference.py's test_signal, sample for sample. */
function testSignal(): Float32Array {
  return Float32Array.from({ length: 24_000 }, (_, n) => {
    const t = n / 16_000;
    if (t >= 0.6 && t < 0.8) return 0;
    const voice = 0.25 * Math.sin(2 * Math.PI * 150 * t) * (0.6 + 0.4 * Math.sin(2 * Math.PI * 3 * t));
    return voice + 0.08 * Math.sin(2 * Math.PI * 1800 * t) + 0.03 * Math.sin(2 * Math.PI * 5100 * t);
  });
}

test('the log-mel features match the reference extractor within float32 rounding', () => {
  const features = logMelFeatures(testSignal());
  let worst = 0;
  reference.frames.forEach((frame, i) => {
    for (let mel = 0; mel < 80; mel++) worst = Math.max(worst, Math.abs(features[mel * FEATURE_FRAMES + frame] - reference.features[i][mel]));
  });
  expect(worst).toBeLessThan(1e-4);
});

const maxDifference = (a: Float32Array, b: Float32Array) => a.reduce((worst, v, i) => Math.max(worst, Math.abs(v - b[i])), 0);

test('only the last 8 s count, and shorter audio is padded with silence in front', () => {
  const signal = testSignal();
  const padded = new Float32Array(16_000 * 8);
  padded.set(signal, padded.length - signal.length);
  // Ten seconds whose first two (before the window) hold a loud second of the signal.
  const longer = new Float32Array(16_000 * 10);
  longer.set(signal.subarray(0, 16_000), 0);
  longer.set(padded, longer.length - padded.length);
  expect(maxDifference(logMelFeatures(longer), logMelFeatures(padded))).toBe(0);
  expect(maxDifference(logMelFeatures(signal), logMelFeatures(padded))).toBe(0);
  // Padding at the end instead would move the speech to the window's start.
  const atStart = new Float32Array(16_000 * 8);
  atStart.set(signal);
  expect(maxDifference(logMelFeatures(atStart), logMelFeatures(padded))).toBeGreaterThan(0.5);
});
