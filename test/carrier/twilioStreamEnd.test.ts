/**
 * How a Twilio call ends when its media stream does, with the streams in a media process of their
 * own (MEDIA_PUBLIC_URL set, as in `npm run dev`) and Twilio played by the local fake, which runs
 * each call's TwiML as Twilio documents it: when the `<Connect><Stream>`'s socket closes under a
 * call still on, Twilio requests `<Connect>`'s action and runs what it answers. The media process
 * killed outright (SIGKILL) is seen by nobody on our side: only that request tells the call its
 * audio is lost. The agent's goodbye, the callee hanging up and a transfer end as they did.
 */
import { callWorkflowActions } from '../../conversation/callActions';
import { slotsInUse } from '../../models/slot';
import { startService, freePort, type ServiceProcess } from '../helpers/serviceProcess';
import { waitFor } from '../helpers/servers';
import { heardTurn, startTwilioStack, TWILIO_PUBLIC, twilioCallbacks, twilioEnv, type TwilioStack } from '../helpers/twilio';
import type { MediaStreamClient } from '../fakes/mediaStreams';
import type { FakeTwilio } from '../fakes/twilio';

const MEDIA_PUBLIC = 'https://media.example.test';
const GREETING = 'Hi Ada, this is the service desk.';
const CLOSING = "Thank you, that's everything I needed. Goodbye.";
const PERSON = '+442079460030';

let stack: TwilioStack;
let fake: FakeTwilio;
let api: TwilioStack['api'];
let media: ServiceProcess | undefined;
let agentId: string;
let numbers = 70;
const streams: MediaStreamClient[] = [];

beforeAll(async () => {
  const port = await freePort();
  const extra = { MEDIA_PUBLIC_URL: MEDIA_PUBLIC, MEDIA_PORT: String(port), VOICE_SILENCE_REPROMPT_SECONDS: '60' };
  stack = await startTwilioStack('twilio-stream-end', extra);
  ({ fake, api } = stack);
  media = await startService('media/server.ts', twilioEnv(fake, 'twilio-stream-end', extra), `http://127.0.0.1:${port}/readyz`);
  fake.reach(TWILIO_PUBLIC, api.url);
  fake.reach(MEDIA_PUBLIC, `http://127.0.0.1:${port}`);
  const agent = await api.call('POST', '/api/v1/agents', {
    token: stack.key,
    body: {
      name: 'Service desk',
      language: 'en-GB',
      instructions: 'You call {{firstName}} about their subscription.',
      phone: { greeting: 'Hi {{firstName}}, this is the service desk.', requiredContactFields: ['email'] },
    },
  });
  expect(agent.status).toBe(201);
  agentId = agent.body.id;
}, 180_000);
afterEach(() => {
  for (const stream of streams.splice(0)) stream.close();
});
afterAll(async () => {
  await media?.kill();
  await stack?.close();
});

const { amd, callback } = twilioCallbacks(
  () => fake,
  () => api.url,
);
const getCall = async (id: string) => (await api.call('GET', `/api/v1/calls/${id}`, { token: stack.key })).body;
const completed = (id: string, timeoutMs = 30_000) => waitFor(async () => ((await getCall(id)).status === 'completed' ? getCall(id) : undefined), timeoutMs);
const actionsOf = (sid: string) => fake.connectActions.filter((a) => a.callSid === sid);

/** A call a person answered, its stream open on the media process and the greeting heard. */
async function talking(): Promise<{ id: string; sid: string; stream: MediaStreamClient }> {
  const phoneNumber = `+4420794600${numbers++}`;
  const placed = await api.call('POST', '/api/v1/calls', { token: stack.key, body: { agentId, phoneNumber, variables: { firstName: 'Ada' } } });
  expect(placed.status).toBe(201);
  const { id } = placed.body;
  const sid = fake.created.find((c) => c.form.To === phoneNumber)!.callSid;
  expect((await amd(id, sid, 'human')).status).toBe(204);
  await waitFor(async () => ((await getCall(id)).status === 'active' ? true : undefined));
  const stream = await fake.stream(sid);
  streams.push(stream);
  expect(await heardTurn(stream, 0)).toBe(GREETING);
  return { id, sid, stream };
}

test('the agent’s goodbye closes the stream: Twilio asks <Connect>’s action, is told to hang up, and the call is completed', async () => {
  const { id, sid, stream } = await talking();
  await stream.speak('Hello?');
  expect(await heardTurn(stream, 1)).toBe('Could you tell me your email?');
  await stream.speak('It is ada@example.com');
  expect(await heardTurn(stream, 2)).toBe(CLOSING);
  expect((await stream.closed).code).toBe(1000);
  expect(await completed(id)).toMatchObject({ disposition: 'completed' });
  // The fake records the action once we have answered it, beside the call's own end.
  await waitFor(async () => (actionsOf(sid).length > 0 ? true : undefined));
  expect(actionsOf(sid)).toEqual([{ callSid: sid, form: expect.objectContaining({ CallStatus: 'in-progress' }), twiml: expect.stringContaining('<Hangup/>') }]);
}, 120_000);

test('the callee hanging up stops the stream: the action asked with the call over changes nothing, and the call ends contact_hung_up', async () => {
  const { id, sid, stream } = await talking();
  await fake.hangUp(sid);
  await stream.closed;
  expect(await completed(id)).toMatchObject({ disposition: 'contact_hung_up' });
  expect(actionsOf(sid)).toEqual([expect.objectContaining({ form: expect.objectContaining({ CallStatus: 'completed' }) })]);
}, 120_000);

test('a transfer replaces the TwiML: the stream stops without the action, and the call ends transferred', async () => {
  const { id, sid, stream } = await talking();
  expect(await callWorkflowActions(stack.worker.client.workflow, id).transfer({ to: PERSON, mode: 'cold', summary: '' })).toEqual({ outcome: 'connected' });
  await stream.closed;
  expect(await completed(id)).toMatchObject({ disposition: 'transferred' });
  expect(actionsOf(sid)).toEqual([]);
}, 120_000);

test('<Connect>’s action is refused unsigned (403) and for an unknown call (404); asked twice about a live call, it ends it once, failed, media_lost, answering <Hangup/>', async () => {
  const { id, sid } = await talking();
  const path = `/carrier/twilio/stream-ended/${id}`;
  const form = { AccountSid: fake.accountSid, CallSid: sid, CallStatus: 'in-progress' };
  expect(await callback(path, form, '')).toMatchObject({ status: 403, body: { error: { code: 'PERMISSION_DENIED' } } });
  expect((await callback('/carrier/twilio/stream-ended/0123456789abcdef01234567', form)).status).toBe(404);
  expect((await getCall(id)).status).toBe('active');
  for (const asked of [await callback(path, form), await callback(path, form)]) {
    expect(asked.status).toBe(200);
    expect(asked.headers.get('content-type')).toContain('text/xml');
    expect(asked.body).toBe('<?xml version="1.0" encoding="UTF-8"?><Response><Hangup/></Response>');
  }
  expect(await completed(id)).toMatchObject({ disposition: 'failed', endedReason: 'media_lost' });
  // Asked again once the call is over: the same answer, and the call as it ended.
  expect((await callback(path, form)).status).toBe(200);
  expect(await getCall(id)).toMatchObject({ disposition: 'failed', endedReason: 'media_lost' });
}, 120_000);

test('the media process killed mid-call: Twilio asks <Connect>’s action, and the call ends within seconds as failed, media_lost, not contact_hung_up', async () => {
  const { id, sid, stream } = await talking();
  await stream.speak('Hello?');
  expect(await heardTurn(stream, 1)).toBe('Could you tell me your email?');
  await media!.kill();
  const killedAt = Date.now();
  expect((await stream.closed).code).toBe(1006);
  const done = await completed(id, 60_000);
  expect(Date.now() - killedAt).toBeLessThan(15_000);
  expect(done).toMatchObject({ disposition: 'failed', endedReason: 'media_lost', chargedMinutes: 1 });
  expect(actionsOf(sid)).toEqual([{ callSid: sid, form: expect.objectContaining({ CallStatus: 'in-progress' }), twiml: expect.stringContaining('<Hangup/>') }]);
  // Twilio hung up as told, and its `completed` callback, which once made this contact_hung_up, came after.
  await waitFor(async () => (fake.reportedCompleted.includes(sid) ? true : undefined));
  expect(await getCall(id)).toMatchObject({ disposition: 'failed', endedReason: 'media_lost' });
  // The dead process's hold on the call's one stream never closed there: the call's end frees it.
  await waitFor(async () => ((await slotsInUse(`media:${id}`)) === 0 ? true : undefined), 10_000);
}, 120_000);
