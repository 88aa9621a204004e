/** Agents: the phone or voice agents of the organization, and a new one. */
import { useState } from 'preact/hooks';
import { useGet, useSubmit } from '../hooks';
import { post, query, type Page } from '../http';
import { href } from '../routes';
import { currentSession, holds } from '../session';
import type { Agent } from '../types';
import { Choice, Loaded, PageTitle, Table, Time } from '../ui';
import { AgentForm, agentBody, fieldsOf } from '../parts/AgentForm';

function NewAgent() {
  const { submit, error, busy } = useSubmit(async (fields: Parameters<typeof agentBody>[0]) => {
    const agent = await post<Agent>('/agents', agentBody(fields));
    location.hash = href(`/agents/${agent.id}`);
  });
  return (
    <section class="card" aria-labelledby="new-agent-title">
      <h2 id="new-agent-title">New agent</h2>
      <AgentForm initial={fieldsOf()} creating error={error} busy={busy} submitLabel="Create agent" onSubmit={(f) => void submit(f)} />
    </section>
  );
}

export function Agents() {
  const [type, setType] = useState<'phone' | 'voice'>('phone');
  const agents = useGet<Page<Agent>>(`/agents${query({ type, limit: 100 })}`);
  const canManage = holds(currentSession()!, 'agents:manage');
  return (
    <>
      <PageTitle>Agents</PageTitle>
      <section class="card" aria-labelledby="agents-title">
        <div class="page-title">
          <h2 id="agents-title">{type === 'phone' ? 'Phone agents' : 'Voice agents'}</h2>
          <label class="check">
            Show{' '}
            <Choice
              label="Agent type"
              value={type}
              onChange={setType}
              options={
                [
                  ['phone', 'phone agents'],
                  ['voice', 'voice agents'],
                ] as const
              }
            />
          </label>
        </div>
        <Loaded state={agents} empty={`No ${type} agents yet.`} isEmpty={(page) => page.data.length === 0}>
          {(page) => (
            <Table headers={['Name', 'Language', type === 'phone' ? 'Calls' : 'Interviews', 'Updated']}>
              {page.data.map((agent) => (
                <tr key={agent.id}>
                  <th scope="row">
                    <a href={href(`/agents/${agent.id}`)}>{agent.name}</a>
                  </th>
                  <td>{agent.language}</td>
                  <td>{agent.sessionsCount}</td>
                  <td>
                    <Time at={agent.updatedAt} />
                  </td>
                </tr>
              ))}
            </Table>
          )}
        </Loaded>
      </section>
      {canManage && <NewAgent />}
    </>
  );
}
