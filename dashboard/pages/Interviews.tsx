/** Interviews, newest first (filter by status), and a new interview whose hosted link is shown once with a copy button. */
import { useState } from 'preact/hooks';
import { useGet, useSubmit } from '../hooks';
import { post, query, type Page } from '../http';
import { href } from '../routes';
import { AgentOptions, FilterSelect, ListTable, useAgents } from '../lists';
import { INTERVIEW_STATES, InterviewState } from '../interviewStates';
import { CopyButton, Field, FormError, PageTitle, Time } from '../ui';
import type { Interview } from '../types';

function NewInterview(props: { onCreated: () => Promise<void> }) {
  const agents = useAgents('voice');
  const [form, setForm] = useState({ agentId: '', candidateName: '', candidateEmail: '', mode: 'voice', expiresInHours: '' });
  const [created, setCreated] = useState<Interview & { interviewUrl: string }>();
  const set = (name: keyof typeof form) => (e: Event) => setForm({ ...form, [name]: (e.currentTarget as HTMLInputElement).value });
  const { submit, error, busy } = useSubmit(async () => {
    setCreated(
      await post('/interviews', {
        agentId: form.agentId,
        candidateName: form.candidateName,
        candidateEmail: form.candidateEmail || undefined,
        mode: form.mode,
        expiresInHours: form.expiresInHours === '' ? undefined : Number(form.expiresInHours),
      }),
    );
    await props.onCreated();
  });
  return (
    <section class="card" aria-labelledby="new-interview">
      <h2 id="new-interview">New interview</h2>
      {created && (
        <div class="secret" role="status">
          <span>Send this link to {created.candidateName}; it is shown only now:</span>
          <code data-testid="interview-url">{created.interviewUrl}</code>
          <CopyButton text={created.interviewUrl} label="Copy the interview link" />
          <a href={href(`/interviews/${created.id}`)}>Watch the interview</a>
        </div>
      )}
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <FormError error={error} params={['body.agentId', 'body.candidateName', 'body.candidateEmail', 'body.mode', 'body.expiresInHours']} />
        <Field label="Interview agent" param="body.agentId" error={error} hint="A voice agent.">
          {(c) => (
            <select {...c} value={form.agentId} onChange={set('agentId')}>
              <AgentOptions agents={agents} />
            </select>
          )}
        </Field>
        <Field label="Candidate name" param="body.candidateName" error={error}>
          {(c) => <input {...c} value={form.candidateName} onInput={set('candidateName')} />}
        </Field>
        <Field label="Candidate email" param="body.candidateEmail" error={error}>
          {(c) => <input {...c} type="email" value={form.candidateEmail} onInput={set('candidateEmail')} />}
        </Field>
        <Field label="Mode" param="body.mode" error={error}>
          {(c) => (
            <select {...c} value={form.mode} onChange={set('mode')}>
              <option value="voice">voice (spoken)</option>
              <option value="text">text (chat)</option>
            </select>
          )}
        </Field>
        <Field
          label="Expires in hours"
          param="body.expiresInHours"
          error={error}
          hint="1 to 720 (30 days). Empty: 72 (3 days). An interview the candidate has not started by then ends as expired."
        >
          {(c) => <input {...c} type="number" inputMode="numeric" min={1} max={720} value={form.expiresInHours} onInput={set('expiresInHours')} />}
        </Field>
        <div class="actions">
          <button type="submit" class="primary" disabled={busy}>
            Create interview
          </button>
        </div>
      </form>
    </section>
  );
}

export function Interviews() {
  const [status, setStatus] = useState('');
  const [page, setPage] = useState(1);
  const interviews = useGet<Page<Interview>>(`/interviews${query({ status, page, limit: 25 })}`, 5000);
  return (
    <>
      <PageTitle>Interviews</PageTitle>
      <NewInterview onCreated={interviews.reload} />
      <div class="filters">
        <FilterSelect label="Status" value={status} options={Object.entries(INTERVIEW_STATES)} onChange={(v) => (setStatus(v), setPage(1))} />
      </div>
      <ListTable
        state={interviews}
        empty="No interviews match."
        rowKey={(i) => i.id}
        pageNumber={page}
        onPage={setPage}
        columns={[
          ['Candidate', (i) => <a href={href(`/interviews/${i.id}`)}>{i.candidateName}</a>],
          ['Agent', (i) => i.agentName],
          ['Mode', (i) => i.mode],
          ['Status', (i) => <InterviewState status={i.status} />],
          ['Created', (i) => <Time at={i.createdAt} />],
        ]}
      />
    </>
  );
}
