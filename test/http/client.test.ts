/**
 * The API as a partner's TypeScript code calls it: through the generated client (clients/typescript,
 * openapi-fetch over the OpenAPI document's types) against the real app, worker, database and
 * Temporal. Each request and answer here is typed by the document, so a route that drifted from its
 * schema fails to compile or to match.
 */
import { createVoiceAgentClient, type VoiceAgentClient } from '../../clients/typescript';
import { createTenant, startApi } from '../helpers/app';
import { uniqueName, waitFor } from '../helpers/servers';
import { runWorker, type RunningWorker } from '../helpers/worker';

const env = { TEMPORAL_TASK_QUEUE: uniqueName('ts-client'), SIMULATED_CALL_PACE_MS: '50', RING_TIMEOUT_SECONDS: '2' };
/** The simulated number that answers and talks (providers/carrier/testNumbers.ts). */
const ANSWERS = '+442079460001';

let api: Awaited<ReturnType<typeof startApi>>;
let worker: RunningWorker;
let client: VoiceAgentClient;

beforeAll(async () => {
  api = await startApi('ts-client', env);
  worker = await runWorker(env);
  client = createVoiceAgentClient({ baseUrl: api.url, apiKey: await (await createTenant()).key() });
}, 120_000);
afterAll(async () => {
  await worker?.stop();
  await api?.close();
});

const newAgent = async (name = uniqueName('Renewals')) => {
  const { data, error, response } = await client.POST('/agents', { body: { name, instructions: 'You call {{firstName}} about their renewal.' } });
  expect(error).toBeUndefined();
  expect(response.status).toBe(201);
  return data!;
};

test('an agent is created, listed, read, updated and deleted', async () => {
  const agent = await newAgent();
  expect(agent).toMatchObject({ object: 'agent', type: 'phone', variables: ['firstName'], sessionsCount: 0 });

  const listed = await client.GET('/agents', { params: { query: { limit: 100 } } });
  expect(listed.data!.data.map((a) => a.id)).toContain(agent.id);

  const read = await client.GET('/agents/{id}', { params: { path: { id: agent.id } } });
  expect(read.data).toEqual(agent);

  const updated = await client.PATCH('/agents/{id}', { params: { path: { id: agent.id } }, body: { description: 'Renewals in May' } });
  expect(updated.data!.description).toBe('Renewals in May');

  const deleted = await client.DELETE('/agents/{id}', { params: { path: { id: agent.id } } });
  expect(deleted.response.status).toBe(200);
  const gone = await client.GET('/agents/{id}', { params: { path: { id: agent.id } } });
  expect(gone.response.status).toBe(404);
  expect(gone.error!.error).toMatchObject({ code: 'RESOURCE_NOT_FOUND', param: 'path.id' });
});

test('a failure is the typed error envelope: its code, its param and the request id', async () => {
  const agent = await newAgent();
  const { data, error, response } = await client.POST('/agents', { body: { name: agent.name, instructions: 'Again.' } });
  expect(data).toBeUndefined();
  expect(response.status).toBe(409);
  expect(error!.error).toMatchObject({ type: 'conflict_error', code: 'DUPLICATE_NAME', param: 'body.name' });
  expect(error!.request_id).toBe(response.headers.get('x-request-id'));

  const invalid = await client.POST('/calls', { body: { agentId: agent.id, phoneNumber: 'not a number' } });
  expect(invalid.response.status).toBe(400);
  expect(invalid.error!.error).toMatchObject({ code: 'VALIDATION_ERROR', param: 'body.phoneNumber' });
});

test('a call is placed once for a repeated Idempotency-Key, and polled to its transcript and report', async () => {
  const agent = await newAgent();
  const headers = { 'Idempotency-Key': `call-${uniqueName('k')}` };
  const placed = await client.POST('/calls', {
    params: { header: headers },
    body: { agentId: agent.id, phoneNumber: ANSWERS, contactName: 'Ada', variables: { firstName: 'Ada' } },
  });
  expect(placed.error).toBeUndefined();
  expect(placed.response.status).toBe(201);
  const again = await client.POST('/calls', {
    params: { header: headers },
    body: { agentId: agent.id, phoneNumber: ANSWERS, contactName: 'Ada', variables: { firstName: 'Ada' } },
  });
  expect(again.response.headers.get('idempotent-replayed')).toBe('true');
  expect(again.data!.id).toBe(placed.data!.id);

  const id = placed.data!.id;
  const report = await waitFor(async () => {
    const { data, response } = await client.GET('/calls/{id}/report', { params: { path: { id } } });
    return response.status === 200 && data?.status === 'ready' ? data : undefined;
  }, 60_000);
  expect(report.callId).toBe(id);
  const transcript = await client.GET('/calls/{id}/transcript', { params: { path: { id } } });
  expect(transcript.data!.data[0]).toMatchObject({ role: 'agent' });
  const call = await client.GET('/calls/{id}', { params: { path: { id } } });
  expect(call.data).toMatchObject({ id, status: 'completed', contactName: 'Ada' });
});
