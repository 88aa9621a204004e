/**
 * One interview: its state, polled until it ends; the conversation as it happens and after, beside
 * the report, polled until the analysis is final; and a fresh hosted link, which whoever may
 * create interviews (`executions:read`) may issue, as the API says.
 */
import { Fragment } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { Conversation } from '../transcript';
import { useGet, useSubmit } from '../hooks';
import { post } from '../http';
import type { PageProps } from '../routes';
import { href } from '../routes';
import { InterviewState } from '../interviewStates';
import { Badge, CopyButton, ErrorNote, FormError, Loaded, Loading, PageTitle, Time } from '../ui';

interface InterviewDetail {
  id: string;
  agentId: string;
  agentName: string;
  status: 'created' | 'active' | 'completed';
  mode: string;
  candidateName: string;
  candidateEmail: string;
  startedAt: string | null;
  endedAt: string | null;
  durationSeconds: number | null;
  endedReason: string | null;
  reportId: string | null;
  expiresAt: string;
  createdAt: string;
}

interface Report {
  status?: 'pending';
  analysisStatus?: string;
  summary?: string;
  overallScore?: number;
  recommendation?: string;
  evaluations?: Array<{ criterion: string; score: number; rationale: string }>;
  strengths?: string[];
  concerns?: string[];
  outcome?: string;
  capturedFields?: Record<string, string>;
}

const POLL_MS = 3000;

const ENDINGS: Record<string, string> = {
  candidate_ended: 'ended by the candidate',
  candidate_silent: 'the candidate fell silent',
  agent_ended: 'ended by the agent',
  max_duration: 'reached the time limit',
  expired: 'expired before it started',
  operator_ended: 'ended by an operator',
  credits_exhausted: 'out of credits',
  agent_deleted: 'its agent was deleted',
};
/** The candidate's link opens the interview until it completes or expires; after, its expiry says nothing. */
const linkUsable = (i: InterviewDetail) => i.status !== 'completed' && new Date(i.expiresAt) > new Date();

const RECOMMENDATIONS: Record<string, string> = { advance: 'Advance', hold: 'Hold', decline: 'Decline' };

/** A fresh hosted link for the candidate; the one sent before stops working. */
function NewLink(props: { id: string }) {
  const [url, setUrl] = useState('');
  const { submit, error, busy } = useSubmit(async () => setUrl((await post<{ interviewUrl: string }>(`/interviews/${props.id}/link`)).interviewUrl));
  return (
    <section class="card" aria-labelledby="link-title">
      <h2 id="link-title">Candidate link</h2>
      <p class="muted">
        The link is shown once, when the interview is created. Lost it, or sent it to the wrong person? Issue a new one: the previous link stops working at
        once.
      </p>
      <FormError error={error} />
      {url ? (
        <p class="secret">
          <code data-testid="interview-link">{url}</code> <CopyButton text={url} label="Copy the new link" />
        </p>
      ) : (
        <button type="button" onClick={() => void submit()} disabled={busy}>
          Issue a new link
        </button>
      )}
    </section>
  );
}

function InterviewReport(props: { id: string; agentId: string }) {
  const [final, setFinal] = useState(false);
  const report = useGet<Report>(`/interviews/${props.id}/report`, final ? undefined : POLL_MS);
  const r = report.data;
  // A written report, or one the API says will never come (409 REPORT_UNAVAILABLE), does not change again.
  useEffect(() => setFinal((r !== undefined && r.status !== 'pending') || report.error?.status === 409), [r, report.error]);
  let body;
  if (report.error) body = <ErrorNote error={report.error} />;
  else if (!r) body = <Loading />;
  else if (r.status === 'pending')
    body = (
      <p class="muted" role="status">
        The report is being written…
      </p>
    );
  else
    body = (
      <>
        {r.summary && <p>{r.summary}</p>}
        {r.evaluations?.length === 0 && (
          <p class="note" data-testid="not-evaluated">
            Not scored: this agent has no evaluation criteria, so there is no score or recommendation. Add criteria on the{' '}
            <a href={href(`/agents/${props.agentId}`)}>agent’s page</a> to have the next interviews scored.
          </p>
        )}
        <dl class="facts">
          {r.overallScore !== undefined && r.evaluations?.length !== 0 && (
            <>
              <dt>Overall score</dt>
              <dd>{r.overallScore} / 5</dd>
            </>
          )}
          {r.recommendation && r.evaluations?.length !== 0 && (
            <>
              <dt>Recommendation</dt>
              <dd>
                <Badge tone={r.recommendation === 'advance' ? 'ok' : r.recommendation === 'decline' ? 'bad' : 'warn'}>
                  {RECOMMENDATIONS[r.recommendation] ?? r.recommendation}
                </Badge>
              </dd>
            </>
          )}
          {r.outcome && (
            <>
              <dt>Outcome</dt>
              <dd>{r.outcome}</dd>
            </>
          )}
          {Object.entries(r.capturedFields ?? {}).map(([name, value]) => (
            <Fragment key={name}>
              <dt>{name}</dt>
              <dd>{value}</dd>
            </Fragment>
          ))}
        </dl>
        {r.evaluations && r.evaluations.length > 0 && (
          <div class="table-wrap">
            <table>
              <caption class="visually-hidden">Scores by criterion</caption>
              <thead>
                <tr>
                  <th scope="col">Criterion</th>
                  <th scope="col">Score</th>
                  <th scope="col">Why</th>
                </tr>
              </thead>
              <tbody>
                {r.evaluations.map((e) => (
                  <tr key={e.criterion}>
                    <td>{e.criterion}</td>
                    <td>{e.score}</td>
                    <td>{e.rationale}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </>
    );
  return (
    <section class="card" aria-labelledby="report-title">
      <h2 id="report-title">Report</h2>
      {body}
    </section>
  );
}

export function InterviewPage(props: PageProps) {
  const id = props.params.id!;
  const [final, setFinal] = useState(false);
  // Polled until it completes: a completed interview does not change again.
  const interview = useGet<InterviewDetail>(`/interviews/${id}`, final ? undefined : POLL_MS);
  useEffect(() => setFinal(interview.data?.status === 'completed'), [interview.data?.status]);
  return (
    <>
      <PageTitle>{interview.data ? `Interview with ${interview.data.candidateName}` : 'Interview'}</PageTitle>
      <Loaded state={interview}>
        {(i) => (
          <>
            <section class="card" aria-live="polite">
              <dl class="facts">
                <dt>Status</dt>
                <dd>
                  <InterviewState status={i.status} testId="interview-status" />
                  {i.endedReason && <span class="muted"> · {ENDINGS[i.endedReason] ?? i.endedReason}</span>}
                </dd>
                <dt>Agent</dt>
                <dd>
                  {i.agentName} ({i.mode === 'voice' ? 'by voice' : 'by text'})
                </dd>
                <dt>Started</dt>
                <dd>
                  <Time at={i.startedAt} never="not yet" />
                </dd>
                <dt>Duration</dt>
                <dd>{i.durationSeconds === null ? '—' : `${i.durationSeconds} s`}</dd>
                {linkUsable(i) && (
                  <>
                    <dt>Link expires</dt>
                    <dd>
                      <Time at={i.expiresAt} />
                    </dd>
                  </>
                )}
              </dl>
            </section>
            {linkUsable(i) && <NewLink id={id} />}
            <div class="grid">
              <Conversation key={`${id}-${i.status}`} path={`/interviews/${id}/transcript`} live={i.status !== 'completed'} person="Candidate" />
              {i.reportId ? (
                <InterviewReport id={id} agentId={i.agentId} />
              ) : (
                <section class="card" aria-labelledby="report-title">
                  <h2 id="report-title">Report</h2>
                  <p class="muted">
                    {i.status === 'completed' ? 'This interview ended without starting: it has no report.' : 'The report appears here once the interview ends.'}
                  </p>
                </section>
              )}
            </div>
          </>
        )}
      </Loaded>
    </>
  );
}
