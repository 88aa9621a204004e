/**
 * An agent's tools during a call, end to end on the simulated carrier's text line: the callee at
 * +442079460021 asks the agent to look something up, the model (the simulated one, or the fake
 * Mistral) calls the agent's tool, the worker POSTs to a real local tool server (signed, with its
 * Idempotency-Key), and the agent says the answer; the fake Mistral then hangs up with `end_call`.
 * The transcript shows each tool turn as it happened.
 */
import { createHmac } from 'node:crypto';
import { DEFAULT_WAIT_MESSAGE } from '../../conversation/tools';
import type { Tenant } from '../helpers/app';
import { uniqueName, waitFor } from '../helpers/servers';
import { agentWithLookup as lookupAgent, startToolStack, type ToolServer, type ToolStack } from '../helpers/toolServer';
import type { FakeLlmServer, RecordedRequest } from '../fakes/llmVendors';

const LOOKUP_NUMBER = '+442079460021';

let stack: ToolStack;
let api: ToolStack['api'];
let tenant: Tenant;
let key: string;
let fake: FakeLlmServer;
let tool: ToolServer;
let toolUrl: string;

beforeAll(async () => {
  stack = await startToolStack('tool_calls', { SIMULATED_CALL_PACE_MS: '50', RING_TIMEOUT_SECONDS: '2' });
  ({ api, tenant, key, fake, tool } = stack);
  toolUrl = tool.url;
}, 120_000);
afterAll(() => stack?.close());
beforeEach(() => (tool.received.length = 0));

async function signingSecret(): Promise<string> {
  const session = await api.call('POST', '/api/v1/dashboard/sessions', { body: { email: tenant.adminEmail, password: tenant.adminPassword } });
  const res = await api.call('POST', '/api/v1/dashboard/tool-signing-secret', { token: session.body.token });
  expect(res.status).toBe(201);
  return res.body.secret;
}

/** The lookup tool here takes a `channel` too, whose simplest value is its first enum value. */
const agentWithLookup = (extra: Record<string, unknown> = {}, builtIns: unknown[] = [], lookup: Record<string, unknown> = {}) =>
  lookupAgent(api, key, {
    name: uniqueName('Orders'),
    url: toolUrl,
    extra,
    builtIns,
    lookup: {
      parameters: {
        type: 'object',
        properties: { orderNumber: { type: 'string' }, channel: { type: 'string', enum: ['phone', 'web'] }, note: { type: 'string' } },
        required: ['orderNumber', 'channel'],
      },
      ...lookup,
    },
  });

async function callToEnd(agentId: string) {
  const placed = await api.call('POST', '/api/v1/calls', { token: key, body: { agentId, phoneNumber: LOOKUP_NUMBER, externalRef: 'crm-42' } });
  expect(placed.status).toBe(201);
  const id = placed.body.id as string;
  await waitFor(async () => ((await api.call('GET', `/api/v1/calls/${id}`, { token: key })).body.status === 'completed' ? true : undefined), 30_000);
  const transcript = await api.call('GET', `/api/v1/calls/${id}/transcript`, { token: key });
  return { id, turns: transcript.body.data as Array<{ role: string; text: string; startedAt: string; tool?: Record<string, unknown> }> };
}

test('the callee asks for a lookup: the tool is called, signed, and the agent says its answer', async () => {
  const secret = await signingSecret();
  tool.answer = () => ({ status: 200, body: { answer: 'Your order shipped on Monday.' } });
  const agentId = await agentWithLookup();
  const { id, turns } = await callToEnd(agentId);

  expect(turns.map((t) => [t.role, t.text])).toEqual([
    ['agent', 'Hello, this is the orders desk.'],
    ['contact', 'Could you look something up for me, please?'],
    ['tool', 'lookup_order answered'],
    ['agent', 'Your order shipped on Monday.'],
    ['contact', 'Yes, go ahead.'],
    ['agent', "Thank you, that's everything I needed. Goodbye."],
  ]);
  const stored = turns[2].tool!;
  expect(stored).toMatchObject({
    toolCallId: `tc_${id}_2`,
    name: 'lookup_order',
    arguments: { orderNumber: 'example', channel: 'phone' },
    outcome: 'ok',
    result: { answer: 'Your order shipped on Monday.' },
  });
  expect(stored.durationMs).toEqual(expect.any(Number));

  expect(tool.received).toHaveLength(1);
  const [{ headers, raw }] = tool.received;
  expect(JSON.parse(raw)).toEqual({
    toolCallId: `tc_${id}_2`,
    name: 'lookup_order',
    arguments: { orderNumber: 'example', channel: 'phone' },
    conversation: { type: 'call', id, agentId, externalRef: 'crm-42', direction: 'outbound' },
  });
  expect(headers['idempotency-key']).toBe(`tc_${id}_2`);
  const [t, v1] = String(headers['voice-agent-signature'])
    .split(',')
    .map((p) => p.split('=')[1]);
  expect(v1).toBe(createHmac('sha256', secret).update(`${t}.${raw}`).digest('hex'));
});

test('a failing tool is told to the model, and the agent says it could not look it up', async () => {
  tool.answer = () => ({ status: 503, body: { error: 'inventory down' } });
  const { turns } = await callToEnd(await agentWithLookup());
  const toolTurn = turns.find((t) => t.role === 'tool')!;
  expect(toolTurn.tool).toMatchObject({ outcome: 'error', error: 'the tool answered 503: {"error":"inventory down"}' });
  expect(turns[turns.indexOf(toolTurn) + 1]).toMatchObject({
    role: 'agent',
    text: 'I\'m sorry, I could not look that up: the tool answered 503: {"error":"inventory down"}.',
  });
});

/** The fake Mistral's script: greet, look the order up when asked, say the answer and hang up with end_call. */
function mistralScript(request: RecordedRequest) {
  if (request.body.response_format) {
    return { text: JSON.stringify({ summary: 'From the fake.', outcome: null, capturedFields: {}, sentiment: 'neutral', optOut: false }) };
  }
  const last = request.body.messages[request.body.messages.length - 1];
  if (last.role === 'tool' && last.content.includes('shipped'))
    return { text: '', chunks: ['It shipped on Monday. ', 'Goodbye.'], toolCalls: [{ name: 'end_call', arguments: {} }] };
  if (last.role === 'user' && last.content.includes('look something up')) {
    return { text: '', chunks: ['Let me check.'], toolCalls: [{ name: 'lookup_order', arguments: { orderNumber: 'A-17', channel: 'web' } }] };
  }
  return { text: 'Hello, orders desk.' };
}

test('with Mistral: the words and the tool call of one reply are both turns, and end_call hangs up', async () => {
  fake.respond = mistralScript;
  tool.answer = (body) => ({ status: 200, body: { status: 'shipped', order: body.arguments.orderNumber } });
  const agentId = await agentWithLookup({ providers: { llm: 'mistral' } }, [{ type: 'end_call' }]);
  const { id, turns } = await callToEnd(agentId);

  expect(turns.map((t) => [t.role, t.text])).toEqual([
    ['agent', 'Hello, orders desk.'],
    ['contact', 'Could you look something up for me, please?'],
    ['agent', 'Let me check.'],
    ['tool', 'lookup_order answered'],
    ['agent', 'It shipped on Monday. Goodbye.'],
    ['tool', 'end_call answered'],
  ]);
  expect(turns[3].tool).toMatchObject({
    toolCallId: `tc_${id}_3`,
    arguments: { orderNumber: 'A-17', channel: 'web' },
    result: { status: 'shipped', order: 'A-17' },
  });
  const call = (await api.call('GET', `/api/v1/calls/${id}`, { token: key })).body;
  expect(call.disposition).toBe('completed');
  const report = await waitFor(async () => {
    const res = await api.call('GET', `/api/v1/calls/${id}/report`, { token: key });
    return res.status === 200 ? res.body : undefined;
  }, 30_000);
  expect(report.toolCalls).toEqual([
    { name: 'lookup_order', outcome: 'ok' },
    { name: 'end_call', outcome: 'ok' },
  ]);

  const turnRequests = fake.chatRequests().filter((r) => !r.body.response_format);
  expect(turnRequests[0].body.tools.map((t: { function: { name: string } }) => t.function.name)).toEqual(['lookup_order', 'end_call']);
  // The tool's answer went back to the model as the tool message answering its call.
  const afterTool = turnRequests.find((r) => r.body.messages.at(-1).role === 'tool')!;
  expect(afterTool.body.messages.at(-1)).toMatchObject({ role: 'tool', content: '{"status":"shipped","order":"A-17"}' });
});

test('arguments that do not fit the schema are told to the model, and nothing is sent', async () => {
  fake.respond = (request) => {
    const last = request.body.messages[request.body.messages.length - 1];
    if (request.body.response_format) return mistralScript(request);
    if (last.role === 'tool') return { text: 'Sorry, goodbye. [[END]]' };
    if (last.role === 'user' && last.content.includes('look something up'))
      return { text: '', toolCalls: [{ name: 'lookup_order', arguments: { orderNumber: 17 } }] };
    return { text: 'Hello, orders desk.' };
  };
  tool.answer = () => ({ status: 200, body: {} });
  const { turns } = await callToEnd(await agentWithLookup({ providers: { llm: 'mistral' } }));
  const toolTurn = turns.find((t) => t.role === 'tool')!;
  expect(toolTurn.tool).toMatchObject({
    outcome: 'error',
    error: "arguments must have required property 'channel'; call lookup_order again with arguments that fit its parameters",
  });
  expect(tool.received).toHaveLength(0);
});

test('an async tool slower than a second: the agent says its wait message as a turn before the tool answers', async () => {
  tool.answer = () => ({ status: 200, body: { answer: 'Your order shipped on Monday.' }, delayMs: 1800 });
  const { turns } = await callToEnd(await agentWithLookup({}, [], { async: true, waitMessage: 'Bear with me while I check the warehouse.' }));
  expect(turns.slice(1, 5).map((t) => [t.role, t.text])).toEqual([
    ['contact', 'Could you look something up for me, please?'],
    ['agent', 'Bear with me while I check the warehouse.'],
    ['tool', 'lookup_order answered'],
    ['agent', 'Your order shipped on Monday.'],
  ]);
  // Said a second into the tool's run, stored before the tool had answered. The second starts as
  // the run does, before the signing secret's read and the connection: the tool server receives
  // the request later, by up to hundreds of milliseconds on a loaded machine.
  const asked = tool.received[0].at;
  const waited = Date.parse(turns[2].startedAt) - asked;
  expect(waited).toBeGreaterThanOrEqual(500);
  expect(waited).toBeLessThan(1800);
});

test('an async tool that answers within a second has no wait message; one without a waitMessage says the default', async () => {
  tool.answer = () => ({ status: 200, body: { answer: 'Your order shipped on Monday.' } });
  const quick = await callToEnd(await agentWithLookup({}, [], { async: true, waitMessage: 'Bear with me.' }));
  expect(quick.turns.slice(2, 4).map((t) => t.role)).toEqual(['tool', 'agent']);
  tool.answer = () => ({ status: 200, body: { answer: 'Your order shipped on Monday.' }, delayMs: 1500 });
  const slow = await callToEnd(await agentWithLookup({}, [], { async: true }));
  expect(slow.turns[2]).toMatchObject({ role: 'agent', text: DEFAULT_WAIT_MESSAGE });
  expect(slow.turns[3]).toMatchObject({ role: 'tool', text: 'lookup_order answered' });
});
