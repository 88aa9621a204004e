/**
 * The voice call benchmark's API, in a process of its own so that its CPU and memory are its own:
 * the service's app (Twilio's callbacks among its routes) and Twilio Media Streams socket (the same
 * route `attachSockets` mounts with CARRIER=twilio) with one change, speech engines and a call LLM
 * at fixed, known delays behind the real interfaces (bench/fixedDelays.ts): the STT's final STT_MS
 * after the last loud frame, the model's first token LLM_MS after the request (never ending the
 * call), the voice's first audio TTS_MS after each sentence. Prints its URL, then each agent turn's
 * stage times (`turn timing` lines, by call id, on the machine's monotonic clock).
 */
import { twilioMediaStreams } from '../api/mediaStreams';
import { logTurnTiming, serveFixedDelayApi } from './fixedDelays';

serveFixedDelayApi('Thank you. Could you tell me a little more about that?', ({ config, temporal, llm, speech }) =>
  twilioMediaStreams({ config, temporal, llmFor: async () => llm, speech, onTurnTiming: logTurnTiming }),
).catch((err) => {
  console.error(err);
  process.exit(1);
});
