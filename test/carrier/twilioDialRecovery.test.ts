/**
 * Nobody is rung twice, on the real stack with Twilio's REST API played by a local fake: a dial
 * whose create Twilio confirms only after the adapter's timeout, and a worker killed after Twilio
 * placed the call and before the workflow heard so. Each time the retried dial finds the call in
 * the account's calls and adopts it: one create per call, one charge.
 */
import { SCOPES } from '../../api/scopes';
import { Call } from '../../models/call';
import { CreditEntry } from '../../models/creditEntry';
import { createTenant, startApi } from '../helpers/app';
import { waitFor } from '../helpers/servers';
import { twilioCallbacks, twilioEnv } from '../helpers/twilio';
import { runWorker, type RunningWorker } from '../helpers/worker';
import { workerProcesses } from '../helpers/workerProcess';
import { LATE_ANSWER_MS, startFakeTwilio, type FakeTwilio } from '../fakes/twilio';

let fake: FakeTwilio;
let api: Awaited<ReturnType<typeof startApi>>;
let env: ReturnType<typeof twilioEnv>;
let key: string;
let agentId: string;
let numbers = 50;
const nextNumber = () => `+4420794600${numbers++}`;

beforeAll(async () => {
  fake = await startFakeTwilio();
  // The adapter gives up on a create after 1 s; the dial waits long enough for a worker to come back.
  env = twilioEnv(fake, 'dial-recovery', { TWILIO_REQUEST_TIMEOUT_MS: '1000', DIAL_TIMEOUT_SECONDS: '45' });
  api = await startApi('dial-recovery', env);
  const tenant = await createTenant({ creditMinutes: 100, limits: { maxConcurrentCalls: 10 } });
  key = await tenant.key(SCOPES, { rateLimitPerMinute: 100_000 });
  const agent = await api.call('POST', '/api/v1/agents', { token: key, body: { name: 'Renewals', instructions: 'You call about a renewal.' } });
  agentId = agent.body.id;
}, 120_000);
afterAll(async () => {
  await api?.close();
  await fake?.close();
});

const place = (phoneNumber: string) => api.call('POST', '/api/v1/calls', { token: key, body: { agentId, phoneNumber } });
const creates = (phoneNumber: string) => fake.created.filter((d) => d.form.To === phoneNumber);
const { status, amd } = twilioCallbacks(
  () => fake,
  () => api.url,
);

/** Answers the call, lets it talk a moment and hangs it up as the callee; its charge is recorded once. */
async function completeOnce(id: string, sid: string) {
  await amd(id, sid, 'human');
  await status(id, sid, 'completed', { CallDuration: '5' });
  const done = await waitFor(async () => {
    const res = await api.call('GET', `/api/v1/calls/${id}`, { token: key });
    return res.body.status === 'completed' ? res.body : undefined;
  }, 30_000);
  expect(done).toMatchObject({ disposition: 'contact_hung_up', chargedMinutes: 1 });
  await waitFor(async () => ((await CreditEntry.countDocuments({ reference: `call:${id}` })) === 1 ? true : undefined));
}

describe('with a worker in this process', () => {
  let worker: RunningWorker;
  beforeAll(async () => {
    worker = await runWorker(env);
  });
  afterAll(() => worker?.stop());

  test('a create Twilio confirms only after the adapter gave up is found and adopted by the retried dial, not placed again', async () => {
    const phoneNumber = nextNumber();
    fake.answersLateFor.add(phoneNumber);
    const res = await place(phoneNumber);
    expect(res.status).toBe(201);
    // The retry looked for the call before it would dial again.
    expect(fake.listed.some((l) => l.To === phoneNumber)).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, LATE_ANSWER_MS));
    expect(creates(phoneNumber)).toHaveLength(1);
    const sid = creates(phoneNumber)[0]!.callSid;
    expect((await Call.findById(res.body.id).lean())?.carrierCallId).toBe(sid);
    await completeOnce(res.body.id, sid);
  });

  test('a campaign attempt whose create Twilio confirms late rings its recipient once and is charged once', async () => {
    const phoneNumber = nextNumber();
    fake.answersLateFor.add(phoneNumber);
    const campaign = await api.call('POST', '/api/v1/campaigns', { token: key, body: { name: `Late ${phoneNumber}`, agentId, settings: { retryLimit: 1 } } });
    expect(campaign.status).toBe(201);
    const imported = await api.call('POST', `/api/v1/campaigns/${campaign.body.id}/recipients`, { token: key, body: { recipients: [{ phoneNumber }] } });
    expect(imported.status).toBe(201);
    expect((await api.call('POST', `/api/v1/campaigns/${campaign.body.id}/launch`, { token: key })).status).toBe(200);
    const call = await waitFor(async () => {
      const list = await api.call('GET', '/api/v1/calls?limit=100', { token: key });
      return (list.body.data as Array<{ id: string; phoneNumber: string; status: string }>).find(
        (c) => c.phoneNumber === phoneNumber && c.status === 'created',
      );
    }, 30_000);
    await new Promise((resolve) => setTimeout(resolve, LATE_ANSWER_MS));
    expect(creates(phoneNumber)).toHaveLength(1);
    await completeOnce(call.id, creates(phoneNumber)[0]!.callSid);
    const done = await waitFor(async () => {
      const res = await api.call('GET', `/api/v1/campaigns/${campaign.body.id}`, { token: key });
      return res.body.status === 'completed' ? res.body : undefined;
    }, 60_000);
    expect(done.stats).toMatchObject({ total: 1, completed: 1, failed: 0 });
    expect(creates(phoneNumber)).toHaveLength(1);
  });
});

test('a worker killed after Twilio placed the call and before the workflow heard so: the next worker adopts the call', async () => {
  const workers = workerProcesses(env);
  try {
    const phoneNumber = nextNumber();
    let answerCreate!: () => void;
    fake.holdsAnswerFor.set(phoneNumber, new Promise<void>((resolve) => (answerCreate = resolve)));
    const first = await workers.start();
    const response = place(phoneNumber);
    await waitFor(async () => (creates(phoneNumber).length === 1 ? true : undefined), 30_000);
    await workers.kill(first);
    answerCreate();
    await workers.start();
    const res = await response;
    expect(res.status).toBe(201);
    expect(creates(phoneNumber)).toHaveLength(1);
    const sid = creates(phoneNumber)[0]!.callSid;
    expect((await Call.findById(res.body.id).lean())?.carrierCallId).toBe(sid);
    await completeOnce(res.body.id, sid);
  } finally {
    workers.killAll();
  }
}, 120_000);
