/**
 * Charts of GET /analytics/calls and GET /analytics/interviews over a range, grouped as the API
 * groups, each with its figures as a table one click away; every figure and group in words and
 * units, never the API's field names.
 */
import { useState } from 'preact/hooks';
import { DISPOSITION_LABELS } from '../callStates';
import { BarChart } from '../chart';
import { useGet } from '../hooks';
import { query, type Page } from '../http';
import { FilterSelect, useAgents } from '../lists';
import { ErrorNote, Loading, PageTitle, useId } from '../ui';

/** A bucket (or the totals): its `key` and figures; counts by outcome, sentiment or recommendation are objects. */
type Bucket = { key?: string } & Record<string, unknown>;

interface Analytics {
  object: 'analytics';
  metric: string;
  from: string;
  to: string;
  groupBy: string;
  totals: Bucket;
  buckets: Bucket[];
}

const GROUPS: [string, string][] = [
  ['day', 'Day'],
  ['agent', 'Agent'],
  ['campaign', 'Campaign'],
  ['disposition', 'How calls ended'],
  ['outcome', 'Outcome'],
];
const groupName = (groupBy: string) => GROUPS.find(([g]) => g === groupBy)?.[1] ?? groupBy;

/** Each figure of the API's buckets, in words, with how its number reads. */
const FIGURES: Record<string, [string, (n: number) => string]> = {
  calls: ['Calls', String],
  interviews: ['Interviews', String],
  started: ['Started', String],
  connected: ['Answered', String],
  connectRate: ['Answer rate', (n) => `${Math.round(n * 100)}%`],
  completed: ['Completed', String],
  minutes: ['Connected minutes', (n) => `${Math.round(n * 10) / 10} min`],
  chargedMinutes: ['Minutes charged', (n) => `${n} min`],
  avgDurationSeconds: ['Average length', (n) => `${Math.round(n)} s`],
  avgOverallScore: ['Average score', (n) => `${n} of 5`],
  outcomes: ['Outcomes', String],
  sentiment: ['Sentiment', String],
  optOuts: ['Asked not to be called', String],
};

/** A group's key in words: a way calls ended by its label, a missing key (calls with no campaign, no outcome) as "Unknown". */
const keyName = (key: unknown) =>
  key === null || key === undefined || key === 'null' || key === '' ? 'Unknown' : (DISPOSITION_LABELS[String(key)] ?? String(key));

/** A figure as the table shows it: numbers in their unit, counts by name as "name: n". */
function shown(value: unknown, field: string): string {
  if (typeof value === 'number') return (FIGURES[field]?.[1] ?? String)(Math.round(value * 100) / 100);
  if (value && typeof value === 'object')
    return (
      Object.entries(value)
        .map(([k, v]) => `${k}: ${String(v)}`)
        .join(', ') || '—'
    );
  return value === null || value === undefined ? '—' : String(value);
}

/** The figures a section's cards lead with, from its totals. */
const SUMMARY = {
  calls: ['calls', 'connectRate', 'minutes', 'avgDurationSeconds', 'chargedMinutes'],
  interviews: ['interviews', 'completed', 'avgOverallScore'],
};

/** What a rate or an average is taken over: with none of it, the API's 0 would read as a measured 0. */
const OVER: Record<string, string> = { connectRate: 'calls', avgDurationSeconds: 'connected', avgOverallScore: 'completed' };

/** The period's totals as cards above the chart, each figure in words with its unit; a figure with nothing to average shows a dash. */
function Summary(props: { metric: 'calls' | 'interviews'; totals: Bucket }) {
  const value = (field: string) => (OVER[field] && props.totals[OVER[field]] === 0 ? '—' : shown(props.totals[field], field));
  return (
    <div class="stats" data-testid={`summary-${props.metric}`}>
      {SUMMARY[props.metric].map((field) => (
        <div class="stat" key={field}>
          <span class="value">{value(field)}</span>
          <span class="label">{FIGURES[field]?.[0]}</span>
        </div>
      ))}
    </div>
  );
}

function Metric(props: {
  metric: 'calls' | 'interviews';
  title: string;
  params: Record<string, string>;
  chart: { field: string; label: string; unit: string };
}) {
  const analytics = useGet<Analytics>(`/analytics/${props.metric}${query(props.params)}`);
  const headingId = useId('metric');
  let body;
  if (analytics.error) body = <ErrorNote error={analytics.error} />;
  else if (!analytics.data) body = <Loading />;
  else {
    const { buckets, totals } = analytics.data;
    const columns = Object.keys(totals).filter((k) => k !== 'key');
    body = (
      <>
        <Summary metric={props.metric} totals={totals} />
        {buckets.length === 0 ? (
          <p class="muted">Nothing in this period.</p>
        ) : (
          <BarChart
            label={`${props.chart.label} by ${groupName(analytics.data.groupBy).toLowerCase()}`}
            labels={buckets.map((b) => keyName(b.key))}
            values={buckets.map((b) => Math.round(Number(b[props.chart.field] ?? 0) * 10) / 10)}
            unit={props.chart.unit}
          />
        )}
        <details>
          <summary>Every figure as a table</summary>
          <div class="table-wrap">
            <table>
              <caption class="visually-hidden">{props.title}: every figure</caption>
              <thead>
                <tr>
                  <th scope="col">{groupName(analytics.data.groupBy)}</th>
                  {columns.map((c) => (
                    <th scope="col" key={c}>
                      {FIGURES[c]?.[0] ?? c}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {buckets.map((b) => (
                  <tr key={String(b.key)}>
                    <th scope="row">{keyName(b.key)}</th>
                    {columns.map((c) => (
                      <td key={c}>{shown(b[c], c)}</td>
                    ))}
                  </tr>
                ))}
                <tr>
                  <th scope="row">Total</th>
                  {columns.map((c) => (
                    <td key={c}>{shown(totals[c], c)}</td>
                  ))}
                </tr>
              </tbody>
            </table>
          </div>
        </details>
      </>
    );
  }
  return (
    <section class="card" aria-labelledby={headingId}>
      <h2 id={headingId}>{props.title}</h2>
      {body}
    </section>
  );
}

type Campaign = { id: string; name: string; agentId: string };

/**
 * The filters never contradict each other: a campaign runs one phone agent, so choosing a campaign
 * chooses its agent, and choosing an agent offers only its campaigns. Calls are placed by phone
 * agents and interviews held by voice agents, so a section the agent cannot have says so instead
 * of showing another agent's figures; interviews belong to no campaign.
 */
export function AnalyticsPage() {
  const [form, setForm] = useState({
    from: '',
    to: '',
    groupBy: 'day',
    agentId: '',
    campaignId: '',
    timezone: Intl.DateTimeFormat().resolvedOptions().timeZone,
  });
  const [params, setParams] = useState(form);
  const phoneAgents = useAgents('phone');
  const voiceAgents = useAgents('voice');
  const campaigns = useGet<Page<Campaign>>('/campaigns?limit=100').data?.data ?? [];
  const ids = { from: useId('from'), to: useId('to'), group: useId('group'), tz: useId('tz') };
  const set = (name: keyof typeof form) => (e: Event) => setForm({ ...form, [name]: (e.currentTarget as HTMLInputElement).value });
  const chooseAgent = (agentId: string) => {
    const campaign = campaigns.find((c) => c.id === form.campaignId);
    setForm({ ...form, agentId, campaignId: campaign && agentId && campaign.agentId !== agentId ? '' : form.campaignId });
  };
  const chooseCampaign = (campaignId: string) => setForm({ ...form, campaignId, agentId: campaigns.find((c) => c.id === campaignId)?.agentId ?? form.agentId });
  const shownAgent = params.agentId ? (voiceAgents.some((a) => a.id === params.agentId) ? 'voice' : 'phone') : undefined;
  return (
    <>
      <PageTitle>Analytics</PageTitle>
      <form
        class="filters"
        aria-label="Range and grouping"
        onSubmit={(e) => {
          e.preventDefault();
          setParams(form);
        }}
      >
        <div class="field">
          <label for={ids.from}>From</label>
          <input id={ids.from} type="date" value={form.from} onInput={set('from')} />
        </div>
        <div class="field">
          <label for={ids.to}>To</label>
          <input id={ids.to} type="date" value={form.to} onInput={set('to')} />
        </div>
        <div class="field">
          <label for={ids.group}>Group by</label>
          <select id={ids.group} value={form.groupBy} onChange={set('groupBy')}>
            {GROUPS.map(([g, label]) => (
              <option key={g} value={g}>
                {label}
              </option>
            ))}
          </select>
        </div>
        <FilterSelect label="Agent" value={form.agentId} options={[...phoneAgents, ...voiceAgents].map((a) => [a.id, a.name])} onChange={chooseAgent} />
        <FilterSelect
          label="Campaign"
          value={form.campaignId}
          options={campaigns.filter((c) => !form.agentId || c.agentId === form.agentId).map((c) => [c.id, c.name])}
          onChange={chooseCampaign}
        />
        <div class="field">
          <label for={ids.tz}>Time zone</label>
          <input id={ids.tz} value={form.timezone} onInput={set('timezone')} />
        </div>
        <div class="actions">
          <button type="submit" class="primary">
            Show
          </button>
        </div>
      </form>
      {shownAgent === 'voice' ? (
        <Absent title="Calls" why="This agent holds interviews; it places no calls." />
      ) : (
        <Metric metric="calls" title="Calls" params={params} chart={{ field: 'minutes', label: 'Connected minutes', unit: 'min' }} />
      )}
      {/* Interviews are grouped by day or agent only (the API's INTERVIEW_GROUPS). */}
      {params.campaignId || shownAgent === 'phone' ? (
        <Absent title="Interviews" why={params.campaignId ? 'Interviews belong to no campaign.' : 'This agent places calls; it holds no interviews.'} />
      ) : (
        <Metric
          metric="interviews"
          title="Interviews"
          params={{ ...params, groupBy: params.groupBy === 'agent' ? 'agent' : 'day' }}
          chart={{ field: 'completed', label: 'Interviews completed', unit: 'interviews' }}
        />
      )}
    </>
  );
}

/** A section the filters rule out, saying why. */
function Absent(props: { title: string; why: string }) {
  const headingId = useId('metric');
  return (
    <section class="card" aria-labelledby={headingId}>
      <h2 id={headingId}>{props.title}</h2>
      <p class="muted">{props.why}</p>
    </section>
  );
}
