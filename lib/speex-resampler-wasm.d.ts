/**
 * The part of @echogarden/speex-resampler-wasm (SpeexDSP's resampler compiled by Emscripten, which
 * ships no type declarations) that lib/audio.ts uses: the C API and the module's heap.
 */
declare module '@echogarden/speex-resampler-wasm/simd' {
  export interface SpeexModule {
    HEAPU8: Uint8Array;
    HEAPU32: Uint32Array;
    _malloc(bytes: number): number;
    _free(pointer: number): void;
    _speex_resampler_init(channels: number, inRate: number, outRate: number, quality: number, errorPointer: number): number;
    _speex_resampler_destroy(state: number): void;
    _speex_resampler_skip_zeros(state: number): number;
    _speex_resampler_process_int(state: number, channel: number, input: number, inputLength: number, output: number, outputLength: number): number;
  }
  const createModule: () => Promise<SpeexModule>;
  export default createModule;
}
