/**
 * The sample conversions the `local` engines need, because their models have fixed rates (Whisper
 * hears 16 kHz, the Piper voice speaks 22.05 kHz) while the pipeline asks for `sampleRate`.
 * Resampling is libsamplerate's (WASM), stateful across the chunks of one stream.
 */
import { ConverterType, create } from '@alexanderolsen/libsamplerate-js';

/** Float samples in [-1, 1] at one rate to the same at another; the identity when they match. */
export type Resample = (samples: Float32Array) => Float32Array;

export async function resampler(fromRate: number, toRate: number): Promise<Resample> {
  if (fromRate === toRate) return (samples) => samples;
  const src = await create(1, fromRate, toRate, { converterType: ConverterType.SRC_SINC_FASTEST });
  return (samples) => src.full(samples);
}

export function pcm16ToFloat(pcm: Buffer): Float32Array {
  const out = new Float32Array(pcm.length >> 1);
  for (let i = 0; i < out.length; i++) out[i] = pcm.readInt16LE(i * 2) / 32768;
  return out;
}

export function floatToPcm16(samples: Float32Array): Buffer {
  const out = Buffer.alloc(samples.length * 2);
  for (let i = 0; i < samples.length; i++) {
    out.writeInt16LE(Math.round(Math.max(-1, Math.min(1, samples[i])) * 32767), i * 2);
  }
  return out;
}
