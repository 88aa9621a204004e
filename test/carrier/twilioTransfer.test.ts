/**
 * Transfers and keys on the real stack with CARRIER=twilio and Twilio's REST API played by the
 * local fake: `CallActions` called directly reach the call workflow, the workflow has the Twilio
 * carrier act, and the fake checks the TwiML. test/carrier/twilioMediaActions.test.ts has the
 * model decide them through a media session.
 */
import { callWorkflowActions } from '../../conversation/callActions';
import { slotsInUse } from '../../models/slot';
import { waitFor } from '../helpers/servers';
import { heardTurn, twilioCallbacks, startTwilioStack, type TwilioStack, twilioStream } from '../helpers/twilio';
import type { FakeTwilio } from '../fakes/twilio';

const PERSON = '+442079460030';
const BUSY = '+442079460032';
const SUMMARY = 'Ada Lovelace is calling about her renewal.';

let stack: TwilioStack;
let fake: FakeTwilio;
let api: TwilioStack['api'];
let key: string;
let agentId: string;
/** An agent that asks for two fields, so a conversation has somewhere to go on after keys. */
let askingAgentId: string;
let numbers = 60;

beforeAll(async () => {
  stack = await startTwilioStack('twilio-transfer');
  ({ fake, api, key } = stack);
  fake.answersAs.set(PERSON, 'in-progress');
  fake.answersAs.set(BUSY, 'busy');
  const agent = await api.call('POST', '/api/v1/agents', {
    token: key,
    body: {
      name: 'Renewals',
      instructions: 'You call about a renewal.',
      tools: [{ type: 'transfer', mode: 'warm', destinations: [{ phoneNumber: PERSON, description: 'renewals team' }] }, { type: 'keypad' }],
    },
  });
  agentId = agent.body.id;
  const asking = await api.call('POST', '/api/v1/agents', {
    token: key,
    body: {
      name: 'Orders',
      instructions: 'You call about an order.',
      phone: { greeting: 'Hello, this is the orders desk.', requiredContactFields: ['email', 'accountNumber'] },
      tools: [{ type: 'keypad' }],
    },
  });
  askingAgentId = asking.body.id;
}, 120_000);
afterAll(() => stack?.close());

const { status, amd } = twilioCallbacks(
  () => fake,
  () => api.url,
);
const getCall = async (id: string) => (await api.call('GET', `/api/v1/calls/${id}`, { token: key })).body;

/** A call Twilio placed and a person answered: its id and Twilio's sid. */
async function answeredCall(agent = agentId): Promise<{ id: string; sid: string }> {
  const phoneNumber = `+4420794600${numbers++}`;
  const placed = await api.call('POST', '/api/v1/calls', { token: key, body: { agentId: agent, phoneNumber } });
  expect(placed.status).toBe(201);
  const sid = fake.created.find((c) => c.form.To === phoneNumber)!.callSid;
  await amd(placed.body.id, sid, 'human');
  await waitFor(async () => ((await getCall(placed.body.id)).status === 'active' ? true : undefined));
  return { id: placed.body.id, sid };
}

const updatesOf = (sid: string) => fake.updated.filter((u) => u.callSid === sid).map((u) => u.form);

test('a warm transfer rings the person with the summary, moves the caller into the conference, and the call ends transferred without a hangup', async () => {
  const { id, sid } = await answeredCall();
  const actions = callWorkflowActions(stack.worker.client.workflow, id);
  expect(await actions.transfer({ to: PERSON, mode: 'warm', summary: SUMMARY })).toEqual({ outcome: 'connected' });

  const leg = fake.created.find((c) => c.form.To === PERSON)!;
  // In the agent's language (its default, en-US).
  expect(leg.form.Twiml).toContain(
    `<Response><Say language="en-US">${SUMMARY}</Say><Dial><Conference endConferenceOnExit="true">transfer-${id}</Conference></Dial></Response>`,
  );
  expect(updatesOf(sid)).toEqual([
    { Twiml: expect.stringContaining(`<Dial><Conference startConferenceOnEnter="false" endConferenceOnExit="true">transfer-${id}</Conference></Dial>`) },
  ]);
  const done = await waitFor(async () => {
    const call = await getCall(id);
    return call.status === 'completed' ? call : undefined;
  }, 30_000);
  expect(done).toMatchObject({ disposition: 'transferred', chargedMinutes: 1 });
  // Twilio's own end of the caller's call, once the person hangs up, changes nothing of ours.
  expect((await status(id, sid, 'completed', { CallDuration: '300' })).status).toBeLessThan(300);
  expect((await getCall(id)).disposition).toBe('transferred');
  expect(updatesOf(sid).some((u) => u.Status === 'completed')).toBe(false);
});

test('keys go as <Play digits>; a busy warm transfer leaves the call with the agent, and a cold one then hands it over with <Dial>', async () => {
  const { id, sid } = await answeredCall();
  const actions = callWorkflowActions(stack.worker.client.workflow, id);
  await actions.sendDigits('1w#');
  expect(updatesOf(sid)).toEqual([
    {
      Twiml: expect.stringMatching(
        /<Response><Play digits="1w#"\/><Connect action="[^"]*"><Stream url="wss:\/\/voice\.example\.test\/carrier\/twilio\/media\//,
      ),
    },
  ]);

  expect(await actions.transfer({ to: BUSY, mode: 'warm', summary: SUMMARY })).toEqual({ outcome: 'failed', reason: 'busy', message: `${BUSY} is busy` });
  expect((await getCall(id)).status).toBe('active');
  expect(updatesOf(sid)).toHaveLength(1);

  expect(await actions.transfer({ to: PERSON, mode: 'cold', summary: '' })).toEqual({ outcome: 'connected' });
  expect(updatesOf(sid).at(-1)).toEqual({ Twiml: `<?xml version="1.0" encoding="UTF-8"?><Response><Dial>${PERSON}</Dial></Response>` });
  const done = await waitFor(async () => {
    const call = await getCall(id);
    return call.status === 'completed' ? call : undefined;
  }, 30_000);
  expect(done.disposition).toBe('transferred');
  // The call is over for us: no more keys or transfers.
  await expect(actions.sendDigits('2')).rejects.toThrow();
});

const stream = (id: string, sid: string) => twilioStream(fake, api.url, id, sid);

test('after keys, Twilio’s new stream picks the conversation up from its transcript: the old one’s stop ends nothing', async () => {
  const { id, sid } = await answeredCall(askingAgentId);
  const first = await stream(id, sid);
  expect(await heardTurn(first, 0)).toBe('Hello, this is the orders desk.');
  await first.speak('Hello?');
  expect(await heardTurn(first, 1)).toBe('Could you tell me your email?');

  await callWorkflowActions(stack.worker.client.workflow, id).sendDigits('1');
  // What Twilio does with the new TwiML: the stream playing stops, the digits play, a new stream opens.
  expect(updatesOf(sid).at(-1)!.Twiml).toMatch(/<Play digits="1"\/><Connect action="[^"]*"><Stream/);
  first.stop(fake.accountSid, sid);
  await first.closed;
  // Twilio plays the digits before it opens the new stream, long enough for the old socket to give
  // its session back; the test, which plays none, waits for that instead (api/carrierSocket.ts).
  await waitFor(async () => ((await slotsInUse(`media:${id}`)) === 0 ? true : undefined));
  const second = await stream(id, sid);
  // A media session takes the agent's turn as it starts (conversation/mediaSession.ts): on the new
  // stream the model asks again what it was waiting for.
  expect(await heardTurn(second, 0)).toBe('Could you tell me your email?');
  await second.speak('It is ada@example.com');
  expect(await heardTurn(second, 1)).toBe('Could you tell me your account number?');
  expect((await getCall(id)).status).toBe('active');
  const turns = (await api.call('GET', `/api/v1/calls/${id}/transcript`, { token: key })).body.data.map((t: { role: string; text: string }) => [
    t.role,
    t.text,
  ]);
  expect(turns).toEqual([
    ['agent', 'Hello, this is the orders desk.'],
    ['contact', 'Hello?'],
    ['agent', 'Could you tell me your email?'],
    ['agent', 'Could you tell me your email?'],
    ['contact', 'It is ada@example.com'],
    ['agent', 'Could you tell me your account number?'],
  ]);
  second.close();
  await api.call('POST', `/api/v1/calls/${id}/hangup`, { token: key });
}, 60_000);
