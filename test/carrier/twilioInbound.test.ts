/**
 * Calls to our numbers on Twilio, on the real stack: the API and a worker with CARRIER=twilio on the
 * Temporal dev server and FerretDB, Twilio's REST API played by the local fake (which records what
 * a claim and a release send), its voice webhook and status callbacks posted signed as Twilio signs
 * them, and the answered call's audio played by a Media Streams client.
 */
import { SCOPES } from '../../api/scopes';
import { creditBalance } from '../../models/creditEntry';
import { createTenant, startApi } from '../helpers/app';
import { waitFor } from '../helpers/servers';
import { TWILIO_PUBLIC, twilioCallbacks, twilioEnv } from '../helpers/twilio';
import { wordsIn } from '../helpers/voiceClient';
import { runWorker, type RunningWorker } from '../helpers/worker';
import { MediaStreamClient } from '../fakes/mediaStreams';
import { startFakeTwilio, type FakeTwilio } from '../fakes/twilio';
import { getExpectedTwilioSignature } from 'twilio';

const GREETING = 'Thanks for calling the help desk.';
const FALLBACK = 'We are closed right now. Goodbye.';

let fake: FakeTwilio;
let api: Awaited<ReturnType<typeof startApi>>;
let worker: RunningWorker;
let numbers = 500;
const streams: MediaStreamClient[] = [];

beforeAll(async () => {
  fake = await startFakeTwilio();
  const env = twilioEnv(fake, 'twilio-inbound', { VOICE_SILENCE_REPROMPT_SECONDS: '60' });
  api = await startApi('twilio-inbound', env);
  worker = await runWorker(env);
}, 120_000);
afterEach(() => {
  for (const stream of streams.splice(0)) stream.close();
});
afterAll(async () => {
  await worker?.stop();
  await api?.close();
  await fake?.close();
});

const { callback, status } = twilioCallbacks(
  () => fake,
  () => api.url,
);

async function organization(creditMinutes = 100) {
  const tenant = await createTenant({ creditMinutes, limits: { maxConcurrentCalls: 10 } });
  const key = await tenant.key(SCOPES, { rateLimitPerMinute: 100_000 });
  const agent = await api.call('POST', '/api/v1/agents', {
    token: key,
    body: { name: 'Help desk', language: 'en-GB', instructions: 'Help the caller.', phone: { direction: 'inbound', greeting: GREETING, fallback: FALLBACK } },
  });
  expect(agent.status).toBe(201);
  return { tenant, key, agentId: agent.body.id as string };
}

/** One of the account's numbers, claimed for the organization. */
async function claimed(org: { key: string; agentId: string }) {
  const phoneNumber = `+441134960${numbers++}`;
  fake.addIncomingNumber(phoneNumber, { voice_url: 'https://old.example.com/voice', voice_method: 'GET' });
  const res = await api.call('POST', '/api/v1/phone-numbers', { token: org.key, body: { phoneNumber, agentId: org.agentId } });
  expect(res.status).toBe(201);
  return res.body as { id: string; phoneNumber: string };
}

const ring = (to: string, callSid: string, from = '+442079460123') =>
  callback('/carrier/twilio/inbound', { AccountSid: fake.accountSid, CallSid: callSid, From: from, To: to, CallStatus: 'ringing', Direction: 'inbound' });

const sid = () => `CA${Math.random().toString(16).slice(2).padEnd(32, '0').slice(0, 32)}`;

test('claiming points the account’s number at our signed webhooks, releasing restores what was there; a number the account lacks is refused', async () => {
  const org = await organization();
  const number = await claimed(org);
  const { sid: numberSid } = fake.incomingNumbers.get(number.phoneNumber)!;
  expect(fake.numberUpdates.find((u) => u.sid === numberSid)!.form).toEqual({
    VoiceUrl: `${TWILIO_PUBLIC}/carrier/twilio/inbound`,
    VoiceMethod: 'POST',
    VoiceApplicationSid: '',
    StatusCallback: `${TWILIO_PUBLIC}/carrier/twilio/inbound/status`,
    StatusCallbackMethod: 'POST',
  });
  expect(fake.incomingNumbers.get(number.phoneNumber)).toMatchObject({ voice_url: `${TWILIO_PUBLIC}/carrier/twilio/inbound` });

  const released = await api.call('DELETE', `/api/v1/phone-numbers/${number.id}`, { token: org.key });
  expect(released.status).toBe(200);
  expect(fake.incomingNumbers.get(number.phoneNumber)).toMatchObject({ voice_url: 'https://old.example.com/voice', voice_method: 'GET', status_callback: '' });

  const missing = await api.call('POST', '/api/v1/phone-numbers', { token: org.key, body: { phoneNumber: '+441134960999', agentId: org.agentId } });
  expect(missing.status).toBe(400);
  expect(missing.body.error).toMatchObject({ code: 'PHONE_NUMBER_UNAVAILABLE', param: 'body.phoneNumber' });
  expect(missing.body.error.message).toContain('incoming phone numbers');

  const testCall = await api.call('POST', `/api/v1/phone-numbers/${(await claimed(org)).id}/test-calls`, { token: org.key, body: {} });
  expect(testCall.status).toBe(409);
  expect(testCall.body.error.code).toBe('TEST_CALLS_UNAVAILABLE');
});

test('a call to the number streams to our pipeline, where the agent greets the caller, and ends as any call does', async () => {
  const org = await organization();
  const number = await claimed(org);
  const callSid = sid();
  const answered = await ring(number.phoneNumber, callSid);
  expect(answered.status).toBe(200);
  expect(answered.headers.get('content-type')).toContain('text/xml');
  const streamUrl = /<Stream url="([^"]+)"/.exec(String(answered.body))![1]!;
  const callId = streamUrl.split('/').at(-1)!;
  expect(streamUrl).toBe(`wss://voice.example.test/carrier/twilio/media/${callId}`);
  // A stream that ends under the live call is asked about on the API (api/routes/twilio.ts).
  expect(String(answered.body)).toContain(`<Connect action="${TWILIO_PUBLIC}/carrier/twilio/stream-ended/${callId}">`);

  const listed = await api.call('GET', `/api/v1/calls/${callId}`, { token: org.key });
  expect(listed.body).toMatchObject({ direction: 'inbound', status: 'active', phoneNumber: '+442079460123', agentId: org.agentId });
  // Twilio retrying the webhook finds the same call.
  const again = await ring(number.phoneNumber, callSid);
  expect(String(again.body)).toContain(`/media/${callId}`);

  const stream = await MediaStreamClient.connect(
    `${api.url.replace('http', 'ws')}/carrier/twilio/media/${callId}`,
    getExpectedTwilioSignature(fake.authToken, streamUrl, {}),
  );
  streams.push(stream);
  stream.begin(fake.accountSid, callSid, { callId });
  await stream.turnPlayed(0);
  expect(await wordsIn(stream.takeHeard())).toBe(GREETING);
  await stream.speak('Hello, is my order on its way?');
  await stream.turnPlayed(1);

  // The simulated agent answers and says goodbye: the service closes the stream, Twilio hangs up.
  expect((await stream.closed).code).toBe(1000);
  expect(
    (
      await callback('/carrier/twilio/inbound/status', {
        AccountSid: fake.accountSid,
        CallSid: callSid,
        CallStatus: 'completed',
        CallDuration: '12',
        Direction: 'inbound',
      })
    ).status,
  ).toBe(204);
  const done = await waitFor(async () => {
    const res = await api.call('GET', `/api/v1/calls/${callId}`, { token: org.key });
    return res.body.status === 'completed' ? res.body : undefined;
  }, 30_000);
  expect(done).toMatchObject({ disposition: 'completed', chargedMinutes: 1, direction: 'inbound' });
  const transcript = await api.call('GET', `/api/v1/calls/${callId}/transcript`, { token: org.key });
  expect(transcript.body.data.slice(0, 2).map((t: { role: string; text: string }) => [t.role, t.text])).toEqual([
    ['agent', GREETING],
    ['contact', 'Hello, is my order on its way?'],
  ]);
  await waitFor(async () => ((await creditBalance(org.tenant.organizationId)).heldMinutes === 0 ? true : undefined));
  expect(await creditBalance(org.tenant.organizationId)).toMatchObject({ usedMinutes: 1, heldMinutes: 0 });
});

test('a caller who hangs up during the greeting ends the call as contact_hung_up', async () => {
  const org = await organization();
  const number = await claimed(org);
  const callSid = sid();
  const streamUrl = /<Stream url="([^"]+)"/.exec(String((await ring(number.phoneNumber, callSid)).body))![1]!;
  const callId = streamUrl.split('/').at(-1)!;
  const stream = await MediaStreamClient.connect(
    `${api.url.replace('http', 'ws')}/carrier/twilio/media/${callId}`,
    getExpectedTwilioSignature(fake.authToken, streamUrl, {}),
  );
  streams.push(stream);
  stream.begin(fake.accountSid, callSid, { callId });
  await stream.until(() => (stream.played.length > 0 ? true : undefined));
  stream.stop(fake.accountSid, callSid);
  expect(
    (
      await callback('/carrier/twilio/inbound/status', {
        AccountSid: fake.accountSid,
        CallSid: callSid,
        CallStatus: 'completed',
        CallDuration: '2',
        Direction: 'inbound',
      })
    ).status,
  ).toBe(204);
  const done = await waitFor(async () => {
    const res = await api.call('GET', `/api/v1/calls/${callId}`, { token: org.key });
    return res.body.status === 'completed' ? res.body : undefined;
  }, 30_000);
  expect(done).toMatchObject({ disposition: 'contact_hung_up', direction: 'inbound', chargedMinutes: 1 });
});

test('a refused call hears the fallback and hangs up, listed and uncharged; an unknown number is not in service; an unsigned webhook is 403', async () => {
  const broke = await organization(0);
  const number = await claimed(broke);
  const refused = await ring(number.phoneNumber, sid());
  expect(refused.status).toBe(200);
  expect(String(refused.body)).toBe(`<?xml version="1.0" encoding="UTF-8"?><Response><Say language="en-GB">${FALLBACK}</Say><Hangup/></Response>`);
  const calls = await api.call('GET', '/api/v1/calls?direction=inbound', { token: broke.key });
  expect(calls.body.data[0]).toMatchObject({ disposition: 'refused', endedReason: 'insufficient_credits', chargedMinutes: 0 });

  const unknown = await ring('+441134960998', sid());
  expect(String(unknown.body)).toContain('not in service');
  expect(String(unknown.body)).toContain('<Hangup/>');

  const forged = await callback('/carrier/twilio/inbound', { CallSid: sid(), From: '+442079460123', To: number.phoneNumber }, 'bad-signature');
  expect(forged.status).toBe(403);
  expect(forged.body.error.code).toBe('PERMISSION_DENIED');
  // Status callbacks about calls that are not ours change nothing.
  expect((await status('000000000000000000000000', sid(), 'completed')).status).toBe(404);
});
