/**
 * An interview's hosted link reissued (the old one stops working at once) and the agent's public
 * display name on the candidate's side, on the real stack.
 */
import { SCOPES } from '../../api/scopes';
import { createTenant, startApi, type Tenant } from '../helpers/app';
import { uniqueName, waitFor } from '../helpers/servers';
import { runWorker, type RunningWorker } from '../helpers/worker';

const env = { TEMPORAL_TASK_QUEUE: uniqueName('interview-link') };
let api: Awaited<ReturnType<typeof startApi>>;
let worker: RunningWorker;
let tenant: Tenant;
let key: string;

beforeAll(async () => {
  api = await startApi('interview-link', env);
  worker = await runWorker(env);
  tenant = await createTenant({ creditMinutes: 100 });
  key = await tenant.key(SCOPES, { rateLimitPerMinute: 100_000 });
}, 120_000);
afterAll(async () => {
  await worker?.stop();
  await api?.close();
});

const capabilityOf = (interviewUrl: string) => new URL(interviewUrl).hash.slice(1);
const session = (token: string, id: string, path = '', method = 'GET') => api.call(method, `/candidate/v1/interviews/${id}${path}`, { token });

async function interviewWith(agent: Record<string, unknown>) {
  const created = await api.call('POST', '/api/v1/agents', {
    token: key,
    body: { type: 'voice', name: uniqueName('Support engineer screener'), instructions: 'Interview the candidate.', ...agent },
  });
  expect(created.status).toBe(201);
  const interview = await api.call('POST', '/api/v1/interviews', { token: key, body: { agentId: created.body.id, candidateName: 'Ada', mode: 'text' } });
  expect(interview.status).toBe(201);
  return { agent: created.body, interview: interview.body };
}

test('a display name is echoed, changed, and is the name the candidate sees; without one they see the agent name', async () => {
  const { agent, interview } = await interviewWith({ displayName: 'Acme Recruiting' });
  expect(agent.displayName).toBe('Acme Recruiting');
  expect((await session(capabilityOf(interview.interviewUrl), interview.id)).body.agentName).toBe('Acme Recruiting');
  const renamed = await api.call('PATCH', `/api/v1/agents/${agent.id}`, { token: key, body: { displayName: 'Acme Careers' } });
  expect(renamed.body.displayName).toBe('Acme Careers');
  expect((await session(capabilityOf(interview.interviewUrl), interview.id)).body.agentName).toBe('Acme Careers');
  const tooLong = await api.call('PATCH', `/api/v1/agents/${agent.id}`, { token: key, body: { displayName: 'x'.repeat(201) } });
  expect(tooLong.body.error).toMatchObject({ code: 'VALIDATION_ERROR', param: 'body.displayName' });

  const plain = await interviewWith({});
  expect(plain.agent.displayName).toBe('');
  expect((await session(capabilityOf(plain.interview.interviewUrl), plain.interview.id)).body.agentName).toBe(plain.agent.name);
});

test('a reissued link works and the previous one stops at once; the transcript follows the conversation; a completed interview keeps its link', async () => {
  const { interview } = await interviewWith({});
  const old = capabilityOf(interview.interviewUrl);
  expect((await session(old, interview.id)).status).toBe(200);

  const fresh = await api.call('POST', `/api/v1/interviews/${interview.id}/link`, { token: key });
  expect(fresh.status).toBe(200);
  expect(fresh.body).toMatchObject({ object: 'interview_link', interviewId: interview.id, expiresAt: interview.expiresAt });
  const renewed = capabilityOf(fresh.body.interviewUrl);
  expect(renewed).toMatch(/^ic_/);
  expect(renewed).not.toBe(old);
  expect((await session(old, interview.id)).status).toBe(401);
  expect((await session(renewed, interview.id)).status).toBe(200);

  // Started and ended with the new link: a closed interview's link is not renewed.
  expect((await session(renewed, interview.id, '/start', 'POST')).status).toBe(200);
  const live = await api.call('GET', `/api/v1/interviews/${interview.id}/transcript`, { token: key });
  expect(live.body).toMatchObject({ object: 'interview_transcript', interviewId: interview.id, data: [{ index: 0, role: 'agent' }] });
  expect(live.body.data[0].text.length).toBeGreaterThan(0);
  expect((await session(renewed, interview.id, '/end', 'POST')).status).toBe(200);
  await waitFor(
    async () => ((await api.call('GET', `/api/v1/interviews/${interview.id}`, { token: key })).body.status === 'completed' ? true : undefined),
    30_000,
  );
  const closed = await api.call('POST', `/api/v1/interviews/${interview.id}/link`, { token: key });
  expect(closed.status).toBe(409);
  expect(closed.body.error).toMatchObject({ code: 'INTERVIEW_CLOSED', message: 'This interview is completed; its link cannot be renewed.' });

  const missing = await api.call('POST', '/api/v1/interviews/0123456789abcdef01234567/link', { token: key });
  expect(missing.status).toBe(404);
});
