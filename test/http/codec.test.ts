/**
 * Payloads are encrypted in Temporal's database, end to end on the real stack: a call placed through
 * the API stores its phone number and variables only as ciphertext, which the payload codec opens
 * and its history replays through; and the operator's codec endpoint the Temporal Web UI uses.
 */
import { Client } from '@temporalio/client';
import { temporal } from '@temporalio/proto';
import { Worker } from '@temporalio/worker';
import { SCOPES } from '../../api/scopes';
import { ENCRYPTED_ENCODING } from '../../lib/payloadCodec';
import { callWorkflowId, simulatedLineWorkflowId } from '../../workflows/definitions';
import { createTenant, request, startApi } from '../helpers/app';
import { testDataConverter, uniqueName, waitFor, workflowBundle } from '../helpers/servers';
import { runWorker, type RunningWorker } from '../helpers/worker';

const TOKEN = 'operator-codec-token';
const UI_ORIGIN = 'http://127.0.0.1:8233';
const taskQueue = uniqueName('codec');
const env = { TEMPORAL_TASK_QUEUE: taskQueue, SIMULATED_CALL_PACE_MS: '50', TEMPORAL_CODEC_TOKEN: TOKEN };
let api: Awaited<ReturnType<typeof startApi>>;
let worker: RunningWorker;

beforeAll(async () => {
  api = await startApi('codec', env);
  worker = await runWorker(env);
}, 120_000);
afterAll(async () => {
  await worker?.stop();
  await api?.close();
});

const utf8 = (text: string) => Buffer.from(text).toString('base64');

describe('a call placed through the API', () => {
  const phoneNumber = '+442079460173';
  const firstName = 'Zebulon';
  let callId: string;

  beforeAll(async () => {
    const tenant = await createTenant({ creditMinutes: 100 });
    const key = await tenant.key(SCOPES, { rateLimitPerMinute: 100_000 });
    const agent = await api.call('POST', '/api/v1/agents', {
      token: key,
      body: { name: 'Renewals', instructions: 'You call {{firstName}} about their renewal.', phone: { greeting: 'Hi {{firstName}}, the renewals desk here.' } },
    });
    const placed = await api.call('POST', '/api/v1/calls', {
      token: key,
      body: { agentId: agent.body.id, phoneNumber, contactName: 'Quentin', variables: { firstName } },
    });
    expect(placed.status).toBe(201);
    callId = placed.body.id;
    await waitFor(async () => ((await api.call('GET', `/api/v1/calls/${callId}`, { token: key })).body.status === 'completed' ? true : undefined), 30_000);
  }, 60_000);

  /** The history as Temporal stores and serves it, read by a client without the codec. */
  const rawHistory = (workflowId: string) => new Client({ connection: worker.client.connection }).workflow.getHandle(workflowId).fetchHistory();

  test.each([
    ['call', (id: string) => callWorkflowId(id)],
    ['simulated line', (id: string) => simulatedLineWorkflowId(id)],
  ])('the %s workflow history holds no phone number, variable or name in clear', async (_, workflowId) => {
    const history = await rawHistory(workflowId(callId));
    const bytes = Buffer.from(temporal.api.history.v1.History.encode(history).finish());
    expect(bytes.length).toBeGreaterThan(0);
    for (const secret of [phoneNumber, phoneNumber.slice(1), firstName, 'Quentin']) expect(bytes.includes(secret)).toBe(false);
    const input = history.events![0]!.workflowExecutionStartedEventAttributes!.input!.payloads![0]!;
    expect(Buffer.from(input.metadata!.encoding!).toString()).toBe(ENCRYPTED_ENCODING);
  });

  test('the codec opens the stored input, and the encrypted history replays through it', async () => {
    const history = await rawHistory(callWorkflowId(callId));
    const [input] = await testDataConverter().payloadCodecs![0]!.decode(history.events![0]!.workflowExecutionStartedEventAttributes!.input!.payloads!);
    expect(JSON.parse(Buffer.from(input!.data!).toString())).toMatchObject({ callId, phoneNumber, variables: { firstName } });

    const replayed = await Worker.runReplayHistory(
      { workflowBundle: await workflowBundle(), dataConverter: testDataConverter() },
      history,
      callWorkflowId(callId),
    );
    expect(replayed).toBeUndefined();
    // Without the codec the workflow cannot even read its input.
    await expect(Worker.runReplayHistory({ workflowBundle: await workflowBundle() }, history, callWorkflowId(callId))).rejects.toThrow();
  });
});

describe('the codec endpoint', () => {
  const plain = { metadata: { encoding: utf8('json/plain') }, data: utf8('{"phoneNumber":"+442079460174"}') };
  const codec = (path: string, headers: Record<string, string> = {}, body: unknown = { payloads: [plain] }) =>
    request(api.url, 'POST', path, { body, headers });

  test('refuses a request without the operator token, or with another one', async () => {
    for (const headers of [{}, { authorization: 'Bearer not-the-token' }] as Record<string, string>[]) {
      const res = await codec('/codec/decode', headers);
      expect(res.status).toBe(401);
      expect(res.body.error.code).toBe('INVALID_API_KEY');
    }
    expect((await codec('/codec/not-the-token/encode')).status).toBe(401);
  });

  test('encodes and decodes with the token, as a bearer credential or in the path the Web UI is given', async () => {
    const encoded = await codec('/codec/encode', { authorization: `Bearer ${TOKEN}` });
    expect(encoded.status).toBe(200);
    const [sealed] = encoded.body.payloads;
    expect(Buffer.from(sealed.metadata.encoding, 'base64').toString()).toBe(ENCRYPTED_ENCODING);
    expect(Buffer.from(sealed.data, 'base64').includes('+442079460174')).toBe(false);

    const decoded = await codec(`/codec/${TOKEN}/decode`, { 'x-namespace': 'default' }, { payloads: [sealed] });
    expect(decoded.status).toBe(200);
    expect(decoded.body).toEqual({ payloads: [plain] });
  });

  test('lets the Temporal Web UI origin in, and no other', async () => {
    const preflight = await request(api.url, 'OPTIONS', '/codec/decode', {
      headers: { origin: UI_ORIGIN, 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization,content-type,x-namespace' },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe(UI_ORIGIN);
    expect(preflight.headers.get('access-control-allow-headers')).toMatch(/Authorization.*Content-Type.*X-Namespace/);
    // Refusals carry them too, so the Web UI can say why.
    expect((await codec('/codec/decode', { origin: UI_ORIGIN })).headers.get('access-control-allow-origin')).toBe(UI_ORIGIN);
    const elsewhere = await codec('/codec/decode', { origin: 'https://evil.example.com', authorization: `Bearer ${TOKEN}` });
    expect(elsewhere.headers.get('access-control-allow-origin')).toBeNull();
  });

  test('is not part of the partner API document', async () => {
    const doc = await api.call('GET', '/api/v1/openapi.json');
    expect(doc.status).toBe(200);
    expect(Object.keys(doc.body.paths).some((p) => p.includes('codec'))).toBe(false);
  });
});
