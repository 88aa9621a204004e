/**
 * An agent's tools in interviews, end to end: the candidate asks the interviewer to look something
 * up, the simulated model calls the agent's http tool, a real local tool server receives the signed
 * POST (an `interview` conversation), and the agent's next words are the tool's answer; the tool
 * turn is in the transcript and the report, never on the candidate's screen, and `end_call` ends
 * the interview. Once by text messages (the workflow's activity runs the tools), once spoken over
 * the candidate's audio socket (the API's media session runs them, the workflow handing out the
 * extra transcript positions).
 */
import { createHmac } from 'node:crypto';
import type { Tenant } from '../helpers/app';
import { uniqueName, waitFor } from '../helpers/servers';
import { startToolStack, type ToolServer, type ToolStack } from '../helpers/toolServer';
import type { FakeLlmServer, RecordedRequest } from '../fakes/llmVendors';
import { VoiceClient, wordsIn } from '../helpers/voiceClient';

const OPENING = 'Welcome to the orders team interview.';
const QUESTION = 'Tell me about your experience with TypeScript.';
const LOOKUP = 'Before we start, could you look something up for me?';
const ANSWER = 'Your order shipped on Monday.';
const CLOSING = "Thank you, that's all my questions. Goodbye.";
/** Both interviews' transcripts: the lookup's tool turn before its answer, `end_call` after the goodbye. */
const TURNS = [
  [0, 'agent', OPENING],
  [1, 'candidate', LOOKUP],
  [2, 'tool', 'lookup_order answered'],
  [3, 'agent', ANSWER],
  [4, 'candidate', 'Thanks, ready.'],
  [5, 'agent', QUESTION],
  [6, 'candidate', 'Six years of typed APIs.'],
  [7, 'agent', CLOSING],
  [8, 'tool', 'end_call answered'],
];
const TOOL_CALLS = [
  { name: 'lookup_order', outcome: 'ok' },
  { name: 'end_call', outcome: 'ok' },
];

let stack: ToolStack;
let api: ToolStack['api'];
let tenant: Tenant;
let key: string;
let tool: ToolServer;
let fake: FakeLlmServer;
let agentId: string;
let secret: string;
const clients: VoiceClient[] = [];

beforeAll(async () => {
  stack = await startToolStack('interview_tools', { VOICE_PLAYBACK_LEAD_MS: '60000', VOICE_MAX_FRAMES_PER_SECOND: '1000' });
  ({ api, tenant, key, fake, tool } = stack);
  tool.answer = () => ({ status: 200, body: { answer: ANSWER } });
  agentId = await panel({});
  const session = await api.call('POST', '/api/v1/dashboard/sessions', { body: { email: tenant.adminEmail, password: tenant.adminPassword } });
  secret = (await api.call('POST', '/api/v1/dashboard/tool-signing-secret', { token: session.body.token })).body.secret;
}, 120_000);

/** A voice agent with `end_call` and the lookup tool at the local tool server; `extra` fields over these, `lookup` over the tool's. */
async function panel(extra: Record<string, unknown>, lookup: Record<string, unknown> = {}): Promise<string> {
  const agent = await api.call('POST', '/api/v1/agents', {
    token: key,
    body: {
      type: 'voice',
      mode: 'interview',
      name: uniqueName('Panel'),
      instructions: 'Interview the candidate.',
      voice: { opening: OPENING, evaluationCriteria: ['TypeScript'] },
      ...extra,
      tools: [
        { type: 'end_call' },
        {
          type: 'http',
          name: 'lookup_order',
          description: 'Finds an order by its number.',
          parameters: { type: 'object', properties: { orderNumber: { type: 'string' } }, required: ['orderNumber'] },
          url: tool.url,
          ...lookup,
        },
      ],
    },
  });
  expect(agent.status).toBe(201);
  return agent.body.id;
}

beforeEach(() => (tool.received.length = 0));
afterEach(() => {
  for (const client of clients.splice(0)) client.close();
});
afterAll(() => stack?.close());

async function newInterview(mode: 'text' | 'voice', agent = agentId) {
  const res = await api.call('POST', '/api/v1/interviews', { token: key, body: { agentId: agent, candidateName: 'Ada Lovelace', mode, externalRef: 'ats-7' } });
  expect(res.status).toBe(201);
  return { id: res.body.id as string, capability: new URL(res.body.interviewUrl).hash.slice(1) };
}

const candidate = (capability: string, method: string, id: string, path = '', body?: unknown) =>
  api.call(method, `/candidate/v1/interviews/${id}${path}`, { token: capability, ...(body === undefined ? {} : { body }) });

/** The tool server got exactly one signed request for this interview, under the organization's secret. */
function expectSignedLookup(interviewId: string, toolIndex: number) {
  expect(tool.received).toHaveLength(1);
  const [{ headers, raw, body }] = tool.received;
  const toolCallId = `tc_${interviewId}_${toolIndex}`;
  expect(body).toEqual({
    toolCallId,
    name: 'lookup_order',
    arguments: { orderNumber: 'example' },
    conversation: { type: 'interview', id: interviewId, agentId, externalRef: 'ats-7' },
  });
  expect(headers['idempotency-key']).toBe(toolCallId);
  const [, t, v1] = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(String(headers['voice-agent-signature']))!;
  expect(v1).toBe(createHmac('sha256', secret).update(`${t}.${raw}`).digest('hex'));
}

/** The transcript's turns as [role, text], and its tool turn in full. */
async function transcript(id: string) {
  const res = await api.call('GET', `/api/v1/interviews/${id}/transcript`, { token: key });
  expect(res.status).toBe(200);
  return res.body.data as Array<{ index: number; role: string; text: string; tool?: Record<string, unknown> }>;
}

async function readyReport(id: string) {
  const reportId = (await waitFor(async () => (await api.call('GET', `/api/v1/interviews/${id}`, { token: key })).body.reportId, 30_000)) as string;
  return waitFor(async () => {
    const res = await api.call('GET', `/api/v1/interviews/${id}/report`, { token: key });
    return res.body.status === 'ready' ? { reportId, body: res.body } : undefined;
  }, 30_000);
}

test('a text interview: the tool is called and its answer said, hidden from the candidate, in the transcript and report, and end_call ends the interview', async () => {
  const { id, capability } = await newInterview('text');
  expect((await candidate(capability, 'POST', id, '/start')).status).toBe(200);

  const looked = await candidate(capability, 'POST', id, '/messages', { text: LOOKUP });
  expect(looked.status).toBe(200);
  expect(looked.body.agentTurn).toEqual({ index: 3, role: 'agent', text: ANSWER });
  expectSignedLookup(id, 2);

  // The next message goes after the tool turn and the answer.
  const asked = await candidate(capability, 'POST', id, '/messages', { text: 'Thanks, ready.' });
  expect(asked.body.candidateTurn.index).toBe(4);
  expect(asked.body.agentTurn).toEqual({ index: 5, role: 'agent', text: QUESTION });
  const ended = await candidate(capability, 'POST', id, '/messages', { text: 'Six years of typed APIs.' });
  expect(ended.body).toMatchObject({ agentTurn: { index: 7, role: 'agent', text: CLOSING }, ended: true, reportId: expect.any(String) });

  const turns = await transcript(id);
  expect(turns.map((t) => [t.index, t.role, t.text])).toEqual(TURNS);
  expect(turns[2].tool).toMatchObject({
    toolCallId: `tc_${id}_2`,
    name: 'lookup_order',
    arguments: { orderNumber: 'example' },
    outcome: 'ok',
    result: { answer: ANSWER },
    durationMs: expect.any(Number),
  });

  const session = await candidate(capability, 'GET', id);
  expect(session.body.status).toBe('completed');
  expect(session.body.turns.map((t: { role: string }) => t.role)).toEqual(['agent', 'candidate', 'agent', 'candidate', 'agent', 'candidate', 'agent']);

  const { body: report } = await readyReport(id);
  expect(report).toMatchObject({ endedReason: 'agent_ended', toolCalls: TOOL_CALLS });
}, 90_000);

test('a voice interview: the spoken request runs the tool from the media session, the answer is spoken, the candidate never hears of the tool turn, and end_call hangs up', async () => {
  const { id, capability } = await newInterview('voice');
  const client = await VoiceClient.connect(api.url, id);
  clients.push(client);
  client.start(capability);
  await client.next((m) => m.type === 'ready');
  await client.next((m) => m.type === 'mark' && m.name === 't0.end');
  client.takeAudio();

  await client.speak(LOOKUP);
  await client.next((m) => m.type === 'mark' && m.name === 't1.end');
  expect(await wordsIn(client.takeAudio())).toBe(ANSWER);
  expectSignedLookup(id, 2);
  expect(await client.storedTurn(3)).toEqual({ index: 3, role: 'agent', text: ANSWER });
  expect(client.turn(2)).toBeUndefined();

  await client.speak('Thanks, ready.');
  await client.next((m) => m.type === 'mark' && m.name === 't2.end');
  expect(await wordsIn(client.takeAudio())).toBe(QUESTION);
  await client.speak('Six years of typed APIs.');
  await client.next((m) => m.type === 'mark' && m.name === 't3.end');
  expect(await wordsIn(client.takeAudio())).toBe(CLOSING);
  expect(await client.next((m) => m.type === 'ended')).toMatchObject({ type: 'ended', reason: 'agent_ended' });

  const turns = await transcript(id);
  expect(turns.map((t) => [t.index, t.role, t.text])).toEqual(TURNS);
  expect(client.messages.some((m) => m.type === 'turn' && m.turn.role === 'tool')).toBe(false);
  const { body: report } = await readyReport(id);
  expect(report).toMatchObject({ endedReason: 'agent_ended', toolCalls: TOOL_CALLS });
}, 90_000);

/** The fake Mistral's script: words and a lookup in one reply when asked, then the answer and end_call; no valid analysis. */
function mistralScript(request: RecordedRequest) {
  if (request.body.response_format) return { text: 'not an analysis' };
  const last = request.body.messages[request.body.messages.length - 1];
  if (last.role === 'tool' && last.content.includes('shipped'))
    return { text: '', chunks: ['It shipped on Monday. ', 'Goodbye.'], toolCalls: [{ name: 'end_call', arguments: {} }] };
  if (last.role === 'user' && last.content.includes('look something up'))
    return { text: '', chunks: ['Let me check.'], toolCalls: [{ name: 'lookup_order', arguments: { orderNumber: 'A-17' } }] };
  return { text: 'Welcome.' };
}

test('with Mistral in a text interview: the words before the call and the answer are turns, the tool’s answer goes back to the model, and toolCalls is reported though the analysis failed', async () => {
  fake.respond = mistralScript;
  tool.answer = (body) => ({ status: 200, body: { status: 'shipped', order: body.arguments.orderNumber } });
  const { id, capability } = await newInterview('text', await panel({ providers: { llm: 'mistral' } }));
  await candidate(capability, 'POST', id, '/start');
  const reply = await candidate(capability, 'POST', id, '/messages', { text: 'Could you look something up for me?' });
  expect(reply.body).toMatchObject({
    agentTurn: { index: 4, role: 'agent', text: 'It shipped on Monday. Goodbye.' },
    ended: true,
    reportId: expect.any(String),
  });
  // The candidate's page shows the words said before the call too.
  expect(reply.body.agentTurns).toEqual([
    { index: 2, role: 'agent', text: 'Let me check.' },
    { index: 4, role: 'agent', text: 'It shipped on Monday. Goodbye.' },
  ]);

  const turns = await transcript(id);
  expect(turns.slice(1).map((t) => [t.index, t.role, t.text])).toEqual([
    [1, 'candidate', 'Could you look something up for me?'],
    [2, 'agent', 'Let me check.'],
    [3, 'tool', 'lookup_order answered'],
    [4, 'agent', 'It shipped on Monday. Goodbye.'],
    [5, 'tool', 'end_call answered'],
  ]);
  expect(turns[3].tool).toMatchObject({ toolCallId: `tc_${id}_3`, arguments: { orderNumber: 'A-17' }, result: { status: 'shipped', order: 'A-17' } });
  const turnRequests = fake
    .chatRequests()
    .filter((r) => !r.body.response_format && r.body.messages.some((m: { content?: string }) => m.content === 'Could you look something up for me?'));
  expect(turnRequests[0].body.tools.map((t: { function: { name: string } }) => t.function.name)).toEqual(['lookup_order', 'end_call']);
  const afterTool = turnRequests.find((r) => r.body.messages.at(-1).role === 'tool')!;
  expect(afterTool.body.messages.at(-1)).toMatchObject({ role: 'tool', content: '{"status":"shipped","order":"A-17"}' });

  const { body: report } = await readyReport(id);
  expect(report).toMatchObject({ analysisStatus: 'failed', endedReason: 'agent_ended', toolCalls: TOOL_CALLS });
}, 90_000);

test('a voice interview with an async tool slower than a second: the wait message is spoken and stored before the tool turn, then the answer', async () => {
  const WAIT = 'Bear with me while I check the warehouse.';
  tool.answer = () => ({ status: 200, body: { answer: ANSWER }, delayMs: 1500 });
  const { id, capability } = await newInterview('voice', await panel({}, { async: true, waitMessage: WAIT }));
  const client = await VoiceClient.connect(api.url, id);
  clients.push(client);
  client.start(capability);
  await client.next((m) => m.type === 'mark' && m.name === 't0.end');
  client.takeAudio();
  await client.speak(LOOKUP);
  await client.next((m) => m.type === 'mark' && m.name === 't1.end');
  // One spoken turn: the wait message while the tool runs, then its answer.
  expect(await wordsIn(client.takeAudio())).toBe(`${WAIT} ${ANSWER}`);
  const turns = await waitFor(async () => {
    const all = await transcript(id);
    return all.length >= 5 ? all : undefined;
  }, 10_000);
  expect(turns.map((t) => [t.index, t.role, t.text])).toEqual([
    [0, 'agent', OPENING],
    [1, 'candidate', LOOKUP],
    [2, 'agent', WAIT],
    [3, 'tool', 'lookup_order answered'],
    [4, 'agent', ANSWER],
  ]);
  // The screen hears of each turn after its write, in order: once the answer's, the tool's would have come.
  await client.storedTurn(4);
  expect(client.turn(2)).toEqual({ index: 2, role: 'agent', text: WAIT });
  expect(client.turn(3)).toBeUndefined();
}, 60_000);
