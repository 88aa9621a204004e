/**
 * Why each turn took the time it did, stored with it: durations in whole milliseconds from the
 * turn's own start, so they read the same whatever the machines' clocks say. A contact's turn
 * starts when the VAD heard their speech begin and says how the end of it was decided; an agent's
 * turn starts when the contact's turn it answers was taken (or, for a line it says unprompted, when
 * it began) and says when each stage of the answer came, and what an interruption cut.
 */
import { Counter, Histogram, type Metric, type Registry } from 'prom-client';
import type { EndOfTurnReason } from './turnDetector';

export interface EndOfTurn {
  /** Who decided the contact had finished: the VAD's pause, the turn model, the longest wait, or nobody (`text`: a keypad digit, or an STT final of speech the detector did not take for a turn). */
  by: EndOfTurnReason | 'text';
  /** The turn model's probability that the turn was complete. */
  probability?: number;
  /** The turn model's run for this decision. */
  inferenceMs?: number;
  /** From the VAD's end of speech (its hangover of quiet after the last word) to the decision. */
  waitedMs: number;
  /** When the decision came. */
  atMs: number;
}

export interface ContactTurnTimings {
  endOfTurn: EndOfTurn;
  /** When the STT's last final of the turn came. */
  sttFinalMs?: number;
  /** When the turn was taken: the later of the STT's final and the end of turn. */
  takenMs: number;
}

export interface AgentTurnTimings {
  llmFirstTokenMs?: number;
  /** The text-to-speech's first audio. */
  ttsFirstByteMs?: number;
  /** The first frame handed to the transport. */
  firstAudioMs?: number;
  /** The contact talked over the agent: when, and the words produced that they did not hear. */
  interrupted?: { atMs: number; cutText: string };
}

export type TurnTimings = ContactTurnTimings | AgentTurnTimings;

/** `at` (performance.now() ms) from `start`, whole milliseconds, never before the start. */
export const since = (start: number, at: number) => Math.max(0, Math.round(at - start));
const optionalSince = (start: number, at: number | undefined) => (at === undefined ? undefined : since(start, at));

/** Drops the stages a turn never reached, so they are absent rather than null in the store. */
export function defined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}

/** The contact's turn taken at `takenAt`, from what the session heard of it (performance.now() ms). */
export function contactTimings(
  heard: { startAt: number; sttFinalAt?: number; end: Omit<EndOfTurn, 'atMs'> & { at: number } },
  takenAt: number,
): ContactTurnTimings {
  const { startAt, sttFinalAt, end } = heard;
  const { at, ...decision } = end;
  return defined({
    endOfTurn: defined({
      ...decision,
      waitedMs: Math.round(decision.waitedMs),
      inferenceMs: decision.inferenceMs === undefined ? undefined : Math.round(decision.inferenceMs),
      atMs: since(startAt, at),
    }),
    sttFinalMs: optionalSince(startAt, sttFinalAt),
    takenMs: since(startAt, takenAt),
  });
}

/** An agent turn's stages from `startAt`, with what an interruption cut. */
export function agentTimings(
  startAt: number,
  stages: { firstTokenAt?: number; firstAudioAt?: number; firstFrameAt?: number },
  interrupted?: { at: number; cutText: string },
): AgentTurnTimings {
  return defined({
    llmFirstTokenMs: optionalSince(startAt, stages.firstTokenAt),
    ttsFirstByteMs: optionalSince(startAt, stages.firstAudioAt),
    firstAudioMs: optionalSince(startAt, stages.firstFrameAt),
    interrupted: interrupted && { atMs: since(startAt, interrupted.at), cutText: interrupted.cutText },
  });
}

const BUCKETS = [0.01, 0.025, 0.05, 0.1, 0.2, 0.3, 0.5, 0.75, 1, 1.5, 2, 3, 5, 10];

/**
 * The process's voice metrics, one set however many apps a process builds (tests build several):
 * the media sessions that observe them do not know which app serves `/metrics`, so each app's
 * registry takes them in with `registerVoiceMetrics`.
 */
const stage = new Histogram({
  name: 'voice_turn_stage_seconds',
  help: 'Voice turns by stage: end_of_turn (the caller paused to the end of turn decided), stt_final (the pause to the STT final), turn_taken (the pause to the turn taken), llm_first_token, tts_first_byte and first_audio (from the turn taken, or from an unprompted line starting)',
  labelNames: ['stage'],
  buckets: BUCKETS,
  registers: [],
});
const inference = new Histogram({
  name: 'voice_turn_model_inference_seconds',
  help: 'The turn model run of each end-of-turn decision, pauses judged unfinished included',
  buckets: [0.01, 0.025, 0.05, 0.1, 0.15, 0.25, 0.5, 1],
  registers: [],
});
const endsOfTurn = new Counter({ name: 'voice_end_of_turn_total', help: "Contacts' turns by who decided they had ended", labelNames: ['by'], registers: [] });
const interruptions = new Counter({ name: 'voice_interruptions_total', help: 'Agent turns the contact talked over', registers: [] });

export function registerVoiceMetrics(registry: Registry): void {
  const metrics: Metric[] = [stage, inference, endsOfTurn, interruptions];
  for (const metric of metrics) registry.registerMetric(metric);
}

/** Each run of the turn model, whether it ended the turn or judged the pause unfinished. */
export function observeInference(ms: number): void {
  inference.observe(ms / 1000);
}

export function observeContactTurn({ endOfTurn, sttFinalMs, takenMs }: ContactTurnTimings): void {
  endsOfTurn.inc({ by: endOfTurn.by });
  const pausedMs = endOfTurn.atMs - endOfTurn.waitedMs;
  stage.observe({ stage: 'end_of_turn' }, endOfTurn.waitedMs / 1000);
  if (sttFinalMs !== undefined) stage.observe({ stage: 'stt_final' }, Math.max(0, sttFinalMs - pausedMs) / 1000);
  stage.observe({ stage: 'turn_taken' }, Math.max(0, takenMs - pausedMs) / 1000);
}

export function observeAgentTurn({ llmFirstTokenMs, ttsFirstByteMs, firstAudioMs, interrupted }: AgentTurnTimings): void {
  if (llmFirstTokenMs !== undefined) stage.observe({ stage: 'llm_first_token' }, llmFirstTokenMs / 1000);
  if (ttsFirstByteMs !== undefined) stage.observe({ stage: 'tts_first_byte' }, ttsFirstByteMs / 1000);
  if (firstAudioMs !== undefined) stage.observe({ stage: 'first_audio' }, firstAudioMs / 1000);
  if (interrupted) interruptions.inc();
}
