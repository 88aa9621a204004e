/**
 * The organization's phone numbers: claim one for an agent, point it at another agent or rename
 * it, release it (after a confirmation), and ring it with a simulated caller to open that call.
 */
import { useState } from 'preact/hooks';
import { useSubmit } from '../hooks';
import { post } from '../http';
import { AgentOptions, useAgents, type AgentSummary } from '../lists';
import { currentSession, holds } from '../session';
import type { PhoneNumber } from '../types';
import { Field, FormError, PageTitle } from '../ui';
import { NumberList } from '../parts/NumberList';

/** The simulated carrier's claimable range (Ofcom's drama numbers): a suggestion, any number may be typed. */
const SUGGESTED_NUMBER = '+441134960000';

function Claim(props: { agents: AgentSummary[]; onClaimed: () => void }) {
  const [phoneNumber, setPhoneNumber] = useState(SUGGESTED_NUMBER);
  const [agentId, setAgentId] = useState('');
  const [name, setName] = useState('');
  const { submit, error, busy } = useSubmit(async () => {
    await post<PhoneNumber>('/phone-numbers', { phoneNumber, agentId, ...(name ? { name } : {}) });
    setName('');
    props.onClaimed();
  });
  return (
    <section class="card" aria-labelledby="claim-title">
      <h2 id="claim-title">Claim a number</h2>
      <p class="muted">
        Calls to the number are answered by the agent, which must take inbound calls. On the simulated carrier, +44 113 496 0000 to 0999 can be claimed.
      </p>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <FormError error={error} params={['body.phoneNumber', 'body.agentId', 'body.name']} />
        <Field label="Number" param="body.phoneNumber" error={error} hint="With its country code and no spaces, such as +441134960000.">
          {(c) => <input {...c} value={phoneNumber} onInput={(e) => setPhoneNumber(e.currentTarget.value)} />}
        </Field>
        <Field label="Answered by" param="body.agentId" error={error}>
          {(c) => (
            <select {...c} value={agentId} onChange={(e) => setAgentId(e.currentTarget.value)}>
              <AgentOptions agents={props.agents} />
            </select>
          )}
        </Field>
        <Field label="Name (optional)" param="body.name" error={error}>
          {(c) => <input {...c} value={name} placeholder="Support line" onInput={(e) => setName(e.currentTarget.value)} />}
        </Field>
        <button type="submit" class="primary" disabled={busy}>
          {busy ? 'Claiming…' : 'Claim number'}
        </button>
      </form>
    </section>
  );
}

export function PhoneNumbers() {
  const agents = useAgents('phone');
  const [claimed, setClaimed] = useState(0);
  return (
    <>
      <PageTitle>Phone numbers</PageTitle>
      {holds(currentSession()!, 'agents:manage') && <Claim agents={agents} onClaimed={() => setClaimed(claimed + 1)} />}
      <section class="card" aria-label="Phone numbers">
        <NumberList key={claimed} empty="No numbers yet: claim one to have an agent answer it." />
      </section>
    </>
  );
}
