/**
 * The analytics API on the real stack: calls of every disposition the simulated carrier can give,
 * placed through the API and run by a worker, then their figures compared with what `GET /calls`,
 * the reports and the credit ledger say, for every groupBy.
 */
import { Types } from 'mongoose';
import { SCOPES } from '../../api/scopes';
import { callActivities, type CallDeps } from '../../activities/calls';
import { countCallEnded, countCallReport } from '../../models/analytics';
import { Call } from '../../models/call';
import { CallReport } from '../../models/callReport';
import { localDate } from '../../lib/zonedDays';
import { createTenant, startApi, type Tenant } from '../helpers/app';
import { uniqueName, waitFor } from '../helpers/servers';
import { runWorker, type RunningWorker } from '../helpers/worker';

const taskQueue = uniqueName('analytics');
const env = { TEMPORAL_TASK_QUEUE: taskQueue, SIMULATED_CALL_PACE_MS: '50', RING_TIMEOUT_SECONDS: '2' };
const TZ = 'Asia/Kolkata';
let api: Awaited<ReturnType<typeof startApi>>;
let worker: RunningWorker;
let tenant: Tenant;
let key: string;
let agents: Record<'hangup' | 'leave', string>;

beforeAll(async () => {
  api = await startApi('analytics', env);
  worker = await runWorker(env);
  tenant = await createTenant({ creditMinutes: 100, limits: { maxConcurrentCalls: 20 } });
  key = await tenant.key(SCOPES, { rateLimitPerMinute: 100_000 });
  const agent = async (name: string, voicemailBehavior: string) =>
    (
      await api.call('POST', '/api/v1/agents', {
        token: key,
        body: {
          name,
          instructions: 'You call about the renewal.',
          phone: { greeting: 'Hi, the renewals desk.', outcomeLabels: ['renew', 'cancel'], voicemailBehavior },
        },
      })
    ).body.id as string;
  agents = { hangup: await agent('Renewals', 'hangup'), leave: await agent('Reminders', 'leave_message') };
}, 120_000);
afterAll(async () => {
  await worker?.stop();
  await api?.close();
});

const get = (path: string, token = key) => api.call('GET', `/api/v1${path}`, { token });

/** The range that holds today wherever the calls were placed: a day either side in `TZ`. */
const today = () => localDate(Date.now(), TZ);
const dayAfter = (d: string, n: number) => new Date(Date.parse(d) + n * 86_400_000).toISOString().slice(0, 10);
const range = () => `from=${dayAfter(today(), -1)}&to=${dayAfter(today(), 1)}&timezone=${TZ}`;

interface Listed {
  id: string;
  agentId: string;
  campaignId: string | null;
  disposition: string;
  startedAt: string | null;
  createdAt: string;
  durationSeconds: number;
  chargedMinutes: number;
  report: { outcome?: string; sentiment?: string; optOut?: boolean; toolCalls?: { outcome: string }[] };
}

/** The figures `GET /analytics/calls` should give for these calls, computed from the list. */
function expected(calls: Listed[]) {
  const count = (values: (string | undefined)[]) =>
    values.reduce<Record<string, number>>((acc, v) => (v === undefined ? acc : { ...acc, [v]: (acc[v] ?? 0) + 1 }), {});
  const connected = calls.filter((c) => c.startedAt !== null).length;
  const seconds = calls.reduce((s, c) => s + c.durationSeconds, 0);
  return {
    calls: calls.length,
    connected,
    connectRate: calls.length ? Math.round((connected / calls.length) * 10_000) / 10_000 : 0,
    completed: calls.filter((c) => c.disposition === 'completed').length,
    minutes: Math.round((seconds / 60) * 100) / 100,
    chargedMinutes: calls.reduce((s, c) => s + c.chargedMinutes, 0),
    avgDurationSeconds: connected ? Math.round((seconds / connected) * 10) / 10 : 0,
    outcomes: count(calls.map((c) => c.report.outcome)),
    sentiment: count(calls.map((c) => c.report.sentiment)),
    optOuts: calls.filter((c) => c.report.optOut === true).length,
    transferred: calls.filter((c) => c.disposition === 'transferred').length,
    toolCalls: calls.reduce((n, c) => n + (c.report.toolCalls?.length ?? 0), 0),
    toolCallErrors: calls.reduce((n, c) => n + (c.report.toolCalls?.filter((t) => t.outcome === 'error').length ?? 0), 0),
  };
}

function groupedBy(calls: Listed[], key: (c: Listed) => string | null) {
  const groups = new Map<string | null, Listed[]>();
  for (const c of calls) groups.set(key(c), [...(groups.get(key(c)) ?? []), c]);
  return Object.fromEntries([...groups].map(([k, cs]) => [String(k), { key: k, ...expected(cs) }]));
}

const byKey = (buckets: { key: string | null }[]) => Object.fromEntries(buckets.map((b) => [String(b.key), b]));

async function placeAll(): Promise<Listed[]> {
  const numbers: [keyof typeof agents, string][] = [
    ['hangup', '+442079460001'],
    ['hangup', '+442079460001'],
    ['leave', '+442079460001'],
    ['hangup', '+442079460002'],
    ['hangup', '+442079460003'],
    ['hangup', '+442079460004'],
    ['leave', '+442079460004'],
    ['hangup', '+442079460006'],
    ['leave', '+442079460007'],
    ['hangup', '+442079460008'],
    ['hangup', '+442079460999'],
  ];
  const placed = await Promise.all(
    numbers.map(([agent, phoneNumber]) => api.call('POST', '/api/v1/calls', { token: key, body: { agentId: agents[agent], phoneNumber } })),
  );
  expect(placed.map((p) => p.status)).toEqual(numbers.map(() => 201));
  // The silent callee talks until hung up: its disposition is `hangup_requested`.
  const silent = placed[8]!.body.id;
  await waitFor(async () => ((await get(`/calls/${silent}`)).body.status === 'active' ? true : undefined), 30_000);
  expect((await api.call('POST', `/api/v1/calls/${silent}/hangup`, { token: key })).status).toBe(200);
  // Every call over and its report written (the call names its report only after it is counted).
  const list = await waitFor(async () => {
    const page = (await get('/calls?limit=100')).body.data as (Listed & { reportId: string | null })[];
    return page.length === numbers.length && page.every((c) => c.reportId !== null) ? page : undefined;
  }, 90_000);
  return Promise.all(list.map(async (c) => ({ ...c, report: (await get(`/calls/${c.id}/report`)).body })));
}

test('calls of every disposition: analytics agree exactly with the calls list, the reports and the charges, per groupBy', async () => {
  const calls = await placeAll();
  expect(new Set(calls.map((c) => c.disposition))).toEqual(
    new Set(['completed', 'no_answer', 'busy', 'voicemail', 'voicemail_left', 'contact_hung_up', 'hangup_requested', 'failed']),
  );
  expect(calls.some((c) => c.report.optOut === true)).toBe(true);
  expect(calls.some((c) => c.report.outcome !== undefined) && calls.some((c) => c.report.sentiment !== undefined)).toBe(true);

  const day = await get(`/analytics/calls?${range()}&groupBy=day`);
  expect(day.status).toBe(200);
  expect(day.body).toMatchObject({
    object: 'analytics',
    metric: 'calls',
    from: dayAfter(today(), -1),
    to: dayAfter(today(), 1),
    timezone: TZ,
    groupBy: 'day',
    totals: expected(calls),
  });
  expect(day.body.buckets.map((b: { key: string }) => b.key)).toEqual([dayAfter(today(), -1), today(), dayAfter(today(), 1)]);
  expect(byKey(day.body.buckets)).toEqual(expect.objectContaining(groupedBy(calls, (c) => localDate(Date.parse(c.createdAt), TZ))));

  const keys: Record<string, (c: Listed) => string | null> = {
    agent: (c) => c.agentId,
    campaign: (c) => c.campaignId,
    disposition: (c) => c.disposition,
    outcome: (c) => c.report.outcome ?? null,
  };
  for (const [groupBy, key] of Object.entries(keys)) {
    const res = await get(`/analytics/calls?${range()}&groupBy=${groupBy}`);
    expect({ groupBy, totals: res.body.totals }).toEqual({ groupBy, totals: expected(calls) });
    expect({ groupBy, buckets: byKey(res.body.buckets) }).toEqual({ groupBy, buckets: groupedBy(calls, key) });
  }

  const one = calls.find((c) => c.disposition === 'voicemail_left')!;
  const narrowed = await get(`/analytics/calls?${range()}&groupBy=disposition&agentId=${agents.leave}`);
  expect(narrowed.body.totals).toEqual(expected(calls.filter((c) => c.agentId === agents.leave)));
  expect(byKey(narrowed.body.buckets).voicemail_left).toMatchObject({ calls: 1, connected: 0, minutes: 0 });
  expect(one.agentId).toBe(agents.leave);

  // The charges the ledger holds are the charged minutes counted.
  const usage = await get('/usage');
  expect(usage.body.credits.usedMinutes).toBe(day.body.totals.chargedMinutes);
  expect(day.body.totals.chargedMinutes).toBeGreaterThan(0);

  // Retried end-of-call and report activities (a retry after its write, several at once) count nothing more.
  const activities = callActivities({} as CallDeps);
  await Promise.all(
    calls.flatMap((c) => [
      activities.projectCall({ callId: c.id, seq: 1, fields: { status: 'completed' } }),
      activities.projectCall({ callId: c.id, seq: 1, fields: { status: 'completed' } }),
    ]),
  );
  await Promise.all(
    calls.map(async (c) => countCallReport((await Call.findById(c.id).lean())!, (await CallReport.findOne({ callId: new Types.ObjectId(c.id) }).lean())!)),
  );
  expect((await get(`/analytics/calls?${range()}&groupBy=day`)).body).toEqual(day.body);
}, 180_000);

test('tool calls and transfers per agent: a transferred call and a report with tool calls, one failed, are counted in their agent', async () => {
  const agentId = new Types.ObjectId();
  const at = new Date();
  const call = (disposition: string) =>
    ({
      _id: new Types.ObjectId(),
      organizationId: tenant.organizationId,
      agentId,
      direction: 'outbound',
      disposition,
      startedAt: at,
      createdAt: at,
      durationSeconds: 60,
      chargedMinutes: 1,
    }) as unknown as Parameters<typeof countCallEnded>[0];
  const transferred = call('transferred');
  const completed = call('completed');
  await Promise.all([countCallEnded(transferred), countCallEnded(completed)]);
  await countCallReport(transferred, { toolCalls: [{ name: 'transfer_call', outcome: 'ok' }] });
  await countCallReport(completed, {
    toolCalls: [
      { name: 'lookup_order', outcome: 'ok' },
      { name: 'lookup_order', outcome: 'error', error: 'the tool answered 503' },
    ],
  });
  const res = await get(`/analytics/calls?${range()}&groupBy=agent&agentId=${agentId}`);
  expect(res.status).toBe(200);
  expect(res.body.buckets).toEqual([
    expect.objectContaining({ key: String(agentId), calls: 2, completed: 1, transferred: 1, toolCalls: 3, toolCallErrors: 1 }),
  ]);
  const byDisposition = byKey((await get(`/analytics/calls?${range()}&groupBy=disposition&agentId=${agentId}`)).body.buckets);
  expect(byDisposition.transferred).toMatchObject({ calls: 1, transferred: 1, toolCalls: 1, toolCallErrors: 0 });
  expect(byDisposition.completed).toMatchObject({ calls: 1, transferred: 0, toolCalls: 2, toolCallErrors: 1 });
});

test('another organization sees none of it, and a key needs analytics:read', async () => {
  const other = await createTenant();
  const otherKey = await other.key();
  const res = await get(`/analytics/calls?${range()}&groupBy=agent`, otherKey);
  expect(res.status).toBe(200);
  expect(res.body.buckets).toEqual([]);
  expect(res.body.totals).toMatchObject({ calls: 0, connected: 0, minutes: 0, chargedMinutes: 0, outcomes: {} });
  // Filtering by the first organization's agent finds nothing either.
  expect((await get(`/analytics/calls?${range()}&agentId=${agents.hangup}`, otherKey)).body.totals.calls).toBe(0);

  const narrow = await tenant.key(SCOPES.filter((s) => s !== 'analytics:read'));
  const refused = await get('/analytics/calls', narrow);
  expect(refused.status).toBe(403);
  expect(refused.body.error).toMatchObject({ type: 'permission_error' });
});

test('defaults: the last 30 days to today in UTC; bad ranges and zones are 400 with param', async () => {
  const res = await get('/analytics/calls');
  expect(res.status).toBe(200);
  const to = localDate(Date.now(), 'UTC');
  expect(res.body).toMatchObject({
    from: dayAfter(to, -29),
    to,
    timezone: 'UTC',
    groupBy: 'day',
    startsAt: `${dayAfter(to, -29)}T00:00:00.000Z`,
    endsAt: `${dayAfter(to, 1)}T00:00:00.000Z`,
  });
  expect(res.body.buckets).toHaveLength(30);

  const kolkata = await get(`/analytics/calls?from=2026-01-01&to=2026-01-01&timezone=${TZ}`);
  expect(kolkata.body).toMatchObject({ startsAt: '2025-12-31T18:30:00.000Z', endsAt: '2026-01-01T18:30:00.000Z' });

  const cases: [string, string][] = [
    ['timezone=Mars/Olympus', 'query.timezone'],
    ['from=2026-02-02&to=2026-02-01', 'query.from'],
    ['from=2025-01-01&to=2026-01-02', 'query.from'],
    ['from=2026-02-30', 'query.from'],
    ['groupBy=week', 'query.groupBy'],
    ['campaignId=nope', 'query.campaignId'],
    // Before the epoch nothing exists, and years of two digits once came back as instants thousands of years off.
    ['from=0012-03-13&to=0012-04-11', 'query.to'],
    ['from=1969-12-31&to=1970-01-05', 'query.from'],
  ];
  for (const [query, param] of cases) {
    const bad = await get(`/analytics/calls?${query}`);
    expect({ query, status: bad.status, type: bad.body.error?.type, param: bad.body.error?.param }).toEqual({
      query,
      status: 400,
      type: 'invalid_request_error',
      param,
    });
    expect(bad.body.request_id).toEqual(expect.any(String));
  }
  expect((await get('/analytics/calls?from=2025-01-01&to=2026-01-01')).status).toBe(200);
  expect((await get('/analytics/calls?to=1970-01-05')).body).toMatchObject({ from: '1970-01-01', startsAt: '1970-01-01T00:00:00.000Z' });
});

test('interviews: ended, started, completed, scores and recommendations, as the interviews and their reports say', async () => {
  const agent = await api.call('POST', '/api/v1/agents', {
    token: key,
    body: {
      type: 'voice',
      mode: 'interview',
      name: 'Panel',
      instructions: 'Interview the candidate.',
      voice: { opening: 'Welcome!', evaluationCriteria: ['communication'] },
    },
  });
  const run = async (messages: string[]) => {
    const created = await api.call('POST', '/api/v1/interviews', { token: key, body: { agentId: agent.body.id, candidateName: 'Ada', mode: 'text' } });
    const capability = new URL(created.body.interviewUrl).hash.slice(1);
    const candidate = (path: string, body?: unknown) =>
      api.call('POST', `/candidate/v1/interviews/${created.body.id}${path}`, { token: capability, ...(body ? { body } : {}) });
    await candidate('/start');
    for (const text of messages) await candidate('/messages', { text });
    await candidate('/end');
    return created.body.id as string;
  };
  const ids = [await run(['Ready.', 'I have written TypeScript for six years.']), await run([])];
  const reports = await Promise.all(
    ids.map((id) =>
      waitFor(async () => ((await get(`/interviews/${id}/report`)).status === 200 ? (await get(`/interviews/${id}/report`)).body : undefined), 30_000),
    ),
  );
  const interviews = await Promise.all(ids.map(async (id) => (await get(`/interviews/${id}`)).body));
  const seconds = interviews.reduce((s, i) => s + i.durationSeconds, 0);
  const scores = reports.map((r) => r.overallScore).filter((s) => typeof s === 'number');
  const recommendations: Record<string, number> = {};
  for (const r of reports) recommendations[r.recommendation] = (recommendations[r.recommendation] ?? 0) + 1;
  const totals = {
    interviews: 2,
    started: 2,
    completed: 2,
    minutes: Math.round((seconds / 60) * 100) / 100,
    chargedMinutes: interviews.reduce((s, i) => s + i.chargedMinutes, 0),
    avgDurationSeconds: Math.round((seconds / 2) * 10) / 10,
    avgOverallScore: Math.round((scores.reduce((a, b) => a + b, 0) / scores.length) * 100) / 100,
    recommendations,
  };
  const res = await waitFor(async () => {
    const body = (await get(`/analytics/interviews?${range()}&groupBy=agent`)).body;
    // A report is counted after it is marked ready: both counted, not only the first.
    const counted = Object.values(body.totals.recommendations as Record<string, number>).reduce((a, b) => a + b, 0);
    return body.totals.avgOverallScore !== null && counted === 2 ? body : undefined;
  });
  expect(res).toMatchObject({ object: 'analytics', metric: 'interviews', groupBy: 'agent', totals });
  expect(res.buckets).toEqual([{ key: agent.body.id, ...totals }]);
}, 120_000);
