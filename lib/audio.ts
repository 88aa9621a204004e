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
 * A phone line's audio both ways: pipeline audio (16 kHz PCM16) out as 8 kHz mu-law, and 8 kHz
 * mu-law in as pipeline audio, each direction a stream of its own.
 */
export class TelephonyCodec {
  private constructor(
    private readonly down: Resampler,
    private readonly up: Resampler,
  ) {}

  /**
   * A live line's codec. The sinc filter holds back the last 2.5 ms of every chunk, so unprimed a
   * line's first 20 ms came out as 17.5 ms and every later frame waited in the framer for the next
   * chunk: the caller's audio reached the pipeline 20 ms late. A frame of silence through each
   * direction first fills that hold, and each 20 ms in then comes out as 20 ms at once. `whole`
   * leaves them unprimed, for converting a whole recording whose output must line up with its input.
   */
  static async create(options: { whole?: boolean } = {}): Promise<TelephonyCodec> {
    const [down, up] = await Promise.all([
      Resampler.create(PIPELINE_SAMPLE_RATE, TELEPHONY_SAMPLE_RATE),
      Resampler.create(TELEPHONY_SAMPLE_RATE, PIPELINE_SAMPLE_RATE),
    ]);
    if (!options.whole) {
      down.push(Buffer.alloc(frameBytes(PIPELINE_SAMPLE_RATE)));
      up.push(Buffer.alloc(frameBytes(TELEPHONY_SAMPLE_RATE)));
    }
    return new TelephonyCodec(down, up);
  }

  encode(pcm: Buffer): Buffer {
    return Buffer.from(mulaw.encode(samplesOf(this.down.push(pcm))));
  }

  decode(ulaw: Buffer): Buffer {
    return this.up.push(pcmOf(mulaw.decode(ulaw)));
  }

  close(): void {
    this.down.close();
    this.up.close();
  }
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
