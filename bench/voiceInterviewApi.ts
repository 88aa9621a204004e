/**
 * The voice interview benchmark's API, in a process of its own so that its CPU and memory are its
 * own: the service's app and candidate audio socket (the same route `attachSockets` mounts) with
 * one change, speech engines and an interview LLM that answer at fixed, known delays behind the
 * real interfaces. The STT settles an utterance exactly STT_MS after the last loud frame reached
 * it, the model's first token comes LLM_MS after the request (the rest of the reply at once, never
 * ending the interview), and the voice's first audio TTS_MS after each sentence. Prints its URL.
 */
import { performance } from 'node:perf_hooks';
import mongoose from 'mongoose';
import { Client } from '@temporalio/client';
import { createApp } from '../api/app';
import { candidateAudio } from '../api/candidateAudio';
import { connectTemporal } from '../api/temporal';
import { dispatchUpgrades } from '../api/upgrade';
import { loadConfig } from '../config';
import { samplesOf } from '../lib/audio';
import { connectDatabase } from '../models/connection';
import { organizationCredential } from '../models/providerCredential';
import type { LlmSource } from '../providers/llm';
import type { InterviewProfile, ReplyStream, Turn } from '../providers/llm/interface';
import { SimulatedLlm } from '../providers/llm/simulated';
import { speechSource } from '../providers/speechSource';
import type { SttOptions, SttProvider, SttStream } from '../providers/stt/interface';
import { SimulatedStt } from '../providers/stt/simulated';
import { fixedDelayTts } from './fixedDelayTts';
import { serveApp } from './servers';

const STT_MS = Number(process.env.STT_MS);
const LLM_MS = Number(process.env.LLM_MS);
const TTS_MS = Number(process.env.TTS_MS);
const REPLY = 'Thank you. Tell me more about how you approached that.';
/** The simulated STT's own endpointing, under STT_MS and above the 70 ms pause between its words. */
const INNER_ENDPOINT_MS = 150;
/** The simulated STT's threshold of a loud sample. */
const LOUD = 1600;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));

/** The simulated STT, its final held until exactly STT_MS after the last loud frame it was sent. */
class FixedDelayStt implements SttProvider {
  readonly name = 'simulated';
  private readonly inner = new SimulatedStt({ endpointMs: INNER_ENDPOINT_MS });

  async open(options: SttOptions): Promise<SttStream> {
    const stream = await this.inner.open(options);
    let lastLoudAt = 0;
    return {
      send(audio) {
        if (samplesOf(audio).some((s) => Math.abs(s) >= LOUD)) lastLoudAt = performance.now();
        stream.send(audio);
      },
      finish: () => stream.finish(),
      close: () => stream.close(),
      events: (async function* () {
        for await (const event of stream.events) {
          if (event.type === 'final') await sleep(lastLoudAt + STT_MS - performance.now());
          yield event;
        }
      })(),
    };
  }
}

/** The simulated model, but its streamed interview turns are a fixed question after LLM_MS. */
class FixedDelayLlm extends SimulatedLlm {
  override streamInterviewReply(_agent: InterviewProfile, _transcript: Turn[]): ReplyStream {
    return {
      chunks: (async function* () {
        await sleep(LLM_MS);
        yield* REPLY.match(/\S+\s*/g)!;
      })(),
      done: () => false,
    };
  }
}

async function main(): Promise<void> {
  const config = loadConfig();
  await connectDatabase(config.mongodbUri);
  await Promise.all(Object.values(mongoose.models).map((m) => m.init()));
  const connection = await connectTemporal(config.temporal.address);
  const temporal = new Client({ connection, namespace: config.temporal.namespace });
  const { server, url } = await serveApp(createApp({ config, mongo: mongoose.connection, temporal }));
  const llm = new FixedDelayLlm();
  const llms: LlmSource = { defaultProvider: 'simulated', forSession: async () => llm };
  const speech = speechSource(config, organizationCredential, { stt: { simulated: new FixedDelayStt() }, tts: { simulated: fixedDelayTts(TTS_MS, 'simulated') } });
  dispatchUpgrades(server, [candidateAudio({ config, temporal, llms, speech })]);
  console.log(JSON.stringify({ msg: 'api listening', url }));
  process.once('SIGTERM', () => {
    server.closeAllConnections();
    server.close(() => void Promise.allSettled([mongoose.disconnect(), connection.close()]).then(() => process.exit(0)));
  });
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
