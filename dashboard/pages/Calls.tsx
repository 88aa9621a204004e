/** Calls, newest first, filtered as GET /calls is (agent, status, direction), page by page; live ones refresh. */
import { useState } from 'preact/hooks';
import { useGet } from '../hooks';
import { query, type Page } from '../http';
import { href } from '../routes';
import type { Agent, Call } from '../types';
import { Badge, Choice, Loaded, PageTitle, Table, Time } from '../ui';
import { dispositionTone } from './Overview';

const POLL_MS = 5000;

export function Calls() {
  const [agentId, setAgentId] = useState('');
  const [status, setStatus] = useState('');
  const [direction, setDirection] = useState('');
  const [page, setPage] = useState(1);
  const calls = useGet<Page<Call>>(`/calls${query({ agentId, status, direction, page, limit: 25 })}`, POLL_MS);
  const agents = useGet<Page<Agent>>('/agents?type=phone&limit=100');
  return (
    <>
      <PageTitle>Calls</PageTitle>
      <form class="filters" aria-label="Filter calls" onSubmit={(e) => e.preventDefault()}>
        <label>
          Agent{' '}
          <select value={agentId} onChange={(e) => (setAgentId(e.currentTarget.value), setPage(1))}>
            <option value="">All agents</option>
            {agents.data?.data.map((a) => (
              <option key={a.id} value={a.id}>
                {a.name}
              </option>
            ))}
          </select>
        </label>
        <label>
          Status{' '}
          <Choice value={status} onChange={(v) => (setStatus(v), setPage(1))} options={[['', 'Any'], 'created', 'active', 'completed']} />
        </label>
        <label>
          Direction{' '}
          <Choice value={direction} onChange={(v) => (setDirection(v), setPage(1))} options={[['', 'Any'], 'outbound', 'inbound']} />
        </label>
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
                        <td>{call.direction}</td>
                        <td>{call.agentName}</td>
                        <td>
                          <Badge tone={dispositionTone(call)}>{call.disposition ?? call.status}</Badge>
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
