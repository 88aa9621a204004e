/**
 * Part of `npm run bench:tools`: how soon a caller hears an `async` tool's wait message. SESSIONS
 * media sessions at once, each caller speaking in real 20 ms frames; the model answers each
 * utterance, LLM_MS after it is asked, with a call to an async http tool whose server answers after
 * TOOL_MS (2 s). Measured: from the end of the caller's speech (the last loud sample's real time) to
 * the first frame of the wait message handed to the transport. The fakes' part of it is the STT's
 * endpointing, the model's delay, the tool's second of grace (ASYNC_WAIT_MS) and the TTS's first
 * audio; the rest is the platform's.
 */
import { performance } from 'node:perf_hooks';
import { MediaSession } from '../conversation/mediaSession';
import { ASYNC_WAIT_MS, type ToolActions } from '../conversation/tools';
import { PIPELINE_SAMPLE_RATE } from '../lib/audio';
import type { HttpTool } from '../models/agent';
import type { LlmProvider, Turn } from '../providers/llm/interface';
import { SimulatedStt } from '../providers/stt/simulated';
import { callHttpTool } from '../providers/tools/httpTool';
import { FakeTransport, MemoryConversation, PROFILE, testSettings } from '../test/fakes/voice';
import { fixedDelayTts } from './fixedDelayTts';
import { RealTimeMicrophone, utteranceFrames } from './realTimeMicrophone';
import { percentile } from './servers';

const SESSIONS = Number(process.env.WAIT_SESSIONS ?? 10);
const TURNS = Number(process.env.WAIT_TURNS ?? 4);
const STT_MS = 300;
const LLM_MS = 200;
const TTS_MS = 100;
export const TOOL_MS = 2000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The model: greets, calls the tool for every utterance, and says what the tool answered. */
const llm = {
  name: 'fake',
  streamReply: (_agent: unknown, transcript: Turn[]) => {
    const last = transcript[transcript.length - 1];
    const calls = last?.role === 'contact' ? [{ id: `call_${transcript.length}`, name: 'slow_lookup', arguments: { orderNumber: 'A-17' } }] : [];
    return {
      chunks: (async function* () {
        await sleep(LLM_MS);
        if (!last) yield 'Hello. ';
        else if (last.role === 'tool') yield* ['It ', 'shipped ', 'on ', 'Monday.'];
      })(),
      done: () => false,
      toolCalls: () => calls,
    };
  },
} as unknown as LlmProvider;

/** A caller who speaks once the agent's turn has played, and the wait message's delay each time. */
class Caller {
  readonly transport = new FakeTransport();
  readonly session: MediaSession;
  private readonly microphone: RealTimeMicrophone;
  turns = 0;

  constructor(t0: number, utterance: { frames: Buffer[]; lastLoud: number }, samples: number[], tool: HttpTool, actions: ToolActions) {
    this.microphone = new RealTimeMicrophone(t0, utterance);
    this.session = new MediaSession({
      conversation: new MemoryConversation(llm, { ...PROFILE, greeting: '' }, { tools: [tool], actions }),
      stt: new SimulatedStt({ endpointMs: STT_MS }),
      tts: fixedDelayTts(TTS_MS),
      transport: this.transport,
      settings: testSettings({ playbackLeadMs: 200, maxFramesPerSecond: 100 }),
      sampleRate: PIPELINE_SAMPLE_RATE,
      language: 'en-US',
      actions,
      // The agent's turn (greeting, or wait message and answer) has played: speak again half a second later.
      onTurnTiming: () => {
        if (this.turns++ < TURNS) setTimeout(() => this.microphone.speak(), 500).unref();
      },
    });
    this.transport.session = this.session;
    const send = this.transport.sendAudio.bind(this.transport);
    this.transport.sendAudio = (frame) => {
      if (this.microphone.speechEnd !== undefined) {
        samples.push(performance.now() - this.microphone.speechEnd);
        this.microphone.speechEnd = undefined;
      }
      send(frame);
    };
  }

  tick(now: number): void {
    this.microphone.tick(now, this.session);
  }
}

/** Runs the sessions until each caller has spoken TURNS times; the wait message's delays, in ms. */
export async function waitMessageDelays(url: string): Promise<number[]> {
  const utterance = await utteranceFrames('Where is my order?');
  const tool: HttpTool = {
    type: 'http',
    name: 'slow_lookup',
    description: 'Finds an order.',
    parameters: { type: 'object', properties: {} },
    url,
    timeoutSeconds: 10,
    async: true,
    waitMessage: 'One moment, I am checking.',
  };
  const actions: ToolActions = {
    run: async (call, toolCallId) => {
      const outcome = await callHttpTool(
        {
          toolCallId,
          name: call.name,
          arguments: call.arguments as Record<string, unknown>,
          conversation: { type: 'call', id: 'bench', agentId: 'bench', externalRef: null },
        },
        { url, timeoutSeconds: 10, secret: 'tss_bench', allowLoopback: true },
      );
      const { durationMs, ...rest } = outcome;
      return { call, outcome: rest.ok ? { ok: true, result: rest.result } : { ok: false, error: rest.error }, durationMs };
    },
  };
  const delays: number[] = [];
  const start = performance.now();
  const callers = Array.from({ length: SESSIONS }, (_, i) => new Caller(start + (i * 1000) / SESSIONS, utterance, delays, tool, actions));
  await Promise.all(callers.map((c) => c.session.start()));
  const ticker = setInterval(() => {
    const now = performance.now();
    for (const caller of callers) caller.tick(now);
  }, 5);
  while (callers.some((c) => c.turns <= TURNS)) await sleep(200);
  clearInterval(ticker);
  callers.forEach((c) => c.session.end());
  await Promise.all(callers.map((c) => c.session.ended));
  return delays;
}

/** The wait message's row, beside the fakes' share of it. */
export function waitMessageRow(delays: number[]): string {
  const fakes = STT_MS + LLM_MS + ASYNC_WAIT_MS + TTS_MS;
  const [p50, p99] = [percentile(delays, 50), percentile(delays, 99)];
  return [
    `bench:tools  wait message: ${SESSIONS} sessions x ${TURNS} turns, async tool answering after ${TOOL_MS} ms (target: <= 700 ms)`,
    `${'end of speech -> first wait-message audio'.padEnd(44)} p50 ${p50.toFixed(1).padStart(7)} ms   p99 ${p99.toFixed(1).padStart(7)} ms  (${delays.length} turns)`,
    `${'  of which fakes (STT, LLM, 1 s grace, TTS)'.padEnd(44)}     ${String(fakes).padStart(7)} ms`,
    `${'  platform: beyond the fakes'.padEnd(44)} p50 ${(p50 - fakes).toFixed(1).padStart(7)} ms   p99 ${(p99 - fakes).toFixed(1).padStart(7)} ms`,
  ].join('\n');
}
