/**
 * An agent's tools through HTTP: stored with their defaults, echoed, and refused naming the exact
 * field; and the organization's tool-signing secret, shown once and rotated.
 */
import { randomBytes } from 'node:crypto';
import { MAX_TOOLS } from '../../models/agent';
import { toolSigningSecret } from '../../models/toolSigningSecret';
import { createTenant, startApi, type Tenant, type TestApi } from '../helpers/app';

let api: Awaited<ReturnType<typeof startApi>>;
let laptop: TestApi;
let tenant: Tenant;
let key: string;
/** The agent the updates with bad tools are tried on. */
let existingId: string;

beforeAll(async () => {
  api = await startApi('agenttools', { CREDENTIALS_ENCRYPTION_KEY: randomBytes(32).toString('base64') });
  laptop = await api.extraApp({ TOOLS_ALLOW_LOOPBACK: 'true' });
  tenant = await createTenant();
  key = await tenant.key();
  existingId = (await create([{ type: 'end_call' }])).body.id;
});
afterAll(() => api?.close());

/** A public address written as such, so no name needs resolving on a machine without internet. */
const PUBLIC_URL = 'https://93.184.215.14/tools/order';

const lookup = (overrides: Record<string, unknown> = {}) => ({
  type: 'http',
  name: 'lookup_order',
  description: 'Finds an order by its number.',
  parameters: { type: 'object', properties: { orderNumber: { type: 'string', description: 'As the caller reads it.' } }, required: ['orderNumber'] },
  url: PUBLIC_URL,
  ...overrides,
});

const agent = (tools: unknown[]) => ({ name: `Agent ${Math.random().toString(36).slice(2, 8)}`, instructions: 'Help the caller.', tools });

const create = (tools: unknown[], target: TestApi = api) => target.call('POST', '/api/v1/agents', { token: key, body: agent(tools) });

test('every tool type is stored with its defaults, echoed, and replaced as a whole by an update', async () => {
  const tools = [
    lookup(),
    { type: 'transfer', destinations: [{ phoneNumber: '+442079460030', description: 'The sales desk.' }] },
    { type: 'end_call' },
    { type: 'keypad' },
    { type: 'callback' },
    lookup({ name: 'book_slot', async: true, waitMessage: 'One moment while I book that.', timeoutSeconds: 30 }),
  ];
  const created = await create(tools);
  expect(created.status).toBe(201);
  const expected = [
    { ...lookup(), timeoutSeconds: 10, async: false },
    { type: 'transfer', destinations: [{ phoneNumber: '+442079460030', description: 'The sales desk.' }], mode: 'cold' },
    { type: 'end_call' },
    { type: 'keypad' },
    { type: 'callback' },
    { ...lookup({ name: 'book_slot' }), async: true, waitMessage: 'One moment while I book that.', timeoutSeconds: 30 },
  ];
  expect(created.body.tools).toEqual(expected);
  expect((await api.call('GET', `/api/v1/agents/${created.body.id}`, { token: key })).body.tools).toEqual(expected);

  const updated = await api.call('PATCH', `/api/v1/agents/${created.body.id}`, { token: key, body: { tools: [{ type: 'end_call' }] } });
  expect(updated.status).toBe(200);
  expect(updated.body.tools).toEqual([{ type: 'end_call' }]);
  const untouched = await api.call('PATCH', `/api/v1/agents/${created.body.id}`, { token: key, body: { description: 'x' } });
  expect(untouched.body.tools).toEqual([{ type: 'end_call' }]);
});

test('an agent created without tools has an empty list', async () => {
  const res = await api.call('POST', '/api/v1/agents', { token: key, body: { name: 'No tools', instructions: 'Hi.' } });
  expect(res.body.tools).toEqual([]);
});

const deep = (levels: number): Record<string, unknown> => (levels === 1 ? { type: 'string' } : { type: 'object', properties: { next: deep(levels - 1) } });

test.each([
  [[{ type: 'robot' }], 'body.tools[0].type', 'must be one of: http, transfer, end_call, keypad, callback'],
  [[{ name: 'x' }], 'body.tools[0].type', 'is required'],
  [[lookup({ name: 'lookup order' })], 'body.tools[0].name', ''],
  [[lookup({ name: 'x'.repeat(65) })], 'body.tools[0].name', ''],
  [[lookup({ url: undefined })], 'body.tools[0].url', 'is required'],
  [[lookup({ description: '' })], 'body.tools[0].description', 'must not be empty'],
  [[lookup({ description: '   ' })], 'body.tools[0].description', 'must not be blank'],
  [[lookup({ async: true, waitMessage: ' ' })], 'body.tools[0].waitMessage', 'must not be blank'],
  [[lookup({ timeoutSeconds: 31 })], 'body.tools[0].timeoutSeconds', 'must be at most 30'],
  [[lookup({ timeoutSeconds: 0 })], 'body.tools[0].timeoutSeconds', 'must be at least 1'],
  [[lookup({ async: 'yes' })], 'body.tools[0].async', ''],
  [[lookup({ headers: {} })], 'body.tools[0].headers', 'is not a recognized field'],
  [[{ type: 'end_call', name: 'bye' }], 'body.tools[0].name', 'is not a recognized field'],
  [[{ type: 'transfer', destinations: [] }], 'body.tools[0].destinations', ''],
  [[{ type: 'transfer', destinations: [{ phoneNumber: '0207946', description: 'Desk' }] }], 'body.tools[0].destinations[0].phoneNumber', ''],
  [
    [{ type: 'transfer', destinations: [{ phoneNumber: '+442079460030', description: 'Desk' }], mode: 'hot' }],
    'body.tools[0].mode',
    'must be one of: cold, warm',
  ],
  [
    [{ type: 'end_call' }, { type: 'keypad' }, lookup({ parameters: { type: 'object', properties: { date: { type: 'date' } } } })],
    'body.tools[2].parameters.properties.date.type',
    'must be one of: object, string, number, integer, boolean, array',
  ],
  [[lookup({ parameters: { type: 'string' } })], 'body.tools[0].parameters.type', 'must be "object"'],
  [
    [lookup({ parameters: { type: 'object', properties: { date: { type: 'string', format: 'date' } } } })],
    'body.tools[0].parameters.properties.date.format',
    'is not a keyword every vendor accepts',
  ],
  [
    [lookup({ parameters: { type: 'object', properties: { list: { type: 'array' } } } })],
    'body.tools[0].parameters.properties.list.items',
    'is required on arrays',
  ],
  [
    [lookup({ parameters: { type: 'object', properties: { n: { type: 'number', enum: [1, 2] } } } })],
    'body.tools[0].parameters.properties.n.enum',
    'applies to strings only',
  ],
  [[lookup({ parameters: { type: 'object', properties: { a: { type: 'string' } }, required: ['b'] } })], 'body.tools[0].parameters.required', 'names "b"'],
  // The database refuses a key with a ".", so such a name was a 500 when the agent was stored.
  [[lookup({ parameters: { type: 'object', properties: { 'order.number': { type: 'string' } } } })], 'body.tools[0].parameters.properties', 'order.number'],
  [[lookup({ parameters: { type: 'object', properties: { a: 'string' } } })], 'body.tools[0].parameters.properties.a', 'must be a JSON Schema object'],
  [
    [lookup({ parameters: deep(6) })],
    'body.tools[0].parameters.properties.next.properties.next.properties.next.properties.next.properties.next',
    'nests deeper than 5 levels',
  ],
  [[lookup({ parameters: { type: 'object', description: 'x'.repeat(9000) } })], 'body.tools[0].parameters', 'at most 8192 characters'],
  [[lookup(), lookup()], 'body.tools[1].name', 'repeats the name "lookup_order" of tools[0]'],
  [[lookup({ name: 'end_call' }), { type: 'end_call' }], 'body.tools[1].type', 'repeats tools[0]'],
  [[{ type: 'keypad' }, { type: 'keypad' }], 'body.tools[1].type', 'an agent has one keypad tool'],
  [Array.from({ length: MAX_TOOLS + 1 }, (_, i) => lookup({ name: `t${i}` })), 'body.tools', `at most ${MAX_TOOLS} items`],
] as [unknown[], string, string][])('a bad definition is a 400 naming %#: %s', async (tools, param, message) => {
  const res = await create(tools);
  expect(res.status).toBe(400);
  expect(res.body.error).toMatchObject({ type: 'invalid_request_error', code: 'VALIDATION_ERROR', param });
  expect(res.body.error.message).toContain(message);
  // An update is checked the same way.
  const patched = await api.call('PATCH', `/api/v1/agents/${existingId}`, { token: key, body: { tools } });
  expect(patched.status).toBe(400);
  expect(patched.body.error.param).toBe(param);
  expect((await api.call('GET', `/api/v1/agents/${existingId}`, { token: key })).body.tools).toEqual([{ type: 'end_call' }]);
});

test.each([
  ['http://93.184.215.14/tool', 'must be an https URL'],
  ['ftp://93.184.215.14/tool', 'must be an https URL'],
  ['not a url', 'is not a URL'],
  ['https://127.0.0.1/tool', '127.0.0.1'],
  ['https://localhost:8443/tool', 'resolves to'],
  ['https://10.1.2.3/tool', '10.1.2.3'],
  ['https://172.20.0.5/tool', '172.20.0.5'],
  ['https://192.168.1.1/tool', '192.168.1.1'],
  ['https://100.64.0.1/tool', '100.64.0.1'],
  ['https://169.254.169.254/latest/meta-data', '169.254.169.254'],
  ['https://0.0.0.0/tool', '0.0.0.0'],
  ['https://[::1]/tool', '::1'],
  ['https://[::ffff:10.0.0.1]/tool', '::ffff:a00:1'],
  ['https://[fd00:ec2::254]/tool', 'fd00:ec2::254'],
  ['https://[fe80::1]/tool', 'fe80::1'],
  ['https://user:secret@93.184.215.14/tool', 'must not carry credentials'],
  ['https://no-such-host.invalid/tool', 'does not resolve'],
])('the url %s is refused naming body.tools[i].url', async (url, reason) => {
  const res = await create([{ type: 'end_call' }, lookup({ url })]);
  expect(res.status).toBe(400);
  expect(res.body.error.param).toBe('body.tools[1].url');
  expect(res.body.error.message).toContain(reason);
});

test('TOOLS_ALLOW_LOOPBACK (npm run dev) takes http and https on this machine, and still nothing private or plain http elsewhere', async () => {
  for (const url of ['http://127.0.0.1:8080/tool', 'https://localhost:8443/tool', 'http://[::1]:8080/tool']) {
    const res = await create([lookup({ url })], laptop);
    expect(res.status).toBe(201);
    expect(res.body.tools[0].url).toBe(url);
  }
  for (const [url, reason] of [
    ['https://10.1.2.3/tool', '10.1.2.3'],
    ['https://169.254.169.254/latest/meta-data', '169.254.169.254'],
    ['http://93.184.215.14/tool', 'must be an https URL'],
  ]) {
    const res = await create([lookup({ url })], laptop);
    expect(res.status).toBe(400);
    expect(res.body.error.message).toContain(reason);
  }
  // Without the setting (production, and every server unless it is set), this machine is refused.
  expect((await create([lookup({ url: 'http://127.0.0.1:8080/tool' })])).status).toBe(400);
});

test('the tools are in the OpenAPI document, each type with its fields', async () => {
  const doc = (await api.call('GET', '/api/v1/openapi.json')).body;
  const body = doc.paths['/agents'].post.requestBody.content['application/json'].schema;
  const branches = body.properties.tools.items.oneOf as Array<{ title: string; properties: Record<string, unknown> }>;
  expect(branches.map((b) => b.title)).toEqual(['tool_http', 'tool_transfer', 'tool_end_call', 'tool_keypad', 'tool_callback']);
  expect(Object.keys(branches[0].properties)).toEqual(['type', 'name', 'description', 'parameters', 'url', 'timeoutSeconds', 'async', 'waitMessage']);
  expect(body.properties.tools.maxItems).toBe(MAX_TOOLS);
});

async function dashboardSession(target: TestApi = api): Promise<string> {
  const res = await target.call('POST', '/api/v1/dashboard/sessions', { body: { email: tenant.adminEmail, password: tenant.adminPassword } });
  expect(res.status).toBe(201);
  return res.body.token;
}

test('the tool-signing secret is shown once when made, then only its hint; a rotation replaces it at once', async () => {
  const session = await dashboardSession();
  expect((await api.call('GET', '/api/v1/dashboard/tool-signing-secret', { token: session })).status).toBe(404);

  const first = await api.call('POST', '/api/v1/dashboard/tool-signing-secret', { token: session });
  expect(first.status).toBe(201);
  expect(first.body).toMatchObject({ object: 'tool_signing_secret', secret: expect.stringMatching(/^tss_[A-Za-z0-9_-]{43}$/) });
  expect(first.body.hint).toBe(first.body.secret.slice(-4));
  const shown = await api.call('GET', '/api/v1/dashboard/tool-signing-secret', { token: session });
  expect(shown.body).toEqual({ object: 'tool_signing_secret', hint: first.body.hint, createdAt: first.body.createdAt });
  expect(await toolSigningSecret(api.config.byok.encryptionKeys, tenant.organizationId)).toBe(first.body.secret);

  const second = await api.call('POST', '/api/v1/dashboard/tool-signing-secret', { token: session });
  expect(second.body.secret).not.toBe(first.body.secret);
  expect(await toolSigningSecret(api.config.byok.encryptionKeys, tenant.organizationId)).toBe(second.body.secret);
  // An API key is not a dashboard session.
  expect((await api.call('POST', '/api/v1/dashboard/tool-signing-secret', { token: key })).status).toBe(403);
});

test('a server without an encryption key cannot keep a signing secret: 503', async () => {
  const bare = await api.extraApp({ CREDENTIALS_ENCRYPTION_KEY: '' });
  const res = await bare.call('POST', '/api/v1/dashboard/tool-signing-secret', { token: await dashboardSession(bare) });
  expect(res.status).toBe(503);
  expect(res.body.error.code).toBe('CREDENTIALS_ENCRYPTION_UNCONFIGURED');
});
