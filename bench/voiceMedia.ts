/**
 * The end-to-end voice benchmarks' media process, started as media/server.ts is and serving what it
 * serves (its probes and `/metrics`, the candidates' audio socket, and Twilio's Media Streams with
 * CARRIER=twilio) with one change: speech engines and a model at fixed, known delays behind the
 * real interfaces (bench/fixedDelays.ts). The STT settles an utterance exactly STT_MS after the last
 * loud frame reached it, the model's first token comes LLM_MS after the request (the rest of the
 * reply at once, never ending the conversation), the voice's first audio TTS_MS after each sentence.
 * Prints `"media listening"` with its URL, then each agent turn's stage times as a line
 * `{"msg":"turn timing","id",...}` on the machine's monotonic clock, which the bench's process
 * shares. Its event-loop delay is read from its `/metrics` (prom-client's `nodejs_eventloop_lag_*`).
 */
import mongoose from 'mongoose';
import { candidateAudio } from '../api/candidateAudio';
import { twilioMediaStreams } from '../api/mediaStreams';
import { probedApp } from '../api/probedApp';
import { connect, serve } from '../api/serve';
import { dispatchUpgrades, type SocketRoute } from '../api/upgrade';
import { loadConfig } from '../config';
import { organizationCredentials } from '../domain/providerCredentials';
import type { LlmSource } from '../providers/llm';
import { speechSource } from '../providers/speechSource';
import { FixedDelayLlm, FixedDelayStt, FixedDelayVoiceStt, logTurnTiming } from './fixedDelays';
import { fixedDelayTts } from './fixedDelayTts';
import { closeTurnModels, useTurnModelThreads } from '../conversation/turnModels';

const REPLY = 'Thank you. Could you tell me a little more about that?';

async function main(): Promise<void> {
  const config = loadConfig();
  useTurnModelThreads(config.voice.turnModelThreads, config.voice.turnModelNice);
  const { temporal, disconnect } = await connect(config);
  const { app } = probedApp({ config, mongo: mongoose.connection, temporal });
  const serving = serve(app, config.media.port, config.host, 'media');
  const llm = new FixedDelayLlm(Number(process.env.LLM_MS), REPLY);
  const sttMs = Number(process.env.STT_MS);
  // The turn models hear only a real voice, which the simulated STT cannot read.
  const stt = config.voice.vad === 'silero' ? new FixedDelayVoiceStt(sttMs, 'Words the benchmark does not read.') : new FixedDelayStt(sttMs);
  const speech = speechSource(config, organizationCredentials(config.byok.encryptionKeys), {
    stt: { simulated: stt },
    tts: { simulated: fixedDelayTts(Number(process.env.TTS_MS), 'simulated') },
  });
  const llms: LlmSource = { defaultProvider: 'simulated', forSession: async () => llm };
  const routes: SocketRoute[] = [candidateAudio({ config, temporal, llms, speech, onTurnTiming: logTurnTiming })];
  if (config.carrier.twilio) routes.push(twilioMediaStreams({ config, temporal, llmFor: async () => llm, speech, onTurnTiming: logTurnTiming }));
  dispatchUpgrades(serving.server, routes);
  // The bench has closed its sockets by then: nothing is drained.
  process.once('SIGTERM', () => {
    serving.server.closeAllConnections();
    void serving
      .close()
      .then(() => closeTurnModels())
      .then(() => disconnect())
      .then(() => process.exit(0));
  });
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
