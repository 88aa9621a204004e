/**
 * Call recordings through HTTP on the real stack: an agent that records, a recording written by the
 * recorder a call's media session feeds, served as a WAV (whole and by range) with tenant
 * isolation, and deleted by the API's sweep after the organization's retention period.
 */
import { Types } from 'mongoose';
import { sweepExpired } from '../../domain/retention';
import { callRecorder } from '../../conversation/recorder';
import { PIPELINE_SAMPLE_RATE } from '../../lib/audio';
import { Agent } from '../../models/agent';
import { Call } from '../../models/call';
import { spoken, testSession } from '../fakes/voice';
import { createTenant, startApi, type Tenant } from '../helpers/app';
import { completedCall, stereoChannels, storeRecordedCall, wordsIn } from '../helpers/recording';
import { waitFor } from '../helpers/servers';

const RATE = PIPELINE_SAMPLE_RATE;
const DAY = 86_400_000;

let api: Awaited<ReturnType<typeof startApi>>;
let tenant: Tenant;
let other: Tenant;
let key: string;

beforeAll(async () => {
  api = await startApi('recording');
  [tenant, other] = await Promise.all([createTenant(), createTenant()]);
  key = await tenant.key();
});
afterAll(() => api?.close());

async function recordingAgent(recordCalls?: boolean) {
  const res = await api.call('POST', '/api/v1/agents', {
    token: key,
    body: { name: `Recorded ${new Types.ObjectId()}`, instructions: 'Ask for an email.', ...(recordCalls === undefined ? {} : { phone: { recordCalls } }) },
  });
  expect(res.status).toBe(201);
  return res.body;
}

async function recordedCall(organizationId = tenant.organizationId) {
  const agent = await recordingAgent(true);
  return storeRecordedCall(organizationId, agent.id);
}

const errorOf = async (res: Response) => ((await res.json()) as { error: { code: string; param?: string } }).error;

const getRecording = (id: string, headers: Record<string, string> = {}, token = key) =>
  fetch(`${api.url}/api/v1/calls/${id}/recording`, { headers: { authorization: `Bearer ${token}`, ...headers } });

test('an agent records its calls only when it says so', async () => {
  expect((await recordingAgent()).phone.recordCalls).toBe(false);
  const recording = await recordingAgent(true);
  expect(recording.phone.recordCalls).toBe(true);
  const changed = await api.call('PATCH', `/api/v1/agents/${recording.id}`, { token: key, body: { phone: { recordCalls: false } } });
  expect(changed.body.phone.recordCalls).toBe(false);
  const agent = await recordingAgent(false);
  const call = await completedCall(tenant.organizationId, agent.id);
  expect(callRecorder(call, (await Agent.findById(agent.id).lean())!, { sampleRate: RATE, onError: () => undefined })).toBeUndefined();
});

test('a recorded call is served as a stereo WAV: the contact left, the agent right, on one timeline', async () => {
  const id = await recordedCall();
  expect((await api.call('GET', `/api/v1/calls/${id}`, { token: key })).body.recordingAvailable).toBe(true);

  const res = await getRecording(id);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('audio/wav');
  expect(res.headers.get('accept-ranges')).toBe('bytes');
  const wav = Buffer.from(await res.arrayBuffer());
  expect(Number(res.headers.get('content-length'))).toBe(wav.length);
  const { left, right } = stereoChannels(wav);
  expect(left.length).toBe(2.5 * RATE);
  const second = RATE;
  expect(left.subarray(0, second).every((s) => s === 1000)).toBe(true);
  expect(left.subarray(second).every((s) => s === 0)).toBe(true);
  expect(right.subarray(0, second).every((s) => s === 0)).toBe(true);
  expect(right.subarray(second, second * 1.5).every((s) => s === -2000)).toBe(true);
  expect(right.subarray(second * 1.5).every((s) => s === 0)).toBe(true);
});

test('a media session with the call recorder: the conversation stored, flagged and served', async () => {
  const agent = await recordingAgent(true);
  const call = await completedCall(tenant.organizationId, agent.id);
  const clock = { ms: 0 };
  const recorder = callRecorder(call, (await Agent.findById(agent.id).lean())!, {
    sampleRate: RATE,
    now: () => clock.ms,
    onError: (err) => expect(err).toBeUndefined(),
  });
  const { conversation, transport, media } = testSession({ recorder, autoPlay: false });
  /** The listener hears agent turn `turn` to its end (under 10 s). */
  const hear = async (turn: string) => {
    await waitFor(async () => (transport.marks.includes(`${turn}.end`) ? true : undefined));
    clock.ms += 10_000;
    for (const mark of transport.marks.filter((m) => m.startsWith(`${turn}.`))) media.played(mark);
  };
  await media.start();
  await hear('t0');
  for (const frame of await spoken('Hi, who is this?')) {
    clock.ms += 20;
    media.audio(frame);
  }
  await hear('t1');
  media.end();
  await media.ended;
  const id = String(call._id);
  await waitFor(async () => ((await api.call('GET', `/api/v1/calls/${id}`, { token: key })).body.recordingAvailable ? true : undefined));

  const { left, right } = stereoChannels(Buffer.from(await (await getRecording(id)).arrayBuffer()));
  expect(await wordsIn(left)).toBe('Hi, who is this?');
  const agentSaid = conversation.turns.filter((t) => t.role === 'agent').map((t) => t.text);
  expect(agentSaid).toHaveLength(2);
  expect(await wordsIn(right)).toBe(agentSaid.join(' '));
});

test('ranges, as an audio element seeking asks for them', async () => {
  const id = await recordedCall();
  const whole = Buffer.from(await (await getRecording(id)).arrayBuffer());

  const head = await getRecording(id, { range: 'bytes=0-43' });
  expect(head.status).toBe(206);
  expect(head.headers.get('content-range')).toBe(`bytes 0-43/${whole.length}`);
  expect(Buffer.from(await head.arrayBuffer())).toEqual(whole.subarray(0, 44));

  const tail = await getRecording(id, { range: 'bytes=-100' });
  expect(tail.status).toBe(206);
  expect(tail.headers.get('content-range')).toBe(`bytes ${whole.length - 100}-${whole.length - 1}/${whole.length}`);
  expect(Buffer.from(await tail.arrayBuffer())).toEqual(whole.subarray(whole.length - 100));

  const open = await getRecording(id, { range: `bytes=${whole.length - 10}-` });
  expect(Buffer.from(await open.arrayBuffer())).toEqual(whole.subarray(whole.length - 10));

  const past = await getRecording(id, { range: `bytes=${whole.length}-` });
  expect(past.status).toBe(416);
  expect(past.headers.get('content-range')).toBe(`bytes */${whole.length}`);
  expect((await errorOf(past)).code).toBe('RANGE_NOT_SATISFIABLE');

  // Several ranges are not served as such: the whole file is.
  const several = await getRecording(id, { range: 'bytes=0-1,5-6' });
  expect(several.status).toBe(200);
  expect(Buffer.from(await several.arrayBuffer())).toEqual(whole);
});

test('another organization, a key without executions:read, and a call without a recording', async () => {
  const id = await recordedCall();
  const theirs = await getRecording(id, {}, await other.key());
  expect(theirs.status).toBe(404);
  expect((await errorOf(theirs)).code).toBe('RESOURCE_NOT_FOUND');

  const narrow = await getRecording(id, {}, await tenant.key(['agents:read']));
  expect(narrow.status).toBe(403);
  expect((await errorOf(narrow)).code).toBe('PERMISSION_DENIED');

  const agent = await recordingAgent(false);
  const unrecorded = String((await completedCall(tenant.organizationId, agent.id))._id);
  expect((await api.call('GET', `/api/v1/calls/${unrecorded}`, { token: key })).body.recordingAvailable).toBe(false);
  const none = await getRecording(unrecorded);
  expect(none.status).toBe(404);
  expect(none.headers.get('content-type')).toMatch(/^application\/json/);
  expect(await errorOf(none)).toMatchObject({ code: 'RECORDING_NOT_FOUND', param: 'path.id' });

  const openapi = (await api.call('GET', '/api/v1/openapi.json')).body;
  expect(openapi.paths['/calls/{id}/recording'].get.responses['200'].content).toHaveProperty('audio/wav');
});

test('the organization sets the retention period, and the sweep deletes older recordings', async () => {
  const signIn = await api.call('POST', '/api/v1/dashboard/sessions', { body: { email: tenant.adminEmail, password: tenant.adminPassword } });
  const admin = signIn.body.token as string;
  expect((await api.call('GET', '/api/v1/dashboard/organization', { token: admin })).body.recordingRetentionDays).toBe(90);
  for (const bad of [0, 3651, 1.5, '7']) {
    const res = await api.call('PATCH', '/api/v1/dashboard/organization', { token: admin, body: { recordingRetentionDays: bad } });
    expect(res.status).toBe(400);
    expect(res.body.error.param).toBe('body.recordingRetentionDays');
  }
  const set = await api.call('PATCH', '/api/v1/dashboard/organization', { token: admin, body: { recordingRetentionDays: 7 } });
  expect(set.status).toBe(200);
  expect(set.body).toMatchObject({ object: 'organization', id: String(tenant.organizationId), recordingRetentionDays: 7 });

  const id = await recordedCall();
  const theirs = await recordedCall(other.organizationId);
  await sweepExpired(new Date(Date.now() + 6 * DAY));
  expect((await getRecording(id)).status).toBe(200);

  // Past this organization's 7 days, within the other's default 90.
  await sweepExpired(new Date(Date.now() + 8 * DAY));
  expect((await api.call('GET', `/api/v1/calls/${id}`, { token: key })).body.recordingAvailable).toBe(false);
  expect((await errorOf(await getRecording(id))).code).toBe('RECORDING_NOT_FOUND');
  expect((await getRecording(theirs, {}, await other.key())).status).toBe(200);
  expect(await Call.db.collection('recordings.files').countDocuments({ 'metadata.callId': new Types.ObjectId(id) })).toBe(0);
});

test('only an admin changes the retention period', async () => {
  const admin = (await api.call('POST', '/api/v1/dashboard/sessions', { body: { email: tenant.adminEmail, password: tenant.adminPassword } })).body.token;
  const email = `member-${new Types.ObjectId()}@example.com`;
  await api.call('POST', '/api/v1/dashboard/users', { token: admin, body: { email, password: 'correct horse battery' } });
  const member = (await api.call('POST', '/api/v1/dashboard/sessions', { body: { email, password: 'correct horse battery' } })).body.token;
  expect((await api.call('GET', '/api/v1/dashboard/organization', { token: member })).status).toBe(200);
  const res = await api.call('PATCH', '/api/v1/dashboard/organization', { token: member, body: { recordingRetentionDays: 1 } });
  expect(res.status).toBe(403);
  // An API key is refused on dashboard routes, whatever its scopes.
  expect((await api.call('PATCH', '/api/v1/dashboard/organization', { token: key, body: { recordingRetentionDays: 1 } })).status).toBe(403);
  expect((await api.call('GET', '/api/v1/dashboard/organization', { token: admin })).body.recordingRetentionDays).not.toBe(1);
});
