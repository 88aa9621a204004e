/**
 * Whole calls and interviews through the real stack with a real LLM adapter: the agent names
 * `mistral`, the worker holds a Mistral key and base URL pointing at a local fake of Mistral's
 * API, and the simulated carrier plays the callee (the test plays the candidate). The agent's turns
 * and the reports come from the fake.
 */
import { SCOPES } from '../../api/scopes';
import { createTenant, startApi, type Tenant } from '../helpers/app';
import { uniqueName, waitFor } from '../helpers/servers';
import { runWorker, type RunningWorker } from '../helpers/worker';
import { startFakeLlmVendor, type FakeLlmServer, type RecordedRequest } from '../fakes/llmVendors';

const POLLING = [SCOPES, { rateLimitPerMinute: 100_000 }] as const;
const AGENT_SCRIPT = [
  ['Hi Ada, ', 'this is the renewals desk.'],
  ['Could you tell ', 'me your email?'],
  ['Thanks Ada, ', 'goodbye.', ' [[END]]'],
];
const ANALYSIS = {
  summary: 'From the fake: Ada will renew.',
  outcome: 'renew',
  capturedFields: { email: 'ada@example.com' },
  sentiment: 'positive',
  optOut: false,
};
const EVALUATION = {
  summary: 'From the fake: strong on TypeScript.',
  evaluations: [
    { criterion: 'TypeScript', score: 5, rationale: 'Six years of strict TypeScript.' },
    { criterion: 'databases', score: 2, rationale: 'Did not speak to it.' },
  ],
  recommendation: 'hold',
};
/** Written into an agent's instructions, which the analysis prompt quotes: the fake then answers it with invalid JSON. */
const BROKEN_ANALYSIS = 'BROKEN-ANALYSIS';
/** Likewise: the fake answers this agent's analysis with a 503, every time. */
const DOWN_ANALYSIS = 'DOWN-ANALYSIS';

let fake: FakeLlmServer;
let api: Awaited<ReturnType<typeof startApi>>;
let worker: RunningWorker;
let tenant: Tenant;
let key: string;

const isAnalysis = (r: RecordedRequest) => r.body.response_format !== undefined;
const systemOf = (r: RecordedRequest): string => r.body.messages[0].content;

beforeAll(async () => {
  fake = await startFakeLlmVendor('mistral');
  fake.respond = (request) => {
    if (isAnalysis(request) && systemOf(request).includes(BROKEN_ANALYSIS)) return { text: '{"summary": "half' };
    if (isAnalysis(request) && systemOf(request).includes(DOWN_ANALYSIS)) return { status: 503, message: 'fake outage' };
    if (isAnalysis(request)) return { text: JSON.stringify(systemOf(request).includes('job interview') ? EVALUATION : ANALYSIS) };
    if (systemOf(request).includes('interviewer')) {
      const asked = request.body.messages.filter((m: { role: string }) => m.role === 'assistant').length;
      return asked === 0 ? { text: '', chunks: ['Welcome, ', 'Grace.'] } : { text: '', chunks: ['Thank you, ', 'that is all.', ' [[END]]'] };
    }
    const agentTurns = request.body.messages.filter((m: { role: string }) => m.role === 'assistant').length;
    const chunks = AGENT_SCRIPT[Math.min(agentTurns, AGENT_SCRIPT.length - 1)];
    return { text: chunks.join(''), chunks };
  };
  const taskQueue = uniqueName('llm_vendor_calls');
  const env = {
    TEMPORAL_TASK_QUEUE: taskQueue,
    SIMULATED_CALL_PACE_MS: '50',
    RING_TIMEOUT_SECONDS: '2',
    MISTRAL_API_KEY: fake.apiKey,
    MISTRAL_BASE_URL: fake.url,
  };
  api = await startApi('llm_vendor_calls', env);
  worker = await runWorker(env);
  tenant = await createTenant({ creditMinutes: 100, limits: { maxConcurrentCalls: 3 } });
  key = await tenant.key(...POLLING);
}, 120_000);
afterAll(async () => {
  await worker?.stop();
  await api?.close();
  await fake?.close();
});

async function mistralAgent(instructions: string) {
  const res = await api.call('POST', '/api/v1/agents', {
    token: key,
    body: {
      name: uniqueName('Renewals'),
      instructions,
      providers: { llm: 'mistral' },
      phone: { greeting: 'Hi {{firstName}}, this is the renewals desk.', requiredContactFields: ['email'], outcomeLabels: ['renew', 'cancel'] },
    },
  });
  expect(res.status).toBe(201);
  expect(res.body.providers.llm).toBe('mistral');
  return res.body.id as string;
}

async function callToReport(agentId: string, variables: Record<string, string> = { firstName: 'Ada', product: 'broadband' }) {
  const placed = await api.call('POST', '/api/v1/calls', {
    token: key,
    body: { agentId, phoneNumber: '+442079460001', variables },
  });
  expect(placed.status).toBe(201);
  const id = placed.body.id as string;
  const call = await waitFor(async () => {
    const res = await api.call('GET', `/api/v1/calls/${id}`, { token: key });
    return res.body.status === 'completed' ? res.body : undefined;
  }, 30_000);
  const report = await waitFor(async () => {
    const res = await api.call('GET', `/api/v1/calls/${id}/report`, { token: key });
    return res.status === 200 ? res.body : undefined;
  }, 30_000);
  const transcript = await api.call('GET', `/api/v1/calls/${id}/transcript`, { token: key });
  return { call, report, turns: transcript.body.data as { role: string; text: string }[] };
}

test('the agent speaks what the fake Mistral streams, and the report is the fake’s analysis', async () => {
  const agentId = await mistralAgent('You call {{firstName}} about the renewal of their {{product}}.');
  const { call, report, turns } = await callToReport(agentId);

  expect(call.disposition).toBe('completed');
  expect(turns.filter((t) => t.role === 'agent').map((t) => t.text)).toEqual(AGENT_SCRIPT.map((chunks) => chunks.join('').replace(' [[END]]', '')));
  expect(turns.find((t) => t.role === 'contact' && t.text.includes('@example.com'))).toBeDefined();
  expect(report).toMatchObject({ ...ANALYSIS, analysisStatus: 'completed', disposition: 'completed' });
  expect(report.analysisError).toBeUndefined();

  const turnRequests = fake.chatRequests().filter((r) => !isAnalysis(r) && systemOf(r).includes('renewal of their broadband'));
  expect(turnRequests).toHaveLength(3);
  for (const r of turnRequests) {
    expect(r.headers.authorization).toBe(`Bearer ${fake.apiKey}`);
    expect(r.body).toMatchObject({ model: 'mistral-small-latest', stream: true });
    expect(systemOf(r)).toContain('You call Ada about the renewal of their broadband.');
  }
  // Each turn carries the transcript so far: the agent's turns as the model's own, the callee's as the user's.
  expect(turnRequests[2].body.messages.slice(1).map((m: { role: string }) => m.role)).toEqual(['assistant', 'user', 'assistant', 'user']);
});

test('an analysis the model keeps getting wrong gives a final report that says so and invents nothing', async () => {
  const agentId = await mistralAgent(`You call {{firstName}} about their {{product}}. ${BROKEN_ANALYSIS}`);
  const { call, report } = await callToReport(agentId);

  expect(call.disposition).toBe('completed');
  expect(report).toMatchObject({ object: 'call_report', status: 'ready', analysisStatus: 'failed', capturedFields: {} });
  expect(report.analysisError).toMatch(/mistral gave no valid analysis in 3 attempts/);
  expect(report.summary).toBeUndefined();
  expect(report.sentiment).toBeUndefined();
  expect(report.outcome).toBeUndefined();
  expect(fake.chatRequests().filter((r) => isAnalysis(r) && systemOf(r).includes(BROKEN_ANALYSIS))).toHaveLength(3);
});

test('a vendor that keeps failing the analysis gives, after every retry, a final report that says so', async () => {
  const agentId = await mistralAgent(`You call {{firstName}} about their {{product}}. ${DOWN_ANALYSIS}`);
  const placed = await api.call('POST', '/api/v1/calls', {
    token: key,
    body: { agentId, phoneNumber: '+442079460001', variables: { firstName: 'Ada', product: 'broadband' } },
  });
  expect(placed.status).toBe(201);
  // Five attempts 2, 4, 8 and 16 s apart.
  const report = await waitFor(async () => {
    const res = await api.call('GET', `/api/v1/calls/${placed.body.id}/report`, { token: key });
    return res.status === 200 ? res.body : undefined;
  }, 90_000);
  expect(report).toMatchObject({ status: 'ready', analysisStatus: 'failed' });
  expect(report.analysisError).toMatch(/503|fake outage/);
  expect(report.summary).toBeUndefined();
  expect(fake.chatRequests().filter((r) => isAnalysis(r) && systemOf(r).includes(DOWN_ANALYSIS))).toHaveLength(5);
}, 120_000);

test('an agent naming a vendor the server has no key for fails the call at once, with no fallback', async () => {
  const res = await api.call('POST', '/api/v1/agents', {
    token: key,
    body: { name: uniqueName('Groq'), instructions: 'Hello.', providers: { llm: 'groq' }, phone: { greeting: 'Hi.' } },
  });
  expect(res.body.providers.llm).toBe('groq');
  const { call, report, turns } = await callToReport(res.body.id, {});
  expect(call.disposition).toBe('failed');
  // Nothing was said: no other vendor and no simulation stood in for the missing one.
  expect(turns).toEqual([]);
  expect(report).toMatchObject({ analysisStatus: 'failed', capturedFields: {} });
  expect(report.analysisError).toMatch(/groq is not configured/);
});

async function interviewToReport(instructions: string) {
  const agent = await api.call('POST', '/api/v1/agents', {
    token: key,
    body: {
      type: 'voice',
      mode: 'interview',
      name: uniqueName('Panel'),
      instructions,
      providers: { llm: 'mistral' },
      voice: { evaluationCriteria: ['TypeScript', 'databases'] },
    },
  });
  expect(agent.body.providers.llm).toBe('mistral');
  const created = await api.call('POST', '/api/v1/interviews', { token: key, body: { agentId: agent.body.id, candidateName: 'Grace', mode: 'text' } });
  expect(created.status).toBe(201);
  const id = created.body.id as string;
  const capability = new URL(created.body.interviewUrl).hash.slice(1);
  const candidate = (path: string, body?: unknown) =>
    api.call('POST', `/candidate/v1/interviews/${id}${path}`, { token: capability, ...(body ? { body } : {}) });
  const started = await candidate('/start');
  const reply = await candidate('/messages', { text: 'I have written strict TypeScript for six years.' });
  const report = await waitFor(async () => {
    const res = await api.call('GET', `/api/v1/interviews/${id}/report`, { token: key });
    return res.status === 200 ? res.body : undefined;
  }, 30_000);
  return { started: started.body, reply: reply.body, report };
}

test('an interview with a Mistral agent: its turns and its evaluation come from the fake, the aggregates are ours', async () => {
  const { started, reply, report } = await interviewToReport('Interview for a backend role.');
  expect(started.turns).toEqual([{ index: 0, role: 'agent', text: 'Welcome, Grace.' }]);
  expect(reply).toMatchObject({ agentTurn: { index: 2, role: 'agent', text: 'Thank you, that is all.' }, ended: true });
  expect(report).toMatchObject({
    family: 'interview',
    analysisStatus: 'completed',
    summary: EVALUATION.summary,
    evaluations: EVALUATION.evaluations,
    overallScore: 3.5,
    recommendation: 'hold',
    strengths: ['TypeScript'],
    concerns: ['databases'],
  });
});

test('an interview whose analysis keeps failing validation gets a final report that records it', async () => {
  const { report } = await interviewToReport(`Interview for a backend role. ${BROKEN_ANALYSIS}`);
  expect(report).toMatchObject({ family: 'interview', status: 'ready', analysisStatus: 'failed' });
  expect(report.analysisError).toMatch(/no valid analysis in 3 attempts/);
  for (const field of ['summary', 'evaluations', 'overallScore', 'recommendation', 'strengths', 'concerns']) expect(report).not.toHaveProperty(field);
});
