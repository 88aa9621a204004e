/**
 * Interviews end to end on the real stack: the partner API, the candidate routes the hosted page
 * and the embed frame use, a worker running the interview workflow on the Temporal dev server with
 * the simulated LLM, and FerretDB.
 */
import { SCOPES } from '../../api/scopes';
import { Agent } from '../../models/agent';
import { ApiKey, hashKey } from '../../models/apiKey';
import { EmbedToken } from '../../models/embedToken';
import { Interview } from '../../models/interview';
import { interviewCandidateEndSignal, interviewEndSignal, interviewWorkflowId } from '../../workflows/definitions';
import { answeredAtDeadline, createTenant, settledReport, startApi, type Tenant } from '../helpers/app';
import { uniqueName, waitFor } from '../helpers/servers';
import { runWorker, signalsIn, type RunningWorker } from '../helpers/worker';

const ORIGIN = 'https://partner.example';
// The tests poll interviews and reports: keys get a rate limit the polling cannot reach.
const POLLING: [typeof SCOPES, { rateLimitPerMinute: number; allowedOrigins: string[] }] = [SCOPES, { rateLimitPerMinute: 100_000, allowedOrigins: [ORIGIN] }];
const CRITERIA = ['TypeScript', 'system design'];
const taskQueue = uniqueName('interviews');
const env = { TEMPORAL_TASK_QUEUE: taskQueue };
let api: Awaited<ReturnType<typeof startApi>>;
let worker: RunningWorker;
let tenant: Tenant;
let key: string;
let agentId: string;

beforeAll(async () => {
  api = await startApi('interviews', env);
  worker = await runWorker(env);
  tenant = await createTenant({ creditMinutes: 100 });
  key = await tenant.key(...POLLING);
  agentId = (await newAgent(key, 'Hiring panel', 'interview')).id;
}, 120_000);
afterAll(async () => {
  await worker?.stop();
  await api?.close();
});

async function newAgent(token: string, name: string, mode: 'interview' | 'workflow', criteria = CRITERIA) {
  const res = await api.call('POST', '/api/v1/agents', {
    token,
    body: {
      type: 'voice',
      mode,
      name,
      instructions: 'Interview the candidate.',
      voice: { opening: 'Welcome! Ready when you are.', evaluationCriteria: criteria },
    },
  });
  expect(res.status).toBe(201);
  return res.body;
}

const create = (body: Record<string, unknown> = {}, token = key) =>
  api.call('POST', '/api/v1/interviews', { token, body: { agentId, candidateName: 'Ada Lovelace', mode: 'text', ...body } });

/** A link the API handed out, pointed at this test's server instead of `publicBaseUrl`. */
const local = (link: string) => link.replace(api.config.publicBaseUrl, api.url);

const capabilityOf = (interviewUrl: string) => new URL(interviewUrl).hash.slice(1);

const candidate = (token: string, method: string, id: string, path = '', body?: unknown) =>
  api.call(method, `/candidate/v1/interviews/${id}${path}`, { token, ...(body === undefined ? {} : { body }) });

/** What a browser sends when it loads a page into an iframe. */
const FRAME = { 'sec-fetch-dest': 'iframe' };

const get = (id: string, token = key) => api.call('GET', `/api/v1/interviews/${id}`, { token });

const LONG_ANSWER =
  'I have written TypeScript for six years, mostly typed APIs and workflow engines, and I care about strict compiler settings, precise types at module boundaries and tests that exercise real servers.';

test('a whole text interview through the candidate routes: completed, charged, report 202 then 200 from the transcript', async () => {
  const created = await create({ externalRef: 'ats-1', candidateEmail: 'ada@example.com' });
  expect(created.status).toBe(201);
  expect(created.body).toMatchObject({
    object: 'interview',
    status: 'created',
    agentId,
    agentName: 'Hiring panel',
    mode: 'text',
    candidateName: 'Ada Lovelace',
    candidateEmail: 'ada@example.com',
    externalRef: 'ats-1',
    startedAt: null,
    endedReason: null,
    reportId: null,
  });
  const id = created.body.id;
  expect(Date.parse(created.body.expiresAt) - Date.parse(created.body.createdAt)).toBeGreaterThan(71 * 3_600_000);
  const url = new URL(created.body.interviewUrl);
  expect(`${url.origin}${url.pathname}`).toBe(`${api.config.publicBaseUrl}/i/${id}`);
  expect(url.search).toBe('');
  const capability = capabilityOf(created.body.interviewUrl);
  expect(capability).toMatch(/^ic_[A-Za-z0-9_-]{43}$/);
  expect(created.body.interviewUrl).not.toContain(key);
  // The link is in the create response only.
  expect((await get(id)).body).not.toHaveProperty('interviewUrl');

  const before = await candidate(capability, 'GET', id);
  expect(before.status).toBe(200);
  expect(before.body).toEqual({
    object: 'candidate_session',
    interviewId: id,
    agentName: 'Hiring panel',
    candidateName: 'Ada Lovelace',
    mode: 'text',
    language: 'en-US',
    opening: 'Welcome! Ready when you are.',
    status: 'created',
    endedReason: null,
    reportId: null,
    expiresAt: created.body.expiresAt,
    turns: [],
  });

  const started = await candidate(capability, 'POST', id, '/start');
  expect(started.body).toMatchObject({ status: 'active', turns: [{ index: 0, role: 'agent', text: 'Welcome! Ready when you are.' }] });
  expect((await get(id)).body).toMatchObject({ status: 'active', startedAt: expect.any(String) });
  // Still going: the report is pending.
  const pending = await api.call('GET', `/api/v1/interviews/${id}/report`, { token: key });
  expect(pending.status).toBe(202);
  expect(pending.body).toEqual({ object: 'interview_report', interviewId: id, status: 'pending' });

  const first = await candidate(capability, 'POST', id, '/messages', { text: 'Ready.' });
  expect(first.body).toEqual({
    object: 'candidate_reply',
    candidateTurn: { index: 1, role: 'candidate', text: 'Ready.' },
    agentTurn: { index: 2, role: 'agent', text: 'Tell me about your experience with TypeScript.' },
    agentTurns: [{ index: 2, role: 'agent', text: 'Tell me about your experience with TypeScript.' }],
    ended: false,
    reportId: null,
  });
  const second = await candidate(capability, 'POST', id, '/messages', { text: LONG_ANSWER });
  expect(second.body.agentTurn.text).toBe('Tell me about your experience with system design.');
  const last = await candidate(capability, 'POST', id, '/messages', { text: 'Not much.' });
  expect(last.body).toMatchObject({
    agentTurn: { index: 6, text: "Thank you, that's all my questions. Goodbye." },
    ended: true,
    reportId: expect.stringMatching(/^[0-9a-f]{24}$/),
  });

  const done = await get(id);
  expect(done.body).toMatchObject({ status: 'completed', endedReason: 'agent_ended', reportId: last.body.reportId, chargedMinutes: 1 });
  const report = await waitFor(async () => {
    const res = await api.call('GET', `/api/v1/interviews/${id}/report`, { token: key });
    return res.status === 200 ? res.body : undefined;
  }, 30_000);
  expect(report).toMatchObject({
    object: 'interview_report',
    id: last.body.reportId,
    interviewId: id,
    status: 'ready',
    family: 'interview',
    externalRef: 'ats-1',
    endedReason: 'agent_ended',
  });
  expect(report).not.toHaveProperty('transcript');
  expect(report).not.toHaveProperty('capturedFields');
  // One evaluation per criterion, in order, each read from the answer to its own question.
  expect(report.evaluations.map((e: { criterion: string }) => e.criterion)).toEqual(CRITERIA);
  const [ts, design] = report.evaluations;
  expect(ts.score).toBe(5);
  expect(ts.rationale).toContain(LONG_ANSWER.slice(0, 60));
  expect(design.score).toBe(2);
  expect(design.rationale).toContain('"Not much."');
  expect(report).toMatchObject({ overallScore: 3.5, recommendation: 'hold', strengths: ['TypeScript'], concerns: ['system design'] });

  const withTranscript = await api.call('GET', `/api/v1/interviews/${id}/report?includeTranscript=true`, { token: key });
  expect(withTranscript.body.transcript.map((t: { role: string; text: string }) => [t.role, t.text])).toEqual([
    ['agent', 'Welcome! Ready when you are.'],
    ['candidate', 'Ready.'],
    ['agent', 'Tell me about your experience with TypeScript.'],
    ['candidate', LONG_ANSWER],
    ['agent', 'Tell me about your experience with system design.'],
    ['candidate', 'Not much.'],
    ['agent', "Thank you, that's all my questions. Goodbye."],
  ]);

  const usage = await api.call('GET', '/api/v1/usage', { token: key });
  // The organization's first charge: one started minute, once.
  expect(usage.body.credits.usedMinutes).toBe(1);
  // The agent's count is refreshed shortly after its session ends.
  await waitFor(async () => ((await api.call('GET', `/api/v1/agents/${agentId}`, { token: key })).body.sessionsCount === 1 ? true : undefined));

  // Over: the candidate can read the session, not talk.
  expect((await candidate(capability, 'GET', id)).body).toMatchObject({ status: 'completed', reportId: last.body.reportId, turns: expect.any(Array) });
  const late = await candidate(capability, 'POST', id, '/messages', { text: 'One more thing' });
  expect(late.status).toBe(409);
  expect(late.body.error).toMatchObject({ type: 'conflict_error', code: 'INVALID_STATE_TRANSITION' });
});

// byok interviews (the organization's own vendors, minutes outside credits) are in byok.test.ts.
test('the candidate ends it, and is charged; a workflow-mode agent reports captured answers', async () => {
  const flow = await newAgent(key, 'Onboarding', 'workflow', ['email', 'start date']);
  const used = (await api.call('GET', '/api/v1/usage', { token: key })).body.credits.usedMinutes;
  const created = await create({ agentId: flow.id, mode: 'voice' });
  expect(created.body.mode).toBe('voice');
  const id = created.body.id;
  const capability = capabilityOf(created.body.interviewUrl);
  await candidate(capability, 'POST', id, '/start');
  await candidate(capability, 'POST', id, '/messages', { text: 'Hello' });
  const asked = await candidate(capability, 'POST', id, '/messages', { text: 'It is ada@example.com' });
  expect(asked.body.agentTurn.text).toBe('Could you tell me your start date?');
  const ended = await candidate(capability, 'POST', id, '/end');
  expect(ended.status).toBe(200);
  expect(ended.body).toMatchObject({ status: 'completed', endedReason: 'candidate_ended', reportId: expect.stringMatching(/^[0-9a-f]{24}$/) });

  const report = await waitFor(async () => {
    const res = await api.call('GET', `/api/v1/interviews/${id}/report`, { token: key });
    return res.status === 200 ? res.body : undefined;
  }, 30_000);
  expect(report).toMatchObject({ family: 'workflow', outcome: 'incomplete', capturedFields: { email: 'ada@example.com' }, endedReason: 'candidate_ended' });
  expect(report).not.toHaveProperty('evaluations');
  expect((await get(id)).body.chargedMinutes).toBe(1);
  const usage = await waitFor(async () => {
    const body = (await api.call('GET', '/api/v1/usage', { token: key })).body;
    return body.credits.usedMinutes > used ? body : undefined;
  });
  expect(usage.credits.usedMinutes).toBe(used + 1);
});

test('create validates the agent and the body', async () => {
  const phone = await api.call('POST', '/api/v1/agents', { token: key, body: { name: 'Caller', instructions: 'Call.' } });
  for (const [change, param] of [
    [{ agentId: phone.body.id }, 'body.agentId'],
    [{ agentId: '0123456789abcdef01234567' }, 'body.agentId'],
    [{ candidateName: '' }, 'body.candidateName'],
    [{ candidateName: '  ' }, 'body.candidateName'],
    [{ candidateName: 'x'.repeat(201) }, 'body.candidateName'],
    [{ candidateEmail: 'not an email' }, 'body.candidateEmail'],
    [{ mode: 'video' }, 'body.mode'],
    [{ expiresInHours: 0 }, 'body.expiresInHours'],
    [{ expiresInHours: 721 }, 'body.expiresInHours'],
    [{ externalRef: 'x'.repeat(501) }, 'body.externalRef'],
    [{ extra: true }, 'body.extra'],
  ] as const) {
    const res = await create(change);
    expect({ change, status: res.status, param: res.body.error?.param }).toEqual({ change, status: 400, param });
  }
  expect((await create({ agentId: phone.body.id })).body.error.message).toBe('body.agentId must be a voice agent to run interviews.');
  expect((await create({ agentId: '0123456789abcdef01234567' })).body.error.message).toBe('body.agentId is not an agent of your organization.');
  const res = await api.call('POST', '/api/v1/interviews', { token: key, body: { agentId } });
  expect(res.body.error).toMatchObject({ code: 'VALIDATION_ERROR', param: 'body.candidateName' });
  expect((await create({ expiresInHours: 1 })).body.expiresAt).toBeDefined();
});

test('embed tokens: allowed origins required, ranges, one interview only, CSP, expiry, 409 once completed', async () => {
  const created = await create();
  const id = created.body.id;
  const noOrigins = await tenant.key(SCOPES, { rateLimitPerMinute: 100_000 });
  const refused = await api.call('POST', `/api/v1/interviews/${id}/embed-token`, { token: noOrigins, body: {} });
  expect(refused.status).toBe(403);
  expect(refused.body.error).toMatchObject({ type: 'permission_error', code: 'EMBED_ORIGINS_REQUIRED' });
  for (const expiresInSeconds of [59, 86401, 'soon']) {
    const res = await api.call('POST', `/api/v1/interviews/${id}/embed-token`, { token: key, body: { expiresInSeconds } });
    expect(res.status).toBe(400);
    expect(res.body.error.param).toBe('body.expiresInSeconds');
  }

  const minted = await api.call('POST', `/api/v1/interviews/${id}/embed-token`, { token: key });
  expect(minted.status).toBe(200);
  expect(minted.body).toEqual({
    object: 'embed_token',
    interviewId: id,
    token: expect.stringMatching(/^et_[A-Za-z0-9_-]{43}$/),
    embedUrl: `${api.config.publicBaseUrl}/embed/${id}#token=${minted.body.token}`,
    expiresAt: expect.any(String),
    allowedOrigins: [ORIGIN],
  });
  const lifetime = Date.parse(minted.body.expiresAt) - Date.now();
  expect(lifetime).toBeGreaterThan(890_000);
  expect(lifetime).toBeLessThanOrEqual(900_000);
  const short = await api.call('POST', `/api/v1/interviews/${id}/embed-token`, { token: key, body: { expiresInSeconds: 60 } });
  expect(Date.parse(short.body.expiresAt) - Date.now()).toBeLessThanOrEqual(60_000);
  const token = minted.body.token;

  // The frame may be framed by the key's origins only; the token is in the fragment, so the page never sees it.
  const page = await fetch(local(minted.body.embedUrl), { headers: FRAME });
  expect(page.status).toBe(200);
  expect(page.headers.get('content-security-policy')).toContain(`frame-ancestors ${ORIGIN}`);
  const html = await page.text();
  expect(html).toContain(`data-interview-id="${id}"`);
  expect(html).not.toContain(token);

  expect((await candidate(token, 'GET', id)).body).toMatchObject({ interviewId: id, status: 'created' });
  // Bound to its interview: another interview of the same organization is out of reach.
  const other = (await create()).body.id;
  const foreign = await candidate(token, 'GET', other);
  expect(foreign.status).toBe(401);
  expect(foreign.body.error.code).toBe('INVALID_CANDIDATE_TOKEN');

  await EmbedToken.updateOne({ interviewId: id, expiresAt: new Date(minted.body.expiresAt) }, { $set: { expiresAt: new Date(Date.now() - 1000) } });
  const expired = await candidate(token, 'GET', id);
  expect(expired.status).toBe(401);
  expect(expired.body.error.code).toBe('CANDIDATE_TOKEN_EXPIRED');

  const capability = capabilityOf(created.body.interviewUrl);
  await candidate(capability, 'POST', id, '/start');
  await candidate(capability, 'POST', id, '/end');
  const closed = await api.call('POST', `/api/v1/interviews/${id}/embed-token`, { token: key });
  expect(closed.status).toBe(409);
  expect(closed.body.error).toMatchObject({
    type: 'conflict_error',
    code: 'INTERVIEW_CLOSED',
    message: 'This interview is completed; it takes no new embed tokens.',
  });

  // Past expiresAt, even if the workflow has not closed it yet: no new tokens, and the link is dead.
  const stale = await create();
  await Interview.updateOne({ _id: stale.body.id }, { $set: { expiresAt: new Date(Date.now() - 1000) } });
  expect((await api.call('POST', `/api/v1/interviews/${stale.body.id}/embed-token`, { token: key })).body.error).toMatchObject({
    code: 'INTERVIEW_CLOSED',
    message: 'This interview is past its expiresAt; it takes no new embed tokens.',
  });
  expect((await api.call('POST', `/api/v1/interviews/${stale.body.id}/link`, { token: key })).body.error).toMatchObject({
    code: 'INTERVIEW_CLOSED',
    message: 'This interview is past its expiresAt; its link cannot be renewed.',
  });
  expect((await candidate(capabilityOf(stale.body.interviewUrl), 'GET', stale.body.id)).body.error.code).toBe('CANDIDATE_TOKEN_EXPIRED');
});

test('candidate credentials reach one interview and no partner route; API keys are refused on candidate routes', async () => {
  const a = await create();
  const b = await create();
  const capability = capabilityOf(a.body.interviewUrl);
  const cross = await candidate(capability, 'GET', b.body.id);
  expect(cross.status).toBe(401);
  expect(cross.body.error).toMatchObject({ type: 'authentication_error', code: 'INVALID_CANDIDATE_TOKEN' });
  expect((await candidate(capability, 'POST', b.body.id, '/start')).status).toBe(401);
  for (const path of ['/api/v1/interviews', `/api/v1/interviews/${a.body.id}`, `/api/v1/interviews/${a.body.id}/report`, '/api/v1/usage']) {
    const res = await api.call('GET', path, { token: capability });
    expect({ path, status: res.status, code: res.body.error.code }).toEqual({ path, status: 401, code: 'INVALID_API_KEY' });
  }
  const withKey = await candidate(key, 'GET', a.body.id);
  expect(withKey.status).toBe(403);
  expect(withKey.body.error.code).toBe('PERMISSION_DENIED');
  const none = await api.call('GET', `/candidate/v1/interviews/${a.body.id}`);
  expect(none.status).toBe(401);
  expect(none.body).toMatchObject({ error: { code: 'INVALID_CANDIDATE_TOKEN' }, request_id: expect.stringMatching(/^req_/) });
  // A made-up capability of the right shape is no better.
  expect((await candidate(`ic_${'A'.repeat(43)}`, 'GET', a.body.id)).status).toBe(401);
  const empty = await candidate(capability, 'POST', a.body.id, '/messages', { text: '' });
  expect(empty.body.error).toMatchObject({ code: 'VALIDATION_ERROR', param: 'body.text' });
  const blank = await candidate(capability, 'POST', a.body.id, '/messages', { text: ' \n ' });
  expect(blank.body.error).toMatchObject({ code: 'VALIDATION_ERROR', param: 'body.text', message: 'body.text must not be blank.' });
});

test("another organization's interview ids are 404 on every interview route", async () => {
  const created = await create();
  const other = await (await createTenant()).key(...POLLING);
  for (const [method, path] of [
    ['GET', ''],
    ['GET', '/report'],
    ['POST', '/embed-token'],
  ]) {
    const res = await api.call(method, `/api/v1/interviews/${created.body.id}${path}`, { token: other });
    expect({ path, status: res.status }).toEqual({ path, status: 404 });
  }
  expect((await api.call('GET', '/api/v1/interviews', { token: other })).body.pagination.total).toBe(0);
  const foreignAgent = await create({}, other);
  expect(foreignAgent.body.error).toMatchObject({ code: 'VALIDATION_ERROR', param: 'body.agentId' });
});

test('an interview that ended without starting never gets a report: 409 REPORT_UNAVAILABLE, not 202 forever', async () => {
  const created = await create();
  const id = created.body.id;
  // The operator's signal, as from the Temporal UI; expiry takes the same path after expiresInHours.
  await worker.client.workflow.getHandle(interviewWorkflowId(id)).signal(interviewEndSignal);
  const done = await waitFor(async () => {
    const res = await get(id);
    return res.body.status === 'completed' ? res.body : undefined;
  });
  expect(done).toMatchObject({ endedReason: 'operator_ended', startedAt: null, reportId: null, chargedMinutes: 0 });
  const report = await api.call('GET', `/api/v1/interviews/${id}/report`, { token: key });
  expect(report.status).toBe(409);
  expect(report.body.error).toMatchObject({ type: 'conflict_error', code: 'REPORT_UNAVAILABLE' });
  const start = await candidate(capabilityOf(created.body.interviewUrl), 'POST', id, '/start');
  expect(start.status).toBe(409);
});

test('an agent with an interview in progress cannot be deleted: 409 AGENT_IN_USE naming it, until the interview has ended', async () => {
  const panel = await newAgent(key, uniqueName('Panel'), 'interview');
  const created = await create({ agentId: panel.id, candidateName: 'Grace Hopper' });
  const id = created.body.id;
  const capability = capabilityOf(created.body.interviewUrl);
  expect((await candidate(capability, 'POST', id, '/start')).status).toBe(200);
  const remove = () => api.call('DELETE', `/api/v1/agents/${panel.id}`, { token: key });
  const refused = await remove();
  expect(refused.status).toBe(409);
  expect(refused.body.error).toEqual({
    type: 'conflict_error',
    code: 'AGENT_IN_USE',
    param: 'path.id',
    message: `The interview ${id} with Grace Hopper is in progress with this agent: wait for it to end (at the latest the agent's maxDurationMinutes after its start) before deleting the agent.`,
  });
  // The interview goes on with its agent.
  expect((await candidate(capability, 'POST', id, '/messages', { text: 'Ready.' })).status).toBe(200);

  expect((await candidate(capability, 'POST', id, '/end')).status).toBe(200);
  expect((await remove()).status).toBe(200);
});

test('an interview not started does not hold its agent; started after the deletion, it is refused at once and ends without starting, uncharged, without a report', async () => {
  // An organization of its own, so that its credits move only with this interview.
  const own = await (await createTenant({ creditMinutes: 10 })).key(...POLLING);
  const panel = await newAgent(own, 'Panel', 'interview');
  const created = await create({ agentId: panel.id }, own);
  const id = created.body.id;
  const capability = capabilityOf(created.body.interviewUrl);
  expect((await api.call('DELETE', `/api/v1/agents/${panel.id}`, { token: own })).status).toBe(200);

  const began = Date.now();
  const start = await candidate(capability, 'POST', id, '/start');
  // At once, not after the turn's retries.
  expect(Date.now() - began).toBeLessThan(5_000);
  expect(start.status).toBe(409);
  expect(start.body.error).toEqual({
    type: 'conflict_error',
    code: 'INTERVIEW_CLOSED',
    message: 'The agent of this interview was deleted, so the interview has ended (endedReason agent_deleted) and takes no more turns.',
  });
  // Answered once the interview is over: it is not left active, and never started.
  expect((await get(id, own)).body).toMatchObject({
    status: 'completed',
    endedReason: 'agent_deleted',
    startedAt: null,
    durationSeconds: 0,
    chargedMinutes: 0,
    reportId: null,
  });
  expect((await candidate(capability, 'GET', id)).body).toMatchObject({ status: 'completed', endedReason: 'agent_deleted', reportId: null, turns: [] });
  expect((await candidate(capability, 'POST', id, '/messages', { text: 'Hello?' })).status).toBe(409);
  const report = await api.call('GET', `/api/v1/interviews/${id}/report`, { token: own });
  expect(report.status).toBe(409);
  expect(report.body.error).toMatchObject({
    code: 'REPORT_UNAVAILABLE',
    message: "This interview's agent was deleted before the candidate started it (endedReason agent_deleted), so it has no report and never will.",
  });
  // Nothing charged; the minute the start held is given back, and so is the interview's open place.
  const usage = await waitFor(async () => {
    const body = (await api.call('GET', '/api/v1/usage', { token: own })).body;
    return body.credits.heldMinutes === 0 && body.used.openInterviews === 0 ? body : undefined;
  });
  expect(usage.credits).toMatchObject({ usedMinutes: 0, remainingMinutes: 10 });
});

test('an interview whose agent is deleted before its analysis has no report: 409 REPORT_UNAVAILABLE saying so, not 202 for ever', async () => {
  const panel = await newAgent(key, uniqueName('Panel'), 'interview');
  const created = await create({ agentId: panel.id });
  const id = created.body.id;
  const capability = capabilityOf(created.body.interviewUrl);
  expect((await candidate(capability, 'POST', id, '/start')).status).toBe(200);
  // What a deletion does that passed its check just before the start was recorded: the agent is gone under the active interview.
  await Agent.deleteOne({ _id: panel.id });
  const ended = await candidate(capability, 'POST', id, '/end');
  expect(ended.body).toMatchObject({ status: 'completed', endedReason: 'candidate_ended' });

  const refused = await settledReport(api, `/api/v1/interviews/${id}/report`, key);
  expect(refused).toMatchObject({ status: 409, body: { error: { type: 'conflict_error', code: 'REPORT_UNAVAILABLE', param: 'path.id' } } });
  expect(refused.body.error.message).toBe("This interview's agent was deleted before its report was written, so it has no report and never will.");
});

test("the workflow's refusal is a 409 saying why: the candidate cannot end an interview not started", async () => {
  const created = await create();
  const ended = await candidate(capabilityOf(created.body.interviewUrl), 'POST', created.body.id, '/end');
  expect(ended.status).toBe(409);
  expect(ended.body.error).toMatchObject({ type: 'conflict_error', code: 'INVALID_STATE_TRANSITION', message: expect.stringContaining('created') });
  expect((await get(created.body.id)).body.status).toBe('created');
});

test('with no worker to confirm them, creating is 504 CREATE_TIMEOUT and the candidate routes 504 ACTION_TIMEOUT, each at its deadline', async () => {
  const queue = uniqueName('idle-interviews');
  const idle = await api.extraApp({ TEMPORAL_TASK_QUEUE: queue, WORKFLOW_ACTION_TIMEOUT_SECONDS: '2', INTERVIEW_TURN_TIMEOUT_SECONDS: '3' });
  const open = (externalRef: string) =>
    idle.call('POST', '/api/v1/interviews', { token: key, body: { agentId, candidateName: 'Ada Lovelace', mode: 'text', externalRef } });

  const externalRef = uniqueName('abandoned');
  const refused = await answeredAtDeadline(2, () => open(externalRef));
  expect(refused.status).toBe(504);
  expect(refused.body).toMatchObject({ error: { type: 'api_error', code: 'CREATE_TIMEOUT' }, request_id: expect.any(String) });
  // Abandoned: its workflow was ended before a worker could open it behind the partner's back.
  const abandoned = await waitFor(async () => {
    for await (const execution of worker.client.workflow.list({ query: `ExternalRef = "${externalRef}"` })) return execution.status.name;
    return undefined;
  });
  expect(abandoned).toBe('TERMINATED');
  expect((await api.call('GET', `/api/v1/interviews?externalRef=${externalRef}`, { token: key })).body.pagination.total).toBe(0);

  // An interview opened while a worker ran, whose worker has gone since.
  const gone = await runWorker({ TEMPORAL_TASK_QUEUE: queue });
  const created = await open(uniqueName('orphaned'));
  await gone.stop();
  expect(created.status).toBe(201);
  const capability = capabilityOf(created.body.interviewUrl);
  for (const [path, body, deadline] of [
    ['/start', undefined, 3],
    ['/messages', { text: 'Hello' }, 3],
    ['/end', undefined, 2],
  ] as const) {
    const res = await answeredAtDeadline(deadline, () =>
      idle.call('POST', `/candidate/v1/interviews/${created.body.id}${path}`, { token: capability, ...(body ? { body } : {}) }),
    );
    expect([path, res.status, res.body.error?.code]).toEqual([path, 504, 'ACTION_TIMEOUT']);
    expect(res.body.request_id).toEqual(expect.any(String));
  }
});

test("with no worker to confirm it, a candidate's end is recorded as the candidateEnd signal, and ends the interview once a worker runs", async () => {
  const queue = uniqueName('idle-interviews');
  const idle = await api.extraApp({ TEMPORAL_TASK_QUEUE: queue, WORKFLOW_ACTION_TIMEOUT_SECONDS: '2' });
  // Started while a worker ran, whose worker has gone since.
  const gone = await runWorker({ TEMPORAL_TASK_QUEUE: queue });
  const created = await idle.call('POST', '/api/v1/interviews', { token: key, body: { agentId, candidateName: 'Ada Lovelace', mode: 'text' } });
  const capability = capabilityOf(created.body.interviewUrl);
  expect((await idle.call('POST', `/candidate/v1/interviews/${created.body.id}/start`, { token: capability })).status).toBe(200);
  await gone.stop();

  const ended = await answeredAtDeadline(2, () => idle.call('POST', `/candidate/v1/interviews/${created.body.id}/end`, { token: capability }));
  expect(ended.status).toBe(504);
  expect(ended.body).toMatchObject({
    error: { type: 'api_error', code: 'ACTION_TIMEOUT', message: expect.stringContaining('The end is recorded') },
    request_id: expect.any(String),
  });

  const late = await runWorker({ TEMPORAL_TASK_QUEUE: queue });
  try {
    // In the history before a worker took anything: the update alone lives only in the server's memory.
    expect(await signalsIn(late.client, interviewWorkflowId(created.body.id))).toEqual([interviewCandidateEndSignal.name]);
    const completed = await waitFor(async () => {
      const body = (await get(created.body.id)).body;
      return body.status === 'completed' ? body : undefined;
    }, 30_000);
    expect(completed).toMatchObject({ endedReason: 'candidate_ended', chargedMinutes: 1 });
  } finally {
    await late.stop();
  }
});

test('list filters by externalRef and status, newest first', async () => {
  const t = await createTenant();
  const k = await t.key(...POLLING);
  const agent = await newAgent(k, 'Lister', 'interview');
  const ids: string[] = [];
  for (const externalRef of ['x-1', 'x-2', 'x-1']) {
    const res = await create({ agentId: agent.id, externalRef }, k);
    ids.push(res.body.id);
  }
  const capability = capabilityOf((await create({ agentId: agent.id, externalRef: 'x-3' }, k)).body.interviewUrl);
  const active = (await api.call('GET', '/api/v1/interviews?externalRef=x-3', { token: k })).body.data[0].id;
  await candidate(capability, 'POST', active, '/start');

  const byRef = await api.call('GET', '/api/v1/interviews?externalRef=x-1', { token: k });
  expect(byRef.body).toMatchObject({ object: 'list', dataType: 'interview', pagination: { total: 2 } });
  expect(byRef.body.data.map((i: { id: string }) => i.id)).toEqual([ids[2], ids[0]]);
  const page2 = await api.call('GET', '/api/v1/interviews?limit=1&page=2', { token: k });
  expect(page2.body.pagination).toMatchObject({ total: 4, totalPages: 4, hasMore: true });
  expect(page2.body.data.map((i: { id: string }) => i.id)).toEqual([ids[2]]);
  expect((await api.call('GET', '/api/v1/interviews?status=active', { token: k })).body.data.map((i: { id: string }) => i.id)).toEqual([active]);
  expect((await api.call('GET', '/api/v1/interviews?status=created', { token: k })).body.pagination.total).toBe(3);
  expect((await api.call('GET', '/api/v1/interviews?status=ringing', { token: k })).body.error.param).toBe('query.status');
  expect((await api.call('GET', `/api/v1/interviews?externalRef=${'x'.repeat(501)}`, { token: k })).body.error.param).toBe('query.externalRef');
});

test('the hosted link serves the interview page, which nobody may frame', async () => {
  const created = await create();
  const res = await fetch(local(created.body.interviewUrl));
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^text\/html/);
  expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
  expect(res.headers.get('referrer-policy')).toBe('no-referrer');
  const html = await res.text();
  expect(html).toContain(`data-interview-id="${created.body.id}"`);
  expect(html).toContain('data-surface="hosted"');
  const loader = await fetch(`${api.url}/embed.js`);
  expect(loader.headers.get('content-type')).toMatch(/^application\/javascript/);
  expect(await loader.text()).toContain('window.VoiceAgent');
});

describe('embed tokens and origins', () => {
  const OWN = () => new URL(api.config.publicBaseUrl).origin;
  const mint = async (id: string, token = key) => {
    const res = await api.call('POST', `/api/v1/interviews/${id}/embed-token`, { token });
    expect(res.status).toBe(200);
    return res.body.token as string;
  };
  const from = (token: string, id: string, origin?: string, method = 'GET', path = '') =>
    api.call(method, `/candidate/v1/interviews/${id}${path}`, { token, headers: origin === undefined ? {} : { origin } });

  test("an embed token answers from this service's origin, its allowed origins, or no Origin; any other is 403 ORIGIN_NOT_ALLOWED", async () => {
    const id = (await create()).body.id;
    const token = await mint(id);
    for (const origin of [ORIGIN, OWN(), undefined]) {
      const res = await from(token, id, origin);
      expect({ origin, status: res.status }).toEqual({ origin, status: 200 });
    }
    for (const origin of ['https://evil.example', 'null', `${ORIGIN}:8443`, 'http://partner.example']) {
      const res = await from(token, id, origin);
      expect({ origin, status: res.status }).toEqual({ origin, status: 403 });
      expect(res.body.error).toMatchObject({ type: 'permission_error', code: 'ORIGIN_NOT_ALLOWED' });
    }
    // A refused origin changes nothing: the interview was not started.
    const start = await from(token, id, 'https://evil.example', 'POST', '/start');
    expect(start.body.error.code).toBe('ORIGIN_NOT_ALLOWED');
    expect((await get(id)).body.status).toBe('created');
    // The token is checked first: a bad token from a bad origin is still 401.
    expect((await from(`et_${'A'.repeat(43)}`, id, 'https://evil.example')).status).toBe(401);
  });

  test("the hosted link's capability answers only from this service's origin (or none)", async () => {
    const created = await create();
    const capability = capabilityOf(created.body.interviewUrl);
    expect((await from(capability, created.body.id, OWN())).status).toBe(200);
    expect((await from(capability, created.body.id)).status).toBe(200);
    const partner = await from(capability, created.body.id, ORIGIN);
    expect(partner.status).toBe(403);
    expect(partner.body.error.code).toBe('ORIGIN_NOT_ALLOWED');
  });

  test('revoking the API key ends the embed tokens it minted: 401 INVALID_CANDIDATE_TOKEN; other keys’ tokens and the link live on', async () => {
    const doomed = await tenant.key(...POLLING);
    const created = await create();
    const id = created.body.id;
    const [ended, kept] = [await mint(id, doomed), await mint(id)];
    expect((await from(ended, id, ORIGIN)).status).toBe(200);

    const session = await api.call('POST', '/api/v1/dashboard/sessions', { body: { email: tenant.adminEmail, password: tenant.adminPassword } });
    const keyId = String((await ApiKey.findOne({ keyHash: hashKey(doomed) }).lean())!._id);
    expect((await api.call('DELETE', `/api/v1/api-keys/${keyId}`, { token: session.body.token })).status).toBe(200);

    const refused = await from(ended, id, ORIGIN);
    expect(refused.status).toBe(401);
    expect(refused.body.error).toMatchObject({ type: 'authentication_error', code: 'INVALID_CANDIDATE_TOKEN' });
    expect((await from(ended, id, ORIGIN, 'POST', '/start')).status).toBe(401);
    expect((await from(kept, id, ORIGIN)).status).toBe(200);
    expect((await from(capabilityOf(created.body.interviewUrl), id)).status).toBe(200);
  });

  test('an embed token ends when the key that minted it expires, as when it is revoked: 401 INVALID_CANDIDATE_TOKEN', async () => {
    // The interview first: its start can take seconds on a loaded machine, which the key's life must
    // not have to cover.
    const id = (await create()).body.id;
    const keyExpiresAt = Date.now() + 5000;
    const expiring = await tenant.key(POLLING[0], { ...POLLING[1], expiresAt: new Date(keyExpiresAt) });
    const minted = await api.call('POST', `/api/v1/interviews/${id}/embed-token`, { token: expiring });
    expect(minted.status).toBe(200);
    // The token's own expiry is later than the key's: only the key's ends it.
    expect(new Date(minted.body.expiresAt).getTime()).toBeGreaterThan(keyExpiresAt + 60_000);
    expect((await from(minted.body.token, id, ORIGIN)).status).toBe(200);

    await new Promise((resolve) => setTimeout(resolve, keyExpiresAt - Date.now() + 100));
    const refused = await from(minted.body.token, id, ORIGIN);
    expect(refused.status).toBe(401);
    expect(refused.body.error).toMatchObject({ type: 'authentication_error', code: 'INVALID_CANDIDATE_TOKEN', message: expect.stringMatching(/expired/) });
    expect((await from(minted.body.token, id, ORIGIN, 'POST', '/start')).status).toBe(401);
    expect((await from(await mint(id), id, ORIGIN)).status).toBe(200);
  });

  test('the embed page is served only into a frame, never with the token, framed by the origins of the interview’s tokens', async () => {
    const id = (await create()).body.id;
    const unminted = await fetch(`${api.url}/embed/${id}`, { headers: FRAME });
    expect(unminted.status).toBe(200);
    expect(unminted.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    const token = await mint(id);
    const framed = await fetch(`${api.url}/embed/${id}`, { headers: FRAME });
    expect(framed.headers.get('content-security-policy')).toContain(`frame-ancestors ${ORIGIN}`);
    expect(await framed.text()).not.toContain(token);

    for (const headers of [{}, { 'sec-fetch-dest': 'document' }, { 'sec-fetch-dest': 'embed' }]) {
      const res = await fetch(`${api.url}/embed/${id}`, { headers });
      expect({ headers, status: res.status }).toEqual({ headers, status: 403 });
      expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
      const html = await res.text();
      expect(html).toContain('This interview can only be shown inside the page that embeds it.');
      expect(html).toContain('data-interview-id=""');
    }
  });
});
