import type { TtsOptions, TtsProvider } from '../providers/tts/interface';
import { SimulatedTts } from '../providers/tts/simulated';

/** The simulated TTS as a vendor fake whose first audio of each sentence comes `delayMs` after it is sent. */
export function fixedDelayTts(delayMs: number, name = 'fake'): TtsProvider {
  const simulated = new SimulatedTts();
  return {
    name,
    async *synthesize(text: string, options: TtsOptions, signal?: AbortSignal) {
      await new Promise((resolve) => setTimeout(resolve, delayMs));
      yield* simulated.synthesize(text, options, signal);
    },
  };
}
