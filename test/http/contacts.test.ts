/**
 * Contacts and do-not-call suppression end to end on the real stack: the API, a worker running
 * call, campaign and simulated-line workflows on the Temporal dev server, the simulated carrier and
 * LLM, and FerretDB.
 */
import mongoose from 'mongoose';
import { SCOPES } from '../../api/scopes';
import { callSlotPool } from '../../models/call';
import { slotsInUse } from '../../models/slot';
import { createTenant, startApi } from '../helpers/app';
import { uniqueName, waitFor } from '../helpers/servers';
import { runWorker, type RunningWorker } from '../helpers/worker';

const taskQueue = uniqueName('contacts');
const env = { TEMPORAL_TASK_QUEUE: taskQueue, SIMULATED_CALL_PACE_MS: '50', RING_TIMEOUT_SECONDS: '2' };
let api: Awaited<ReturnType<typeof startApi>>;
let worker: RunningWorker;

beforeAll(async () => {
  api = await startApi('contacts', env);
  worker = await runWorker(env);
}, 120_000);
afterAll(async () => {
  await worker?.stop();
  await api?.close();
});

const OPT_OUT_NUMBER = '+442079460999';

async function setup() {
  const tenant = await createTenant({ creditMinutes: 100, limits: { maxConcurrentCalls: 5 } });
  const key = await tenant.key(SCOPES, { rateLimitPerMinute: 100_000 });
  const agent = await api.call('POST', '/api/v1/agents', {
    token: key,
    body: { name: 'Renewals', instructions: 'You call {{firstName}} about their renewal.', phone: { greeting: 'Hi {{firstName}}.' } },
  });
  expect(agent.status).toBe(201);
  return { tenant, key, agentId: agent.body.id as string };
}

const create = (key: string, body: Record<string, unknown>) => api.call('POST', '/api/v1/contacts', { token: key, body });
/** `variables` null: none sent. */
const placeCall = (key: string, agentId: string, phoneNumber: string, variables: Record<string, string> | null = { firstName: 'Ada' }) =>
  api.call('POST', '/api/v1/calls', { token: key, body: { agentId, phoneNumber, ...(variables ? { variables } : {}) } });

test('create, retrieve, update and erase a contact; the time zone is given, else the number’s, else null', async () => {
  const { key } = await setup();
  const created = await create(key, {
    phoneNumber: '+442071234567',
    name: 'Ada Lovelace',
    email: 'ada@example.com',
    externalRef: 'crm-1',
    attributes: { firstName: 'Ada' },
  });
  expect(created.status).toBe(201);
  expect(created.body).toEqual({
    id: expect.stringMatching(/^[0-9a-f]{24}$/),
    object: 'contact',
    phoneNumber: '+442071234567',
    name: 'Ada Lovelace',
    email: 'ada@example.com',
    timezone: 'Europe/London',
    externalRef: 'crm-1',
    attributes: { firstName: 'Ada' },
    doNotCall: false,
    doNotCallReason: null,
    doNotCallSince: null,
    doNotCallCallId: null,
    createdAt: expect.any(String),
    updatedAt: expect.any(String),
  });
  expect((await create(key, { phoneNumber: '+12125550123', timezone: 'America/Chicago' })).body.timezone).toBe('America/Chicago');
  expect((await create(key, { phoneNumber: '+18005550123' })).body.timezone).toBeNull();

  const id = created.body.id as string;
  expect((await api.call('GET', `/api/v1/contacts/${id}`, { token: key })).body).toEqual(created.body);
  const patched = await api.call('PATCH', `/api/v1/contacts/${id}`, {
    token: key,
    body: { name: null, timezone: 'Asia/Tokyo', attributes: { firstName: 'Augusta' } },
  });
  expect(patched.status).toBe(200);
  expect(patched.body).toMatchObject({ name: null, email: 'ada@example.com', timezone: 'Asia/Tokyo', attributes: { firstName: 'Augusta' } });
  expect((await api.call('PATCH', `/api/v1/contacts/${id}`, { token: key, body: { timezone: null } })).body.timezone).toBe('Europe/London');

  expect((await api.call('DELETE', `/api/v1/contacts/${id}`, { token: key })).body).toEqual({ id, object: 'contact', deleted: true });
  expect((await api.call('GET', `/api/v1/contacts/${id}`, { token: key })).status).toBe(404);
  expect((await api.call('DELETE', `/api/v1/contacts/${id}`, { token: key })).status).toBe(404);
});

test('bad input is refused with the field named; a second contact for a number is 409 DUPLICATE_CONTACT', async () => {
  const { key } = await setup();
  const refused = async (body: unknown, param: string, path = '/api/v1/contacts', method = 'POST') => {
    const res = await api.call(method, path, { token: key, body });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ type: 'invalid_request_error', code: 'VALIDATION_ERROR', param });
  };
  await refused({ phoneNumber: '020 7946 0001' }, 'body.phoneNumber');
  await refused({ phoneNumber: '+442071234567', timezone: 'Mars/Olympus' }, 'body.timezone');
  await refused({ phoneNumber: '+442071234567', colour: 'blue' }, 'body.colour');
  await refused({ phoneNumber: '+442071234567', attributes: { age: 42 } }, 'body.attributes.age');
  // Names outside the documented pattern, two of which the database refuses to store.
  for (const name of ['first name', '$gt', 'plan.tier', '9lives'])
    await refused({ phoneNumber: '+442071234567', attributes: { [name]: 'x' } }, `body.attributes.${name}`);
  const named = await create(key, { phoneNumber: '+442071234567', attributes: { 'First Name': 'Ada' } });
  expect(named.body.error.message).toBe('body.attributes.First Name is not an allowed name (names match ^[A-Za-z_][A-Za-z0-9_]{0,63}$).');
  // U+0000, which FerretDB's PostgreSQL backend cannot store: a free-form value too, and a key names its object.
  await refused({ phoneNumber: '+442071234567', attributes: { plan: 'gold\u0000' } }, 'body.attributes.plan');
  await refused({ phoneNumber: '+442071234567', attributes: { 'plan\u0000': 'gold' } }, 'body.attributes');
  await refused({ phoneNumber: '+442071234567', name: 'Ada\u0000' }, 'body.name');

  expect((await create(key, { phoneNumber: '+442071234567' })).status).toBe(201);
  const duplicate = await create(key, { phoneNumber: '+442071234567', name: 'Someone else' });
  expect(duplicate.status).toBe(409);
  expect(duplicate.body.error).toMatchObject({ type: 'conflict_error', code: 'DUPLICATE_CONTACT', param: 'body.phoneNumber' });
  const id = (await api.call('GET', '/api/v1/contacts', { token: key })).body.data[0].id;
  await refused({ phoneNumber: '+442071234568' }, 'body.phoneNumber', `/api/v1/contacts/${id}`, 'PATCH');
});

test('every contacts route needs contacts:manage, and a contact is invisible to other organizations', async () => {
  const { tenant, key } = await setup();
  const id = (await create(key, { phoneNumber: '+442071234567' })).body.id;
  const narrow = await tenant.key(SCOPES.filter((s) => s !== 'contacts:manage'));
  for (const [method, path, body] of [
    ['GET', '/api/v1/contacts'],
    ['POST', '/api/v1/contacts', { phoneNumber: '+442071234568' }],
    ['POST', '/api/v1/contacts/import', { contacts: [{ phoneNumber: '+442071234568' }] }],
    ['GET', `/api/v1/contacts/${id}`],
    ['PATCH', `/api/v1/contacts/${id}`, { name: 'x' }],
    ['DELETE', `/api/v1/contacts/${id}`],
  ] as const) {
    const res = await api.call(method, path, { token: narrow, body });
    expect([method, path, res.status, res.body.error?.code]).toEqual([method, path, 403, 'PERMISSION_DENIED']);
  }

  const other = await setup();
  for (const method of ['GET', 'PATCH', 'DELETE']) {
    const res = await api.call(method, `/api/v1/contacts/${id}`, { token: other.key, body: method === 'PATCH' ? { name: 'x' } : undefined });
    expect(res.status).toBe(404);
  }
  expect((await api.call('GET', '/api/v1/contacts', { token: other.key })).body.pagination.total).toBe(0);
  // The same number is another organization's own contact, and not do-not-call there.
  expect((await create(other.key, { phoneNumber: '+442071234567' })).status).toBe(201);
  expect((await api.call('GET', `/api/v1/contacts/${id}`, { token: key })).body.name).toBeNull();
});

test('the list filters by number, do-not-call and reference, newest first, in pages', async () => {
  const { key } = await setup();
  const ids: string[] = [];
  for (let i = 0; i < 5; i += 1) {
    const res = await create(key, { phoneNumber: `+4420712345${60 + i}`, externalRef: i % 2 === 0 ? 'even' : 'odd', doNotCall: i === 3 });
    expect(res.status).toBe(201);
    ids.push(res.body.id);
  }
  const list = async (query: string) => (await api.call('GET', `/api/v1/contacts?${query}`, { token: key })).body;
  const first = await list('limit=2');
  expect(first).toMatchObject({ object: 'list', dataType: 'contact', pagination: { page: 1, limit: 2, total: 5, totalPages: 3, hasMore: true } });
  expect(first.data.map((c: { id: string }) => c.id)).toEqual([ids[4], ids[3]]);
  expect((await list('limit=2&page=3')).data.map((c: { id: string }) => c.id)).toEqual([ids[0]]);
  expect((await list('doNotCall=true')).data.map((c: { id: string }) => c.id)).toEqual([ids[3]]);
  expect((await list('doNotCall=false')).pagination.total).toBe(4);
  expect((await list('externalRef=even')).data.map((c: { id: string }) => c.id)).toEqual([ids[4], ids[2], ids[0]]);
  expect((await list(`phoneNumber=${encodeURIComponent('+442071234561')}`)).data.map((c: { id: string }) => c.id)).toEqual([ids[1]]);
  expect((await api.call('GET', '/api/v1/contacts?doNotCall=maybe', { token: key })).body.error.param).toBe('query.doNotCall');
});

test('POST /calls to a do-not-call number is 409 DO_NOT_CALL with nothing created, reserved or charged', async () => {
  const { tenant, key, agentId } = await setup();
  const before = (await api.call('GET', '/api/v1/usage', { token: key })).body.credits;
  expect((await create(key, { phoneNumber: '+442079460001', doNotCall: true })).body).toMatchObject({
    doNotCall: true,
    doNotCallReason: 'manual',
    doNotCallSince: expect.any(String),
  });

  const refused = await placeCall(key, agentId, '+442079460001');
  expect(refused.status).toBe(409);
  expect(refused.body.error).toMatchObject({ type: 'invalid_request_error', code: 'DO_NOT_CALL', param: 'body.phoneNumber' });
  expect((await api.call('GET', '/api/v1/calls', { token: key })).body.pagination.total).toBe(0);
  expect(await slotsInUse(callSlotPool(tenant.organizationId))).toBe(0);
  expect((await api.call('GET', '/api/v1/usage', { token: key })).body.credits).toEqual(before);
});

test('a number written with spaces, brackets or full-width digits is the same number: stored in E.164, refused where the number is', async () => {
  const { key, agentId } = await setup();
  expect((await create(key, { phoneNumber: '+442079460003', doNotCall: true })).status).toBe(201);
  const spellings = ['+44 20 7946 0003', '+44 (0)20-7946-0003', '+\uFF14\uFF14\uFF12\uFF10\uFF17\uFF19\uFF14\uFF16\uFF10\uFF10\uFF10\uFF13'];
  for (const spelling of spellings) {
    const refused = await placeCall(key, agentId, spelling);
    expect([spelling, refused.status, refused.body.error?.code]).toEqual([spelling, 409, 'DO_NOT_CALL']);
    const again = await create(key, { phoneNumber: spelling });
    expect([spelling, again.status, again.body.error?.code]).toEqual([spelling, 409, 'DUPLICATE_CONTACT']);
  }
  expect((await api.call('GET', '/api/v1/calls', { token: key })).body.pagination.total).toBe(0);

  // Another number, written so: stored, found and called as its E.164 form.
  const created = await create(key, { phoneNumber: '+44 20 7946 0001', name: 'Ada' });
  expect(created.body.phoneNumber).toBe('+442079460001');
  const found = await api.call('GET', `/api/v1/contacts?phoneNumber=${encodeURIComponent('+44 20 7946 0001')}`, { token: key });
  expect(found.body.data.map((c: { id: string }) => c.id)).toEqual([created.body.id]);
  const placed = await placeCall(key, agentId, '+44-20-7946-0001');
  expect(placed.status).toBe(201);
  expect(placed.body.phoneNumber).toBe('+442079460001');

  // An extension is not dialled, so not taken; nor a number without its country code.
  for (const phoneNumber of ['+442079460001;ext=9', '+44 20 7946 0001 ext. 9', '020 7946 0001']) {
    const refused = await placeCall(key, agentId, phoneNumber);
    expect([phoneNumber, refused.status, refused.body.error?.param]).toEqual([phoneNumber, 400, 'body.phoneNumber']);
  }
});

test('an erased do-not-call contact leaves only a keyed hash, which keeps the number suppressed until lifted', async () => {
  const { tenant, key, agentId } = await setup();
  const number = '+442079460001';
  const { id } = (await create(key, { phoneNumber: number, name: 'Grace Hopper', email: 'grace@example.com', doNotCall: true })).body;
  expect((await api.call('DELETE', `/api/v1/contacts/${id}`, { token: key })).status).toBe(200);

  // Nothing stored anywhere in the contacts' collections names the person or the number.
  const db = mongoose.connection.db!;
  const ours = { organizationId: tenant.organizationId };
  expect(await db.collection('contacts').countDocuments(ours)).toBe(0);
  const kept = await db.collection('donotcallentries').find(ours).toArray();
  expect(kept).toEqual([
    {
      _id: expect.stringMatching(new RegExp(`^${tenant.organizationId}:[0-9a-f]{64}$`)),
      organizationId: tenant.organizationId,
      reason: 'manual',
      since: expect.any(Date),
      callId: null,
    },
  ]);
  for (const personal of ['Grace', 'grace@example.com', number, number.slice(1)]) expect(JSON.stringify(kept)).not.toContain(personal);

  expect((await placeCall(key, agentId, number)).body.error.code).toBe('DO_NOT_CALL');
  // Added again, the number is still do-not-call, with the reason it had.
  const again = await create(key, { phoneNumber: number, doNotCall: false });
  expect(again.body).toMatchObject({ doNotCall: true, doNotCallReason: 'manual' });
  // Lifting it takes an explicit update; then the number is dialled.
  expect((await api.call('PATCH', `/api/v1/contacts/${again.body.id}`, { token: key, body: { doNotCall: false } })).body).toMatchObject({
    doNotCall: false,
    doNotCallReason: null,
  });
  expect((await placeCall(key, agentId, number)).status).toBe(201);
});

test("a contact's attributes fill the agent's placeholders of a call to its number; the request's variables win", async () => {
  const { key, agentId } = await setup();
  await create(key, { phoneNumber: '+442079460001', attributes: { firstName: 'Ada', plan: 'gold' } });
  const placed = await placeCall(key, agentId, '+442079460001', null);
  expect(placed.status).toBe(201);
  const withOwn = await placeCall(key, agentId, '+442079460001', { firstName: 'Augusta' });
  expect(withOwn.status).toBe(201);
  const transcriptOf = (id: string) =>
    waitFor(async () => {
      const res = await api.call('GET', `/api/v1/calls/${id}/transcript`, { token: key });
      return res.body.data.length > 0 ? res.body.data[0].text : undefined;
    });
  expect(await transcriptOf(placed.body.id)).toBe('Hi Ada.');
  expect(await transcriptOf(withOwn.body.id)).toBe('Hi Augusta.');
  // Without a contact, the placeholder is still required.
  const without = await placeCall(key, agentId, '+442079460006', null);
  expect([without.status, without.body]).toEqual([400, expect.objectContaining({ error: expect.objectContaining({ param: 'body.variables.firstName' }) })]);
});

test('the import creates and updates by number, never lifts a suppression, and refuses a bad row whole', async () => {
  const { key, agentId } = await setup();
  await create(key, { phoneNumber: '+442071234560', name: 'Old', doNotCall: true });
  const bad = await api.call('POST', '/api/v1/contacts/import', {
    token: key,
    body: { contacts: [{ phoneNumber: '+442071234561' }, { phoneNumber: 'nope' }] },
  });
  expect(bad.status).toBe(400);
  expect(bad.body.error.param).toBe('body.contacts[1].phoneNumber');
  const repeated = await api.call('POST', '/api/v1/contacts/import', {
    token: key,
    body: { contacts: [{ phoneNumber: '+442071234561' }, { phoneNumber: '+442071234561' }] },
  });
  expect(repeated.body.error.param).toBe('body.contacts[1].phoneNumber');
  const several = await api.call('POST', '/api/v1/contacts/import', {
    token: key,
    body: {
      contacts: [
        { phoneNumber: 'nope' },
        { phoneNumber: '+442071234562' },
        { phoneNumber: '+442071234563', timezone: 'Mars/Olympus' },
        { phoneNumber: '+442071234562' },
      ],
    },
  });
  expect([several.status, several.body.error.param]).toEqual([400, 'body.contacts[0].phoneNumber']);
  expect(several.body.error.details.map((d: { param: string }) => d.param)).toEqual([
    'body.contacts[0].phoneNumber',
    'body.contacts[2].timezone',
    'body.contacts[3].phoneNumber',
  ]);
  expect((await api.call('GET', '/api/v1/contacts', { token: key })).body.pagination.total).toBe(1);

  const rows = [
    { phoneNumber: '+442071234560', name: 'New', doNotCall: false },
    { phoneNumber: '+442071234561', externalRef: 'r1' },
    { phoneNumber: '+442079460003', doNotCall: true },
  ];
  const imported = await api.call('POST', '/api/v1/contacts/import', { token: key, body: { contacts: rows } });
  expect(imported.status).toBe(201);
  expect(imported.body).toEqual({ object: 'contact_import', total: 3, created: 2, updated: 1 });
  const byNumber = Object.fromEntries(
    ((await api.call('GET', '/api/v1/contacts', { token: key })).body.data as Array<{ phoneNumber: string }>).map((c) => [c.phoneNumber, c]),
  );
  expect(byNumber['+442071234560']).toMatchObject({ name: 'New', doNotCall: true });
  expect(byNumber['+442071234561']).toMatchObject({ externalRef: 'r1', doNotCall: false, timezone: 'Europe/London' });
  expect(byNumber['+442079460003']).toMatchObject({ doNotCall: true, doNotCallReason: 'manual' });
  expect((await placeCall(key, agentId, '+442079460003')).body.error.code).toBe('DO_NOT_CALL');
  // Again: the same contacts, nothing created.
  expect((await api.call('POST', '/api/v1/contacts/import', { token: key, body: { contacts: rows } })).body).toMatchObject({ created: 0, updated: 3 });
});

test('an opt-out heard in a call makes the number do-not-call before the report says so; a later call is 409', async () => {
  const { key, agentId } = await setup();
  const placed = await placeCall(key, agentId, OPT_OUT_NUMBER);
  expect(placed.status).toBe(201);
  const report = await waitFor(async () => {
    const res = await api.call('GET', `/api/v1/calls/${placed.body.id}/report`, { token: key });
    return res.status === 200 ? res.body : undefined;
  }, 60_000);
  expect(report).toMatchObject({ analysisStatus: 'completed', optOut: true });
  const contacts = (await api.call('GET', `/api/v1/contacts?phoneNumber=${encodeURIComponent(OPT_OUT_NUMBER)}`, { token: key })).body.data;
  expect(contacts).toEqual([
    expect.objectContaining({ doNotCall: true, doNotCallReason: 'opted_out_in_call', doNotCallCallId: placed.body.id, timezone: 'Europe/London' }),
  ]);
  const again = await placeCall(key, agentId, OPT_OUT_NUMBER);
  expect(again.status).toBe(409);
  expect(again.body.error.code).toBe('DO_NOT_CALL');

  // A call in which nobody opts out says so, and suppresses nothing.
  const ordinary = await placeCall(key, agentId, '+442079460001');
  const ordinaryReport = await waitFor(async () => {
    const res = await api.call('GET', `/api/v1/calls/${ordinary.body.id}/report`, { token: key });
    return res.status === 200 ? res.body : undefined;
  }, 60_000);
  expect(ordinaryReport.optOut).toBe(false);
  expect((await api.call('GET', '/api/v1/contacts', { token: key })).body.pagination.total).toBe(1);
});

describe('campaigns', () => {
  const row = (phoneNumber: string) => ({ phoneNumber, variables: { firstName: 'Ada' } });

  async function campaignWith(key: string, agentId: string, numbers: string[], settings: Record<string, number> = {}) {
    const campaign = await api.call('POST', '/api/v1/campaigns', {
      token: key,
      body: { name: uniqueName('Campaign'), agentId, settings: { retryLimit: 1, ...settings } },
    });
    expect(campaign.status).toBe(201);
    const imported = await api.call('POST', `/api/v1/campaigns/${campaign.body.id}/recipients`, { token: key, body: { recipients: numbers.map(row) } });
    expect(imported.status).toBe(201);
    return { id: campaign.body.id as string, imported: imported.body };
  }

  const campaign = (key: string, id: string) => api.call('GET', `/api/v1/campaigns/${id}`, { token: key }).then((r) => r.body);
  const until = (key: string, id: string, status: string) =>
    waitFor(async () => ((await campaign(key, id)).status === status ? campaign(key, id) : undefined), 90_000);
  const recipientsOf = async (key: string, id: string) =>
    (await api.call('GET', `/api/v1/campaigns/${id}/recipients`, { token: key })).body.data as Array<Record<string, any>>;
  const callsTo = async (key: string, phoneNumber: string) =>
    ((await api.call('GET', '/api/v1/calls?limit=100', { token: key })).body.data as Array<{ id: string; status: string; phoneNumber: string }>).filter(
      (c) => c.phoneNumber === phoneNumber,
    );

  test('an imported do-not-call number is suppressed, counted in failed and suppressed, and never dialled', async () => {
    const { key, agentId } = await setup();
    await create(key, { phoneNumber: '+442079460021', doNotCall: true });
    const { id, imported } = await campaignWith(key, agentId, ['+442079460020', '+442079460021', '+442079460022']);
    expect(imported).toMatchObject({ imported: 3, suppressed: 1 });
    expect((await campaign(key, id)).stats).toEqual({ total: 3, pending: 2, completed: 0, failed: 1, suppressed: 1 });
    expect((await recipientsOf(key, id)).map((r) => r.status)).toEqual(['pending', 'suppressed', 'pending']);

    expect((await api.call('POST', `/api/v1/campaigns/${id}/launch`, { token: key })).status).toBe(200);
    const done = await until(key, id, 'completed');
    expect(done.stats).toEqual({ total: 3, pending: 0, completed: 2, failed: 1, suppressed: 1 });
    expect(await callsTo(key, '+442079460021')).toEqual([]);
    expect((await recipientsOf(key, id))[1]).toMatchObject({ status: 'suppressed', attempts: 0, lastCallId: null });
  });

  test('an import sees a number written otherwise as the number: a repeat, or do-not-call', async () => {
    const { key, agentId } = await setup();
    await create(key, { phoneNumber: '+442079460021', doNotCall: true });
    const created = await api.call('POST', '/api/v1/campaigns', { token: key, body: { name: uniqueName('Campaign'), agentId } });
    const importing = (numbers: string[]) =>
      api.call('POST', `/api/v1/campaigns/${created.body.id}/recipients`, { token: key, body: { recipients: numbers.map(row) } });
    const repeated = await importing(['+442079460020', '+44 20 7946 0020']);
    expect(repeated.status).toBe(400);
    expect(repeated.body.error).toMatchObject({ code: 'VALIDATION_ERROR', param: 'body.recipients[1].phoneNumber' });
    const imported = await importing(['+44 20 7946 0020', '+44 (0)20 7946 0021']);
    expect(imported.body).toMatchObject({ imported: 2, suppressed: 1 });
    expect((await recipientsOf(key, created.body.id)).map((r) => [r.phoneNumber, r.status])).toEqual([
      ['+442079460020', 'pending'],
      ['+442079460021', 'suppressed'],
    ]);
  });

  test("an imported recipient takes its contact's time zone first and its attributes as variables; the row's own variables win", async () => {
    const { key, agentId } = await setup();
    await create(key, { phoneNumber: '+442079460040', timezone: 'Asia/Tokyo', attributes: { firstName: 'Grace', plan: 'gold' } });
    // No zone given: the contact's is the number's (London), and it still comes before the row's.
    await create(key, { phoneNumber: '+442079460041', attributes: { firstName: 'Alan' } });
    const c = await api.call('POST', '/api/v1/campaigns', { token: key, body: { name: uniqueName('Campaign'), agentId, settings: { retryLimit: 1 } } });
    const rows = [
      { phoneNumber: '+442079460040' },
      { phoneNumber: '+442079460041', timezone: 'America/New_York', variables: { firstName: 'Ada' } },
      { phoneNumber: '+442079460042', timezone: 'America/Chicago', variables: { firstName: 'Edsger' } },
    ];
    // Without a contact, the placeholder is still the row's to give.
    const missing = await api.call('POST', `/api/v1/campaigns/${c.body.id}/recipients`, {
      token: key,
      body: { recipients: [...rows, { phoneNumber: '+442079460043' }] },
    });
    expect([missing.status, missing.body.error?.param]).toEqual([400, 'body.recipients[3].variables.firstName']);
    const imported = await api.call('POST', `/api/v1/campaigns/${c.body.id}/recipients`, { token: key, body: { recipients: rows } });
    expect(imported.status).toBe(201);
    expect((await recipientsOf(key, c.body.id)).map((r) => ({ variables: r.variables, timezone: r.timezone }))).toEqual([
      { variables: { firstName: 'Grace' }, timezone: 'Asia/Tokyo' },
      { variables: { firstName: 'Ada' }, timezone: 'Europe/London' },
      { variables: { firstName: 'Edsger' }, timezone: 'America/Chicago' },
    ]);

    expect((await api.call('POST', `/api/v1/campaigns/${c.body.id}/launch`, { token: key })).status).toBe(200);
    await until(key, c.body.id, 'completed');
    const greeting = async (phoneNumber: string) => {
      const [call] = await callsTo(key, phoneNumber);
      return waitFor(async () => (await api.call('GET', `/api/v1/calls/${call!.id}/transcript`, { token: key })).body.data[0]?.text);
    };
    expect(await greeting('+442079460040')).toBe('Hi Grace.');
    expect(await greeting('+442079460041')).toBe('Hi Ada.');
  });

  test('a number made do-not-call after launch is checked right before its attempt and not dialled', async () => {
    const { key, agentId } = await setup();
    // One call at a time; the first talks until it is hung up, which holds the second back.
    const { id } = await campaignWith(key, agentId, ['+442079460007', '+442079460030'], { concurrency: 1 });
    expect((await api.call('POST', `/api/v1/campaigns/${id}/launch`, { token: key })).status).toBe(200);
    // Answered, so that hanging it up reaches its recipient.
    const talking = await waitFor(async () => (await callsTo(key, '+442079460007')).find((c) => c.status === 'active'));
    expect((await create(key, { phoneNumber: '+442079460030', doNotCall: true })).status).toBe(201);
    expect((await api.call('POST', `/api/v1/calls/${talking.id}/hangup`, { token: key })).status).toBe(200);

    const done = await until(key, id, 'completed');
    expect(done.stats).toEqual({ total: 2, pending: 0, completed: 1, failed: 1, suppressed: 1 });
    expect(await callsTo(key, '+442079460030')).toEqual([]);
    expect((await recipientsOf(key, id))[1]).toMatchObject({ status: 'suppressed', attempts: 0, lastDisposition: 'do_not_call' });
  });
});
