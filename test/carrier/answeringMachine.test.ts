/**
 * Answering-machine detection end to end on the simulated audio line (SIMULATED_LINE=audio): the
 * API and a worker on the real servers, the line's phone answering each machine test number with
 * its audio (greetings with and without a beep, a menu, a call screener, a person's "Hello?"), and
 * the agent's media session deciding who answered and acting on it. The recording's two channels
 * show when the agent spoke against what the line played.
 */
import { SCOPES } from '../../api/scopes';
import { PIPELINE_SAMPLE_RATE, pcmOf } from '../../lib/audio';
import { ToneDetector } from '../../conversation/toneDetector';
import { createTenant, startApi } from '../helpers/app';
import { stereoChannels, wordsIn } from '../helpers/recording';
import { uniqueName, waitFor } from '../helpers/servers';
import { runWorker, type RunningWorker } from '../helpers/worker';

const GREETING = 'Hi Ada, this is the renewals desk.';
const RATE = PIPELINE_SAMPLE_RATE;

let api: Awaited<ReturnType<typeof startApi>>;
let worker: RunningWorker;
let key: string;
let organizationName: string;

beforeAll(async () => {
  // The line plays on its own clock, as Twilio does, so a second of lead lets the agent's words
  // reach the recording whole when a loaded machine stalls the session longer than the default 200 ms.
  const env = {
    TEMPORAL_TASK_QUEUE: uniqueName('amd-audio'),
    SIMULATED_LINE: 'audio',
    SIMULATED_CALL_PACE_MS: '100',
    VOICE_SILENCE_REPROMPT_SECONDS: '60',
    VOICE_PLAYBACK_LEAD_MS: '1000',
  };
  api = await startApi('amd-audio', env);
  worker = await runWorker({ ...env, PUBLIC_BASE_URL: api.url });
  organizationName = uniqueName('Acme');
  const tenant = await createTenant({ name: organizationName, creditMinutes: 100, limits: { maxConcurrentCalls: 20 } });
  key = await tenant.key(SCOPES, { rateLimitPerMinute: 100_000 });
}, 120_000);
afterAll(async () => {
  await worker?.stop();
  await api?.close();
});

async function agent(voicemailBehavior: string, machineDetection = true): Promise<string> {
  const res = await api.call('POST', '/api/v1/agents', {
    token: key,
    body: {
      name: uniqueName('Renewals'),
      displayName: 'Ada',
      description: 'Your subscription renewal.',
      language: 'en-GB',
      instructions: 'You call {{firstName}} about their subscription.',
      phone: {
        greeting: 'Hi {{firstName}}, this is the renewals desk.',
        requiredContactFields: ['email'],
        voicemailBehavior,
        machineDetection,
        recordCalls: true,
      },
    },
  });
  expect(res.status).toBe(201);
  expect(res.body.phone.machineDetection).toBe(machineDetection);
  return res.body.id;
}

async function call(agentId: string, phoneNumber: string) {
  const res = await api.call('POST', '/api/v1/calls', { token: key, body: { agentId, phoneNumber, variables: { firstName: 'Ada' } } });
  expect(res.status).toBe(201);
  const id: string = res.body.id;
  const get = async () => (await api.call('GET', `/api/v1/calls/${id}`, { token: key })).body;
  const done = await waitFor(async () => ((await get()).status === 'completed' ? get() : undefined), 90_000);
  const turns: [string, string][] = (await api.call('GET', `/api/v1/calls/${id}/transcript`, { token: key })).body.data.map(
    (t: { role: string; text: string }) => [t.role, t.text],
  );
  return { id, done, turns };
}

async function recording(id: string) {
  await waitFor(async () => ((await api.call('GET', `/api/v1/calls/${id}`, { token: key })).body.recordingAvailable ? true : undefined), 60_000);
  const wav = await fetch(`${api.url}/api/v1/calls/${id}/recording`, { headers: { authorization: `Bearer ${key}` } });
  return stereoChannels(Buffer.from(await wav.arrayBuffer()));
}

const firstLoud = (channel: Int16Array) => channel.findIndex((v) => Math.abs(v) > 1600);
function lastLoud(channel: Int16Array, before = channel.length): number {
  for (let i = before - 1; i >= 0; i--) if (Math.abs(channel[i]!) > 1600) return i;
  return -1;
}
/**
 * Where the line's 1 kHz beep ended on the contact's channel, in samples: the recording lays each
 * frame where it arrived, so a frame late on the socket may cut the beep in two.
 */
function beepEnd(channel: Int16Array): number | undefined {
  const tones = new ToneDetector(RATE);
  let end: number | undefined;
  for (let i = 0; i + 320 <= channel.length; i += 320) {
    const tone = tones.push(pcmOf(channel.subarray(i, i + 320)));
    if (tone && Math.abs(tone.hz - 1000) <= 50) end = (tone.endMs / 1000) * RATE;
  }
  return end;
}

test('a person says "Hello?": the agent greets them after it, and the call goes on as a conversation', async () => {
  const { done, turns } = await call(await agent('leave_message'), '+442079460041');
  expect(done).toMatchObject({ disposition: 'completed', answeredBy: 'person' });
  expect(done.answeredByAfterMs).toBeLessThan(3500);
  // The "Hello?" was the detection's; the conversation starts with the greeting, answered.
  expect(turns.slice(0, 3)).toEqual([
    ['agent', GREETING],
    ['contact', 'Yes, go ahead.'],
    ['agent', 'Could you tell me your email?'],
  ]);
}, 150_000);

test('a voicemail greeting with a beep: the message is left after the beep, voicemail_left', async () => {
  const { id, done, turns } = await call(await agent('leave_message'), '+442079460042');
  expect(done).toMatchObject({ disposition: 'voicemail_left', answeredBy: 'voicemail' });
  expect(turns).toEqual([['agent', GREETING]]);
  const { left, right } = await recording(id);
  const beep = beepEnd(left);
  expect(beep).toBeDefined();
  // The agent's channel is silent until the beep has ended (give or take the frame or two the
  // recording may place a frame off by), then carries the message.
  expect(firstLoud(right)).toBeGreaterThanOrEqual(beep! - 0.04 * RATE);
  expect(await wordsIn(right)).toBe(GREETING);
}, 150_000);

test('a voicemail greeting without a beep: the message follows the greeting once it is over', async () => {
  const { id, done, turns } = await call(await agent('leave_message'), '+442079460043');
  expect(done).toMatchObject({ disposition: 'voicemail_left', answeredBy: 'voicemail' });
  expect(turns).toEqual([['agent', GREETING]]);
  const { left, right } = await recording(id);
  const messageAt = firstLoud(right);
  // At least two seconds of the line's quiet after its last word before the agent spoke.
  expect(messageAt - lastLoud(left, messageAt)).toBeGreaterThanOrEqual(2 * RATE);
}, 150_000);

test('a voicemail with `hangup`: nothing is said, disposition voicemail', async () => {
  const { done, turns } = await call(await agent('hangup'), '+442079460042');
  expect(done).toMatchObject({ disposition: 'voicemail', answeredBy: 'voicemail' });
  expect(turns).toEqual([]);
}, 150_000);

test('a phone menu: reported and hung up on without a word, no_answer', async () => {
  const { done, turns } = await call(await agent('leave_message'), '+442079460044');
  expect(done).toMatchObject({ disposition: 'no_answer', answeredBy: 'phone_menu' });
  expect(turns).toEqual([]);
}, 150_000);

test('a call screener hears once who is calling and why, after it asked; the person who picks up ("Hello, Dana speaking.") is greeted and talked with', async () => {
  const { done, turns } = await call(await agent('leave_message'), '+442079460045');
  expect(done).toMatchObject({ disposition: 'completed', answeredBy: 'call_screener' });
  expect(turns.slice(0, 3)).toEqual([
    ['agent', `Hello, this is Ada from ${organizationName}, calling about your subscription renewal.`],
    ['agent', GREETING],
    ['contact', 'Yes, go ahead.'],
  ]);
  expect(turns.filter(([, text]) => text.startsWith('Hello, this is Ada'))).toHaveLength(1);
}, 150_000);

test('without `phone.machineDetection` the agent greets at once, as before: answeredBy stays null', async () => {
  const { done, turns } = await call(await agent('leave_message', false), '+442079460001');
  expect(done).toMatchObject({ disposition: 'completed', answeredBy: null, answeredByAfterMs: null });
  expect(turns[0]).toEqual(['agent', GREETING]);
}, 150_000);
