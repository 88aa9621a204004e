/**
 * A turn's timeline under its text: how long the contact's end of turn took to decide and what
 * decided it, and for the agent's answer when the model's first token, the voice's first audio and
 * the first frame sent came, with what an interruption cut. Every bar of a transcript shares one
 * scale, so the slow turn stands out; the words beside the bar say the same for screen readers.
 */
import type { Turn } from './types';

type Timings = NonNullable<Turn['timings']>;
type Stage = 'eot' | 'stt' | 'llm' | 'tts' | 'out';

interface Segment {
  stage: Stage;
  from: number;
  to: number;
}

export const STAGE_NAMES: Record<Stage, string> = {
  eot: 'end of turn',
  stt: 'speech-to-text',
  llm: 'language model',
  tts: 'text-to-speech',
  out: 'sending',
};

const DECIDED_BY: Record<Exclude<NonNullable<Timings['endOfTurn']>['by'], 'text'>, string> = {
  vad: 'the pause',
  turn_model: 'the turn model',
  timeout: 'the longest wait',
};

/**
 * The stages as bars from the turn's latency start: for a contact's turn the moment they went quiet
 * (the decision's time less its wait), for the agent's the start of its answer.
 */
function segments(t: Timings): Segment[] {
  if (t.endOfTurn) {
    const paused = t.endOfTurn.atMs - t.endOfTurn.waitedMs;
    const taken = (t.takenMs ?? t.endOfTurn.atMs) - paused;
    return [
      { stage: 'eot' as const, from: 0, to: t.endOfTurn.waitedMs },
      { stage: 'stt' as const, from: t.endOfTurn.waitedMs, to: taken },
    ].filter((s) => s.to > s.from);
  }
  const out: Segment[] = [];
  let at = 0;
  for (const [stage, end] of [
    ['llm', t.llmFirstTokenMs],
    ['tts', t.ttsFirstByteMs],
    ['out', t.firstAudioMs],
  ] as const) {
    if (end === undefined || end <= at) continue;
    out.push({ stage, from: at, to: end });
    at = end;
  }
  return out;
}

/** The length of the longest bar among `turns`, the transcript's one scale. */
export function timelineScale(turns: Turn[]): number {
  return Math.max(0, ...turns.map((t) => (t.timings ? (segments(t.timings).at(-1)?.to ?? 0) : 0)));
}

const ms = (n: number) => `${Math.round(n)} ms`;

function summary(t: Timings): string {
  if (t.endOfTurn) {
    const { by, probability, inferenceMs, waitedMs } = t.endOfTurn;
    const model =
      probability === undefined ? '' : ` (complete ${Math.round(probability * 100)}%${inferenceMs === undefined ? '' : `, decided in ${ms(inferenceMs)}`})`;
    const paused = t.endOfTurn.atMs - waitedMs;
    const late = t.takenMs !== undefined && t.takenMs > t.endOfTurn.atMs ? ` · speech-to-text final ${ms(t.takenMs - paused)} after the pause` : '';
    return by === 'text'
      ? 'Turn taken from its text alone, with nothing to wait for'
      : `Turn ended by ${DECIDED_BY[by]}${model}, ${ms(waitedMs)} after the pause${late}`;
  }
  const parts = [
    t.llmFirstTokenMs !== undefined && `first token ${ms(t.llmFirstTokenMs)}`,
    t.ttsFirstByteMs !== undefined && `first speech ${ms(t.ttsFirstByteMs)}`,
    t.firstAudioMs !== undefined && `first audio out ${ms(t.firstAudioMs)}`,
  ].filter(Boolean);
  return parts.join(' · ');
}

export function TurnTimeline(props: { timings: Timings; scaleMs: number }) {
  const { timings, scaleMs } = props;
  const bars = segments(timings);
  const width = (n: number) => `${Math.min(100, (100 * n) / Math.max(scaleMs, 1))}%`;
  return (
    <div class="timeline">
      {bars.length > 0 && (
        <div class="timeline-bar" aria-hidden="true">
          {bars.map((s) => (
            <span
              key={s.stage}
              class={`seg seg-${s.stage}`}
              style={{ left: width(s.from), width: width(s.to - s.from) }}
              title={`${STAGE_NAMES[s.stage]}: ${ms(s.to - s.from)}`}
            />
          ))}
        </div>
      )}
      <span class="timeline-text">{summary(timings)}</span>
      {timings.interrupted && (
        <span class="timeline-text timeline-cut">
          Interrupted at {(timings.interrupted.atMs / 1000).toFixed(1)} s; not heard: “{timings.interrupted.cutText}”
        </span>
      )}
    </div>
  );
}

/** What the bars' colours mean, shown once above a transcript that has any; the turns' own words say it to screen readers. */
export function TimelineLegend() {
  return (
    <p class="timeline-legend" aria-hidden="true">
      {(Object.keys(STAGE_NAMES) as Stage[]).map((stage) => (
        <span key={stage}>
          <span class={`swatch seg-${stage}`} aria-hidden="true" /> {STAGE_NAMES[stage]}
        </span>
      ))}
    </p>
  );
}
