/** A transcript as a conversation, the agent on one side and the person on the other, each turn with its timeline, polled while live. */
import { useGet } from './hooks';
import { TimelineLegend, TurnTimeline, timelineScale } from './timeline';
import type { Turn } from './types';
import { Loaded } from './ui';

/** A session has 120 requests a minute: a live transcript every 2 s keeps well under with the page's other polls. */
const LIVE_MS = 2000;

export function Conversation(props: { path: string; live: boolean; person: string }) {
  const transcript = useGet<{ data: Turn[] }>(props.path, props.live ? LIVE_MS : undefined);
  return (
    <section class="card" aria-labelledby="transcript-title">
      <h2 id="transcript-title">Transcript</h2>
      <Loaded state={transcript} empty={props.live ? 'Nothing said yet.' : 'Nothing was said.'} isEmpty={(t) => t.data.length === 0}>
        {(t) => {
          const scaleMs = timelineScale(t.data);
          return (
            <>
              {scaleMs > 0 && <TimelineLegend />}
              <ol class="conversation" aria-live={props.live ? 'polite' : undefined}>
                {t.data.map((turn) => (
                  <li key={turn.startedAt + turn.role} class={turn.role === 'agent' ? 'agent' : 'contact'}>
                    <span class="speaker">
                      {turn.role === 'agent' ? 'Agent' : (turn.role as string) === 'tool' ? 'Tool' : props.person} · {Math.round(turn.offsetMs / 1000)} s
                    </span>
                    {turn.text}
                    {turn.timings && <TurnTimeline timings={turn.timings} scaleMs={scaleMs} />}
                  </li>
                ))}
              </ol>
            </>
          );
        }}
      </Loaded>
    </section>
  );
}
