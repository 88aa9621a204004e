/**
 * Transfer to a person and the keypad, end to end on the simulated carrier's text line with the
 * simulated model: the callee at +442079460020 asks for a person and the agent transfers to its
 * first destination (+442079460030 answers, 0031 never does, 0032 is busy); +442079460033 is a
 * phone menu the agent answers with its keypad. The call workflow carries out each action through
 * the carrier, ends a connected transfer as `transferred`, and the report says how it went.
 */
import { SCOPES } from '../../api/scopes';
import { PHONE_MENU } from '../../providers/carrier/persona';
import { HANDOFF_LINE } from '../../providers/llm/simulated';
import { createTenant, startApi, type Tenant } from '../helpers/app';
import { uniqueName, waitFor } from '../helpers/servers';
import { runWorker, type RunningWorker } from '../helpers/worker';

const ASKS_FOR_A_PERSON = '+442079460020';
const PERSON = '+442079460030';
const NEVER_ANSWERS = '+442079460031';
const BUSY = '+442079460032';
const PHONE_MENU_NUMBER = '+442079460033';
const GREETING = 'Hello, this is Northwind calling about your order.';

let api: Awaited<ReturnType<typeof startApi>>;
let worker: RunningWorker;
let tenant: Tenant;
let key: string;
/** Each action's time from the model's call to the carrier's answer (the tool turn's durationMs): through the call workflow's update and activity. */
const actionMs: Record<string, number[]> = {};

beforeAll(async () => {
  const env = { TEMPORAL_TASK_QUEUE: uniqueName('transfers'), SIMULATED_CALL_PACE_MS: '50', RING_TIMEOUT_SECONDS: '2' };
  api = await startApi('transfers', env);
  worker = await runWorker(env);
  tenant = await createTenant({ creditMinutes: 100 });
  key = await tenant.key(SCOPES, { rateLimitPerMinute: 100_000 });
}, 120_000);
afterAll(async () => {
  console.log(`call actions on the text line, ms from the model's call to the carrier's answer: ${JSON.stringify(actionMs)}`);
  await worker?.stop();
  await api?.close();
});

async function agent(instructions: string, tools: unknown[], requiredContactFields: string[] = []): Promise<string> {
  const res = await api.call('POST', '/api/v1/agents', {
    token: key,
    body: { name: uniqueName('Desk'), instructions, phone: { greeting: GREETING, requiredContactFields }, tools },
  });
  expect(res.status).toBe(201);
  return res.body.id;
}

const transferTool = (first: string, mode: 'cold' | 'warm') => ({
  type: 'transfer',
  mode,
  destinations: [
    { phoneNumber: first, description: 'the customer team, for anyone who asks for a person' },
    { phoneNumber: '+442079460039', description: 'billing questions' },
  ],
});

async function callToEnd(agentId: string, phoneNumber: string) {
  const placed = await api.call('POST', '/api/v1/calls', { token: key, body: { agentId, phoneNumber } });
  expect(placed.status).toBe(201);
  const id = placed.body.id as string;
  const call = await waitFor(async () => {
    const res = await api.call('GET', `/api/v1/calls/${id}`, { token: key });
    return res.body.status === 'completed' && res.body.reportId ? res.body : undefined;
  }, 30_000);
  const transcript = await api.call('GET', `/api/v1/calls/${id}/transcript`, { token: key });
  const report = await api.call('GET', `/api/v1/calls/${id}/report`, { token: key });
  expect(report.status).toBe(200);
  for (const { tool } of transcript.body.data as Array<{ tool?: { name: string; durationMs: number } }>)
    if (tool) (actionMs[tool.name] ??= []).push(tool.durationMs);
  return { id, call, report: report.body, turns: transcript.body.data as Array<{ role: string; text: string; tool?: Record<string, unknown> }> };
}

test('asked for a person, the agent says a hand-off line and a cold transfer ends the call as transferred, charged up to the hand-off', async () => {
  const agentId = await agent('Remind customers that their order ships soon.', [transferTool(PERSON, 'cold')]);
  const { id, call, report, turns } = await callToEnd(agentId, ASKS_FOR_A_PERSON);

  expect(turns.map((t) => [t.role, t.text])).toEqual([
    ['agent', GREETING],
    ['contact', 'Could I speak to a person, please?'],
    ['agent', HANDOFF_LINE],
    ['tool', `transfer_call connected ${PERSON} (cold)`],
  ]);
  expect(turns[3]!.tool).toMatchObject({
    name: 'transfer_call',
    arguments: { destination: PERSON, summary: expect.stringContaining('asked to speak to a person') },
    outcome: 'ok',
  });
  expect(call).toMatchObject({ disposition: 'transferred', chargedMinutes: 1 });
  expect(call.durationSeconds).toBeLessThan(10);
  expect(report).toMatchObject({
    disposition: 'transferred',
    transfer: { destination: PERSON, mode: 'cold', outcome: 'connected' },
    toolCalls: [{ name: 'transfer_call', outcome: 'ok' }],
  });
  expect(report.transfer.reason).toBeUndefined();

  const listed = await api.call('GET', `/api/v1/calls?agentId=${agentId}&disposition=transferred`, { token: key });
  expect(listed.status).toBe(200);
  expect(listed.body.data.map((c: { id: string }) => c.id)).toEqual([id]);
  const none = await api.call('GET', `/api/v1/calls?agentId=${agentId}&disposition=completed`, { token: key });
  expect(none.body.data).toEqual([]);
});

test('a warm transfer the person answers ends the call as transferred, the summary spoken to them', async () => {
  const { call, report, turns } = await callToEnd(await agent('Confirm delivery addresses.', [transferTool(PERSON, 'warm')]), ASKS_FOR_A_PERSON);
  expect(turns.at(-1)).toMatchObject({ role: 'tool', text: `transfer_call connected ${PERSON} (warm)` });
  expect(turns.at(-1)!.tool).toMatchObject({
    arguments: { summary: 'A caller asked to speak to a person. The agent was calling about: Confirm delivery addresses.' },
  });
  expect(call.disposition).toBe('transferred');
  expect(report.transfer).toEqual({ destination: PERSON, mode: 'warm', outcome: 'connected' });
});

test.each([
  [NEVER_ANSWERS, 'no_answer', 'nobody answered'],
  [BUSY, 'busy', 'the line was busy'],
])('a warm transfer to %s fails as %s: the agent comes back to the caller, says so, and the call goes on', async (to, reason, why) => {
  const { call, report, turns } = await callToEnd(await agent('Confirm delivery addresses.', [transferTool(to, 'warm')]), ASKS_FOR_A_PERSON);
  const toolTurn = turns.findIndex((t) => t.role === 'tool');
  expect(turns[toolTurn]!.tool).toMatchObject({ name: 'transfer_call', outcome: 'error', error: expect.stringMatching(new RegExp(`^${reason}: `)) });
  expect(turns[toolTurn + 1]).toEqual(
    expect.objectContaining({ role: 'agent', text: `I'm sorry, I couldn't put you through: ${why}. I can carry on helping you myself.` }),
  );
  expect(turns.at(-1)).toMatchObject({ role: 'agent', text: "Thank you, that's everything I needed. Goodbye." });
  expect(call.disposition).toBe('completed');
  expect(report.transfer).toEqual({ destination: to, mode: 'warm', outcome: 'failed', reason });
});

test('an agent told to reach sales answers the phone menu with its keypad and talks to the person it puts on the line', async () => {
  const agentId = await agent('Reach sales and ask about the bulk order.', [{ type: 'keypad' }]);
  const { call, report, turns } = await callToEnd(agentId, PHONE_MENU_NUMBER);
  expect(turns.slice(0, 4).map((t) => [t.role, t.text])).toEqual([
    ['agent', GREETING],
    ['contact', PHONE_MENU],
    ['tool', 'press_keys pressed 1'],
    ['contact', 'Sales, this is Sam speaking. How can I help?'],
  ]);
  expect(turns[2]!.tool).toMatchObject({ name: 'press_keys', arguments: { digits: '1' }, outcome: 'ok', result: { pressed: '1' } });
  expect(turns[4]).toMatchObject({ role: 'agent' });
  expect(call.disposition).toBe('completed');
  expect(report.toolCalls).toEqual([{ name: 'press_keys', outcome: 'ok' }]);
  expect(report.transfer).toBeUndefined();
});

test('an agent without the keypad cannot get past the menu, which says itself again and hangs up', async () => {
  const { call, turns } = await callToEnd(await agent('Reach sales and ask about the bulk order.', [], ['email', 'name', 'company']), PHONE_MENU_NUMBER);
  expect(turns.filter((t) => t.role === 'contact').map((t) => t.text)).toEqual([PHONE_MENU, PHONE_MENU, PHONE_MENU, 'Goodbye.']);
  expect(turns.some((t) => t.role === 'tool')).toBe(false);
  expect(call.disposition).toBe('contact_hung_up');
});
