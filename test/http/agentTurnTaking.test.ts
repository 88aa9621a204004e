/** An agent's turn-taking settings through HTTP: the defaults of its type, its own over them, merged on PATCH. */
import { createTenant, startApi } from '../helpers/app';

let api: Awaited<ReturnType<typeof startApi>>;
let key: string;

beforeAll(async () => {
  api = await startApi('agent-turn-taking');
  key = await (await createTenant()).key();
});
afterAll(() => api?.close());

const agent = (body: Record<string, unknown>) =>
  api.call('POST', '/api/v1/agents', { token: key, body: { name: `Agent ${Math.random().toString(36).slice(2, 8)}`, instructions: 'Talk.', ...body } });

test('phone agents take the call defaults, voice agents the more patient interview ones', async () => {
  expect((await agent({})).body.turnTaking).toEqual({ completeThreshold: 0.5, maxWaitMs: 1500, interruptWords: 1 });
  expect((await agent({ type: 'voice' })).body.turnTaking).toEqual({ completeThreshold: 0.7, maxWaitMs: 3000, interruptMs: 1200, interruptWords: 2 });
});

test('an agent’s own settings override the defaults, PATCH merges them, and out-of-range values are refused', async () => {
  const created = await agent({ turnTaking: { maxWaitMs: 2500, backchannels: ['uh huh'] } });
  expect(created.status).toBe(201);
  expect(created.body.turnTaking).toEqual({ completeThreshold: 0.5, maxWaitMs: 2500, interruptWords: 1, backchannels: ['uh huh'] });

  const patched = await api.call('PATCH', `/api/v1/agents/${created.body.id}`, { token: key, body: { turnTaking: { interruptMs: 600 } } });
  expect(patched.body.turnTaking).toEqual({ completeThreshold: 0.5, maxWaitMs: 2500, interruptMs: 600, interruptWords: 1, backchannels: ['uh huh'] });
  expect((await api.call('GET', `/api/v1/agents/${created.body.id}`, { token: key })).body.turnTaking).toEqual(patched.body.turnTaking);

  expect((await agent({ turnTaking: { completeThreshold: 1.5 } })).status).toBe(400);
  expect((await agent({ turnTaking: { patience: 'high' } })).status).toBe(400);
});
