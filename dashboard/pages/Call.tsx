/** One call: its state polled live, the transcript as a conversation, and the report once ready. */
import { Fragment } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { useGet, useSubmit } from '../hooks';
import { download, post } from '../http';
import type { PageProps } from '../routes';
import { href } from '../routes';
import type { Call as CallData, CallReport } from '../types';
import { ConfirmButton, FormError, Loaded, PageTitle, Time } from '../ui';
import { CallState } from '../callStates';
import { Conversation } from '../transcript';

/** A session has 120 requests a minute: the call and its transcript every 2 s, the report every 5 s, keep well under. */
const LIVE_MS = 2000;
const REPORT_MS = 5000;

function Report(props: { call: CallData }) {
  const report = useGet<CallReport>(`/calls/${props.call.id}/report`, props.call.reportId ? undefined : REPORT_MS);
  return (
    <section class="card" aria-labelledby="report-title">
      <h2 id="report-title">Report</h2>
      <Loaded state={report}>
        {(r) =>
          r.status === 'pending' ? (
            <p class="muted">The analysis is written once the call ends.</p>
          ) : (
            <dl class="facts">
              <dt>Outcome</dt>
              <dd>{r.outcome ?? '—'}</dd>
              {r.summary && (
                <>
                  <dt>Summary</dt>
                  <dd>{r.summary}</dd>
                </>
              )}
              {r.sentiment && (
                <>
                  <dt>Sentiment</dt>
                  <dd>{r.sentiment}</dd>
                </>
              )}
              {Object.entries(r.capturedFields).map(([name, value]) => (
                <Fragment key={name}>
                  <dt>{name}</dt>
                  <dd>{value}</dd>
                </Fragment>
              ))}
              {r.optOut && (
                <>
                  <dt>Opted out</dt>
                  <dd>yes: the number is now do-not-call</dd>
                </>
              )}
              {r.analysisStatus === 'failed' && (
                <>
                  <dt>Analysis</dt>
                  <dd>failed: {r.analysisError}</dd>
                </>
              )}
            </dl>
          )
        }
      </Loaded>
    </section>
  );
}

/** Fetched on request (a call's WAV is about 2 MB a minute), then played from memory. */
function Recording(props: { call: CallData }) {
  const [url, setUrl] = useState<string>();
  useEffect(() => () => url && URL.revokeObjectURL(url), [url]);
  const load = useSubmit(async () => setUrl(URL.createObjectURL(await download(`/calls/${props.call.id}/recording`, 'audio/wav'))));
  return (
    <section class="card" aria-labelledby="recording-title">
      <h2 id="recording-title">Recording</h2>
      <p class="muted">The callee on the left channel, the agent on the right.</p>
      {url ? (
        <audio controls src={url} aria-label="Call recording" data-testid="recording" />
      ) : (
        <button type="button" onClick={() => void load.submit()} disabled={load.busy}>
          Load the recording
        </button>
      )}
      <FormError error={load.error} />
    </section>
  );
}

function Facts(props: { call: CallData; onChanged: () => void }) {
  const { call } = props;
  const hangup = useSubmit(async () => {
    await post(`/calls/${call.id}/hangup`);
    props.onChanged();
  });
  return (
    <section class="card" aria-labelledby="call-state">
      <h2 id="call-state">
        State <CallState call={call} testId="call-state" />
      </h2>
      <dl class="facts">
        <dt>Number</dt>
        <dd>{call.phoneNumber}</dd>
        <dt>Agent</dt>
        <dd>
          <a href={href(`/agents/${call.agentId}`)}>{call.agentName}</a>
        </dd>
        <dt>Placed</dt>
        <dd>
          <Time at={call.createdAt} />
        </dd>
        <dt>Answered</dt>
        <dd>
          <Time at={call.startedAt} never="not yet" />
        </dd>
        <dt>Duration</dt>
        <dd>{call.durationSeconds === null ? '—' : `${call.durationSeconds} s`}</dd>
        <dt>Charged</dt>
        <dd>{call.chargedMinutes === null ? '—' : `${call.chargedMinutes} min`}</dd>
      </dl>
      {call.status !== 'completed' && (
        <p>
          <ConfirmButton
            label="Hang up…"
            confirm={`Hang up on ${call.contactName || call.phoneNumber}`}
            keep="Stay on the call"
            busy={hangup.busy}
            onConfirm={() => void hangup.submit()}
          />
        </p>
      )}
      <FormError error={hangup.error} />
    </section>
  );
}

export function Call(props: PageProps) {
  // Polled until the call has ended and its report is written; then it no longer changes.
  const [settled, setSettled] = useState(false);
  const call = useGet<CallData>(`/calls/${props.params.id}`, settled ? undefined : LIVE_MS);
  useEffect(() => setSettled(call.data?.status === 'completed' && call.data.reportId !== null), [call.data]);
  return (
    <Loaded state={call}>
      {(c) => (
        <>
          <PageTitle>
            {c.direction === 'inbound' ? 'Call from' : 'Call to'} {c.contactName || c.phoneNumber}
          </PageTitle>
          <p>
            <a href={href('/calls')}>All calls</a>
          </p>
          <Facts call={c} onChanged={() => void call.reload()} />
          <Conversation
            key={`${c.id}-${c.status}`}
            path={`/calls/${c.id}/transcript`}
            live={c.status !== 'completed'}
            person={c.direction === 'inbound' ? 'Caller' : 'Callee'}
          />
          {c.recordingAvailable && <Recording call={c} />}
          <Report key={`${c.id}-${c.reportId}`} call={c} />
        </>
      )}
    </Loaded>
  );
}
