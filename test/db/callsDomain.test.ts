/**
 * The calls' domain rules against the real database: which agent may place a call, the call an
 * Idempotency-Key names, a refused call's report, who ended a call, a callback as a campaign's
 * next attempt, a report written once; and the API errors its refusals become.
 */
import { Types } from 'mongoose';
import { fromDomain, type ApiError } from '../../api/errors';
import { callbackIsNextAttempt, storeCallReport, whoEndedCall } from '../../domain/callProgress';
import { CallRefused, callOfKey, callReport, placingAgent, type CallRefusal } from '../../domain/calls';
import { Agent, nameKey } from '../../models/agent';
import { Call, type CallRecord } from '../../models/call';
import { appendTurn, transcriptOf } from '../../models/callTurn';
import { Campaign } from '../../models/campaign';
import { Contact } from '../../models/contact';
import { connectTestDatabase } from '../helpers/servers';

let cleanup: () => Promise<void>;
beforeAll(async () => {
  cleanup = await connectTestDatabase('calls_domain');
});
afterAll(() => cleanup());

const organizationId = new Types.ObjectId();

async function agent(fields: { type?: 'phone' | 'voice'; direction?: string; organization?: Types.ObjectId } = {}) {
  const name = `agent ${new Types.ObjectId()}`;
  const doc = await Agent.create({
    organizationId: fields.organization ?? organizationId,
    type: fields.type ?? 'phone',
    name,
    nameKey: nameKey(name),
    language: 'en-US',
    maxDurationMinutes: 5,
    instructions: 'Ask {{firstName}} about {{product}}.',
    ...(fields.direction ? { phone: { direction: fields.direction } } : {}),
  });
  return String(doc._id);
}

async function call(fields: Partial<CallRecord> = {}): Promise<CallRecord> {
  const doc = await Call.create({
    organizationId,
    agentId: new Types.ObjectId(),
    agentName: 'A',
    status: 'completed',
    direction: 'outbound',
    phoneNumber: '+442079460001',
    language: 'en-US',
    seq: 1,
    ...fields,
  });
  return doc.toObject();
}

const refusalOf = async (promise: Promise<unknown>) => {
  const err = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(CallRefused);
  return (err as CallRefused).refusal.reason;
};

test("a phone agent that places calls is read with its placeholders and the contact's attributes", async () => {
  const agentId = await agent({ direction: 'both' });
  await Contact.create({ organizationId, phoneNumber: '+442079460002', attributes: { firstName: 'Ada' } });
  const placing = await placingAgent(organizationId, agentId, '+442079460002');
  expect(String(placing.agent._id)).toBe(agentId);
  expect(placing.declared.sort()).toEqual(['firstName', 'product']);
  expect(placing.contactAttributes).toEqual({ firstName: 'Ada' });
  expect((await placingAgent(organizationId, await agent(), '+442079460003')).contactAttributes).toBeUndefined();
});

test('no agent, a voice agent, an inbound-only agent and another organization’s agent place no call', async () => {
  expect(await refusalOf(placingAgent(organizationId, 'not-an-id', '+442079460001'))).toBe('agent_not_found');
  expect(await refusalOf(placingAgent(organizationId, String(new Types.ObjectId()), '+442079460001'))).toBe('agent_not_found');
  expect(await refusalOf(placingAgent(organizationId, await agent({ organization: new Types.ObjectId() }), '+442079460001'))).toBe('agent_not_found');
  expect(await refusalOf(placingAgent(organizationId, await agent({ type: 'voice' }), '+442079460001'))).toBe('agent_not_phone');
  expect(await refusalOf(placingAgent(organizationId, await agent({ direction: 'inbound' }), '+442079460001'))).toBe('agent_inbound_only');
});

test('an Idempotency-Key names its call for good: the same request finds it, another is a reuse', async () => {
  const placed = await call();
  const callId = String(placed._id);
  const request = { phoneNumber: placed.phoneNumber, agentId: String(placed.agentId) };
  expect(await callOfKey(organizationId, String(new Types.ObjectId()), request)).toBeNull();
  expect(String((await callOfKey(organizationId, callId, request))!._id)).toBe(callId);
  expect(await refusalOf(callOfKey(organizationId, callId, { ...request, phoneNumber: '+442079460009' }))).toBe('idempotency_key_reused');
  expect(await refusalOf(callOfKey(organizationId, callId, { ...request, agentId: String(new Types.ObjectId()) }))).toBe('idempotency_key_reused');
  // Another organization finds no call of its own by that id.
  expect(await callOfKey(new Types.ObjectId(), callId, request)).toBeNull();
});

test('a report: none yet, none ever for a refused inbound call, and no call of another organization', async () => {
  expect(await callReport(organizationId, String((await call())._id))).toBeNull();
  const refused = await call({ direction: 'inbound', disposition: 'refused' });
  expect(await refusalOf(callReport(organizationId, String(refused._id)))).toBe('report_unavailable');
  expect(await refusalOf(callReport(new Types.ObjectId(), String(refused._id)))).toBe('not_found');
});

test('a report is written once, whichever attempt writes it', async () => {
  const ended = await call();
  const [first, second] = await Promise.all([
    storeCallReport(ended, { disposition: 'completed', summary: 'one' }),
    storeCallReport(ended, { disposition: 'completed', summary: 'two' }),
  ]);
  expect(second).toBe(first);
});

// The fields are named by the agent's requiredContactFields; the database refuses a key with "." or
// a leading "$", and the report was never written.
test('captured fields keyed by any text are stored and read back exactly', async () => {
  const capturedFields = { 'e.mail': 'ada@example.com', $plan: 'gold', '50% off': 'taken', 'a%2Eb': 'literal' };
  const ended = await call();
  const reportId = await storeCallReport(ended, { disposition: 'completed', summary: 'one', capturedFields });
  await Call.updateOne({ _id: ended._id }, { $set: { reportId } });
  const report = await callReport(organizationId, String(ended._id));
  expect(report!.capturedFields).toEqual(capturedFields);
});

// A partner's tool server answers what it likes (a .NET one writes "$type"), and the model's
// arguments follow its schema; the database refuses a key with "." or a leading "$".
test("a tool turn keeps its arguments and its server's answer exactly, whatever their keys, empty ones too", async () => {
  const callId = String((await call())._id);
  const tool = {
    toolCallId: 'tc_1',
    call: { id: 'c1', name: 'lookup_order', arguments: { 'order.number': 'A-17' } },
    outcome: { ok: true as const, result: { $type: 'Order', 'meta.version': 2, lines: [{ $id: '1', 'sku%2E': 'x' }], at: null, notes: {} } },
    durationMs: 12,
  };
  // A tool without parameters is called with no arguments; the model's history must say so.
  const bare = { toolCallId: 'tc_2', call: { id: 'c2', name: 'opening_hours', arguments: {} }, outcome: { ok: true as const, result: {} }, durationMs: 3 };
  await appendTurn(callId, 0, { role: 'tool', text: 'lookup_order', tool });
  await appendTurn(callId, 1, { role: 'tool', text: 'opening_hours', tool: bare });
  const turns = await transcriptOf(callId);
  expect(turns.map((t) => t.tool)).toEqual([tool, bare]);
});

test('the agent ended the call when it said the last turn, else the callee did', async () => {
  const callId = String((await call())._id);
  await appendTurn(callId, 0, { role: 'agent', text: 'Hello' });
  expect(await whoEndedCall(callId)).toBe('contact');
  await appendTurn(callId, 1, { role: 'agent', text: 'Goodbye' }, 'agent');
  expect(await whoEndedCall(callId)).toBe('agent');
});

test("a callback is the recipient's next attempt until the campaign's retry limit is reached", async () => {
  const campaign = await Campaign.create({
    organizationId,
    agentId: new Types.ObjectId(),
    agentName: 'A',
    name: 'C',
    timezone: 'Europe/London',
    status: 'running',
    settings: { retryLimit: 3 },
    stats: {},
    seq: 1,
  });
  expect(await callbackIsNextAttempt({ campaignId: null, attemptNumber: 1 })).toBe(false);
  expect(await callbackIsNextAttempt({ campaignId: campaign._id, attemptNumber: 2 })).toBe(true);
  expect(await callbackIsNextAttempt({ campaignId: campaign._id, attemptNumber: 3 })).toBe(false);
  expect(await callbackIsNextAttempt({ campaignId: new Types.ObjectId(), attemptNumber: 1 })).toBe(false);
});

test.each<[CallRefusal['reason'], number, string, string, string]>([
  ['not_found', 404, 'RESOURCE_NOT_FOUND', 'path.id', 'No such call in your organization.'],
  ['agent_not_found', 400, 'VALIDATION_ERROR', 'body.agentId', 'body.agentId is not an agent of your organization.'],
  ['agent_not_phone', 400, 'VALIDATION_ERROR', 'body.agentId', 'body.agentId must be a phone agent to place calls.'],
  [
    'agent_inbound_only',
    400,
    'VALIDATION_ERROR',
    'body.agentId',
    'body.agentId only answers calls (phone.direction inbound); set its direction to outbound or both to place calls with it.',
  ],
  [
    'idempotency_key_reused',
    422,
    'IDEMPOTENCY_KEY_REUSED',
    'header.idempotency-key',
    'This Idempotency-Key was already used for a different request (method, path or body); send a new key for a new request.',
  ],
  ['report_unavailable', 409, 'REPORT_UNAVAILABLE', 'path.id', 'This inbound call was refused before it was answered (disposition refused); it has no report.'],
  ['recording_not_found', 404, 'RECORDING_NOT_FOUND', 'path.id', 'This call has no recording.'],
])('the refusal %s is the API’s %i %s', (reason, status, code, param, message) => {
  const err = fromDomain(new CallRefused({ reason } as CallRefusal)) as ApiError;
  expect(err).toMatchObject({ status, code, param, message });
});
