/** One interview: its state, polled until it ends, and its report, polled until the analysis is final. */
import { Fragment } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { useGet } from '../hooks';
import type { PageProps } from '../routes';
import { Badge, ErrorNote, Loaded, Loading, PageTitle, Time } from '../ui';

export interface InterviewDetail {
  id: string;
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

function InterviewReport(props: { id: string }) {
  const [final, setFinal] = useState(false);
  const report = useGet<Report>(`/interviews/${props.id}/report`, final ? undefined : POLL_MS);
  const r = report.data;
  // A written report, or one the API says will never come (409 REPORT_UNAVAILABLE), does not change again.
  useEffect(() => setFinal((r !== undefined && r.status !== 'pending') || report.error?.status === 409), [r, report.error]);
  let body;
  if (report.error) body = <ErrorNote error={report.error} />;
  else if (!r) body = <Loading />;
  else if (r.status === 'pending') body = <p class="muted" role="status">The report is being written…</p>;
  else
    body = (
      <>
        {r.summary && <p>{r.summary}</p>}
        <dl class="facts">
          {r.overallScore !== undefined && (
            <>
              <dt>Overall score</dt>
              <dd>{r.overallScore} / 5</dd>
            </>
          )}
          {r.recommendation && (
            <>
              <dt>Recommendation</dt>
              <dd>
                <Badge tone={r.recommendation === 'advance' ? 'ok' : r.recommendation === 'decline' ? 'bad' : 'warn'}>{r.recommendation}</Badge>
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
                  <Badge tone={i.status === 'completed' ? 'ok' : 'info'}>
                    <span data-testid="interview-status">{i.status}</span>
                  </Badge>
                  {i.endedReason && <span class="muted"> · {i.endedReason.replace('_', ' ')}</span>}
                </dd>
                <dt>Agent</dt>
                <dd>
                  {i.agentName} ({i.mode})
                </dd>
                <dt>Started</dt>
                <dd>
                  <Time at={i.startedAt} never="not yet" />
                </dd>
                <dt>Duration</dt>
                <dd>{i.durationSeconds === null ? '—' : `${i.durationSeconds} s`}</dd>
                <dt>Link expires</dt>
                <dd>
                  <Time at={i.expiresAt} />
                </dd>
              </dl>
            </section>
            {i.reportId ? <InterviewReport id={id} /> : <p class="muted">{i.status === 'completed' ? 'This interview ended without starting: it has no report.' : 'The report appears here once the interview ends.'}</p>}
          </>
        )}
      </Loaded>
    </>
  );
}
