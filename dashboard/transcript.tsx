/** A transcript as a conversation, the agent on one side and the person on the other, each turn with its timeline, polled while live. */
import { useGet } from './hooks';
import { TimelineLegend, TurnTimeline, timelineScale } from './timeline';
import type { Turn } from './types';
import { Loaded } from './ui';

/** A session has 120 requests a minute: a live transcript every 2 s keeps well under with the page's other polls. */
const LIVE_MS = 2000;

type ToolCall = NonNullable<Turn['tool']>;

const compact = (value: unknown) => (value === undefined ? '' : JSON.stringify(value));
const field = (value: unknown, name: string) => (value && typeof value === 'object' && name in value ? (value as Record<string, unknown>)[name] : undefined);

/**
 * A transfer turn: where to, and how it went when the tool says; the destination is the model's
 * argument, the outcome the tool's answer (or its error).
 */
function TransferTurn(props: { tool: ToolCall }) {
  const { tool } = props;
  const destination = field(tool.arguments, 'phoneNumber') ?? field(tool.arguments, 'destination') ?? field(tool.result, 'destination');
  const outcome = field(tool.result, 'outcome') ?? field(tool.result, 'status');
  return (
    <>
      <strong>Transfer</strong>
      {typeof destination === 'string' && <> to {destination}</>}
      {tool.outcome === 'error' ? (
        <span class="tool-outcome bad"> · failed: {tool.error}</span>
      ) : (
        typeof outcome === 'string' && <span class="tool-outcome ok"> · {outcome}</span>
      )}
      <span class="muted"> · {tool.durationMs} ms</span>
    </>
  );
}

/** Any tool turn: its name, the arguments the model gave, what came back and how long it took. */
function ToolTurn(props: { tool: ToolCall }) {
  const { tool } = props;
  if (tool.name === 'transfer' || tool.name === 'transfer_call') return <TransferTurn tool={tool} />;
  return (
    <>
      <strong>{tool.name}</strong>
      <span class={`tool-outcome ${tool.outcome === 'ok' ? 'ok' : 'bad'}`}> · {tool.outcome === 'ok' ? 'answered' : 'failed'}</span>
      <span class="muted"> · {tool.durationMs} ms</span>
      <dl class="tool-call">
        <dt>Asked with</dt>
        <dd>
          <code>{compact(tool.arguments) || 'nothing'}</code>
        </dd>
        <dt>{tool.outcome === 'ok' ? 'Answer' : 'Why it failed'}</dt>
        <dd>{tool.outcome === 'ok' ? <code>{compact(tool.result) || 'nothing'}</code> : tool.error}</dd>
      </dl>
    </>
  );
}

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
                  <li key={turn.startedAt + turn.role} class={turn.role === 'agent' ? 'agent' : turn.role === 'tool' ? 'tool' : 'contact'}>
                    <span class="speaker">
                      {turn.role === 'agent' ? 'Agent' : turn.role === 'tool' ? 'Tool' : props.person} · {Math.round(turn.offsetMs / 1000)} s
                    </span>
                    {turn.role === 'tool' && turn.tool ? <ToolTurn tool={turn.tool} /> : turn.text}
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
