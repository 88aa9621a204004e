import type { Config } from '../config';
import type { EmbeddedSpeech } from './speechSource';
import { LocalSttProvider } from './stt/local';
import { SimulatedStt } from './stt/simulated';
import { LocalTtsProvider } from './tts/local';
import { SimulatedTts } from './tts/simulated';

/**
 * The speech engines that run in this process, built once per process: `simulated` (tests,
 * benchmarks) and `local` (the offline models under LOCAL_SPEECH_DIR, loaded on first use). `stop`
 * ends the local STT's worker process; its owner calls it at shutdown.
 */
export function embeddedSpeech(config: Config): EmbeddedSpeech & { stop(): void } {
  const localStt = new LocalSttProvider({ dir: config.localSpeechDir });
  return {
    stt: { simulated: new SimulatedStt(), local: localStt },
    tts: { simulated: new SimulatedTts(), local: new LocalTtsProvider({ dir: config.localSpeechDir }) },
    stop: () => localStt.stop(),
  };
}
