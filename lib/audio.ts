import createSpeex, { type SpeexModule } from '@echogarden/speex-resampler-wasm/simd';
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

/** SpeexDSP's quality 3, which it names its VoIP quality: between 8 and 16 kHz, a filter delay of 3 ms. */
const QUALITY = 3;

/** The one SpeexDSP module of the process, compiled on the first converter's creation. */
let loading: Promise<SpeexModule> | undefined;

/**
 * A streaming sample-rate converter for PCM16 mono (SpeexDSP's resampler in WebAssembly) that keeps
 * its filter state across chunks, so a stream converted chunk by chunk has no seams; between equal
 * rates it passes audio through. Every converter of a process shares one WebAssembly heap, where one
 * holds a few kilobytes until `close`, which its owner calls when the stream ends (safe to call twice;
 * a closed converter returns no audio).
 *
 * Each chunk comes out at once, delayed by the filter (`aligned` drops that delay from the front, for
 * converting a whole recording whose output must line up with its input; its last milliseconds then
 * stay in the filter).
 */
export class Resampler {
  /** The state, two length cells and the chunk buffers, in the module's heap. */
  private state = 0;
  private lengths = 0;
  private buffer = 0;
  private bufferSamples = 0;

  private constructor(
    private readonly speex: SpeexModule | undefined,
    private readonly from: number,
    private readonly to: number,
  ) {}

  static async create(from: number, to: number, options: { aligned?: boolean } = {}): Promise<Resampler> {
    if (from === to) return new Resampler(undefined, from, to);
    const module = await (loading ??= createSpeex());
    const resampler = new Resampler(module, from, to);
    resampler.lengths = module._malloc(8);
    resampler.state = module._speex_resampler_init(1, from, to, QUALITY, resampler.lengths);
    if (!resampler.state) {
      const error = module.HEAPU32[resampler.lengths >> 2]!;
      module._free(resampler.lengths);
      throw new Error(`the resampler from ${from} to ${to} Hz could not start (SpeexDSP error ${error})`);
    }
    if (options.aligned) module._speex_resampler_skip_zeros(resampler.state);
    return resampler;
  }

  push(pcm: Buffer): Buffer {
    const { speex } = this;
    if (!speex) return pcm;
    if (!this.state) return Buffer.alloc(0);
    const samples = pcm.length >> 1;
    const room = Math.ceil((samples * this.to) / this.from) + 16;
    if (this.bufferSamples < samples + room) {
      speex._free(this.buffer);
      this.bufferSamples = samples + room;
      this.buffer = speex._malloc(this.bufferSamples * 2);
    }
    const input = this.buffer;
    const output = input + samples * 2;
    // The heap's views are read from the module each time: a heap that grew in _malloc has new ones.
    speex.HEAPU8.set(pcm.subarray(0, samples * 2), input);
    const cells = this.lengths >> 2;
    speex.HEAPU32[cells] = samples;
    speex.HEAPU32[cells + 1] = room;
    speex._speex_resampler_process_int(this.state, 0, input, this.lengths, output, this.lengths + 4);
    const written = speex.HEAPU32[cells + 1]!;
    return Buffer.from(speex.HEAPU8.subarray(output, output + written * 2));
  }

  close(): void {
    if (!this.speex || !this.state) return;
    this.speex._speex_resampler_destroy(this.state);
    this.speex._free(this.lengths);
    this.speex._free(this.buffer);
    this.state = 0;
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
   * A live line's codec: each 20 ms chunk in comes out as 20 ms at once, both ways, 3 ms later.
   * `whole` drops that delay, for converting a whole recording whose output must line up with its input.
   */
  static async create(options: { whole?: boolean } = {}): Promise<TelephonyCodec> {
    const aligned = { aligned: options.whole };
    const [down, up] = await Promise.all([
      Resampler.create(PIPELINE_SAMPLE_RATE, TELEPHONY_SAMPLE_RATE, aligned),
      Resampler.create(TELEPHONY_SAMPLE_RATE, PIPELINE_SAMPLE_RATE, aligned),
    ]);
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
