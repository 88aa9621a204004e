/**
 * The voice interview benchmark's API, in a process of its own so that its CPU and memory are its
 * own: the service's app and candidate audio socket (the same route `attachSockets` mounts) with
 * one change, speech engines and an interview LLM that answer at fixed, known delays behind the
 * real interfaces. The STT settles an utterance exactly STT_MS after the last loud frame reached
 * it, the model's first token comes LLM_MS after the request (the rest of the reply at once, never
 * ending the interview), and the voice's first audio TTS_MS after each sentence. Prints its URL,
 * then each agent turn's stage times as a line `{"msg":"turn timing","id",...}` (bench/fixedDelays.ts) whose
 * times are milliseconds of the machine's monotonic clock (process.hrtime), which the bench's
 * process shares (performance.timeOrigin is only about a millisecond exact).
 */
import { candidateAudio } from '../api/candidateAudio';
import type { LlmSource } from '../providers/llm';
import { logTurnTiming, serveFixedDelayApi } from './fixedDelays';

serveFixedDelayApi('Thank you. Tell me more about how you approached that.', ({ config, temporal, llm, speech }) => {
  const llms: LlmSource = { defaultProvider: 'simulated', forSession: async () => llm };
  return candidateAudio({ config, temporal, llms, speech, onTurnTiming: logTurnTiming });
}).catch((err) => {
  console.error(err);
  process.exit(1);
});
