import { ConverterType, create } from '@alexanderolsen/libsamplerate-js';
import { mulaw } from 'alawmulaw';

/**
 * Audio formats, in one place. The pipeline's own format is PCM16 little-endian mono at 16 kHz (the
 * browser's, and what every speech adapter asks its vendor for); telephony is G.711 mu-law at 8 kHz.
 * Transports convert at their edge with these helpers; nothing else converts audio.
 */
export const PIPELINE_SAMPLE_RATE = 16_000;
export const TELEPHONY_SAMPLE_RATE = 8_000;
/** The frame the pipeline sends and expects: 20 ms, as telephony and WebRTC packetise. */
export const FRAME_MS = 20;

export const frameBytes = (sampleRate: number, ms = FRAME_MS) => ((sampleRate * ms) / 1000) * 2;
export const pcmDurationMs = (bytes: number, sampleRate: number) => (bytes / 2 / sampleRate) * 1000;

/** The samples of a PCM16 LE buffer (copied when the buffer is not 2-byte aligned). */
export function samplesOf(pcm: Buffer): Int16Array {
  const aligned = pcm.byteOffset % 2 === 0 ? pcm : Buffer.from(pcm);
  return new Int16Array(aligned.buffer, aligned.byteOffset, Math.floor(aligned.length / 2));
}

export const pcmOf = (samples: Int16Array) => Buffer.from(samples.buffer, samples.byteOffset, samples.byteLength);

/** PCM16 LE samples as floats in [-1, 1), as model runtimes take them. */
export function pcm16ToFloat(pcm: Buffer): Float32Array {
  const samples = samplesOf(pcm);
  const out = new Float32Array(samples.length);
  for (let i = 0; i < samples.length; i++) out[i] = samples[i] / 32768;
  return out;
}

/** Float samples (clipped to [-1, 1]) as PCM16 LE. */
export function floatToPcm16(samples: Float32Array): Buffer {
  const out = new Int16Array(samples.length);
  for (let i = 0; i < samples.length; i++) out[i] = Math.max(-32768, Math.min(32767, Math.round(samples[i] * 32768)));
  return pcmOf(out);
}

/**
 * A streaming sample-rate converter (libsamplerate's sinc converter in WASM) that keeps its filter
 * state across chunks, so a stream converted chunk by chunk has no seams; between equal rates it
 * passes audio through. Each converting instance holds a WASM memory of about 26 MB until `close`,
 * which its owner calls when the stream ends (safe to call twice).
 */
export class Resampler {
  private constructor(private src: Awaited<ReturnType<typeof create>> | undefined) {}

  static async create(from: number, to: number): Promise<Resampler> {
    return new Resampler(from === to ? undefined : await create(1, from, to, { converterType: ConverterType.SRC_SINC_FASTEST }));
  }

  push(pcm: Buffer): Buffer {
    return this.src ? floatToPcm16(this.src.full(pcm16ToFloat(pcm))) : pcm;
  }

  close(): void {
    this.src?.destroy();
    this.src = undefined;
  }
}

/**
 * A phone line's 2:1 rate changes, 16 kHz to 8 kHz and back, by one half-band low-pass (a windowed
 * sinc cut at 4 kHz, 63 taps of which every other one is zero), streamed frame by frame. A call
 * runs both directions on every 20 ms frame: as plain JavaScript over the taps that are not zero
 * this costs a few microseconds a frame and delays the audio by 2 ms, where libsamplerate's sinc
 * converter (compiled to JavaScript, with a 26 MB heap per instance, built on the event loop as
 * each call's stream started) was the media process's largest busy share at 50 calls.
 */
const HALF = 31;
const LENGTH = 2 * HALF + 1;

/** Blackman-windowed sinc at a quarter of the high rate, normalised to a gain of 1 at 0 Hz. */
const KERNEL = (() => {
  const taps = Float64Array.from({ length: LENGTH }, (_, i) => {
    const n = i - HALF;
    const window = 0.42 - 0.5 * Math.cos((2 * Math.PI * i) / (LENGTH - 1)) + 0.08 * Math.cos((4 * Math.PI * i) / (LENGTH - 1));
    return n === 0 ? 0.5 : n % 2 === 0 ? 0 : (Math.sin((Math.PI * n) / 2) / (Math.PI * n)) * window;
  });
  const sum = taps.reduce((a, b) => a + b, 0);
  return taps.map((t) => t / sum);
})();
/** The taps that are not zero, and their offsets back from the newest sample. */
const NONZERO = [...KERNEL.keys()].filter((k) => KERNEL[k] !== 0);
const WEIGHTS = Float64Array.from(NONZERO, (k) => KERNEL[k]!);

const clamp = (v: number) => Math.max(-32768, Math.min(32767, Math.round(v)));

/** The filter's last LENGTH - 1 input samples, in front of each new block. */
class DelayLine {
  private history = new Float64Array(LENGTH - 1);

  /** `count` new samples behind the history, `write` filling them; the history moves on. */
  extend(count: number, write: (line: Float64Array, at: number) => void): Float64Array {
    const line = new Float64Array(this.history.length + count);
    line.set(this.history);
    write(line, this.history.length);
    this.history = line.slice(count);
    return line;
  }
}

/** The filtered sample ending at `end` of `line`. */
function filtered(line: Float64Array, end: number): number {
  let acc = 0;
  for (let j = 0; j < NONZERO.length; j++) acc += WEIGHTS[j]! * line[end - NONZERO[j]!]!;
  return acc;
}

/** 16 kHz in, 8 kHz out: every other filtered sample, counted across blocks. */
export class HalfBandDown {
  private readonly line = new DelayLine();
  /** Where in the next block the next kept sample is (0 or 1). */
  private phase = 0;

  push(input: Int16Array): Int16Array {
    const line = this.line.extend(input.length, (l, at) => l.set(input, at));
    const base = LENGTH - 1;
    const out = new Int16Array(Math.max(0, Math.ceil((input.length - this.phase) / 2)));
    for (let o = 0; o < out.length; o++) out[o] = clamp(filtered(line, base + this.phase + 2 * o));
    this.phase = this.phase + 2 * out.length - input.length;
    return out;
  }
}

/** 8 kHz in, 16 kHz out: each sample followed by a zero, filtered, with the gain the zeros took. */
export class HalfBandUp {
  private readonly line = new DelayLine();

  push(input: Int16Array): Int16Array {
    const line = this.line.extend(2 * input.length, (l, at) => {
      for (let i = 0; i < input.length; i++) l[at + 2 * i] = 2 * input[i]!;
    });
    const base = LENGTH - 1;
    const out = new Int16Array(2 * input.length);
    for (let o = 0; o < out.length; o++) out[o] = clamp(filtered(line, base + o));
    return out;
  }
}

/**
 * A phone line's audio both ways: pipeline audio (16 kHz PCM16) out as 8 kHz mu-law, and 8 kHz
 * mu-law in as pipeline audio, each direction a stream of its own.
 */
export class TelephonyCodec {
  private readonly down = new HalfBandDown();
  private readonly up = new HalfBandUp();

  private constructor() {}

  static async create(): Promise<TelephonyCodec> {
    return new TelephonyCodec();
  }

  encode(pcm: Buffer): Buffer {
    return Buffer.from(mulaw.encode(this.down.push(samplesOf(pcm))));
  }

  decode(ulaw: Buffer): Buffer {
    return pcmOf(this.up.push(mulaw.decode(ulaw)));
  }

  /** Holds nothing to release; kept for the streams that close what they opened. */
  close(): void {}
}

/** Cuts a byte stream into frames of one size; `flush` pads the remainder with silence. */
export class Framer {
  private pending = Buffer.alloc(0);

  constructor(private readonly size: number) {}

  push(bytes: Buffer): Buffer[] {
    const all = this.pending.length > 0 ? Buffer.concat([this.pending, bytes]) : bytes;
    const frames: Buffer[] = [];
    let offset = 0;
    for (; offset + this.size <= all.length; offset += this.size) frames.push(all.subarray(offset, offset + this.size));
    this.pending = Buffer.from(all.subarray(offset));
    return frames;
  }

  flush(): Buffer | undefined {
    if (this.pending.length === 0) return undefined;
    const frame = Buffer.alloc(this.size);
    this.pending.copy(frame);
    this.pending = Buffer.alloc(0);
    return frame;
  }
}

/** The size of `wavHeader`'s header. */
export const WAV_HEADER_BYTES = 44;

/** The 44-byte RIFF header of a PCM16 WAV file whose sample data (channels interleaved) is `dataBytes` long. */
export function wavHeader(dataBytes: number, sampleRate: number, channels: number): Buffer {
  const header = Buffer.alloc(WAV_HEADER_BYTES);
  header.write('RIFF', 0, 'ascii');
  header.writeUInt32LE(36 + dataBytes, 4);
  header.write('WAVEfmt ', 8, 'ascii');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(channels, 22);
  header.writeUInt32LE(sampleRate, 24);
  header.writeUInt32LE(sampleRate * channels * 2, 28);
  header.writeUInt16LE(channels * 2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36, 'ascii');
  header.writeUInt32LE(dataBytes, 40);
  return header;
}
