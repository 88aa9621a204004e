import { Framer, PIPELINE_SAMPLE_RATE, Resampler, TelephonyCodec, frameBytes, pcmOf, samplesOf } from '../../lib/audio';

function tone(hz: number, ms: number, sampleRate = PIPELINE_SAMPLE_RATE): Buffer {
  const samples = new Int16Array((sampleRate * ms) / 1000);
  for (let i = 0; i < samples.length; i++) samples[i] = Math.round(10000 * Math.sin((2 * Math.PI * hz * i) / sampleRate));
  return pcmOf(samples);
}

/** The delay (in samples, under 200) at which `output` best matches `original` over its steady middle, and the squared error there. */
function alignment(output: Int16Array, original: Int16Array): { lag: number; error: number } {
  let best = { lag: 0, error: Infinity };
  for (let lag = 0; lag < 200; lag++) {
    let sum = 0;
    for (let i = 2000; i < 6000; i++) sum += (output[i] - original[i - lag]) ** 2;
    if (sum < best.error) best = { lag, error: sum };
  }
  return best;
}

describe('audio formats', () => {
  it('frames are 20 ms: 640 bytes at 16 kHz, 320 at 8 kHz', () => {
    expect(frameBytes(16_000)).toBe(640);
    expect(frameBytes(8_000)).toBe(320);
  });

  it('a framer cuts any chunking into whole frames and pads the last', () => {
    const framer = new Framer(4);
    const frames = [...framer.push(Buffer.from([1, 2, 3])), ...framer.push(Buffer.from([4, 5, 6, 7, 8, 9]))];
    expect(frames.map((f) => [...f])).toEqual([
      [1, 2, 3, 4],
      [5, 6, 7, 8],
    ]);
    expect([...framer.flush()!]).toEqual([9, 0, 0, 0]);
    expect(framer.flush()).toBeUndefined();
  });

  it("a live line's 20 ms chunks come out whole at once, both ways, so the framer holds nothing back", async () => {
    const line = await TelephonyCodec.create();
    const framer = new Framer(frameBytes(PIPELINE_SAMPLE_RATE));
    const ulaw = Buffer.alloc(160, 0x7f);
    for (let chunk = 0; chunk < 5; chunk++) {
      // 20 ms of mu-law in is one 20 ms pipeline frame, handed on before the next chunk arrives.
      expect(framer.push(line.decode(ulaw))).toHaveLength(1);
      expect(line.encode(tone(440, 20))).toHaveLength(160);
    }
    line.close();
  });

  it('a whole recording converted lines up with its input, sample for sample', async () => {
    const line = await TelephonyCodec.create({ whole: true });
    const input = tone(1000, 500);
    const output = samplesOf(line.decode(line.encode(input)));
    line.close();
    const original = samplesOf(input);
    const best = alignment(output, original);
    expect(best.lag).toBe(0);
  });

  it('a 1 kHz tone survives 16 kHz PCM -> 8 kHz mu-law -> 16 kHz PCM, streamed in 20 ms frames, with bounded error', async () => {
    const line = await TelephonyCodec.create();
    const input = tone(1000, 500);
    const framer = new Framer(frameBytes(PIPELINE_SAMPLE_RATE));
    const ulaw = framer.push(input).map((frame) => line.encode(frame));
    // mu-law is one byte a sample at half the rate: a quarter of the PCM16 bytes.
    expect(Buffer.concat(ulaw).length).toBeGreaterThan(input.length / 4 - 100);
    const output = samplesOf(Buffer.concat(ulaw.map((chunk) => line.decode(chunk))));
    line.close();

    const original = samplesOf(input);
    // The converters delay the signal by their filters, 3 ms each way; find the delay, then compare
    // the steady middle.
    const best = alignment(output, original);
    expect(best.lag).toBeLessThanOrEqual(80);
    const rmsError = Math.sqrt(best.error / 4000);
    const rmsSignal = 10000 / Math.SQRT2;
    // mu-law's 8-bit companding and the resampling filters together stay under 5 % of the signal.
    expect(rmsError / rmsSignal).toBeLessThan(0.05);
  });

  it("a voice's 22,050 Hz converts to 16 kHz chunk by chunk without losing or gaining time", async () => {
    const resampler = await Resampler.create(22_050, PIPELINE_SAMPLE_RATE);
    const chunk = tone(440, 100, 22_050);
    let samples = 0;
    for (let i = 0; i < 50; i++) samples += resampler.push(chunk).length / 2;
    resampler.close();
    // Five seconds in, five seconds out, less the filter's few milliseconds still in it.
    expect(samples).toBeLessThanOrEqual(5 * PIPELINE_SAMPLE_RATE);
    expect(samples).toBeGreaterThan(5 * PIPELINE_SAMPLE_RATE - 160);
  });

  it("a chunk larger than the converters' heap grows it, and that chunk and the next convert whole", async () => {
    const resampler = await Resampler.create(22_050, PIPELINE_SAMPLE_RATE);
    // Ten minutes at once: 26 MB in and 19 MB out, more than the heap holds at first.
    const second = tone(440, 1000, 22_050);
    const long = Buffer.concat(Array.from({ length: 600 }, () => second));
    const out = samplesOf(resampler.push(long));
    expect(out.length).toBeGreaterThan(600 * PIPELINE_SAMPLE_RATE - 160);
    // The tone comes through at its level (10000) after the growth, not zeros or noise from stale views.
    expect(Math.max(...out.subarray(out.length - 16_000))).toBeGreaterThan(9_000);
    expect(resampler.push(tone(440, 100, 22_050)).length / 2).toBeGreaterThan(1_500);
    resampler.close();
  });

  it('a closed converter hands back no audio, and closing twice is safe', async () => {
    const resampler = await Resampler.create(PIPELINE_SAMPLE_RATE, 8_000);
    expect(resampler.push(tone(440, 20))).toHaveLength(320);
    resampler.close();
    resampler.close();
    expect(resampler.push(tone(440, 20))).toHaveLength(0);
  });
});
