/**
 * The organization's phone numbers, or one agent's, each with what the user may do to it: point it
 * at another agent or rename it, release it (after a confirmation), and ring it with a simulated
 * caller to open that call.
 */
import { useState } from 'preact/hooks';
import { useGet, useSubmit } from '../hooks';
import { del, patch, post, query, type Page } from '../http';
import { AgentOptions, useAgents, type AgentSummary } from '../lists';
import { href } from '../routes';
import { currentSession, holds } from '../session';
import type { Call, PhoneNumber } from '../types';
import { ConfirmButton, ErrorNote, Field, FormError, Loaded, Time } from '../ui';

/** The simulated carrier's claimable range (Ofcom's drama numbers): a suggestion, any number may be typed. */
/** One number's row of actions: edit (agent, name), release after confirming, and a test call. */
function NumberActions(props: { number: PhoneNumber; agents: AgentSummary[]; onChanged: () => void }) {
  const session = currentSession()!;
  const { number } = props;
  const [editing, setEditing] = useState(false);
  const [agentId, setAgentId] = useState(number.agentId);
  const [name, setName] = useState(number.name);
  const save = useSubmit(async () => {
    await patch<PhoneNumber>(`/phone-numbers/${number.id}`, { agentId, name });
    setEditing(false);
    props.onChanged();
  });
  const release = useSubmit(async () => {
    await del(`/phone-numbers/${number.id}`);
    props.onChanged();
  });
  const testCall = useSubmit(async () => {
    const call = await post<Call>(`/phone-numbers/${number.id}/test-calls`, {});
    location.hash = href(`/calls/${call.id}`);
  });
  const error = save.error ?? release.error ?? testCall.error;
  if (editing) {
    return (
      <form
        class="row-form"
        aria-label={`Edit ${number.phoneNumber}`}
        onSubmit={(e) => {
          e.preventDefault();
          void save.submit();
        }}
      >
        <FormError error={save.error} params={['body.agentId', 'body.name']} />
        <Field label="Answered by" param="body.agentId" error={save.error}>
          {(c) => (
            <select {...c} value={agentId} onChange={(e) => setAgentId(e.currentTarget.value)}>
              <AgentOptions agents={props.agents} />
            </select>
          )}
        </Field>
        <Field label="Name" param="body.name" error={save.error}>
          {(c) => <input {...c} value={name} onInput={(e) => setName(e.currentTarget.value)} />}
        </Field>
        <div class="actions">
          <button type="submit" class="primary" disabled={save.busy}>
            Save
          </button>
          <button type="button" onClick={() => setEditing(false)}>
            Cancel
          </button>
        </div>
      </form>
    );
  }
  return (
    <>
      {error && <ErrorNote error={error} />}
      <div class="actions">
        {holds(session, 'campaigns:manage') && (
          <button type="button" disabled={testCall.busy} onClick={() => void testCall.submit()}>
            {testCall.busy ? 'Ringing…' : 'Place a test call'}
          </button>
        )}
        {holds(session, 'agents:manage') && (
          <>
            <button type="button" onClick={() => setEditing(true)}>
              Edit
            </button>
            <ConfirmButton
              label="Release…"
              confirm={`Release ${number.phoneNumber}`}
              keep="Keep it"
              busy={release.busy}
              onConfirm={() => void release.submit()}
            />
          </>
        )}
      </div>
    </>
  );
}

/** As many numbers as an organization has in practice; more are counted, not listed. */
const LIMIT = 100;

/**
 * The numbers of the organization, or of one agent (`agentId`), with what the user may do to them:
 * a list rather than a table, so that a phone's width shows every number's actions.
 */
export function NumberList(props: { agentId?: string; empty: string }) {
  const numbers = useGet<Page<PhoneNumber>>(`/phone-numbers${query({ agentId: props.agentId, limit: LIMIT })}`);
  const agents = useAgents('phone');
  const agentName = (id: string) => agents.find((a) => a.id === id)?.name ?? 'another agent';
  return (
    <Loaded state={numbers} empty={props.empty} isEmpty={(p) => p.data.length === 0}>
      {(p) => (
        <>
          <ul class="numbers">
            {p.data.map((n) => (
              <li key={n.id} aria-label={n.phoneNumber}>
                <div>
                  <strong>{n.phoneNumber}</strong>
                  {n.name && <span> · {n.name}</span>}
                  <br />
                  <small class="muted">
                    Answered by <a href={href(`/agents/${n.agentId}`)}>{agentName(n.agentId)}</a> · claimed <Time at={n.createdAt} />
                  </small>
                </div>
                <NumberActions key={`${n.id}-${n.updatedAt}`} number={n} agents={agents} onChanged={() => void numbers.reload()} />
              </li>
            ))}
          </ul>
          {p.pagination.total > LIMIT && (
            <p class="muted">
              The first {LIMIT} of {p.pagination.total} numbers.
            </p>
          )}
        </>
      )}
    </Loaded>
  );
}
