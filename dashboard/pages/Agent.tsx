/**
 * One agent, in sections: what it runs on, for a phone agent a call from the browser, its numbers
 * and a test call, then its settings. Other sections (its tools) slot in beside these as cards.
 */
import { placeCall } from 'api-schemas';
import { useState } from 'preact/hooks';
import { useGet, useSubmit } from '../hooks';
import { del, patch, post } from '../http';
import type { PageProps } from '../routes';
import { href } from '../routes';
import { currentSession, holds } from '../session';
import type { Agent as AgentData, Call } from '../types';
import { countryName, e164, useDefaultCountry } from '../phone';
import { ConfirmButton, Field, FormError, Loaded, PageTitle } from '../ui';
import { validated } from '../validate';
import { AgentForm, SimulatedNote, agentBody, fieldsOf } from '../parts/AgentForm';
import { AgentNumbers } from '../parts/AgentNumbers';
import { TalkToAgent } from '../parts/TalkToAgent';

/** The simulated carrier's test numbers (POST /calls in the API reference): suggestions, any number may be typed. */
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
  const country = useDefaultCountry();
  const { submit, error, busy } = useSubmit(async () => {
    const body = validated(placeCall, { agentId: props.agent.id, phoneNumber: e164(phoneNumber, country), variables, contactName: 'Test call' });
    const call = await post<Call>('/calls', body);
    location.hash = href(`/calls/${call.id}`);
  });
  return (
    <section class="card" aria-labelledby="test-call-title">
      <h2 id="test-call-title">Call a number</h2>
      <p class="muted">
        Places a real call through the API, to any number your organization may call. On the simulated carrier, the suggested test numbers reach no one and play
        a scenario.
      </p>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <FormError error={error} params={['body.phoneNumber', 'body.variables']} />
        <Field
          label="Number to call"
          param="body.phoneNumber"
          error={error}
          hint={
            country ? `Typed without a country code, a number is read as a ${countryName(country)} one.` : 'Type the number with its country code, such as +44.'
          }
        >
          {(c) => (
            <>
              <input {...c} type="tel" list="test-numbers" value={phoneNumber} onInput={(e) => setPhoneNumber(e.currentTarget.value)} />
              <datalist id="test-numbers">
                {TEST_NUMBERS.map(([number, scenario]) => (
                  <option key={number} value={number} label={`Test number: ${scenario}`} />
                ))}
              </datalist>
            </>
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
    props.onSaved(await patch<AgentData>(`/agents/${props.agent.id}`, agentBody(fields, fieldsOf(props.agent))));
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
      <AgentForm
        initial={fieldsOf(props.agent)}
        creating={false}
        error={save.error}
        busy={save.busy}
        submitLabel="Save changes"
        onSubmit={(f) => (setSaved(false), void save.submit(f))}
      >
        <ConfirmButton
          label="Delete agent…"
          confirm={`Delete ${props.agent.name}`}
          keep="Keep it"
          consequence="Its calls, interviews and campaigns keep its name; it takes no new ones."
          busy={remove.busy}
          onConfirm={() => void remove.submit()}
        />
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
            {a.type === 'phone' ? 'Phone agent' : 'Voice agent'} · {a.language} · model {a.providers.llm}, hears with {a.providers.stt}, speaks with{' '}
            {a.providers.tts}
            {a.phone && (a.phone.recordCalls ? ' · calls recorded' : ' · calls not recorded')}
            {a.phone?.machineDetection && ' · answering machines detected'} · <a href={href('/agents')}>all agents</a>
          </p>
          <SimulatedNote llm={a.providers.llm} />
          {a.type === 'phone' && holds(session, 'campaigns:manage') && <TalkToAgent agent={a} />}
          {a.type === 'phone' && <AgentNumbers agent={a} />}
          {a.type === 'phone' && holds(session, 'campaigns:manage') && <TestCall agent={a} />}
          {holds(session, 'agents:manage') && <Edit agent={a} onSaved={() => void agent.reload()} />}
        </>
      )}
    </Loaded>
  );
}
