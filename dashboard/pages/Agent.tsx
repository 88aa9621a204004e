/** One agent: its settings to edit, and for a phone agent a call from the browser, its numbers and a test call to a simulated number. */
import { useState } from 'preact/hooks';
import { useGet, useSubmit } from '../hooks';
import { del, patch, post } from '../http';
import type { PageProps } from '../routes';
import { href } from '../routes';
import { currentSession, holds } from '../session';
import type { Agent as AgentData, Call } from '../types';
import { Choice, Field, FormError, Loaded, PageTitle } from '../ui';
import { AgentForm, agentBody, fieldsOf } from './AgentForm';
import { AgentNumbers } from './AgentNumbers';
import { TalkToAgent } from './TalkToAgent';

/** The simulated carrier's test numbers (providers/carrier/testNumbers.ts, listed in docs/calls.md): suggestions, any number may be typed. */
const TEST_NUMBERS: [string, string][] = [
  ['+442079460001', 'answers'],
  ['+442079460002', 'never answers'],
  ['+442079460003', 'busy'],
  ['+442079460004', 'voicemail'],
  ['+442079460006', 'hangs up early'],
  ['+442079460999', 'asks not to be called again'],
];

function TestCall(props: { agent: AgentData }) {
  const [phoneNumber, setPhoneNumber] = useState(TEST_NUMBERS[0]![0]);
  const [variables, setVariables] = useState<Record<string, string>>({});
  const { submit, error, busy } = useSubmit(async () => {
    const call = await post<Call>('/calls', { agentId: props.agent.id, phoneNumber, variables, contactName: 'Test call' });
    location.hash = href(`/calls/${call.id}`);
  });
  return (
    <section class="card" aria-labelledby="test-call-title">
      <h2 id="test-call-title">Call a test number</h2>
      <p class="muted">Places a real call through the API. On the simulated carrier, these numbers reach no one and play a scenario.</p>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <FormError error={error} params={['body.phoneNumber', 'body.variables']} />
        <Field label="Number to call" param="body.phoneNumber" error={error}>
          {(c) => (
            <Choice control={c} value={phoneNumber} onChange={setPhoneNumber} options={TEST_NUMBERS.map(([number, scenario]) => [number, `${number} (${scenario})`] as [string, string])} />
          )}
        </Field>
        {props.agent.variables.map((name) => (
          <Field key={name} label={`Variable {{${name}}}`} param={`body.variables.${name}`} error={error}>
            {(c) => <input {...c} value={variables[name] ?? ''} onInput={(e) => setVariables({ ...variables, [name]: e.currentTarget.value })} />}
          </Field>
        ))}
        <button type="submit" class="primary" disabled={busy}>
          {busy ? 'Dialling…' : 'Call now'}
        </button>
      </form>
    </section>
  );
}

function Edit(props: { agent: AgentData; onSaved: (agent: AgentData) => void }) {
  const [saved, setSaved] = useState(false);
  const save = useSubmit(async (fields: Parameters<typeof agentBody>[0]) => {
    props.onSaved(await patch<AgentData>(`/agents/${props.agent.id}`, agentBody(fields, false)));
    setSaved(true);
  });
  const remove = useSubmit(async () => {
    await del(`/agents/${props.agent.id}`);
    location.hash = href('/agents');
  });
  return (
    <section class="card" aria-labelledby="edit-agent-title">
      <h2 id="edit-agent-title">Settings</h2>
      {saved && !save.error && (
        <p class="note" role="status">
          Saved.
        </p>
      )}
      <AgentForm initial={fieldsOf(props.agent)} creating={false} error={save.error} busy={save.busy} submitLabel="Save changes" onSubmit={(f) => (setSaved(false), void save.submit(f))}>
        <button type="button" class="danger" onClick={() => void remove.submit()} disabled={remove.busy}>
          Delete agent
        </button>
      </AgentForm>
      <FormError error={remove.error} />
    </section>
  );
}

export function Agent(props: PageProps) {
  const agent = useGet<AgentData>(`/agents/${props.params.id}`);
  const session = currentSession()!;
  return (
    <Loaded state={agent}>
      {(a) => (
        <>
          <PageTitle>{a.name}</PageTitle>
          <p class="muted">
            {a.type} agent · {a.language} · runs on {a.providers.llm} / {a.providers.stt} / {a.providers.tts} · <a href={href('/agents')}>all agents</a>
          </p>
          {a.type === 'phone' && holds(session, 'campaigns:manage') && <TalkToAgent agent={a} />}
          {a.type === 'phone' && <AgentNumbers agent={a} />}
          {a.type === 'phone' && holds(session, 'campaigns:manage') && <TestCall agent={a} />}
          {holds(session, 'agents:manage') && <Edit agent={a} onSaved={() => void agent.reload()} />}
        </>
      )}
    </Loaded>
  );
}
