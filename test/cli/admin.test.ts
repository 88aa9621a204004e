/** The operator CLI, run as a separate process against the real database. */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import mongoose from 'mongoose';
import { creditBalance } from '../../models/creditEntry';
import { DEFAULT_LIMITS, Organization } from '../../models/organization';
import { User, verifyPassword } from '../../models/user';
import { Client, Connection } from '@temporalio/client';
import { createApp } from '../../api/app';
import { SCOPES } from '../../api/scopes';
import { loadConfig } from '../../config';
import { createApiKey } from '../../models/apiKey';
import { request } from '../helpers/app';
import { serve } from '../helpers/http';
import { connectTestDatabase, temporalAddress, testDataConverter } from '../helpers/servers';

const run = promisify(execFile);
const ROOT = path.resolve(__dirname, '../..');
let cleanup: () => Promise<void>;
let uri: string;

beforeAll(async () => {
  cleanup = await connectTestDatabase('admin_cli');
  // The CLI takes its database from MONGODB_URI; point it at this file's database.
  uri = process.env.MONGODB_URI!.replace(/\/[^/?]*(\?|$)/, `/${mongoose.connection.name}$1`);
});
afterAll(() => cleanup());

const admin = (...args: string[]) =>
  run(process.execPath, ['--import', 'tsx', path.join(ROOT, 'scripts/admin.ts'), ...args], {
    cwd: ROOT,
    env: { ...process.env, MONGODB_URI: uri },
  });

test('org create --json makes an organization, its founding admin and its credits', async () => {
  const { stdout } = await admin(
    'org',
    'create',
    '--name',
    'Acme',
    '--plan',
    'growth',
    '--credits',
    '300',
    '--max-agents',
    '4',
    '--max-users',
    '3',
    '--max-concurrent-calls',
    '2',
    '--max-contacts',
    '50',
    '--admin-email',
    'Ops@Acme.example',
    '--admin-password',
    'correct horse battery',
    '--json',
  );
  const out = JSON.parse(stdout);
  expect(out).toMatchObject({
    organization: {
      id: expect.stringMatching(/^[0-9a-f]{24}$/),
      name: 'Acme',
      plan: 'growth',
      limits: { ...DEFAULT_LIMITS, maxAgents: 4, maxUsers: 3, maxConcurrentCalls: 2, maxContacts: 50 },
    },
    admin: { email: 'ops@acme.example', password: 'correct horse battery' },
  });
  const org = await Organization.findById(out.organization.id).lean();
  expect(org?.limits).toEqual({ ...DEFAULT_LIMITS, maxAgents: 4, maxUsers: 3, maxConcurrentCalls: 2, maxContacts: 50 });
  expect(await creditBalance(out.organization.id)).toEqual({ allocatedMinutes: 300, usedMinutes: 0, heldMinutes: 0, remainingMinutes: 300 });
  const user = await User.findOne({ email: 'ops@acme.example' }).lean();
  expect(user).toMatchObject({ role: 'admin', founder: true });
  expect(user!.permissions).toHaveLength(7);
  expect(await verifyPassword('correct horse battery', user!.passwordHash)).toBe(true);
});

test('without a password one is generated and printed once', async () => {
  const out = JSON.parse((await admin('org', 'create', '--name', 'Generated', '--admin-email', 'gen@example.com', '--json')).stdout);
  expect(out.admin.password).toEqual(expect.any(String));
  expect(out.admin.password.length).toBeGreaterThanOrEqual(12);
  const user = await User.findOne({ email: 'gen@example.com' }).lean();
  expect(await verifyPassword(out.admin.password, user!.passwordHash)).toBe(true);
});

test('org limits shows the limits and changes those given; a bad value changes nothing', async () => {
  const created = JSON.parse((await admin('org', 'create', '--name', 'Quotas', '--json')).stdout);
  const id = created.organization.id;
  // An organization stored before the newer quotas existed reads them at their defaults.
  await Organization.updateOne({ _id: id }, { $unset: { 'limits.maxCampaigns': 1, 'limits.maxOpenInterviews': 1 } });
  expect(JSON.parse((await admin('org', 'limits', '--org', id, '--json')).stdout).limits).toEqual(DEFAULT_LIMITS);
  const out = JSON.parse(
    (await admin('org', 'limits', '--org', id, '--max-campaigns', '3', '--max-recipients', '500', '--max-open-interviews', '9', '--json')).stdout,
  );
  expect(out.limits).toEqual({ ...DEFAULT_LIMITS, maxCampaigns: 3, maxRecipients: 500, maxOpenInterviews: 9 });
  expect((await Organization.findById(id).lean())?.limits).toMatchObject({ maxCampaigns: 3, maxRecipients: 500, maxOpenInterviews: 9 });
  await expect(admin('org', 'limits', '--org', id, '--max-contacts', '0')).rejects.toMatchObject({
    code: 2,
    stderr: expect.stringContaining('--max-contacts must be a whole number of at least 1'),
  });
  await expect(admin('org', 'limits', '--org', '0123456789abcdef01234567')).rejects.toMatchObject({
    code: 2,
    stderr: expect.stringContaining('no organization'),
  });
  expect((await Organization.findById(id).lean())?.limits.maxContacts).toBe(DEFAULT_LIMITS.maxContacts);
});

test('org dialling shows and sets the countries the organization may call; default goes back to the service’s', async () => {
  const id = JSON.parse((await admin('org', 'create', '--name', 'Dialling', '--json')).stdout).organization.id;
  expect(JSON.parse((await admin('org', 'dialling', '--org', id, '--json')).stdout)).toEqual({
    organization: { id },
    allowedCountries: null,
    effectiveAllowedCountries: null,
  });
  const set = JSON.parse((await admin('org', 'dialling', '--org', id, '--countries', 'gb, IE,gb', '--json')).stdout);
  expect(set).toMatchObject({ allowedCountries: ['GB', 'IE'], effectiveAllowedCountries: ['GB', 'IE'] });
  expect((await Organization.findById(id).lean())?.allowedCountries).toEqual(['GB', 'IE']);
  await expect(admin('org', 'dialling', '--org', id, '--countries', 'GB,XX')).rejects.toMatchObject({
    code: 2,
    stderr: expect.stringContaining('unknown: XX'),
  });
  expect((await Organization.findById(id).lean())?.allowedCountries).toEqual(['GB', 'IE']);
  expect(JSON.parse((await admin('org', 'dialling', '--org', id, '--countries', 'default', '--json')).stdout).allowedCountries).toBeNull();
});

test('credits add grants minutes to the organization', async () => {
  const created = JSON.parse((await admin('org', 'create', '--name', 'Topup', '--credits', '10', '--json')).stdout);
  const out = JSON.parse((await admin('credits', 'add', '--org', created.organization.id, '--minutes', '25.5', '--json')).stdout);
  expect(out.credits).toEqual({ allocatedMinutes: 35.5, usedMinutes: 0, heldMinutes: 0, remainingMinutes: 35.5 });
  expect(await creditBalance(created.organization.id)).toEqual(out.credits);
});

test('org create --credits 0 makes an organization that must top up before it calls: 402 INSUFFICIENT_CREDITS', async () => {
  const out = JSON.parse((await admin('org', 'create', '--name', 'Unfunded', '--credits', '0', '--json')).stdout);
  expect(out.organization.credits).toEqual({ allocatedMinutes: 0, usedMinutes: 0, heldMinutes: 0, remainingMinutes: 0 });
  const founder = await User.findOne({ organizationId: out.organization.id }).lean();
  const { key } = await createApiKey({
    organizationId: founder!.organizationId,
    createdBy: founder!._id,
    name: 'backend',
    mode: 'live',
    scopes: [...SCOPES],
  });
  const connection = await Connection.connect({ address: temporalAddress() });
  const server = await serve(
    createApp({
      config: loadConfig({ LOG_LEVEL: 'silent' }),
      mongo: mongoose.connection,
      temporal: new Client({ connection, dataConverter: testDataConverter() }),
    }),
  );
  try {
    const agent = await request(server.url, 'POST', '/api/v1/agents', { token: key, body: { name: 'Caller', instructions: 'Call.' } });
    expect(agent.status).toBe(201);
    const call = await request(server.url, 'POST', '/api/v1/calls', { token: key, body: { agentId: agent.body.id, phoneNumber: '+442079460001' } });
    expect(call.status).toBe(402);
    expect(call.body.error).toMatchObject({ type: 'billing_error', code: 'INSUFFICIENT_CREDITS' });
  } finally {
    await server.close();
    await connection.close();
  }
});

test.each([
  [['org', 'create', '--json'], /--name is required/],
  [['org', 'create', '--name', 'X', '--credits=-1'], /--credits must be a number of minutes, 0 or more/],
  [['credits', 'add', '--org', '0123456789abcdef01234567', '--minutes', '0'], /--minutes must be a positive number/],
  [['org', 'create', '--name', 'X', '--max-agents', '0'], /--max-agents must be/],
  [['credits', 'add', '--org', 'nope', '--minutes', '5'], /--org must be an organization id/],
  [['credits', 'add', '--org', '0123456789abcdef01234567', '--minutes', '5'], /no organization/],
  [['credits', 'add', '--org', '0123456789abcdef01234567', '--minutes=-5'], /--minutes must be a positive number/],
  [['org', 'delete'], /usage:/],
])('%j is refused with exit code 2 and a clear message', async (args, message) => {
  await expect(admin(...args)).rejects.toMatchObject({ code: 2, stderr: expect.stringMatching(message) });
});
