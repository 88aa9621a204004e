/**
 * An agent's tools on the media session: calls on the simulated carrier's audio line
 * (SIMULATED_LINE=audio), where the callee at +442079460021 speaks through the speech engines and
 * asks for a lookup, the model (the simulated one, or the fake Mistral) calls the agent's tool, the
 * API's media session POSTs to a real local tool server and speaks the answer. Tool turns are in
 * the transcript as on the text line, the report lists them, and `end_call` hangs up once the
 * goodbye has been heard. The callee at +442079460020 asks for a person, and the agent's
 * `transfer_call` hands the call over through the same session.
 */
import { CallTurn } from '../../models/callTurn';
import { uniqueName, waitFor } from '../helpers/servers';
import { agentWithLookup as lookupAgent, startToolStack, type ToolServer, type ToolStack } from '../helpers/toolServer';
import { HANDOFF_LINE } from '../../providers/llm/simulated';
import type { FakeLlmServer, RecordedRequest } from '../fakes/llmVendors';

const LOOKUP_NUMBER = '+442079460021';
/** Asks to speak to a person as its first words; and a transfer destination where a person answers. */
const ASKS_FOR_A_PERSON = '+442079460020';
const PERSON = '+442079460030';
const GREETING = 'Hello, this is the orders desk.';

let stack: ToolStack;
let api: ToolStack['api'];
let key: string;
let fake: FakeLlmServer;
let tool: ToolServer;

beforeAll(async () => {
  stack = await startToolStack(
    'media-tools',
    { SIMULATED_LINE: 'audio', SIMULATED_CALL_PACE_MS: '100', VOICE_SILENCE_REPROMPT_SECONDS: '60' },
    { limits: { maxConcurrentCalls: 20 } },
  );
  ({ api, key, fake, tool } = stack);
}, 120_000);
afterAll(() => stack?.close());
beforeEach(() => (tool.received.length = 0));

const agentWithLookup = (extra: Record<string, unknown> = {}, lookup: Record<string, unknown> = {}, builtIns: unknown[] = []) =>
  lookupAgent(api, key, { name: uniqueName('Orders'), url: tool.url, extra: { language: 'en-GB', ...extra }, lookup, builtIns });

async function callToEnd(agentId: string, phoneNumber = LOOKUP_NUMBER) {
  const placed = await api.call('POST', '/api/v1/calls', { token: key, body: { agentId, phoneNumber, externalRef: 'crm-7' } });
  expect(placed.status).toBe(201);
  const id = placed.body.id as string;
  const call = await waitFor(async () => {
    const res = await api.call('GET', `/api/v1/calls/${id}`, { token: key });
    return res.body.status === 'completed' ? res.body : undefined;
  }, 90_000);
  const transcript = await api.call('GET', `/api/v1/calls/${id}/transcript`, { token: key });
  const report = await waitFor(async () => {
    const res = await api.call('GET', `/api/v1/calls/${id}/report`, { token: key });
    return res.status === 200 ? res.body : undefined;
  }, 30_000);
  return { id, call, report, turns: transcript.body.data as Array<{ role: string; text: string; startedAt: string; tool?: Record<string, any> }> };
}

test('the callee asks for a lookup out loud: the media session calls the tool and speaks its answer', async () => {
  tool.answer = () => ({ status: 200, body: { answer: 'Your order shipped on Monday.' } });
  const agentId = await agentWithLookup();
  const { id, call, report, turns } = await callToEnd(agentId);

  expect(call.disposition).toBe('completed');
  expect(turns.map((t) => [t.role, t.text])).toEqual([
    ['agent', GREETING],
    ['contact', 'Could you look something up for me, please?'],
    ['tool', 'lookup_order answered'],
    ['agent', 'Your order shipped on Monday.'],
    ['contact', 'Yes, go ahead.'],
    ['agent', "Thank you, that's everything I needed. Goodbye."],
  ]);
  expect(turns[2].tool).toMatchObject({
    toolCallId: `tc_${id}_2`,
    name: 'lookup_order',
    arguments: { orderNumber: 'example' },
    outcome: 'ok',
    result: { answer: 'Your order shipped on Monday.' },
    durationMs: expect.any(Number),
  });
  expect(tool.received).toHaveLength(1);
  expect(tool.received[0].body).toEqual({
    toolCallId: `tc_${id}_2`,
    name: 'lookup_order',
    arguments: { orderNumber: 'example' },
    conversation: { type: 'call', id, agentId, externalRef: 'crm-7', direction: 'outbound' },
  });
  expect(tool.received[0].headers['idempotency-key']).toBe(`tc_${id}_2`);
  expect(tool.received[0].headers['voice-agent-signature']).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
  expect(report.toolCalls).toEqual([{ name: 'lookup_order', outcome: 'ok' }]);
}, 120_000);

/** The fake Mistral's script: greet, look the order up when asked (saying so first), say the answer and hang up with end_call. */
function mistralScript(request: RecordedRequest) {
  if (request.body.response_format)
    return { text: JSON.stringify({ summary: 'From the fake.', outcome: null, capturedFields: {}, sentiment: 'neutral', optOut: false }) };
  const last = request.body.messages[request.body.messages.length - 1];
  if (last.role === 'tool') return { text: '', chunks: ['It shipped on Monday. ', 'Goodbye.'], toolCalls: [{ name: 'end_call', arguments: {} }] };
  if (last.role === 'user' && last.content.includes('look something up'))
    return { text: '', chunks: ['Let me check.'], toolCalls: [{ name: 'lookup_order', arguments: { orderNumber: 'A-17' } }] };
  return { text: GREETING };
}

test('with Mistral: words before a tool call are a turn of their own, and end_call hangs up after the goodbye is heard', async () => {
  fake.respond = mistralScript;
  tool.answer = (body) => ({ status: 200, body: { status: 'shipped', order: body.arguments.orderNumber } });
  const agentId = await agentWithLookup({ providers: { llm: 'mistral' } }, {}, [{ type: 'end_call' }]);
  const { id, call, report, turns } = await callToEnd(agentId);

  expect(turns.map((t) => [t.role, t.text])).toEqual([
    ['agent', GREETING],
    ['contact', 'Could you look something up for me, please?'],
    ['agent', 'Let me check.'],
    ['tool', 'lookup_order answered'],
    ['agent', 'It shipped on Monday. Goodbye.'],
    ['tool', 'end_call answered'],
  ]);
  expect(turns[3].tool).toMatchObject({ toolCallId: `tc_${id}_3`, arguments: { orderNumber: 'A-17' }, result: { status: 'shipped', order: 'A-17' } });
  // The agent hung up: the callee said nothing after the goodbye, which was stored whole (heard to its end).
  expect(call).toMatchObject({ disposition: 'completed' });
  const stored = await CallTurn.find({ callId: id }).sort({ index: 1 }).lean();
  expect(stored.at(-1)).toMatchObject({ role: 'tool', ends: 'agent' });
  expect(report.toolCalls).toEqual([
    { name: 'lookup_order', outcome: 'ok' },
    { name: 'end_call', outcome: 'ok' },
  ]);
  const turnRequests = fake
    .chatRequests()
    .filter((r) => !r.body.response_format && r.body.messages.some((m: { content?: string }) => m.content?.includes('look something up')));
  expect(turnRequests[0].body.tools.map((t: { function: { name: string } }) => t.function.name)).toEqual(['lookup_order', 'end_call']);
  expect(turnRequests.find((r) => r.body.messages.at(-1).role === 'tool')!.body.messages.at(-1)).toMatchObject({
    role: 'tool',
    content: '{"status":"shipped","order":"A-17"}',
  });
}, 120_000);

test('an async tool slower than a second: the wait message is spoken and stored while it runs, then its answer', async () => {
  tool.answer = () => ({ status: 200, body: { answer: 'Your order shipped on Monday.' }, delayMs: 2000 });
  const { call, turns } = await callToEnd(await agentWithLookup({}, { async: true, waitMessage: 'Bear with me while I check the warehouse.' }));
  expect(call.disposition).toBe('completed');
  expect(turns.slice(1, 5).map((t) => [t.role, t.text])).toEqual([
    ['contact', 'Could you look something up for me, please?'],
    ['agent', 'Bear with me while I check the warehouse.'],
    ['tool', 'lookup_order answered'],
    ['agent', 'Your order shipped on Monday.'],
  ]);
  // The second starts as the tool's run does, before the signing secret's read and the connection:
  // the tool server receives the request later, by up to hundreds of milliseconds on a loaded machine.
  const waited = Date.parse(turns[2].startedAt) - tool.received[0].at;
  expect(waited).toBeGreaterThanOrEqual(500);
  expect(waited).toBeLessThan(2000);
  // The wait message and the answer are one spoken turn: the callee heard the whole wait message and answered only after the answer.
  expect(turns[5]).toMatchObject({ role: 'contact', text: 'Yes, go ahead.' });
}, 120_000);

test('the callee asks for a person out loud: the media session transfers the call, which ends transferred', async () => {
  const transfer = { type: 'transfer', mode: 'warm', destinations: [{ phoneNumber: PERSON, description: 'the orders team' }] };
  const { call, report, turns } = await callToEnd(await agentWithLookup({}, {}, [transfer]), ASKS_FOR_A_PERSON);
  expect(call.disposition).toBe('transferred');
  expect(turns.map((t) => [t.role, t.text])).toEqual([
    ['agent', GREETING],
    ['contact', 'Could I speak to a person, please?'],
    ['agent', HANDOFF_LINE],
    ['tool', `transfer_call connected ${PERSON} (warm)`],
  ]);
  expect(report.transfer).toEqual({ destination: PERSON, mode: 'warm', outcome: 'connected' });
}, 120_000);
