/**
 * `npm run bench:voice`: the media session's turn latency and capacity.
 *
 * Vendor fakes answer at fixed, known delays behind the real interfaces: the simulated STT settles
 * an utterance STT_MS after the caller's last word (its endpointing), the model's first token comes
 * LLM_MS after the request (the rest of the reply at once), and the voice's first audio TTS_MS after
 * each sentence is sent. SESSIONS sessions run at once for RUN_SECONDS, each caller streaming 20 ms
 * frames at real time (silence between utterances) and speaking again once the agent's reply has
 * played. Latency is from the end of the caller's speech (the last loud sample's real time) to the
 * first agent frame handed to the transport; platform overhead is that minus the fakes' delays,
 * broken down by stage. The capacity run raises the session count until overhead p99 passes 100 ms.
 * The callers and the sessions share this one process, so the figures include the callers' cost,
 * and its event-loop delay during each run is printed beside its figures.
 */
import { performance } from 'node:perf_hooks';
import { MediaSession } from '../conversation/mediaSession';
import type { TurnTiming } from '../conversation/agentTurn';
import { PIPELINE_SAMPLE_RATE } from '../lib/audio';
import type { LlmProvider } from '../providers/llm/interface';
import { SimulatedStt } from '../providers/stt/simulated';
import { FakeTransport, MemoryConversation, PROFILE, testSettings } from '../test/fakes/voice';
import { eventLoopMonitor, formatDelay, type EventLoopDelay } from './eventLoop';
import { fixedDelayTts } from './fixedDelayTts';
import { RealTimeMicrophone, utteranceFrames } from './realTimeMicrophone';

const STT_MS = 300;
const LLM_MS = 200;
const TTS_MS = 100;
const SESSIONS = 50;
const RUN_SECONDS = Number(process.env.RUN_SECONDS) || 30;
const CAPACITY_STEPS = [100, 200, 300, 400, 600, 800];
const UTTERANCE = 'Where is my order?';
const REPLY = 'Sure, let me check that for you.';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const llm = {
  name: 'fake',
  streamReply: () => ({
    chunks: (async function* () {
      await sleep(LLM_MS);
      yield* REPLY.match(/\S+\s*/g)!;
    })(),
    done: () => false,
  }),
} as unknown as LlmProvider;

const tts = fixedDelayTts(TTS_MS);

interface Sample {
  total: number;
  stages: number[];
}

/** One caller and its session: frames at real time, an utterance after each reply has played. */
class Caller {
  readonly transport = new FakeTransport();
  readonly session: MediaSession;
  private readonly microphone: RealTimeMicrophone;
  private firstFrame: number | undefined;

  constructor(
    t0: number,
    utterance: { frames: Buffer[]; lastLoud: number },
    private readonly samples: Sample[],
  ) {
    this.microphone = new RealTimeMicrophone(t0, utterance);
    this.session = new MediaSession({
      conversation: new MemoryConversation(llm, { ...PROFILE, greeting: 'Hello.' }),
      stt: new SimulatedStt({ endpointMs: STT_MS }),
      tts,
      transport: this.transport,
      settings: testSettings({ playbackLeadMs: 200, maxFramesPerSecond: 100 }),
      sampleRate: PIPELINE_SAMPLE_RATE,
      language: 'en-US',
      onTurnTiming: (timing) => this.record(timing),
    });
    this.transport.session = this.session;
    const send = this.transport.sendAudio.bind(this.transport);
    this.transport.sendAudio = (frame) => {
      if (this.microphone.speechEnd !== undefined && this.firstFrame === undefined) this.firstFrame = performance.now();
      send(frame);
    };
  }

  tick(now: number): void {
    this.microphone.tick(now, this.session);
  }

  /** Takes the turn's figures, then speaks again 500 ms after the agent's turn has played. */
  private record(timing: TurnTiming): void {
    const speechEnd = this.microphone.speechEnd;
    if (timing.heardAt !== undefined && speechEnd !== undefined && this.firstFrame !== undefined) {
      const t = timing as Required<TurnTiming>;
      this.samples.push({
        total: this.firstFrame - speechEnd,
        stages: [
          t.heardAt - speechEnd,
          t.firstTokenAt - t.heardAt,
          t.firstSentenceAt - t.firstTokenAt,
          t.firstAudioAt - t.firstSentenceAt,
          t.firstFrameAt - t.firstAudioAt,
        ],
      });
    }
    [this.microphone.speechEnd, this.firstFrame] = [undefined, undefined];
    setTimeout(() => this.microphone.speak(), 500).unref();
  }
}

async function run(
  sessions: number,
  seconds: number,
): Promise<{ samples: Sample[]; rssPerSession: number; heapPerSession: number; eventLoop: EventLoopDelay }> {
  const utterance = await utteranceFrames(UTTERANCE);
  global.gc?.();
  const before = process.memoryUsage();
  const samples: Sample[] = [];
  const start = performance.now();
  // Callers start spread over the first second, as real sessions would not arrive in step.
  const callers = Array.from({ length: sessions }, (_, i) => new Caller(start + (i * 1000) / sessions, utterance, samples));
  await Promise.all(callers.map((c) => c.session.start()));
  let peak = before;
  const loop = eventLoopMonitor();
  const ticker = setInterval(() => {
    const now = performance.now();
    for (const caller of callers) caller.tick(now);
  }, 5);
  const sampler = setInterval(() => {
    const usage = process.memoryUsage();
    if (usage.rss > peak.rss) peak = usage;
  }, 500);
  await sleep(seconds * 1000);
  const eventLoop = loop.take();
  clearInterval(ticker);
  clearInterval(sampler);
  callers.forEach((c) => c.session.end());
  await Promise.all(callers.map((c) => c.session.ended));
  return { samples, rssPerSession: (peak.rss - before.rss) / sessions, heapPerSession: (peak.heapUsed - before.heapUsed) / sessions, eventLoop };
}

const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? NaN;
};
const ms = (n: number) => `${n.toFixed(1)} ms`.padStart(10);
const FAKES = [STT_MS, LLM_MS, 0, TTS_MS, 0];
const STAGES = [
  'speech end -> STT final (turn taken)',
  'turn -> first LLM token',
  'first token -> first sentence to TTS',
  'sentence -> first TTS audio',
  'first TTS audio -> first frame sent',
];

function table(sessions: number, samples: Sample[], eventLoop: EventLoopDelay): number {
  const fakes = FAKES.reduce((a, b) => a + b, 0);
  const overhead = samples.map((s) => s.total - fakes);
  console.log(`\n${sessions} concurrent sessions, ${samples.length} turns measured`);
  console.log(`${'stage'.padEnd(40)}${'fake'.padStart(10)}${'p50'.padStart(10)}${'p99'.padStart(10)}${'overhead p50'.padStart(14)}${'p99'.padStart(10)}`);
  STAGES.forEach((stage, i) => {
    const values = samples.map((s) => s.stages[i]);
    const over = values.map((v) => v - FAKES[i]);
    console.log(
      `${stage.padEnd(40)}${ms(FAKES[i])}${ms(quantile(values, 0.5))}${ms(quantile(values, 0.99))}${ms(quantile(over, 0.5)).padStart(14)}${ms(quantile(over, 0.99))}`,
    );
  });
  const totals = samples.map((s) => s.total);
  console.log(
    `${'end of speech -> first agent frame'.padEnd(40)}${ms(fakes)}${ms(quantile(totals, 0.5))}${ms(quantile(totals, 0.99))}${ms(quantile(overhead, 0.5)).padStart(14)}${ms(quantile(overhead, 0.99))}`,
  );
  console.log(`event-loop delay of this process (the sessions and their callers) during the run, p50 / p99 / max: ${formatDelay(eventLoop)}`);
  return quantile(overhead, 0.99);
}

async function main(): Promise<void> {
  console.log(`Fakes: STT final ${STT_MS} ms after speech, LLM first token ${LLM_MS} ms, TTS first audio ${TTS_MS} ms. ${RUN_SECONDS} s per run.`);
  const latency = await run(SESSIONS, RUN_SECONDS);
  const p99 = table(SESSIONS, latency.samples, latency.eventLoop);
  console.log(`targets at ${SESSIONS} sessions: overhead p50 <= 30 ms, p99 <= 100 ms: ${p99 <= 100 ? 'met' : 'NOT met'}`);

  console.log('\nCapacity (one process, one event loop: one core):');
  console.log(
    `${'sessions'.padStart(10)}${'turns'.padStart(8)}${'overhead p50'.padStart(14)}${'p99'.padStart(10)}${'RSS/session'.padStart(14)}${'heap/session'.padStart(14)}   event-loop delay p50 / p99 / max`,
  );
  let sustained = SESSIONS;
  for (const sessions of CAPACITY_STEPS) {
    const result = await run(sessions, Math.min(RUN_SECONDS, 20));
    const fakes = FAKES.reduce((a, b) => a + b, 0);
    const overhead = result.samples.map((s) => s.total - fakes);
    const [p50, p99] = [quantile(overhead, 0.5), quantile(overhead, 0.99)];
    console.log(
      `${String(sessions).padStart(10)}${String(result.samples.length).padStart(8)}${ms(p50).padStart(14)}${ms(p99)}${`${(result.rssPerSession / 1024).toFixed(0)} KiB`.padStart(14)}${`${(result.heapPerSession / 1024).toFixed(0)} KiB`.padStart(14)}   ${formatDelay(result.eventLoop)}`,
    );
    if (!(p99 < 100)) break;
    sustained = sessions;
  }
  console.log(`\nsustained with overhead p99 < 100 ms: ${sustained} sessions in one process (${sustained} per core)`);
}

void main();
