/**
 * Calls, newest first, found as a person knows them (a number as they write it, a name, their own
 * reference), by day, agent and state (GET /calls's filters), page by page, live ones refreshing;
 * the filtered list exported as a CSV file.
 */
import Papa from 'papaparse';
import { useState } from 'preact/hooks';
import { DISPOSITION_LABELS, CallState, callStateLabel } from '../callStates';
import { asSpreadsheetText } from '../csv';
import { useGet, useSubmit } from '../hooks';
import { get, query, type Page } from '../http';
import { FilterSelect } from '../lists';
import { href } from '../routes';
import type { Agent, Call } from '../types';
import { ErrorNote, Loaded, PageTitle, Table, Time, useId } from '../ui';

const POLL_MS = 5000;
/** The most calls one export reads: 100 pages of the API's largest. */
const EXPORT_PAGES = 100;

/** A state filter as the API takes it: `status` for calls not ended, else `disposition`. */
const STATES: [string, string][] = [
  ['status:created', 'Dialling'],
  ['status:active', 'In progress'],
  ...Object.entries(DISPOSITION_LABELS).map(([value, label]) => [`disposition:${value}`, label] as [string, string]),
];

/** Who called whom: placed by the API or a campaign, or to one of the organization's numbers. */
const DIRECTIONS: Record<Call['direction'], string> = { outbound: 'Outbound', inbound: 'Inbound' };

/** A day typed in a date field as the instants that bound it in this browser's time zone. */
const dayStart = (day: string) => (day ? new Date(`${day}T00:00:00`).toISOString() : undefined);
const dayEnd = (day: string) => {
  if (!day) return undefined;
  const next = new Date(`${day}T00:00:00`);
  next.setDate(next.getDate() + 1);
  return next.toISOString();
};

interface Filters {
  q: string;
  from: string;
  to: string;
  state: string;
  agentId: string;
  direction: string;
}

const filterQuery = (f: Filters) => {
  const [kind, value] = f.state.split(':');
  return {
    q: f.q.trim(),
    createdAfter: dayStart(f.from),
    createdBefore: dayEnd(f.to),
    agentId: f.agentId,
    direction: f.direction,
    status: kind === 'status' ? value : undefined,
    disposition: kind === 'disposition' ? value : undefined,
  };
};

/** Every call the filters find, page after page, as a CSV file the browser downloads. */
async function exportCalls(filters: Filters) {
  const rows: Call[] = [];
  for (let page = 1; page <= EXPORT_PAGES; page += 1) {
    const answer = await get<Page<Call>>(`/calls${query({ ...filterQuery(filters), page, limit: 100 })}`);
    rows.push(...answer.data);
    if (!answer.pagination.hasMore) break;
  }
  const csv = Papa.unparse(
    rows.map((c) => ({
      Placed: c.createdAt,
      Contact: asSpreadsheetText(c.contactName),
      Number: c.phoneNumber,
      Direction: DIRECTIONS[c.direction],
      'Your reference': asSpreadsheetText(c.externalRef),
      Agent: asSpreadsheetText(c.agentName),
      State: callStateLabel(c),
      'Duration (seconds)': c.durationSeconds ?? '',
      'Minutes charged': c.chargedMinutes ?? '',
      'Call id': c.id,
    })),
  );
  const link = document.createElement('a');
  link.href = URL.createObjectURL(new Blob([csv], { type: 'text/csv' }));
  link.download = `calls-${new Date().toISOString().slice(0, 10)}.csv`;
  link.click();
  // Freed once the download has surely read it.
  setTimeout(() => URL.revokeObjectURL(link.href), 60_000);
}

export function Calls() {
  const [filters, setFilters] = useState<Filters>({ q: '', from: '', to: '', state: '', agentId: '', direction: '' });
  const [page, setPage] = useState(1);
  const calls = useGet<Page<Call>>(`/calls${query({ ...filterQuery(filters), page, limit: 25 })}`, POLL_MS);
  const agents = useGet<Page<Agent>>('/agents?type=phone&limit=100');
  const exporting = useSubmit(() => exportCalls(filters));
  const set = (name: keyof Filters) => (value: string) => (setFilters({ ...filters, [name]: value }), setPage(1));
  const ids = { q: useId('filter'), from: useId('filter'), to: useId('filter') };
  return (
    <>
      <PageTitle
        actions={
          <button type="button" onClick={() => void exporting.submit()} disabled={exporting.busy}>
            {exporting.busy ? 'Exporting…' : 'Export CSV'}
          </button>
        }
      >
        Calls
      </PageTitle>
      {exporting.error && <ErrorNote error={exporting.error} />}
      <form class="filters" aria-label="Filter calls" onSubmit={(e) => e.preventDefault()}>
        <div class="field">
          <label for={ids.q}>Search</label>
          <input id={ids.q} type="search" placeholder="Number, name or your reference" value={filters.q} onInput={(e) => set('q')(e.currentTarget.value)} />
        </div>
        <div class="field">
          <label for={ids.from}>Placed from</label>
          <input id={ids.from} type="date" value={filters.from} onInput={(e) => set('from')(e.currentTarget.value)} />
        </div>
        <div class="field">
          <label for={ids.to}>Placed until</label>
          <input id={ids.to} type="date" value={filters.to} onInput={(e) => set('to')(e.currentTarget.value)} />
        </div>
        <FilterSelect label="State" value={filters.state} options={STATES} onChange={set('state')} />
        <FilterSelect
          label="Agent"
          value={filters.agentId}
          options={(agents.data?.data ?? []).map((a) => [a.id, a.name] as [string, string])}
          onChange={set('agentId')}
        />
        <FilterSelect label="Direction" value={filters.direction} options={Object.entries(DIRECTIONS)} onChange={set('direction')} />
      </form>
      <section class="card" aria-label="Calls">
        <Loaded state={calls} empty="No calls match." isEmpty={(p) => p.data.length === 0}>
          {(p) => (
            <>
              <Table headers={['Contact', 'Direction', 'Agent', 'State', 'Duration', 'Placed']}>
                {p.data.map((call) => (
                  <tr key={call.id}>
                    <th scope="row">
                      <a href={href(`/calls/${call.id}`)}>{call.contactName || call.phoneNumber}</a>
                      <br />
                      <span class="muted">{call.phoneNumber}</span>
                    </th>
                    <td>{DIRECTIONS[call.direction]}</td>
                    <td>{call.agentName}</td>
                    <td>
                      <CallState call={call} />
                    </td>
                    <td>{call.durationSeconds === null ? '—' : `${call.durationSeconds} s`}</td>
                    <td>
                      <Time at={call.createdAt} />
                    </td>
                  </tr>
                ))}
              </Table>
              <nav class="pager" aria-label="Pages of calls">
                <button type="button" disabled={page <= 1} onClick={() => setPage(page - 1)}>
                  Previous
                </button>
                <span>
                  Page {p.pagination.page} of {Math.max(1, p.pagination.totalPages)} ({p.pagination.total} calls)
                </span>
                <button type="button" disabled={!p.pagination.hasMore} onClick={() => setPage(page + 1)}>
                  Next
                </button>
              </nav>
            </>
          )}
        </Loaded>
      </section>
    </>
  );
}
