/** The part of sherpa-onnx-node (which ships no type declarations) that providers/tts/local.ts uses. */
declare module 'sherpa-onnx-node' {
  export interface OfflineTtsConfig {
    model: {
      vits: { model: string; tokens: string; dataDir: string; noiseScale?: number; noiseScaleW?: number };
      numThreads?: number;
      provider?: 'cpu';
      debug?: boolean;
    };
    /** Sentences per generated chunk: 1 streams sentence by sentence. */
    maxNumSentences?: number;
  }

  export interface GeneratedAudio {
    samples: Float32Array;
    sampleRate: number;
  }

  export class OfflineTts {
    static createAsync(config: OfflineTtsConfig): Promise<OfflineTts>;
    readonly sampleRate: number;
    /** Resolves with the whole audio; `onProgress` gets each chunk as it is made, and returning 0 stops. */
    generateAsync(request: {
      text: string;
      sid: number;
      speed: number;
      onProgress?: (info: { samples: Float32Array; progress: number }) => number | boolean | void;
    }): Promise<GeneratedAudio>;
  }

  /** Writes mono 16-bit PCM WAV. */
  export function writeWave(filename: string, audio: { samples: Float32Array; sampleRate: number }): boolean;
  export function readWave(filename: string): GeneratedAudio;
}
