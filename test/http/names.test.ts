/**
 * Names are stored without their surrounding white space, on every resource that has one: what a
 * partner or a dashboard form sends with a stray space reads, lists and collides as the name it is.
 */
import { SCOPES } from '../../api/scopes';
import { TRIM } from '../../api/schemas/common';
import { createTenant, startApi } from '../helpers/app';
import { uniqueName } from '../helpers/servers';
import { runWorker, type RunningWorker } from '../helpers/worker';

const env = { TEMPORAL_TASK_QUEUE: uniqueName('names') };
let api: Awaited<ReturnType<typeof startApi>>;
let worker: RunningWorker;
let key: string;
let session: string;

beforeAll(async () => {
  api = await startApi('names', env);
  worker = await runWorker(env);
  const tenant = await createTenant({ creditMinutes: 100 });
  key = await tenant.key(SCOPES, { rateLimitPerMinute: 100_000 });
  const signedIn = await api.call('POST', '/api/v1/dashboard/sessions', { body: { email: tenant.adminEmail, password: tenant.adminPassword } });
  expect(signedIn.status).toBe(201);
  session = signedIn.body.token;
}, 120_000);
afterAll(async () => {
  await worker?.stop();
  await api?.close();
});

const post = (path: string, body: Record<string, unknown>, token = key) => api.call('POST', `/api/v1${path}`, { token, body });
const patch = (path: string, body: Record<string, unknown>) => api.call('PATCH', `/api/v1${path}`, { token: key, body });
const get = (path: string) => api.call('GET', `/api/v1${path}`, { token: key });

async function agent(name: string, phone: Record<string, unknown> = {}) {
  const res = await post('/agents', { name, instructions: 'You help {{firstName}}.', phone });
  expect(res.status).toBe(201);
  return res.body;
}

test("an agent's name is stored, listed and kept unique without its surrounding spaces", async () => {
  const created = await agent(' \tRenewals \n');
  expect(created.name).toBe('Renewals');
  expect((await get(`/agents/${created.id}`)).body.name).toBe('Renewals');
  expect((await get('/agents?limit=100')).body.data.map((a: { name: string }) => a.name)).toContain('Renewals');
  const again = await post('/agents', { name: 'renewals  ', instructions: 'x' });
  expect(again.status).toBe(409);
  expect(again.body.error).toMatchObject({ code: 'DUPLICATE_NAME', param: 'body.name' });

  const renamed = await patch(`/agents/${created.id}`, { name: '  Renewals EU ' });
  expect(renamed.status).toBe(200);
  expect(renamed.body.name).toBe('Renewals EU');
});

test('a name of white space alone is still refused as blank', async () => {
  const res = await post('/agents', { name: ' \t ', instructions: 'x' });
  expect(res.status).toBe(400);
  expect(res.body.error).toMatchObject({ code: 'VALIDATION_ERROR', param: 'body.name', message: 'body.name must not be blank.' });
});

test('a name of zero-width characters is blank too, and they are trimmed from around a name', async () => {
  const invisible = await post('/agents', { name: '\u200B\u2060 \u200C', instructions: 'x' });
  expect(invisible.status).toBe(400);
  expect(invisible.body.error).toMatchObject({ code: 'VALIDATION_ERROR', param: 'body.name', message: 'body.name must not be blank.' });

  const name = uniqueName('Zero width');
  const created = await agent(`\u200B ${name}\u2060 `, {});
  expect(created.name).toBe(name);
  const shown = await patch(`/agents/${created.id}`, { displayName: '\u200D\u200B' });
  expect(shown.status).toBe(200);
  expect(shown.body.displayName).toBe('');
});

test("a campaign's name, on create and on edit, in its read model and its workflow's state", async () => {
  const { id: agentId } = await agent(uniqueName('Caller'));
  const created = await post('/campaigns', { name: '  Spring renewals ', agentId });
  expect(created.status).toBe(201);
  expect(created.body.name).toBe('Spring renewals');
  const edited = await patch(`/campaigns/${created.body.id}`, { name: ' Summer renewals  ' });
  expect(edited.status).toBe(200);
  expect(edited.body.name).toBe('Summer renewals');
  expect((await get(`/campaigns/${created.body.id}`)).body.name).toBe('Summer renewals');
});

test("an interview's candidate, a contact, a phone number's label and an API key", async () => {
  const voice = await post('/agents', { type: 'voice', name: uniqueName('Interviewer'), instructions: 'Interview the candidate.' });
  expect(voice.status).toBe(201);
  const interview = await post('/interviews', { agentId: voice.body.id, candidateName: ' Grace Hopper ', mode: 'text' });
  expect(interview.status).toBe(201);
  expect(interview.body.candidateName).toBe('Grace Hopper');

  const contact = await post('/contacts', { phoneNumber: '+442071234599', name: ' Ada Lovelace ' });
  expect(contact.status).toBe(201);
  expect(contact.body.name).toBe('Ada Lovelace');
  expect((await patch(`/contacts/${contact.body.id}`, { name: '  Ada King' })).body.name).toBe('Ada King');

  const { id: agentId } = await agent(uniqueName('Front desk'), { direction: 'inbound' });
  const number = await post('/phone-numbers', { phoneNumber: '+441134960990', agentId, name: ' Support line ' });
  expect(number.status).toBe(201);
  expect(number.body.name).toBe('Support line');

  const apiKey = await post('/api-keys', { name: ' Billing sync ', scopes: ['agents:read'] }, session);
  expect(apiKey.status).toBe(201);
  expect(apiKey.body.name).toBe('Billing sync');
});

test("an agent's name for candidates, and the name of the person a call or a campaign rings", async () => {
  const voice = await post('/agents', {
    type: 'voice',
    name: uniqueName('Screen'),
    displayName: ' Acme Recruiting ',
    instructions: 'Interview the candidate.',
  });
  expect(voice.status).toBe(201);
  expect(voice.body.displayName).toBe('Acme Recruiting');
  expect((await patch(`/agents/${voice.body.id}`, { displayName: 'Acme Talent  ' })).body.displayName).toBe('Acme Talent');

  const { id: agentId } = await agent(uniqueName('Caller'));
  const call = await post('/calls', { agentId, phoneNumber: '+442079460001', contactName: ' Bea Smith ', variables: { firstName: 'Bea' } });
  expect(call.status).toBe(201);
  expect(call.body.contactName).toBe('Bea Smith');
  expect((await get(`/calls/${call.body.id}`)).body.contactName).toBe('Bea Smith');

  const campaign = await post('/campaigns', { name: uniqueName('Follow-up'), agentId });
  const imported = await post(`/campaigns/${campaign.body.id}/recipients`, {
    recipients: [{ phoneNumber: '+442079460001', contactName: '\tCy Jones ', variables: { firstName: 'Cy' } }],
  });
  expect(imported.status).toBe(201);
  expect((await get(`/campaigns/${campaign.body.id}/recipients`)).body.data.map((r: { contactName: string }) => r.contactName)).toEqual(['Cy Jones']);
});

test('the OpenAPI document marks every name it trims', async () => {
  const doc = (await api.call('GET', '/api/v1/openapi.json')).body;
  const field = (path: string, method: string, name: string) => doc.paths[path][method].requestBody.content['application/json'].schema.properties[name];
  for (const [path, method, name] of [
    ['/agents', 'post', 'name'],
    ['/agents/{id}', 'patch', 'name'],
    ['/campaigns', 'post', 'name'],
    ['/campaigns/{id}', 'patch', 'name'],
    ['/interviews', 'post', 'candidateName'],
    ['/contacts', 'post', 'name'],
    ['/contacts/{id}', 'patch', 'name'],
    ['/phone-numbers', 'post', 'name'],
    ['/phone-numbers/{id}', 'patch', 'name'],
    ['/api-keys', 'post', 'name'],
    ['/agents', 'post', 'displayName'],
    ['/agents/{id}', 'patch', 'displayName'],
    ['/calls', 'post', 'contactName'],
  ]) {
    const schema = field(path, method, name);
    // A nullable name (a contact's, cleared with null) is a union whose string branch is trimmed.
    const trimmed = schema[TRIM] ?? schema.anyOf?.find((branch: Record<string, unknown>) => branch.type === 'string')?.[TRIM];
    expect([method, path, name, trimmed]).toEqual([method, path, name, true]);
  }
  const recipient = doc.paths['/campaigns/{id}/recipients'].post.requestBody.content['application/json'].schema.properties.recipients.items;
  expect(recipient.properties.contactName[TRIM]).toBe(true);
});
