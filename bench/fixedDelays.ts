/**
 * The voice benchmarks' vendor fakes at fixed, known delays behind the real interfaces: an STT that
 * settles an utterance exactly a delay after the last loud frame reached it (reading the simulated
 * voice's words, or, with the turn models on, any voice as a fixed line), and a model whose
 * streamed turns are a fixed line whose first token comes a delay after the request (the rest at
 * once, never ending the session), with bench/fixedDelayTts.ts for the voice. The end-to-end voice
 * benchmarks' media process (bench/voiceMedia.ts) runs its sessions on them.
 */
import { performance } from 'node:perf_hooks';
import type { TurnTiming } from '../conversation/agentTurn';
import { samplesOf } from '../lib/audio';
import type { AgentProfile, InterviewProfile, ReplyStream, Turn } from '../providers/llm/interface';
import { SimulatedLlm } from '../providers/llm/simulated';
import type { SttOptions, SttProvider, SttStream } from '../providers/stt/interface';
import { SimulatedStt } from '../providers/stt/simulated';

/** The simulated STT's own endpointing, under any fixed delay used and above the 70 ms pause between its words. */
const INNER_ENDPOINT_MS = 150;
/** The simulated STT's threshold of a loud sample. */
const LOUD = 1600;

/** A fake's delay; how late its timer fired is printed (`fake timer` lines), the machine's share of each stage that waits on one. */
export async function fakeDelay(ms: number): Promise<void> {
  const due = performance.now() + Math.max(0, ms);
  await new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));
  console.log(JSON.stringify({ msg: 'fake timer', late: performance.now() - due }));
}

/** The simulated STT, its final held until exactly `delayMs` after the last loud frame it was sent. */
export class FixedDelayStt implements SttProvider {
  readonly name = 'simulated';
  private readonly inner = new SimulatedStt({ endpointMs: INNER_ENDPOINT_MS });

  constructor(private readonly delayMs: number) {}

  async open(options: SttOptions): Promise<SttStream> {
    const stream = await this.inner.open(options);
    const delayMs = this.delayMs;
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
          if (event.type === 'final') await fakeDelay(lastLoudAt + delayMs - performance.now());
          yield event;
        }
      })(),
    };
  }
}

/** Quiet this long after loud audio ends an utterance for FixedDelayVoiceStt: longer than the pauses between a voice's words. */
const VOICE_ENDPOINT_MS = 250;
/** Under this (about -40 dBFS) a voice's sample is quiet: the soft sounds between its loud ones are not pauses. */
const QUIET = 300;

/**
 * For a real voice (the turn models hear only that): any loud audio followed by VOICE_ENDPOINT_MS
 * of quiet is an utterance, settled as `text` exactly `delayMs` after its last loud frame. The
 * benchmark reads the timing of the words, not the words.
 */
export class FixedDelayVoiceStt implements SttProvider {
  readonly name = 'simulated';

  constructor(
    private readonly delayMs: number,
    private readonly text: string,
  ) {}

  async open(options: SttOptions): Promise<SttStream> {
    const { delayMs, text } = this;
    const settled: Promise<void>[] = [];
    let wake: (() => void) | undefined;
    let open = true;
    let lastLoudAt: number | undefined;
    let quietMs = 0;
    const events: { type: 'final'; text: string }[] = [];
    const push = () => wake?.();
    return {
      send(audio) {
        const samples = samplesOf(audio);
        if (samples.some((s) => Math.abs(s) >= LOUD)) [lastLoudAt, quietMs] = [performance.now(), 0];
        else if (samples.some((s) => Math.abs(s) >= QUIET)) quietMs = 0;
        else if (lastLoudAt !== undefined && (quietMs += (samples.length / options.sampleRate) * 1000) >= VOICE_ENDPOINT_MS) {
          const due = lastLoudAt + delayMs;
          lastLoudAt = undefined;
          settled.push(
            fakeDelay(due - performance.now()).then(() => {
              events.push({ type: 'final', text });
              push();
            }),
          );
        }
      },
      finish: () => void Promise.all(settled).then(() => ((open = false), push())),
      close: () => ((open = false), push()),
      events: (async function* () {
        while (open || events.length > 0) {
          if (events.length === 0) await new Promise<void>((resolve) => (wake = resolve));
          yield* events.splice(0);
        }
      })(),
    };
  }
}

/** The simulated model, but its streamed turns (calls' and interviews') are `reply` after `delayMs`, never ending the session. */
export class FixedDelayLlm extends SimulatedLlm {
  constructor(
    private readonly delayMs: number,
    private readonly line: string,
  ) {
    super();
  }

  private fixed(): ReplyStream {
    const { delayMs, line } = this;
    return {
      chunks: (async function* () {
        await fakeDelay(delayMs);
        yield* line.match(/\S+\s*/g)!;
      })(),
      done: () => false,
    };
  }

  override streamReply(_agent: AgentProfile, _transcript: Turn[]): ReplyStream {
    return this.fixed();
  }

  override streamInterviewReply(_agent: InterviewProfile, _transcript: Turn[]): ReplyStream {
    return this.fixed();
  }
}

/** performance.now() in ms of the machine's monotonic clock (process.hrtime), which every process shares (performance.timeOrigin is only about a millisecond exact). */
const MONOTONIC = Number(process.hrtime.bigint()) / 1e6 - performance.now();
export const monotonic = (t: number) => MONOTONIC + t;

/** One agent turn's stage times as the line `{"msg":"turn timing","id",...}` the benchmark reads, on the monotonic clock. */
export function logTurnTiming(id: string, t: TurnTiming): void {
  const at = (v: number | undefined) => (v === undefined ? undefined : monotonic(v));
  console.log(
    JSON.stringify({
      msg: 'turn timing',
      id,
      heardAt: at(t.heardAt),
      firstTokenAt: at(t.firstTokenAt),
      firstSentenceAt: at(t.firstSentenceAt),
      firstAudioAt: at(t.firstAudioAt),
      firstFrameAt: at(t.firstFrameAt),
      contact: t.contact,
    }),
  );
}
