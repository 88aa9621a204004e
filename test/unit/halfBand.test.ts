import { HalfBandDown, HalfBandUp } from '../../lib/audio';

const tone = (hz: number, rate: number, n: number) => Int16Array.from({ length: n }, (_, i) => Math.round(10000 * Math.sin((2 * Math.PI * hz * i) / rate)));
const rms = (v: Int16Array) => Math.sqrt(v.reduce((a, x) => a + x * x, 0) / v.length);
/** Pushes `input` in blocks of `sizes` (cycled) and joins what comes out. */
function streamed(filter: HalfBandDown | HalfBandUp, input: Int16Array, sizes: number[]): Int16Array {
  const out: number[] = [];
  for (let at = 0, k = 0; at < input.length; at += sizes[k++ % sizes.length]!) out.push(...filter.push(input.subarray(at, at + sizes[k % sizes.length]!)));
  return Int16Array.from(out);
}

test('16 kHz -> 8 kHz keeps a 1 kHz tone and removes a 6 kHz one, which would fold onto 2 kHz', () => {
  const steady = (v: Int16Array) => v.subarray(100);
  expect(rms(steady(new HalfBandDown().push(tone(1000, 16_000, 3200))))).toBeGreaterThan(0.95 * (10000 / Math.SQRT2));
  expect(rms(steady(new HalfBandDown().push(tone(6000, 16_000, 3200))))).toBeLessThan(0.01 * (10000 / Math.SQRT2));
});

test('8 kHz -> 16 kHz keeps a 1 kHz tone at its level and leaves no image at 7 kHz', () => {
  const up = new HalfBandUp().push(tone(1000, 8000, 1600)).subarray(200);
  expect(rms(up)).toBeGreaterThan(0.95 * (10000 / Math.SQRT2));
  // What is left once the 1 kHz tone is taken out (fitted at its phase) is the image and the filter's ripple.
  let best = Infinity;
  for (let lag = 0; lag < 80; lag++) {
    const clean = tone(1000, 16_000, up.length + 200).subarray(200 - lag, 200 - lag + up.length);
    best = Math.min(best, rms(Int16Array.from(up, (v, i) => v - clean[i]!)));
  }
  expect(best).toBeLessThan(0.02 * (10000 / Math.SQRT2));
});

test('streamed in blocks of any size, odd ones included, the output is the same as in one block', () => {
  const input = tone(1500, 16_000, 4000);
  expect(streamed(new HalfBandDown(), input, [320, 7, 1, 160, 33])).toEqual(new HalfBandDown().push(input));
  expect(streamed(new HalfBandUp(), input, [160, 3, 1, 80])).toEqual(new HalfBandUp().push(input));
});
