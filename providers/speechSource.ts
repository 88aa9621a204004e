import type { Config } from '../config';
import type { SpeechCredentialLookup, SpeechPartSource, SpeechSession } from './speech';
import { sttSource } from './stt';
import type { SttProvider } from './stt/interface';
import { ttsSource } from './tts';
import type { TtsProvider } from './tts/interface';

/** The engines that run in the process, by name (`simulated`, `local`), for each part of a voice. */
export interface EmbeddedSpeech {
  stt: Readonly<Record<string, SttProvider>>;
  tts: Readonly<Record<string, TtsProvider>>;
}

/** A session's STT and TTS, each picked by the rules of `sttSource` and `ttsSource`. */
export interface SpeechSource {
  readonly stt: SpeechPartSource<SttProvider>;
  readonly tts: SpeechPartSource<TtsProvider>;
  /** `stt` / `tts`: the agent's effective providers (`agent.providers.stt ?? stt.defaultProvider`, tts alike). */
  forSession(session: Omit<SpeechSession, 'provider'> & { stt: string; tts: string }): Promise<{ stt: SttProvider; tts: TtsProvider }>;
}

export function speechSource(config: Config, credentials: SpeechCredentialLookup, embedded: EmbeddedSpeech): SpeechSource {
  const stt = sttSource(config, credentials, embedded.stt);
  const tts = ttsSource(config, credentials, embedded.tts);
  return {
    stt,
    tts,
    async forSession({ organizationId, byok, stt: sttName, tts: ttsName }) {
      const [sttProvider, ttsProvider] = await Promise.all([
        stt.forSession({ organizationId, byok, provider: sttName }),
        tts.forSession({ organizationId, byok, provider: ttsName }),
      ]);
      return { stt: sttProvider, tts: ttsProvider };
    },
  };
}
