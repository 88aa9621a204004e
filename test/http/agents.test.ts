/** The five agent operations through HTTP, against the real database. */
import { SCOPES } from '../../api/scopes';
import { DEFAULT_LIMITS } from '../../models/organization';
import { createTenant, startApi, type Tenant } from '../helpers/app';

let api: Awaited<ReturnType<typeof startApi>>;
let tenant: Tenant;
let key: string;

beforeAll(async () => {
  api = await startApi('agents');
  tenant = await createTenant();
  key = await tenant.key();
});
afterAll(() => api?.close());

const phoneAgent = (overrides: Record<string, unknown> = {}) => ({
  name: `Agent ${Math.random().toString(36).slice(2, 8)}`,
  instructions: 'You call {{firstName}} about their {{product}} renewal.',
  ...overrides,
});

test('create applies documented defaults and returns the full representation', async () => {
  const res = await api.call('POST', '/api/v1/agents', { token: key, body: phoneAgent({ name: 'Renewals' }) });
  expect(res.status).toBe(201);
  expect(res.body).toMatchObject({
    object: 'agent',
    type: 'phone',
    name: 'Renewals',
    description: '',
    language: 'en-US',
    sector: '',
    maxDurationMinutes: 15,
    variables: ['firstName', 'product'],
    providers: { llm: 'simulated', stt: 'simulated', tts: 'simulated' },
    phone: { direction: 'outbound', voicemailBehavior: 'hangup', machineDetection: false, maxAttempts: 1, retryDelayMinutes: 60, greeting: '' },
    sessionsCount: 0,
  });
  expect(res.body.id).toMatch(/^[0-9a-f]{24}$/);
  expect(res.body).not.toHaveProperty('mode');
  expect(res.body).not.toHaveProperty('voice');
  expect(new Date(res.body.createdAt).toISOString()).toBe(res.body.createdAt);
});

test('create stores every field it is given, the description and the public name included', async () => {
  const body = phoneAgent({ description: 'Renewal reminders for annual plans', sector: 'insurance', language: 'en-GB', maxDurationMinutes: 9 });
  const created = await api.call('POST', '/api/v1/agents', { token: key, body });
  expect(created.status).toBe(201);
  const stored = await api.call('GET', `/api/v1/agents/${created.body.id}`, { token: key });
  expect(stored.body).toMatchObject({ description: 'Renewal reminders for annual plans', sector: 'insurance', language: 'en-GB', maxDurationMinutes: 9 });
});

test('a voice agent gets mode interview by default and a voice block', async () => {
  const res = await api.call('POST', '/api/v1/agents', {
    token: key,
    body: phoneAgent({ type: 'voice', voice: { evaluationCriteria: ['clarity'] }, providers: { llm: 'groq' } }),
  });
  expect(res.status).toBe(201);
  expect(res.body).toMatchObject({ type: 'voice', mode: 'interview', voice: { evaluationCriteria: ['clarity'], difficulty: 'medium' } });
  expect(res.body.providers).toEqual({ llm: 'groq', stt: 'simulated', tts: 'simulated' });
  expect(res.body).not.toHaveProperty('phone');
});

test.each(
  (
    [
      [{ name: '' }, 'body.name'],
      [{ name: 'x'.repeat(201) }, 'body.name'],
      [{ name: ' \t ' }, 'body.name'],
      [{ name: 'Renewals\u0000' }, 'body.name'],
      [{ phone: { outcomeLabels: ['sold', 'lost\u0000'] } }, 'body.phone.outcomeLabels[1]'],
      [{ instructions: '\n\n' }, 'body.instructions'],
      [{ phone: { outcomeLabels: ['sold', ' '] } }, 'body.phone.outcomeLabels[1]'],
      [{ turnTaking: { backchannels: ['  '] } }, 'body.turnTaking.backchannels[0]'],
      [{ instructions: undefined }, 'body.instructions'],
      [{ instructions: 'x'.repeat(20001) }, 'body.instructions'],
      [{ description: 'x'.repeat(2001) }, 'body.description'],
      [{ type: 'robot' }, 'body.type'],
      [{ maxDurationMinutes: 0 }, 'body.maxDurationMinutes'],
      [{ maxDurationMinutes: 121 }, 'body.maxDurationMinutes'],
      [{ maxDurationMinutes: 1.5 }, 'body.maxDurationMinutes'],
      [{ providers: { llm: 'openai' } }, 'body.providers.llm'],
      [{ phone: { greeting: 'x'.repeat(2001) } }, 'body.phone.greeting'],
      [{ phone: { maxAttempts: 6 } }, 'body.phone.maxAttempts'],
      [{ phone: { voicemailBehavior: 'sing' } }, 'body.phone.voicemailBehavior'],
      [{ phone: { retryDelayMinutes: 0 } }, 'body.phone.retryDelayMinutes'],
      [{ phone: { unknown: 1 } }, 'body.phone.unknown'],
      [{ voice: { goal: 'g' } }, 'body.voice'],
      [{ mode: 'interview' }, 'body.mode'],
      [{ language: 'English!' }, 'body.language'],
      [{ surprise: true }, 'body.surprise'],
    ] as [Record<string, unknown>, string][]
  ).map(([change, param]) => [JSON.stringify(change).slice(0, 60), change, param] as const),
)('create rejects %s naming its field', async (_title, change, param) => {
  const res = await api.call('POST', '/api/v1/agents', { token: key, body: { ...phoneAgent(), ...change } });
  expect(res.status).toBe(400);
  expect(res.body.error).toMatchObject({ type: 'invalid_request_error', code: 'VALIDATION_ERROR', param });
  expect(res.body.error.message).toContain(param);
});

// A blank name had no case-insensitive key to be unique by, and the store's refusal of it was a 500.
test('a blank name, on create or on PATCH, is refused naming the field, and nothing is written', async () => {
  const before = (await api.call('GET', '/api/v1/agents?limit=100', { token: key })).body.pagination.total;
  const created = await api.call('POST', '/api/v1/agents', { token: key, body: phoneAgent({ name: '   ' }) });
  expect(created.status).toBe(400);
  expect(created.body.error).toEqual({ type: 'invalid_request_error', code: 'VALIDATION_ERROR', message: 'body.name must not be blank.', param: 'body.name' });
  const agent = (await api.call('POST', '/api/v1/agents', { token: key, body: phoneAgent() })).body;
  const patched = await api.call('PATCH', `/api/v1/agents/${agent.id}`, { token: key, body: { name: ' ' } });
  expect(patched.status).toBe(400);
  expect(patched.body.error).toMatchObject({ code: 'VALIDATION_ERROR', message: 'body.name must not be blank.', param: 'body.name' });
  expect((await api.call('GET', `/api/v1/agents/${agent.id}`, { token: key })).body.name).toBe(agent.name);
  expect((await api.call('GET', '/api/v1/agents?limit=100', { token: key })).body.pagination.total).toBe(before + 1);
});

test("the other type's blocks are refused, on create by the schema the document shows and on PATCH by the stored type", async () => {
  const refused = [
    [phoneAgent({ voice: { goal: 'x' } }), 'body.voice'],
    [phoneAgent({ type: 'phone', mode: 'workflow' }), 'body.mode'],
    [phoneAgent({ type: 'voice', phone: { greeting: 'Hi' } }), 'body.phone'],
  ] as const;
  for (const [body, param] of refused) {
    const res = await api.call('POST', '/api/v1/agents', { token: key, body });
    expect({ param, status: res.status, error: res.body.error }).toMatchObject({
      param,
      status: 400,
      error: { code: 'VALIDATION_ERROR', param, message: `${param} does not apply to this type.` },
    });
  }
  const doc = (await api.call('GET', '/api/v1/openapi.json')).body;
  expect(doc.components.schemas.agent_create ?? doc.paths['/agents'].post.requestBody.content['application/json'].schema).toMatchObject({
    if: { properties: { type: { const: 'voice' } } },
    else: { properties: { voice: false, mode: false } },
  });
  const created = await api.call('POST', '/api/v1/agents', { token: key, body: phoneAgent() });
  const patched = await api.call('PATCH', `/api/v1/agents/${created.body.id}`, { token: key, body: { voice: { goal: 'x' } } });
  expect(patched.status).toBe(400);
  expect(patched.body.error).toMatchObject({ param: 'body.voice' });
});

test('a name used in the organization, ignoring case, is a 409', async () => {
  expect((await api.call('POST', '/api/v1/agents', { token: key, body: phoneAgent({ name: 'Dup Name' }) })).status).toBe(201);
  const res = await api.call('POST', '/api/v1/agents', { token: key, body: phoneAgent({ name: 'dup name' }) });
  expect(res.status).toBe(409);
  expect(res.body.error).toMatchObject({ type: 'conflict_error', code: 'DUPLICATE_NAME', param: 'body.name' });
});

test('the same name is free in another organization', async () => {
  const other = await createTenant();
  const res = await api.call('POST', '/api/v1/agents', { token: await other.key(), body: phoneAgent({ name: 'Renewals' }) });
  expect(res.status).toBe(201);
});

test('PATCH changes only supplied fields, merges blocks, and refuses type and mode', async () => {
  const created = (await api.call('POST', '/api/v1/agents', { token: key, body: phoneAgent({ phone: { greeting: 'Hi', maxAttempts: 3 } }) })).body;
  const res = await api.call('PATCH', `/api/v1/agents/${created.id}`, { token: key, body: { description: 'new', phone: { greeting: 'Hello' } } });
  expect(res.status).toBe(200);
  expect(res.body).toMatchObject({ name: created.name, description: 'new', instructions: created.instructions, phone: { greeting: 'Hello', maxAttempts: 3 } });
  for (const field of ['type', 'mode']) {
    const bad = await api.call('PATCH', `/api/v1/agents/${created.id}`, { token: key, body: { [field]: 'voice' } });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatchObject({ param: `body.${field}`, message: `body.${field} cannot be changed after creation.` });
  }
  const renamed = await api.call('PATCH', `/api/v1/agents/${created.id}`, { token: key, body: { name: 'renewals' } });
  expect(renamed.status).toBe(409);
  expect((await api.call('GET', `/api/v1/agents/${created.id}`, { token: key })).body.description).toBe('new');
});

test('list filters by type (default phone), pages newest first', async () => {
  const t = await createTenant();
  const k = await t.key();
  const names: string[] = [];
  for (let i = 0; i < 5; i += 1) {
    const name = `Phone ${i}`;
    names.push(name);
    expect((await api.call('POST', '/api/v1/agents', { token: k, body: phoneAgent({ name }) })).status).toBe(201);
  }
  await api.call('POST', '/api/v1/agents', { token: k, body: phoneAgent({ name: 'Voice 1', type: 'voice' }) });
  const page1 = await api.call('GET', '/api/v1/agents?limit=2', { token: k });
  expect(page1.status).toBe(200);
  expect(page1.body).toMatchObject({ object: 'list', dataType: 'agent', pagination: { page: 1, limit: 2, total: 5, totalPages: 3, hasMore: true } });
  expect(page1.body.data.map((a: { name: string }) => a.name)).toEqual(['Phone 4', 'Phone 3']);
  const page3 = await api.call('GET', '/api/v1/agents?limit=2&page=3', { token: k });
  expect(page3.body.data.map((a: { name: string }) => a.name)).toEqual(['Phone 0']);
  expect(page3.body.pagination.hasMore).toBe(false);
  const voice = await api.call('GET', '/api/v1/agents?type=voice', { token: k });
  expect(voice.body.data.map((a: { name: string }) => a.name)).toEqual(['Voice 1']);
});

test.each([
  ['page=0', 'query.page'],
  ['limit=0', 'query.limit'],
  ['limit=101', 'query.limit'],
  ['limit=abc', 'query.limit'],
  ['type=robot', 'query.type'],
  ['color=red', 'query.color'],
])('list rejects %s naming %s', async (qs, param) => {
  const res = await api.call('GET', `/api/v1/agents?${qs}`, { token: key });
  expect(res.status).toBe(400);
  expect(res.body.error).toMatchObject({ code: 'VALIDATION_ERROR', param });
});

test('delete answers {id, object, deleted} and the agent is gone', async () => {
  const created = (await api.call('POST', '/api/v1/agents', { token: key, body: phoneAgent() })).body;
  const res = await api.call('DELETE', `/api/v1/agents/${created.id}`, { token: key });
  expect(res.status).toBe(200);
  expect(res.body).toEqual({ id: created.id, object: 'agent', deleted: true });
  expect((await api.call('GET', `/api/v1/agents/${created.id}`, { token: key })).status).toBe(404);
  expect((await api.call('DELETE', `/api/v1/agents/${created.id}`, { token: key })).status).toBe(404);
});

test('creation beyond maxAgents is 403 QUOTA_EXCEEDED, also under concurrency, and delete frees a place', async () => {
  const t = await createTenant({ limits: { maxAgents: 3 } });
  const k = await t.key();
  const results = await Promise.all(Array.from({ length: 6 }, (_, i) => api.call('POST', '/api/v1/agents', { token: k, body: phoneAgent({ name: `Q${i}` }) })));
  expect(results.filter((r) => r.status === 201)).toHaveLength(3);
  const refused = results.filter((r) => r.status === 403);
  expect(refused).toHaveLength(3);
  expect(refused[0]!.body.error).toMatchObject({ type: 'permission_error', code: 'QUOTA_EXCEEDED' });
  const one = results.find((r) => r.status === 201)!.body;
  await api.call('DELETE', `/api/v1/agents/${one.id}`, { token: k });
  expect((await api.call('POST', '/api/v1/agents', { token: k, body: phoneAgent({ name: 'After delete' }) })).status).toBe(201);
});

test('malformed and unknown ids are 404 RESOURCE_NOT_FOUND, never 400', async () => {
  for (const id of ['nope', '0123456789abcdef01234567', 'ZZZZZZZZZZZZZZZZZZZZZZZZ']) {
    const res = await api.call('GET', `/api/v1/agents/${id}`, { token: key });
    expect(res.status).toBe(404);
    expect(res.body.error).toMatchObject({ type: 'invalid_request_error', code: 'RESOURCE_NOT_FOUND' });
  }
});

test('GET /usage reports organization, credits and limits', async () => {
  const t = await createTenant({ creditMinutes: 250, plan: 'growth', limits: { maxAgents: 7, maxUsers: 3, maxConcurrentCalls: 2 } });
  const res = await api.call('GET', '/api/v1/usage', { token: await t.key(SCOPES) });
  expect(res.status).toBe(200);
  expect(res.body).toEqual({
    object: 'usage',
    organization: { id: String(t.organizationId), name: expect.any(String), plan: 'growth' },
    credits: { allocatedMinutes: 250, usedMinutes: 0, heldMinutes: 0, remainingMinutes: 250 },
    byok: { usedMinutes: 0 },
    limits: { ...DEFAULT_LIMITS, maxAgents: 7, maxUsers: 3, maxConcurrentCalls: 2 },
    used: { agents: 0, users: 1, concurrentCalls: 0, campaigns: 0, contacts: 0, openInterviews: 0, recipients: 0 },
  });
});
