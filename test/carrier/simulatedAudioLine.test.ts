/**
 * The simulated carrier's audio line (SIMULATED_LINE=audio) on the real stack: the API and a worker
 * on the Temporal dev server and FerretDB, the worker's simulated line dialling the callee's phone
 * into the API's media socket, where our speech pipeline hears and speaks with the simulated
 * engines. Nothing is played by the test: the persona talks, keys a digit, barges in and hangs up
 * by itself, as the text-level line's persona does turn by turn.
 */
import WebSocket from 'ws';
import { SCOPES } from '../../api/scopes';
import { CallTurn } from '../../models/callTurn';
import { callerReply } from '../../providers/carrier/persona';
import { simulatedLineWorkflowId } from '../../workflows/definitions';
import { createTenant, startApi } from '../helpers/app';
import { stereoChannels, wordsIn, wordsKept } from '../helpers/recording';
import { uniqueName, waitFor } from '../helpers/servers';
import { runWorker, type RunningWorker } from '../helpers/worker';

const GREETING = 'Hi Ada, this is the service desk.';
const LABEL_QUESTION = 'Which fits best: renew, cancel or call back later?';
const CLOSING = "Thank you, that's everything I needed. Goodbye.";

let api: Awaited<ReturnType<typeof startApi>>;
let worker: RunningWorker;
let key: string;
let agentId: string;
let numbers = 50;

beforeAll(async () => {
  // The persona takes its time between turns; the agent must not reprompt meanwhile.
  const env = {
    TEMPORAL_TASK_QUEUE: uniqueName('simline-audio'),
    SIMULATED_LINE: 'audio',
    SIMULATED_CALL_PACE_MS: '100',
    VOICE_SILENCE_REPROMPT_SECONDS: '60',
  };
  api = await startApi('simline-audio', env);
  // The worker's callee dials the API where it listens.
  worker = await runWorker({ ...env, PUBLIC_BASE_URL: api.url });
  const tenant = await createTenant({ creditMinutes: 100, limits: { maxConcurrentCalls: 20 } });
  key = await tenant.key(SCOPES, { rateLimitPerMinute: 100_000 });
  const agent = await api.call('POST', '/api/v1/agents', {
    token: key,
    body: {
      name: 'Service desk',
      language: 'en-GB',
      instructions: 'You call {{firstName}} about their subscription.',
      phone: {
        greeting: 'Hi {{firstName}}, this is the service desk.',
        requiredContactFields: ['email', 'optionDigit'],
        outcomeLabels: ['renew', 'cancel', 'call back later'],
        recordCalls: true,
      },
    },
  });
  expect(agent.status).toBe(201);
  agentId = agent.body.id;
}, 120_000);
afterAll(async () => {
  await worker?.stop();
  await api?.close();
});

async function place(phoneNumber = `+4420794600${numbers++}`): Promise<string> {
  const res = await api.call('POST', '/api/v1/calls', { token: key, body: { agentId, phoneNumber, variables: { firstName: 'Ada' } } });
  expect(res.status).toBe(201);
  return res.body.id;
}

const getCall = async (id: string) => (await api.call('GET', `/api/v1/calls/${id}`, { token: key })).body;
const completed = (id: string, timeoutMs = 60_000) => waitFor(async () => ((await getCall(id)).status === 'completed' ? getCall(id) : undefined), timeoutMs);
const transcript = async (id: string): Promise<[string, string][]> =>
  (await api.call('GET', `/api/v1/calls/${id}/transcript`, { token: key })).body.data.map((t: { role: string; text: string }) => [t.role, t.text]);

/**
 * The persona's whole conversation, every word heard as spoken: a greeting, two fields asked (the
 * option digit keyed), the labels offered and cut into, the closing. Answers the persona's choice.
 */
function expectWholeConversation(turns: [string, string][]): [string, string] {
  const [cut, choice] = [turns[6]!, turns[7]!];
  expect(turns).toEqual([
    ['agent', GREETING],
    ['contact', 'Yes, go ahead.'],
    ['agent', 'Could you tell me your email?'],
    ['contact', expect.stringMatching(/^It's [a-z]+\.[a-z]+@example\.com\.$/)],
    ['agent', 'Could you tell me your option digit?'],
    ['contact', expect.stringMatching(/^\[DTMF \d\]$/)],
    ['agent', cut[1]],
    ['contact', expect.stringMatching(/^I'd say (renew|cancel|call back later)\.$/)],
    ['agent', CLOSING],
  ]);
  // The persona cut in once it heard a label: the agent's turn was stopped at what had been played.
  expect(LABEL_QUESTION.startsWith(cut[1])).toBe(true);
  expect(cut[1]).toMatch(/^Which fits best: renew,/);
  expect(cut[1].length).toBeLessThan(LABEL_QUESTION.length);
  return choice;
}

test('a whole call through the pipeline offline: the persona speaks, keys a digit and barges in; completed with transcript, report, charge and recording', async () => {
  const id = await place();
  const done = await completed(id);
  expect(done).toMatchObject({ disposition: 'completed', chargedMinutes: Math.ceil(done.durationSeconds / 60) });

  const turns = await transcript(id);
  const choice = expectWholeConversation(turns);

  const report = await waitFor(async () => {
    const res = await api.call('GET', `/api/v1/calls/${id}/report`, { token: key });
    return res.status === 200 ? res.body : undefined;
  }, 30_000);
  const email = turns[3]![1].replace(/^It's /, '').replace(/\.$/, '');
  expect(report).toMatchObject({
    disposition: 'completed',
    outcome: choice[1].replace(/^I'd say /, '').replace(/\.$/, ''),
    capturedFields: { email, optionDigit: turns[5]![1] },
  });

  await waitFor(async () => ((await getCall(id)).recordingAvailable ? true : undefined), 60_000);
  const wav = await fetch(`${api.url}/api/v1/calls/${id}/recording`, { headers: { authorization: `Bearer ${key}` } });
  const { left, right } = stereoChannels(Buffer.from(await wav.arrayBuffer()));
  // Both voices are on the recording, each on its own channel, in the order they spoke; not every
  // word. A stall of the test's process (the media session's and the phone's) longer than the
  // agent's playback lead leaves a gap on the agent's channel, as a phone would hear it; the phone
  // skips its own stall, leaving one on the contact's. A gap inside a word hides that word from the
  // simulated STT: with a 250 ms stall every second, 77% and 88% of the words were read.
  const said = (role: string) => turns.filter(([r, text]) => r === role && !text.startsWith('[DTMF')).map(([, text]) => text);
  const [heardLeft, heardRight] = [await wordsIn(left), await wordsIn(right)];
  expect(wordsKept(heardLeft, said('contact'))).toBeGreaterThanOrEqual(0.75);
  expect(wordsKept(heardRight, said('agent'))).toBeGreaterThanOrEqual(0.75);
  expect(wordsKept(heardLeft, said('agent'))).toBeLessThan(0.2);
  expect(wordsKept(heardRight, said('contact'))).toBeLessThan(0.2);
}, 120_000);

test('a phone held up mid-call (its process stalled, as on a starved machine) still hears every word whole', async () => {
  const id = await place();
  // The test's process is the API's and the phone's: blocking it stalls both, as a long pause of
  // a busy machine does. The phone must not hear the stall as a pause between the agent's words.
  // Stalls a little and a lot longer than what the phone has queued (the agent's 200 ms playback
  // lead) leave it behind its clock with nothing to play: a phone that then played even one 20 ms
  // tick of silence mid-word cut the word apart, and answered a question it had not heard whole.
  const lengths = [400, 210, 230, 250];
  let stalls = 0;
  const stall = setInterval(() => {
    const until = Date.now() + lengths[stalls++ % lengths.length]!;
    while (Date.now() < until);
  }, 1_000);
  try {
    // Every stall delays the call by as much: it lasts longer than an unstalled one.
    expect((await completed(id, 100_000)).disposition).toBe('completed');
  } finally {
    clearInterval(stall);
  }
  expectWholeConversation(await transcript(id));
}, 120_000);

test('the callee of the hang-up-early number hangs up after the greeting: contact_hung_up', async () => {
  const id = await place('+442079460006');
  expect((await completed(id)).disposition).toBe('contact_hung_up');
  expect(await transcript(id)).toEqual([['agent', GREETING]]);
}, 90_000);

test('a hangup from the API ends the callee’s stream from its side: hangup_requested, every turn heard kept', async () => {
  const id = await place();
  // Once the persona has answered the greeting, the call is hung up while it goes on.
  await waitFor(async () => ((await CallTurn.countDocuments({ callId: id })) >= 2 ? true : undefined), 30_000);
  expect((await api.call('POST', `/api/v1/calls/${id}/hangup`, { token: key })).status).toBe(200);
  const done = await completed(id);
  expect(done.disposition).toBe('hangup_requested');
  const turns = await transcript(id);
  expect(turns.slice(0, 2)).toEqual([
    ['agent', GREETING],
    ['contact', 'Yes, go ahead.'],
  ]);
  // The line's workflow ends too (its callee hung up), rather than ringing on.
  const line = worker.client.workflow.getHandle(simulatedLineWorkflowId(id));
  await waitFor(async () => ((await line.describe()).status.name === 'COMPLETED' ? true : undefined), 30_000);
}, 90_000);

test('the media socket opens only for the line that signed its handshake', async () => {
  const id = await place();
  const refused = await new Promise<number>((resolve, reject) => {
    const ws = new WebSocket(`${api.url.replace('http', 'ws')}/carrier/simulated/media/${id}`, { headers: { 'x-simulated-line-signature': 'forged' } });
    ws.once('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
    ws.once('open', () => reject(new Error('a forged signature opened the stream')));
    ws.once('error', reject);
  });
  expect(refused).toBe(403);
  // The line's own stream was not disturbed: the call completes and its recording is stored.
  expect((await completed(id)).disposition).toBe('completed');
  await waitFor(async () => ((await getCall(id)).recordingAvailable ? true : undefined), 60_000);
}, 90_000);

test('a test call to one of our numbers plays the caller on the audio line: the agent greets, the caller asks, the agent answers', async () => {
  const inbound = await api.call('POST', '/api/v1/agents', {
    token: key,
    body: {
      name: 'Front desk',
      language: 'en-GB',
      instructions: 'Answer the caller.',
      phone: { direction: 'inbound', greeting: 'Thanks for calling the front desk.' },
    },
  });
  const number = await api.call('POST', '/api/v1/phone-numbers', { token: key, body: { phoneNumber: '+441134960050', agentId: inbound.body.id } });
  expect(number.status).toBe(201);
  const placed = await api.call('POST', `/api/v1/phone-numbers/${number.body.id}/test-calls`, { token: key, body: { from: '+442079460150' } });
  expect(placed.body).toMatchObject({ direction: 'inbound', status: 'active', phoneNumber: '+442079460150' });
  const done = await completed(placed.body.id);
  expect(done).toMatchObject({ disposition: 'completed', direction: 'inbound', chargedMinutes: 1 });
  const turns = await transcript(placed.body.id);
  expect(turns[0]).toEqual(['agent', 'Thanks for calling the front desk.']);
  // Heard through the speech engines both ways, the caller's question arrives word for word.
  expect(turns[1]).toEqual(['contact', callerReply([{ role: 'agent', text: turns[0]![1] }], '+442079460150').text]);
  expect(turns[2]![0]).toBe('agent');
});
