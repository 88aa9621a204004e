/**
 * Sign-in and unauthenticated traffic on the real stack: failed sign-ins throttled per email and
 * per address across API processes, password hashing that a flood cannot use to starve other
 * requests, and invalid credentials throttled per address. The app trusts one proxy hop, so each
 * test is a client address of its own through `x-forwarded-for`.
 */
import { randomBytes, scryptSync } from 'node:crypto';
import { SIGN_IN_FAILURES_PER_ADDRESS, SIGN_IN_FAILURES_PER_EMAIL, SIGN_IN_WINDOW_MINUTES } from '../../api/middleware/throttle';
import { SCOPES } from '../../api/scopes';
import { hashKey } from '../../models/apiKey';
import { ThrottleTicket, throttleWindow } from '../../models/throttleTicket';
import { User } from '../../models/user';
import { createTenant, startApi, type ApiResponse, type TestApi, type Tenant } from '../helpers/app';
import { loadConfig } from '../../config';
import { uniqueName } from '../helpers/servers';

let api: Awaited<ReturnType<typeof startApi>>;
let second: TestApi;
let tenant: Tenant;
let key: string;
let lastAddress = 0;

/** A client address no other test uses. */
/** The default, which these apps run with. */
const INVALID_CREDENTIALS_PER_MINUTE = loadConfig({}).invalidCredentialsPerMinute;
const newAddress = () => `203.0.113.${(lastAddress += 1)}`;
const email = () => `${uniqueName('nobody')}@example.com`;

const signIn = (from: string, body: { email: string; password: string }, app: TestApi = api) =>
  app.call('POST', '/api/v1/dashboard/sessions', { body, headers: { 'x-forwarded-for': from } });

/**
 * The throttles count in fixed windows of the clock (a count starts again when one ends): waits, if
 * less than `needMs` is left of the current window, for the next one, so a test's count is one
 * window's. A CI run split the per-email count across a quarter hour.
 */
async function inOneWindow(windowMs: number, needMs: number) {
  const left = windowMs - (Date.now() % windowMs);
  if (left < needMs) await new Promise((resolve) => setTimeout(resolve, left + 100));
}
const SIGN_IN_WINDOW_MS = SIGN_IN_WINDOW_MINUTES * 60_000;

function expectThrottled(res: ApiResponse, maxSeconds: number) {
  expect(res.status).toBe(429);
  expect(res.body.error).toMatchObject({ type: 'rate_limit_error', code: 'RATE_LIMITED' });
  const wait = Number(res.headers.get('retry-after'));
  expect(wait).toBeGreaterThanOrEqual(1);
  expect(wait).toBeLessThanOrEqual(maxSeconds);
}

beforeAll(async () => {
  api = await startApi('signin', { TRUST_PROXY_HOPS: '1' });
  // A second API process over the same database: the throttles are kept there, not in memory.
  second = await api.extraApp();
  tenant = await createTenant();
  // The flood test calls as fast as it can: the key's own rate limit must not be what answers.
  key = await tenant.key(SCOPES, { rateLimitPerMinute: 100_000 });
}, 60_000);
afterAll(() => api?.close());

describe('failed sign-ins', () => {
  test(`${SIGN_IN_FAILURES_PER_EMAIL} failures per email in 15 minutes, counted across API processes; then 429 even for the right password`, async () => {
    await inOneWindow(SIGN_IN_WINDOW_MS, 30_000);
    const t = await createTenant();
    const wrong = { email: t.adminEmail, password: 'not the password' };
    for (let i = 0; i < SIGN_IN_FAILURES_PER_EMAIL; i += 1) {
      // From several addresses and both processes: the email's count is one.
      const res = await signIn(newAddress(), wrong, i % 2 ? api : second);
      expect({ attempt: i, status: res.status }).toEqual({ attempt: i, status: 401 });
    }
    for (const app of [api, second]) {
      expectThrottled(await signIn(newAddress(), wrong, app), 15 * 60);
      expectThrottled(await signIn(newAddress(), { email: t.adminEmail.toUpperCase(), password: t.adminPassword }, app), 15 * 60);
    }
    // Another email is not affected.
    const other = await createTenant();
    expect((await signIn(newAddress(), { email: other.adminEmail, password: other.adminPassword })).status).toBe(201);
  }, 120_000);

  test('concurrent guesses cannot overrun the limit: exactly the limit is checked, the rest are 429', async () => {
    await inOneWindow(SIGN_IN_WINDOW_MS, 30_000);
    const t = await createTenant();
    const attempts = SIGN_IN_FAILURES_PER_EMAIL + 6;
    const results = await Promise.all(
      Array.from({ length: attempts }, (_, i) => signIn(newAddress(), { email: t.adminEmail, password: `guess ${i}` }, i % 2 ? api : second)),
    );
    expect(results.filter((r) => r.status === 401)).toHaveLength(SIGN_IN_FAILURES_PER_EMAIL);
    expect(results.filter((r) => r.status === 429)).toHaveLength(6);
  }, 120_000);

  test('unknown emails are throttled like known ones, and successes do not count', async () => {
    await inOneWindow(SIGN_IN_WINDOW_MS, 30_000);
    const unknown = email();
    for (let i = 0; i < SIGN_IN_FAILURES_PER_EMAIL; i += 1) expect((await signIn(newAddress(), { email: unknown, password: 'x' })).status).toBe(401);
    expectThrottled(await signIn(newAddress(), { email: unknown, password: 'x' }), 15 * 60);

    const t = await createTenant();
    for (let i = 0; i < SIGN_IN_FAILURES_PER_EMAIL + 2; i += 1) {
      expect((await signIn(newAddress(), { email: t.adminEmail, password: t.adminPassword })).status).toBe(201);
    }
    expect((await signIn(newAddress(), { email: t.adminEmail, password: 'wrong' })).status).toBe(401);
  }, 120_000);

  test(`${SIGN_IN_FAILURES_PER_ADDRESS} failures per address in 15 minutes, whatever the emails; other addresses sign in`, async () => {
    await inOneWindow(SIGN_IN_WINDOW_MS, 60_000);
    const address = newAddress();
    for (let i = 0; i < SIGN_IN_FAILURES_PER_ADDRESS; i += 1) {
      const res = await signIn(address, { email: email(), password: 'x' }, i % 2 ? api : second);
      expect({ attempt: i, status: res.status }).toEqual({ attempt: i, status: 401 });
    }
    const t = await createTenant();
    expectThrottled(await signIn(address, { email: t.adminEmail, password: t.adminPassword }), 15 * 60);
    expect(await signIn(address, { email: email(), password: 'x' }, second)).toMatchObject({ status: 429 });
    expect((await signIn(newAddress(), { email: t.adminEmail, password: t.adminPassword })).status).toBe(201);
    // The address is the one our proxy saw: what a client writes before it in the header is not believed.
    const spoofed = await api.call('POST', '/api/v1/dashboard/sessions', {
      body: { email: t.adminEmail, password: t.adminPassword },
      headers: { 'x-forwarded-for': `${newAddress()}, ${address}` },
    });
    expect(spoofed.status).toBe(429);
  }, 240_000);

  test('the address is checked before the email: a full address refuses without counting, or even recording, the email', async () => {
    await inOneWindow(SIGN_IN_WINDOW_MS, 60_000);
    const address = newAddress();
    const t = await createTenant();
    const wrong = { email: t.adminEmail, password: 'not the password' };
    // The email's window fills, then the address's with other emails.
    for (let i = 0; i < SIGN_IN_FAILURES_PER_EMAIL; i += 1) expect((await signIn(address, wrong)).status).toBe(401);
    for (let i = SIGN_IN_FAILURES_PER_EMAIL; i < SIGN_IN_FAILURES_PER_ADDRESS; i += 1)
      expect((await signIn(address, { email: email(), password: 'x' })).status).toBe(401);
    // Both full: the address answers.
    const both = await signIn(address, wrong);
    expectThrottled(both, 15 * 60);
    expect(both.body.error.message).toMatch(/^Too many failed sign-ins from this address/);
    // A new email from the full address takes no place in its own window.
    const fresh = `${uniqueName('fresh')}@example.com`;
    expect((await signIn(address, { email: fresh, password: 'x' })).body.error.message).toMatch(/from this address/);
    const bucket = throttleWindow('signin-email', hashKey(fresh), SIGN_IN_FAILURES_PER_EMAIL, SIGN_IN_WINDOW_MS).bucket;
    expect(await ThrottleTicket.countDocuments({ _id: { $regex: `^${bucket}:` } })).toBe(0);
    // From another address, the email's own window still answers for the email.
    expect((await signIn(newAddress(), wrong)).body.error.message).toMatch(/^Too many failed sign-ins for this email/);
  }, 240_000);
});

describe('password hashing', () => {
  test("a legacy hash signs in and is replaced by one at today's cost", async () => {
    const t = await createTenant();
    const salt = randomBytes(16);
    const legacy = `scrypt$${salt.toString('hex')}$${scryptSync(t.adminPassword, salt, 32).toString('hex')}`;
    await User.updateOne({ _id: t.adminId }, { $set: { passwordHash: legacy } });
    expect((await signIn(newAddress(), { email: t.adminEmail, password: t.adminPassword })).status).toBe(201);
    const stored = (await User.findById(t.adminId).lean())!.passwordHash;
    expect(stored).toMatch(/^scrypt\$N=65536,r=8,p=1\$/);
    expect((await signIn(newAddress(), { email: t.adminEmail, password: t.adminPassword })).status).toBe(201);
  });

  test('a flood of sign-ins does not starve other requests: they keep answering while it lasts', async () => {
    let flooding = true;
    const flood = Promise.all(Array.from({ length: 16 }, () => signIn(newAddress(), { email: email(), password: 'flood' }))).finally(() => {
      flooding = false;
    });
    const latencies: number[] = [];
    let answeredDuringFlood = 0;
    while (flooding) {
      const began = Date.now();
      const res = await api.call('GET', '/api/v1/usage', { token: key });
      expect(res.status).toBe(200);
      latencies.push(Date.now() - began);
      if (flooding) answeredDuringFlood += 1;
    }
    const results = await flood;
    expect(results.every((r) => r.status === 401)).toBe(true);
    // Hashes run a few at a time, so the flood lasts a while; partner requests go on meanwhile.
    expect(answeredDuringFlood).toBeGreaterThanOrEqual(5);
    expect(Math.max(...latencies)).toBeLessThan(2_000);
  }, 180_000);
});

describe('invalid credentials', () => {
  test(`${INVALID_CREDENTIALS_PER_MINUTE} a minute per address, across processes, then 429 for its invalid credentials for the rest of the minute; valid keys and other addresses are served`, async () => {
    await inOneWindow(60_000, 20_000);
    const address = newAddress();
    const bad = [`rb_live_${'A'.repeat(32)}`, 'garbage', `rb_dash_${'B'.repeat(40)}`];
    for (let i = 0; i < INVALID_CREDENTIALS_PER_MINUTE; i += 1) {
      const res = await (i % 2 ? api : second).call('GET', i % 3 === 2 ? '/api/v1/api-keys' : '/api/v1/agents', {
        token: bad[i % 3],
        headers: { 'x-forwarded-for': address },
      });
      expect({ attempt: i, status: res.status }).toEqual({ attempt: i, status: 401 });
    }
    for (const app of [api, second]) {
      expectThrottled(await app.call('GET', '/api/v1/agents', { token: `rb_live_${'C'.repeat(32)}`, headers: { 'x-forwarded-for': address } }), 60);
      expectThrottled(await app.call('GET', '/api/v1/api-keys', { token: `rb_dash_${'D'.repeat(40)}`, headers: { 'x-forwarded-for': address } }), 60);
      // A valid key behind the same address is still served, and a request without credentials is a plain 401.
      expect((await app.call('GET', '/api/v1/agents', { token: key, headers: { 'x-forwarded-for': address } })).status).toBe(200);
      expect((await app.call('GET', '/api/v1/agents', { headers: { 'x-forwarded-for': address } })).status).toBe(401);
      expect((await app.call('GET', '/api/v1/agents', { token: key, headers: { 'x-forwarded-for': newAddress() } })).status).toBe(200);
    }
  }, 120_000);
});
