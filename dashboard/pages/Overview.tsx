/**
 * Credits left, live calls, minutes per day and the latest calls and interviews. Each part loads
 * on its own, so a permission the user lacks blanks only that part.
 */
import { CallState } from '../callStates';
import { BarChart } from '../chart';
import { useGet } from '../hooks';
import type { Page } from '../http';
import { href } from '../routes';
import type { Call, CallAnalytics, Interview, Usage } from '../types';
import { InterviewState } from '../interviewStates';
import { ErrorNote, Loaded, Loading, PageTitle, Time, minutes } from '../ui';

const LIVE_POLL_MS = 5000;

function Stats() {
  const usage = useGet<Usage>('/usage', LIVE_POLL_MS);
  if (usage.error) return <ErrorNote error={usage.error} />;
  if (!usage.data) return <Loading />;
  const { credits, used, limits, byok } = usage.data;
  return (
    <div class="stats">
      <div class="stat">
        <span class="value">{minutes(credits.remainingMinutes)}</span>
        <span class="label">credits left of {minutes(credits.allocatedMinutes)}</span>
      </div>
      <div class="stat" aria-live="polite">
        <span class="value" data-testid="live-calls">
          {used.concurrentCalls}
        </span>
        <span class="label">live calls (at most {limits.maxConcurrentCalls})</span>
      </div>
      <div class="stat">
        <span class="value">{minutes(credits.usedMinutes)}</span>
        <span class="label">charged, all time</span>
      </div>
      <div class="stat">
        <span class="value">{minutes(byok.usedMinutes)}</span>
        <span class="label">on your own providers (byok)</span>
      </div>
    </div>
  );
}

function MinutesPerDay() {
  // The last 30 days (the API's default range) in the user's own time zone.
  const analytics = useGet<CallAnalytics>(`/analytics/calls?groupBy=day&timezone=${encodeURIComponent(Intl.DateTimeFormat().resolvedOptions().timeZone)}`);
  let body;
  if (analytics.error) body = <ErrorNote error={analytics.error} />;
  else if (!analytics.data) body = <Loading />;
  else if (analytics.data.totals.calls === 0) body = <p class="muted">No calls in the last 30 days yet.</p>;
  else {
    const buckets = analytics.data.buckets;
    body = (
      <BarChart label="Connected minutes per day" labels={buckets.map((b) => b.key)} values={buckets.map((b) => Math.round(b.minutes * 10) / 10)} unit="min" />
    );
  }
  return (
    <section class="card" aria-labelledby="minutes-title">
      <h2 id="minutes-title">Connected minutes per day</h2>
      {body}
    </section>
  );
}

const noItems = (page: Page<unknown>) => page.data.length === 0;

function RecentCalls() {
  const calls = useGet<Page<Call>>('/calls?limit=5', LIVE_POLL_MS);
  return (
    <section class="card" aria-labelledby="recent-calls">
      <h2 id="recent-calls">Recent calls</h2>
      <Loaded state={calls} empty="No calls yet. Place a test call from an agent." isEmpty={noItems}>
        {(page) => (
          <ul class="plain-list">
            {page.data.map((call) => (
              <li key={call.id}>
                <a href={href(`/calls/${call.id}`)}>{call.contactName || call.phoneNumber}</a> <span class="muted">· {call.agentName} ·</span>{' '}
                <Time at={call.createdAt} /> <CallState call={call} />
              </li>
            ))}
          </ul>
        )}
      </Loaded>
    </section>
  );
}

function RecentInterviews() {
  const interviews = useGet<Page<Interview>>('/interviews?limit=5', LIVE_POLL_MS);
  return (
    <section class="card" aria-labelledby="recent-interviews">
      <h2 id="recent-interviews">Recent interviews</h2>
      <Loaded state={interviews} empty="No interviews yet." isEmpty={noItems}>
        {(page) => (
          <ul class="plain-list">
            {page.data.map((interview) => (
              <li key={interview.id}>
                <a href={href(`/interviews/${interview.id}`)}>{interview.candidateName}</a> <span class="muted">· {interview.agentName} ·</span>{' '}
                <Time at={interview.createdAt} /> <InterviewState status={interview.status} />
              </li>
            ))}
          </ul>
        )}
      </Loaded>
    </section>
  );
}

export function Overview() {
  return (
    <>
      <PageTitle>Overview</PageTitle>
      <Stats />
      <MinutesPerDay />
      <div class="grid">
        <RecentCalls />
        <RecentInterviews />
      </div>
    </>
  );
}
