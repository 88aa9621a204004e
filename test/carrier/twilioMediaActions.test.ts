/**
 * Transfer and keypad through a real media session: CARRIER=twilio with Twilio's REST API played by
 * the local fake, the call's audio on a Media Streams socket, the simulated model deciding. The
 * contact asks for a person and the model's `transfer_call` goes through the session's dispatch to
 * the call workflow and the Twilio carrier; a phone menu's options make it press `press_keys`,
 * which reach Twilio as `<Play digits>`, and the agent then listens.
 */
import { slotsInUse } from '../../models/slot';
import { HANDOFF_LINE } from '../../providers/llm/simulated';
import { uniqueName, waitFor } from '../helpers/servers';
import { heardTurn, twilioCallbacks, startTwilioStack, type TwilioStack, twilioStream } from '../helpers/twilio';
import { wordsIn } from '../helpers/voiceClient';
import type { MediaStreamClient } from '../fakes/mediaStreams';
import type { FakeTwilio } from '../fakes/twilio';

const PERSON = '+442079460030';
const NEVER_ANSWERS = '+442079460031';
const GREETING = 'Hello, this is the orders desk.';

let stack: TwilioStack;
let fake: FakeTwilio;
let api: TwilioStack['api'];
let key: string;
let numbers = 70;

beforeAll(async () => {
  stack = await startTwilioStack('twilio-media-actions', { VOICE_SILENCE_REPROMPT_SECONDS: '60' });
  ({ fake, api, key } = stack);
  fake.answersAs.set(PERSON, 'in-progress');
  fake.answersAs.set(NEVER_ANSWERS, 'no-answer');
}, 120_000);
afterAll(() => stack?.close());

const { status, amd } = twilioCallbacks(
  () => fake,
  () => api.url,
);
const getCall = async (id: string) => (await api.call('GET', `/api/v1/calls/${id}`, { token: key })).body;
const transcript = async (id: string) =>
  (await api.call('GET', `/api/v1/calls/${id}/transcript`, { token: key })).body.data.map((t: { role: string; text: string }) => [t.role, t.text]);
const updatesOf = (sid: string) => fake.updated.filter((u) => u.callSid === sid).map((u) => u.form);

async function agent(instructions: string, tools: unknown[]): Promise<string> {
  const made = await api.call('POST', '/api/v1/agents', {
    token: key,
    body: { name: uniqueName('Orders'), instructions, phone: { greeting: GREETING }, tools },
  });
  expect(made.status).toBe(201);
  return made.body.id;
}

/** A call Twilio placed and a person answered, its Media Streams socket open: its id, Twilio's sid and the socket. */
async function answeredCall(agentId: string): Promise<{ id: string; sid: string; client: MediaStreamClient }> {
  const phoneNumber = `+4420794600${numbers++}`;
  const placed = await api.call('POST', '/api/v1/calls', { token: key, body: { agentId, phoneNumber } });
  expect(placed.status).toBe(201);
  const { id } = placed.body;
  const sid = fake.created.find((c) => c.form.To === phoneNumber)!.callSid;
  await amd(id, sid, 'human');
  await waitFor(async () => ((await getCall(id)).status === 'active' ? true : undefined));
  return { id, sid, client: await stream(id, sid) };
}

const stream = (id: string, sid: string) => twilioStream(fake, api.url, id, sid);

async function completed(id: string) {
  return waitFor(async () => {
    const call = await getCall(id);
    return call.status === 'completed' && call.reportId ? call : undefined;
  }, 30_000);
}

const reportOf = async (id: string) => (await api.call('GET', `/api/v1/calls/${id}/report`, { token: key })).body;

test('asked for a person, the agent hands over: Twilio dials them, the session ends without a word to the workflow, and the call ends transferred', async () => {
  const agentId = await agent('You call about an order.', [
    { type: 'transfer', mode: 'cold', destinations: [{ phoneNumber: PERSON, description: 'the orders team' }] },
  ]);
  const { id, sid, client } = await answeredCall(agentId);
  expect(await heardTurn(client, 0)).toBe(GREETING);
  await client.speak('Could I speak to a person please?');

  // Our side closes the socket once the caller is the person's: with <Dial> as the call's TwiML, Twilio goes on with it.
  expect((await client.closed).code).toBe(1000);
  // The call moved only once the hand-off line had been heard to its end.
  expect(await wordsIn(client.takeHeard())).toBe(HANDOFF_LINE);
  expect(updatesOf(sid)).toEqual([{ Twiml: `<?xml version="1.0" encoding="UTF-8"?><Response><Dial>${PERSON}</Dial></Response>` }]);
  const call = await completed(id);
  expect(call.disposition).toBe('transferred');
  expect((await reportOf(id)).transfer).toEqual({ destination: PERSON, mode: 'cold', outcome: 'connected' });
  expect(await transcript(id)).toEqual([
    ['agent', GREETING],
    ['contact', 'Could I speak to a person please?'],
    ['agent', HANDOFF_LINE],
    ['tool', `transfer_call connected ${PERSON} (cold)`],
  ]);
  // Twilio's own end of the call, once the person hangs up, is no hangup of the contact's, and we never hang up on them.
  expect((await status(id, sid, 'completed', { CallDuration: '120' })).status).toBeLessThan(300);
  expect((await getCall(id)).disposition).toBe('transferred');
  expect(updatesOf(sid).some((u) => u.Status === 'completed')).toBe(false);
}, 60_000);

test('Twilio stopping the stream as it moves the call, before the transfer has answered, is no hangup: the call ends transferred', async () => {
  const agentId = await agent('You call about an order.', [
    { type: 'transfer', mode: 'cold', destinations: [{ phoneNumber: PERSON, description: 'the orders team' }] },
  ]);
  const { id, sid, client } = await answeredCall(agentId);
  fake.actsBeforeAnswering.set(sid, async () => {
    client.stop(fake.accountSid, sid);
    await client.closed;
  });
  expect(await heardTurn(client, 0)).toBe(GREETING);
  await client.speak('Could I speak to a person please?');

  const call = await completed(id);
  expect(call.disposition).toBe('transferred');
  expect((await reportOf(id)).transfer).toEqual({ destination: PERSON, mode: 'cold', outcome: 'connected' });
  expect(updatesOf(sid)).toEqual([{ Twiml: expect.stringContaining(`<Dial>${PERSON}</Dial>`) }]);
}, 60_000);

test('a warm transfer nobody answers brings the agent back to the caller with the reason, on the same stream', async () => {
  const agentId = await agent('You call about an order.', [
    { type: 'transfer', mode: 'warm', destinations: [{ phoneNumber: NEVER_ANSWERS, description: 'the orders team' }] },
  ]);
  const { id, sid, client } = await answeredCall(agentId);
  expect(await heardTurn(client, 0)).toBe(GREETING);
  await client.speak('Could I talk to someone please?');

  // The person's leg was rung with the summary; the caller's call was never moved.
  await waitFor(async () => (fake.created.some((c) => c.form.To === NEVER_ANSWERS && c.form.Twiml?.includes(`transfer-${id}`)) ? true : undefined));
  expect(await heardTurn(client, 1)).toBe(`${HANDOFF_LINE} I'm sorry, I couldn't put you through: nobody answered. I can carry on helping you myself.`);
  expect(updatesOf(sid)).toEqual([]);
  expect((await getCall(id)).status).toBe('active');
  const turns = await transcript(id);
  expect(turns.slice(2)).toEqual([
    ['agent', HANDOFF_LINE],
    ['tool', `transfer_call failed: no_answer: ${NEVER_ANSWERS} did not answer`],
    ['agent', "I'm sorry, I couldn't put you through: nobody answered. I can carry on helping you myself."],
  ]);

  await client.speak('Thank you, goodbye.');
  const call = await completed(id);
  expect(call.disposition).not.toBe('transferred');
  expect((await reportOf(id)).transfer).toEqual({ destination: NEVER_ANSWERS, mode: 'warm', outcome: 'failed', reason: 'no_answer' });
}, 60_000);

test('a phone menu’s option is pressed as <Play digits>, and the agent listens, on the new stream too, until the menu or person speaks', async () => {
  const agentId = await agent('You call the shop to reach sales about an order.', [{ type: 'keypad' }]);
  const { id, sid, client } = await answeredCall(agentId);
  expect(await heardTurn(client, 0)).toBe(GREETING);
  await client.speak('Thank you for calling. Press 1 for sales, press 2 for support.');

  const update = await waitFor(async () => updatesOf(sid)[0]);
  expect(update.Twiml).toMatch(/<Response><Play digits="1"\/><Connect action="[^"]*"><Stream url="wss:\/\/voice\.example\.test\/carrier\/twilio\/media\//);
  // What Twilio does with the new TwiML: the stream stops, the digits play, a new stream opens.
  client.stop(fake.accountSid, sid);
  await client.closed;
  await waitFor(async () => ((await slotsInUse(`media:${id}`)) === 0 ? true : undefined));
  const second = await stream(id, sid);
  // Nothing said on the new stream until the menu's person speaks: no question asked again over them.
  await new Promise((resolve) => setTimeout(resolve, 1500));
  expect(second.received.filter((m) => m.event === 'media')).toEqual([]);
  await second.speak('Sales, how can I help?');
  await second.turnPlayed(0);
  expect(await transcript(id)).toEqual([
    ['agent', GREETING],
    ['contact', 'Thank you for calling. Press 1 for sales, press 2 for support.'],
    ['tool', 'press_keys pressed 1'],
    ['contact', 'Sales, how can I help?'],
    ['agent', expect.any(String)],
  ]);
  expect((await getCall(id)).status).toBe('active');
  second.close();
  await api.call('POST', `/api/v1/calls/${id}/hangup`, { token: key });
}, 60_000);
