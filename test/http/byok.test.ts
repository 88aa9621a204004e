/**
 * Bring your own key, end to end on the real stack: admins store vendor credentials through the
 * dashboard API, each checked against a local fake of the vendor that speaks its documented
 * answers, sealed in FerretDB; `byok` keys then need all three kinds, never fall back to the
 * service's, and their minutes land in the byok figure of GET /usage instead of credits.
 */
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import mongoose, { Types } from 'mongoose';
import { SCOPES } from '../../api/scopes';
import { loadConfig } from '../../config';
import { ProviderCredential, openSecret, organizationCredentials, resealCredentials, type SealedSecret } from '../../models/providerCredential';
import { startFakeLlmVendor, type FakeLlmServer } from '../fakes/llmVendors';
import { startFakePolly, type FakePolly } from '../fakes/speechVendors';
import { createTenant, startApi, type Tenant } from '../helpers/app';
import { uniqueName, waitFor } from '../helpers/servers';
import { runWorker, type RunningWorker } from '../helpers/worker';

type Kind = 'llm' | 'stt' | 'tts';

interface Seen {
  path: string;
  query: URLSearchParams;
  headers: IncomingMessage['headers'];
}

interface Vendor {
  name: string;
  kind: Kind;
  provider: string;
  path: string;
  /** Where this vendor reads the API key from a request, as its documentation says. */
  credential(req: Seen): string | undefined;
  /** Speech vendors only: the LLM vendors are the adapters' own fakes, which also hold conversations. */
  speech?: { accepted: unknown; refusal: { status: number; body: unknown } };
}

const googleKeyInvalid = {
  status: 400,
  body: {
    error: {
      code: 400,
      message: 'API key not valid. Please pass a valid API key.',
      status: 'INVALID_ARGUMENT',
      details: [{ '@type': 'type.googleapis.com/google.rpc.ErrorInfo', reason: 'API_KEY_INVALID', domain: 'googleapis.com' }],
    },
  },
};
const bearer = (req: Seen) => /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];

const VENDORS: Record<string, Vendor> = {
  mistral: { name: 'Mistral', kind: 'llm', provider: 'mistral', path: '/v1/models', credential: bearer },
  groq: { name: 'Groq', kind: 'llm', provider: 'groq', path: '/openai/v1/models', credential: bearer },
  gemini: { name: 'Gemini', kind: 'llm', provider: 'gemini', path: '/v1beta/models', credential: (req) => req.headers['x-goog-api-key'] as string | undefined },
  deepgram: {
    name: 'Deepgram',
    kind: 'stt',
    provider: 'deepgram',
    path: '/v1/projects',
    credential: (req) => /^Token (.+)$/.exec(req.headers.authorization ?? '')?.[1],
    speech: {
      accepted: { projects: [{ project_id: 'a1b2c3', name: 'Default project' }] },
      refusal: { status: 401, body: { err_code: 'INVALID_AUTH', err_msg: 'Invalid credentials.', request_id: 'f1e2d3' } },
    },
  },
  googleSpeech: {
    name: 'Google Speech-to-Text',
    kind: 'stt',
    provider: 'google',
    path: '/v1/operations',
    credential: (req) => req.query.get('key') ?? undefined,
    speech: { accepted: {}, refusal: googleKeyInvalid },
  },
  elevenlabs: {
    name: 'ElevenLabs',
    kind: 'tts',
    provider: 'elevenlabs',
    path: '/v1/user',
    credential: (req) => req.headers['xi-api-key'] as string | undefined,
    speech: {
      accepted: { subscription: { tier: 'starter', character_count: 0, character_limit: 30000 }, is_new_user: false },
      refusal: { status: 401, body: { detail: { status: 'invalid_api_key', message: 'Invalid API key' } } },
    },
  },
  googleTts: {
    name: 'Google Text-to-Speech',
    kind: 'tts',
    provider: 'google',
    path: '/v1/voices',
    credential: (req) => req.query.get('key') ?? undefined,
    speech: {
      accepted: { voices: [{ languageCodes: ['en-US'], name: 'en-US-Standard-A', ssmlGender: 'MALE', naturalSampleRateHertz: 24000 }] },
      refusal: googleKeyInvalid,
    },
  },
};

/** Keys the speech fakes accept, and one that makes them fail as a vendor outage does. */
const GOOD = (vendor: string) => `${vendor}-good-${randomBytes(12).toString('hex')}`;
const validKeys = new Set<string>();
const OUTAGE_KEY = 'outage-key-0000';

interface FakeVendor {
  url: string;
  requests: Seen[];
  close(): Promise<void>;
}

/** One speech vendor's API on a free port: its documented answer for a known key, its refusal otherwise. */
async function fakeSpeechVendor(vendor: Vendor): Promise<FakeVendor> {
  const { accepted, refusal } = vendor.speech!;
  const requests: Seen[] = [];
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    const seen = { path: url.pathname, query: url.searchParams, headers: req.headers };
    requests.push(seen);
    const reply = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (req.method !== 'GET' || url.pathname !== vendor.path) return reply(404, { error: 'not found' });
    const key = vendor.credential(seen);
    if (key === OUTAGE_KEY) return reply(503, { error: { message: 'The service is currently unavailable.' } });
    if (key && validKeys.has(key)) return reply(200, accepted);
    return reply(refusal.status, refusal.body);
  });
  server.listen(0, '127.0.0.1');
  await new Promise<void>((resolve) => server.once('listening', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, requests, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

const POLLING = { rateLimitPerMinute: 100_000 };
const taskQueue = uniqueName('byok');
const fakes: Record<string, FakeVendor> = {};
const llmFakes: Record<string, FakeLlmServer> = {};
let polly: FakePolly;
let env: NodeJS.ProcessEnv & { TEMPORAL_TASK_QUEUE: string };
let api: Awaited<ReturnType<typeof startApi>>;
/** What the worker's activities and the media sessions open credentials with: the test server's keys. */
const organizationCredential = (organizationId: string, kind: Kind) => organizationCredentials(api.config.byok.encryptionKeys)(organizationId, kind);
let worker: RunningWorker;
let tenant: Tenant;
let admin: string;

async function signIn(email: string, password: string): Promise<string> {
  const res = await api.call('POST', '/api/v1/dashboard/sessions', { body: { email, password } });
  expect(res.status).toBe(201);
  return res.body.token;
}

const put = (token: string, kind: string, body: Record<string, unknown>) => api.call('PUT', `/api/v1/dashboard/provider-credentials/${kind}`, { token, body });

/** A key the fake of `vendor` accepts: the LLM fakes take one key each. */
function goodKey(vendor: string): string {
  if (llmFakes[vendor]) return llmFakes[vendor].apiKey;
  const apiKey = GOOD(vendor);
  validKeys.add(apiKey);
  return apiKey;
}

/** Stores a credential the fake of `vendor` accepts; returns the plaintext key. */
async function putGood(token: string, vendor: string): Promise<string> {
  const apiKey = goodKey(vendor);
  const res = await put(token, VENDORS[vendor].kind, { provider: VENDORS[vendor].provider, apiKey });
  expect(res.status).toBe(200);
  return apiKey;
}

const rawCredential = (organizationId: Types.ObjectId, kind: Kind) => mongoose.connection.collection('providercredentials').findOne({ organizationId, kind });

beforeAll(async () => {
  for (const [name, vendor] of Object.entries(VENDORS)) {
    if (vendor.speech) fakes[name] = await fakeSpeechVendor(vendor);
    else fakes[name] = llmFakes[name] = await startFakeLlmVendor(name as 'mistral' | 'groq' | 'gemini', `${name}-key-${randomBytes(8).toString('hex')}`);
  }
  fakes.polly = polly = await startFakePolly();
  // byok conversations run on the organization's Groq key: the agent says goodbye at once, and the report is plain JSON.
  llmFakes.groq.respond = (req) =>
    req.body?.stream
      ? { text: 'Thanks for your time, goodbye. [[END]]' }
      : { text: JSON.stringify({ summary: 'A short call.', outcome: null, capturedFields: {}, sentiment: 'neutral', optOut: false }) };
  env = {
    TEMPORAL_TASK_QUEUE: taskQueue,
    SIMULATED_CALL_PACE_MS: '50',
    RING_TIMEOUT_SECONDS: '2',
    CREDENTIALS_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
    PROVIDER_VERIFY_TIMEOUT_MS: '3000',
    MISTRAL_BASE_URL: fakes.mistral.url,
    GROQ_BASE_URL: fakes.groq.url,
    GEMINI_BASE_URL: fakes.gemini.url,
    DEEPGRAM_BASE_URL: fakes.deepgram.url,
    GOOGLE_SPEECH_BASE_URL: fakes.googleSpeech.url,
    ELEVENLABS_BASE_URL: fakes.elevenlabs.url,
    GOOGLE_TTS_BASE_URL: fakes.googleTts.url,
    POLLY_BASE_URL: polly.url,
  };
  api = await startApi('byok', env);
  worker = await runWorker(env);
  tenant = await createTenant({ creditMinutes: 100 });
  admin = await signIn(tenant.adminEmail, tenant.adminPassword);
}, 120_000);
afterAll(async () => {
  await worker?.stop();
  await api?.close();
  await Promise.all(Object.values(fakes).map((f) => f.close()));
});

describe('PUT /dashboard/provider-credentials/{kind}', () => {
  test('verifies against the vendor, stores the key sealed to its organization and kind, and never shows it', async () => {
    const before = fakes.deepgram.requests.length;
    const apiKey = GOOD('deepgram');
    validKeys.add(apiKey);
    const res = await put(admin, 'stt', { provider: 'deepgram', apiKey });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      object: 'provider_credential',
      kind: 'stt',
      provider: 'deepgram',
      apiKeyHint: `…${apiKey.slice(-4)}`,
      verified: true,
      verifiedAt: expect.any(String),
      lastVerificationError: null,
      lastVerificationAt: expect.any(String),
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    expect(JSON.stringify(res.body)).not.toContain(apiKey);
    // The fake saw the key in Deepgram's documented header, once.
    expect(fakes.deepgram.requests.slice(before)).toEqual([expect.objectContaining({ path: '/v1/projects' })]);
    expect(fakes.deepgram.requests.at(-1)!.headers.authorization).toBe(`Token ${apiKey}`);

    const raw = await rawCredential(tenant.organizationId, 'stt');
    const stored = JSON.stringify(raw);
    expect(stored).not.toContain(apiKey);
    expect(stored).not.toContain(Buffer.from(apiKey).toString('base64'));
    const sealed = raw!.secret as SealedSecret;
    const keys = api.config.byok.encryptionKeys;
    expect(sealed.keyId).toBe(keys[0].id);
    expect(Buffer.from(sealed.iv, 'base64')).toHaveLength(12);
    expect(Buffer.from(sealed.tag, 'base64')).toHaveLength(16);
    expect(openSecret(keys, tenant.organizationId, 'stt', 'deepgram', sealed)).toBe(apiKey);
    // Bound to its organization, kind and provider, and to the server key.
    expect(() => openSecret(keys, new Types.ObjectId(), 'stt', 'deepgram', sealed)).toThrow();
    expect(() => openSecret(keys, tenant.organizationId, 'tts', 'deepgram', sealed)).toThrow();
    expect(() => openSecret(keys, tenant.organizationId, 'stt', 'google', sealed)).toThrow();
    const otherServer = loadConfig({ CREDENTIALS_ENCRYPTION_KEY: randomBytes(32).toString('hex') }).byok.encryptionKeys;
    expect(() => openSecret([{ id: sealed.keyId, key: otherServer[0].key }], tenant.organizationId, 'stt', 'deepgram', sealed)).toThrow();
    expect(() => openSecret(otherServer, tenant.organizationId, 'stt', 'deepgram', sealed)).toThrow(/does not hold/);
  });

  test('two writes of the same key seal it with different IVs', async () => {
    const t = await createTenant();
    const session = await signIn(t.adminEmail, t.adminPassword);
    const apiKey = GOOD('elevenlabs');
    validKeys.add(apiKey);
    expect((await put(session, 'tts', { provider: 'elevenlabs', apiKey })).status).toBe(200);
    const first = (await rawCredential(t.organizationId, 'tts'))!.secret as SealedSecret;
    expect((await put(session, 'tts', { provider: 'elevenlabs', apiKey })).status).toBe(200);
    const second = (await rawCredential(t.organizationId, 'tts'))!.secret as SealedSecret;
    expect(second.iv).not.toBe(first.iv);
    expect(second.ciphertext).not.toBe(first.ciphertext);
  });

  test.each(Object.keys(VENDORS))('%s: the key goes where the vendor documents it, and a good key is verified', async (name) => {
    const vendor = VENDORS[name];
    const t = await createTenant();
    const session = await signIn(t.adminEmail, t.adminPassword);
    const before = fakes[name].requests.length;
    const apiKey = await putGood(session, name);
    const [seen] = fakes[name].requests.slice(before);
    expect(seen.path).toBe(vendor.path);
    expect(vendor.credential(seen)).toBe(apiKey);
    const got = await api.call('GET', `/api/v1/dashboard/provider-credentials/${vendor.kind}`, { token: session });
    expect(got.body).toMatchObject({ kind: vendor.kind, provider: vendor.provider, verified: true });
  });

  test.each(Object.keys(VENDORS))("%s's refusal is 400 PROVIDER_VERIFICATION_FAILED and leaves the credential unverified", async (name) => {
    const vendor = VENDORS[name];
    const t = await createTenant();
    const session = await signIn(t.adminEmail, t.adminPassword);
    const apiKey = `refused-${randomBytes(8).toString('hex')}`;
    const res = await put(session, vendor.kind, { provider: vendor.provider, apiKey });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ type: 'invalid_request_error', code: 'PROVIDER_VERIFICATION_FAILED', param: 'body.apiKey' });
    const named = new RegExp(vendor.name, 'i');
    expect(res.body.error.message).toMatch(named);
    expect(res.body.error.message).not.toContain(apiKey);
    const got = await api.call('GET', `/api/v1/dashboard/provider-credentials/${vendor.kind}`, { token: session });
    expect(got.body).toMatchObject({ provider: vendor.provider, verified: false, verifiedAt: null, lastVerificationError: expect.stringMatching(named) });
    expect(JSON.stringify(got.body)).not.toContain(apiKey);
    expect(await organizationCredential(String(t.organizationId), vendor.kind)).toBeNull();
  });

  test('a refused replacement keeps the verified credential in use and reports the refusal', async () => {
    const t = await createTenant();
    const session = await signIn(t.adminEmail, t.adminPassword);
    const working = await putGood(session, 'mistral');
    const res = await put(session, 'llm', { provider: 'groq', apiKey: 'refused-replacement-key' });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('PROVIDER_VERIFICATION_FAILED');
    expect(res.body.error.message).toContain('Invalid API Key');
    expect(res.body.error.message).toContain('stays in use');
    const got = await api.call('GET', '/api/v1/dashboard/provider-credentials/llm', { token: session });
    expect(got.body).toMatchObject({
      provider: 'mistral',
      apiKeyHint: `…${working.slice(-4)}`,
      verified: true,
      lastVerificationError: expect.stringMatching(/groq refused/i),
    });
    expect(await organizationCredential(String(t.organizationId), 'llm')).toEqual({ provider: 'mistral', apiKey: working });
  });

  test('a vendor outage is 502 PROVIDER_UNAVAILABLE with the credential stored unverified', async () => {
    const t = await createTenant();
    const session = await signIn(t.adminEmail, t.adminPassword);
    const res = await put(session, 'tts', { provider: 'elevenlabs', apiKey: OUTAGE_KEY });
    expect(res.status).toBe(502);
    expect(res.body.error).toMatchObject({ type: 'api_error', code: 'PROVIDER_UNAVAILABLE' });
    expect(res.body.error.message).toContain('HTTP 503');
    const got = await api.call('GET', '/api/v1/dashboard/provider-credentials/tts', { token: session });
    expect(got.body).toMatchObject({ provider: 'elevenlabs', verified: false, lastVerificationError: expect.stringContaining('ElevenLabs answered HTTP 503') });
  });

  test('an unreachable vendor is 502 too', async () => {
    const closed = await fakeSpeechVendor(VENDORS.deepgram);
    await closed.close();
    const app = await api.extraApp({ ...env, DEEPGRAM_BASE_URL: closed.url });
    const t = await createTenant();
    const session = await signIn(t.adminEmail, t.adminPassword);
    const res = await app.call('PUT', '/api/v1/dashboard/provider-credentials/stt', {
      token: session,
      body: { provider: 'deepgram', apiKey: GOOD('deepgram') },
    });
    expect(res.status).toBe(502);
    expect(res.body.error.message).toContain('Deepgram could not be reached');
  });

  test.each([
    ['voice', { provider: 'mistral', apiKey: 'x'.repeat(20) }, 'path.kind'],
    ['stt', { provider: 'elevenlabs', apiKey: 'x'.repeat(20) }, 'body.provider'],
    ['llm', { provider: 'simulated', apiKey: 'x'.repeat(20) }, 'body.provider'],
    ['tts', { provider: 'amazon', apiKey: 'x'.repeat(20) }, 'body.apiKey'],
    ['tts', { provider: 'amazon', accessKeyId: 'AKIAFAKEPOLLY0000001', secretAccessKey: 'x'.repeat(20) }, 'body.region'],
    ['tts', { provider: 'amazon', accessKeyId: 'not an id', secretAccessKey: 'x'.repeat(20), region: 'eu-west-1' }, 'body.accessKeyId'],
    ['tts', { provider: 'elevenlabs', apiKey: 'x'.repeat(20), region: 'eu-west-1' }, 'body.region'],
    ['llm', { provider: 'mistral' }, 'body.apiKey'],
    ['llm', { provider: 'mistral', apiKey: 'short' }, 'body.apiKey'],
    ['llm', { provider: 'mistral', apiKey: 'x'.repeat(20), model: 'large' }, 'body.model'],
  ])('PUT %s %j is 400 naming %s, and asks no vendor', async (kind, body, param) => {
    const before = Object.values(fakes).reduce((n, f) => n + f.requests.length, 0);
    const res = await put(admin, kind, body);
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ code: 'VALIDATION_ERROR', param });
    expect(Object.values(fakes).reduce((n, f) => n + f.requests.length, 0)).toBe(before);
  });

  test('amazon: an AWS key pair is verified with a signed Polly DescribeVoices and sealed as one secret', async () => {
    const t = await createTenant();
    const session = await signIn(t.adminEmail, t.adminPassword);
    const before = polly.requests.length;
    const pair = { accessKeyId: polly.accessKeyId, secretAccessKey: polly.secretAccessKey, region: 'eu-west-1' };
    const res = await put(session, 'tts', { provider: 'amazon', ...pair });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ kind: 'tts', provider: 'amazon', apiKeyHint: `…${pair.accessKeyId.slice(-4)}`, verified: true });
    expect(JSON.stringify(res.body)).not.toContain(pair.secretAccessKey);
    // The fake checked the SigV4 signature with the secret; the scope names the key id and region.
    const [seen] = polly.requests.slice(before);
    expect(seen).toMatchObject({ method: 'GET', path: '/v1/voices' });
    expect(seen.headers.authorization).toMatch(new RegExp(`^AWS4-HMAC-SHA256 Credential=${pair.accessKeyId}/\\d{8}/eu-west-1/polly/aws4_request, `));
    const stored = JSON.stringify(await rawCredential(t.organizationId, 'tts'));
    expect(stored).not.toContain(pair.secretAccessKey);
    const credential = await organizationCredential(String(t.organizationId), 'tts');
    expect(credential?.provider).toBe('amazon');
    expect(JSON.parse(credential!.apiKey)).toEqual(pair);
  });

  test('amazon: a pair Polly refuses is 400 PROVIDER_VERIFICATION_FAILED naming body.accessKeyId, and is not used', async () => {
    const t = await createTenant();
    const session = await signIn(t.adminEmail, t.adminPassword);
    const secretAccessKey = `wrong-${randomBytes(12).toString('hex')}`;
    const res = await put(session, 'tts', { provider: 'amazon', accessKeyId: polly.accessKeyId, secretAccessKey, region: 'eu-west-1' });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ code: 'PROVIDER_VERIFICATION_FAILED', param: 'body.accessKeyId' });
    expect(res.body.error.message).toMatch(/Amazon Polly refused the credential \(HTTP 403\): InvalidSignatureException/);
    expect(res.body.error.message).not.toContain(secretAccessKey);
    expect(await organizationCredential(String(t.organizationId), 'tts')).toBeNull();

    polly.failWith = { status: 500, type: 'ServiceFailureException', message: 'Service failure' };
    try {
      const outage = await put(session, 'tts', {
        provider: 'amazon',
        accessKeyId: polly.accessKeyId,
        secretAccessKey: polly.secretAccessKey,
        region: 'eu-west-1',
      });
      expect(outage.status).toBe(502);
      expect(outage.body.error.code).toBe('PROVIDER_UNAVAILABLE');
    } finally {
      polly.failWith = null;
    }
  });

  test('without CREDENTIALS_ENCRYPTION_KEY the server refuses to store credentials (503)', async () => {
    const app = await api.extraApp({ ...env, CREDENTIALS_ENCRYPTION_KEY: '' });
    const apiKey = GOOD('deepgram');
    validKeys.add(apiKey);
    const res = await app.call('PUT', '/api/v1/dashboard/provider-credentials/stt', { token: admin, body: { provider: 'deepgram', apiKey } });
    expect(res.status).toBe(503);
    expect(res.body.error).toMatchObject({ type: 'api_error', code: 'CREDENTIALS_ENCRYPTION_UNCONFIGURED' });
  });
});

describe('GET and DELETE /dashboard/provider-credentials', () => {
  test('the list holds one per kind in order, without secrets; get and delete address one kind', async () => {
    const t = await createTenant();
    const session = await signIn(t.adminEmail, t.adminPassword);
    const keys = [await putGood(session, 'elevenlabs'), await putGood(session, 'gemini'), await putGood(session, 'googleSpeech')];
    const list = await api.call('GET', '/api/v1/dashboard/provider-credentials', { token: session });
    expect(list.status).toBe(200);
    expect(list.body).toMatchObject({ object: 'list', dataType: 'provider_credential', pagination: { total: 3, hasMore: false } });
    expect(list.body.data.map((c: { kind: string; provider: string }) => [c.kind, c.provider])).toEqual([
      ['llm', 'gemini'],
      ['stt', 'google'],
      ['tts', 'elevenlabs'],
    ]);
    for (const key of keys) expect(JSON.stringify(list.body)).not.toContain(key);

    const deleted = await api.call('DELETE', '/api/v1/dashboard/provider-credentials/stt', { token: session });
    expect(deleted.body).toEqual({ object: 'provider_credential', kind: 'stt', deleted: true });
    expect(await rawCredential(t.organizationId, 'stt')).toBeNull();
    expect((await api.call('GET', '/api/v1/dashboard/provider-credentials/stt', { token: session })).status).toBe(404);
    expect((await api.call('DELETE', '/api/v1/dashboard/provider-credentials/stt', { token: session })).status).toBe(404);
    expect((await api.call('GET', '/api/v1/dashboard/provider-credentials/voice', { token: session })).body.error.param).toBe('path.kind');
    // Another organization sees none of them.
    expect(
      (await api.call('GET', '/api/v1/dashboard/provider-credentials', { token: admin })).body.data.some((c: { provider: string }) => c.provider === 'gemini'),
    ).toBe(false);
  });

  test('members are refused every route (403); API keys too', async () => {
    const email = `${uniqueName('member')}@example.com`;
    const created = await api.call('POST', '/api/v1/dashboard/users', { token: admin, body: { email, password: 'correct horse battery' } });
    expect(created.status).toBe(201);
    const member = await signIn(email, 'correct horse battery');
    const apiKey = GOOD('deepgram');
    validKeys.add(apiKey);
    for (const [method, path, body] of [
      ['PUT', '/stt', { provider: 'deepgram', apiKey }],
      ['GET', '', undefined],
      ['GET', '/stt', undefined],
      ['DELETE', '/stt', undefined],
    ] as const) {
      const res = await api.call(method, `/api/v1/dashboard/provider-credentials${path}`, { token: member, ...(body ? { body } : {}) });
      expect(res.status).toBe(403);
      expect(res.body.error.code).toBe('PERMISSION_DENIED');
    }
    const withKey = await api.call('GET', '/api/v1/dashboard/provider-credentials', { token: await tenant.key() });
    expect(withKey.status).toBe(403);
  });
});

describe('byok keys and their traffic', () => {
  let org: Tenant;
  let session: string;
  let byokKey: string;
  let plainKey: string;
  let phoneAgent: string;
  let voiceAgent: string;

  const usage = async () => (await api.call('GET', '/api/v1/usage', { token: plainKey })).body;
  const untilCompleted = (id: string) =>
    waitFor(async () => {
      const res = await api.call('GET', `/api/v1/calls/${id}`, { token: plainKey });
      return res.body.status === 'completed' ? res.body : undefined;
    }, 30_000);
  const callCount = async () => (await api.call('GET', '/api/v1/calls', { token: plainKey })).body.pagination.total;

  beforeAll(async () => {
    org = await createTenant({ creditMinutes: 50 });
    session = await signIn(org.adminEmail, org.adminPassword);
    plainKey = await org.key(SCOPES, POLLING);
    const phone = await api.call('POST', '/api/v1/agents', {
      token: plainKey,
      body: { name: 'Renewals', instructions: 'Call about the renewal.', phone: { greeting: 'Hi, this is the renewals desk.' } },
    });
    phoneAgent = phone.body.id;
    const voice = await api.call('POST', '/api/v1/agents', {
      token: plainKey,
      body: {
        type: 'voice',
        mode: 'interview',
        name: 'Panel',
        instructions: 'Interview the candidate.',
        voice: { opening: 'Welcome!', evaluationCriteria: ['TypeScript'] },
      },
    });
    voiceAgent = voice.body.id;
  });

  const newByokKey = () =>
    api.call('POST', '/api/v1/api-keys', { token: session, body: { name: uniqueName('byok'), scopes: [...SCOPES], byok: true, rateLimitPerMinute: 10_000 } });

  test('a byok key is 400 BYOK_NOT_READY, naming what is missing, until all three kinds are verified', async () => {
    let res = await newByokKey();
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ code: 'BYOK_NOT_READY', param: 'body.byok' });
    expect(res.body.error.message).toContain('llm, stt, tts');

    await putGood(session, 'groq');
    await putGood(session, 'deepgram');
    // Stored but refused: does not count.
    expect((await put(session, 'tts', { provider: 'elevenlabs', apiKey: 'refused-tts-key' })).status).toBe(400);
    res = await newByokKey();
    expect(res.status).toBe(400);
    expect(res.body.error.message).toContain('no verified tts credential');

    await putGood(session, 'googleTts');
    res = await newByokKey();
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ byok: true });
    byokKey = res.body.key;
  });

  test('a byok call is recorded as byok minutes and leaves credits alone; a plain call draws credits', async () => {
    const before = await usage();
    expect(before.byok).toEqual({ usedMinutes: 0 });
    const chats = llmFakes.groq.chatRequests().length;

    const placed = await api.call('POST', '/api/v1/calls', { token: byokKey, body: { agentId: phoneAgent, phoneNumber: '+442079460001' } });
    expect(placed.status).toBe(201);
    const done = await untilCompleted(placed.body.id);
    expect(done.chargedMinutes).toBeGreaterThanOrEqual(1);
    const afterByok = await waitFor(async () => {
      const u = await usage();
      return u.byok.usedMinutes > 0 ? u : undefined;
    });
    expect(afterByok.byok.usedMinutes).toBe(done.chargedMinutes);
    expect(afterByok.credits).toEqual(before.credits);
    // The conversation ran on the organization's own Groq key, not on the service's simulation.
    const byokChats = llmFakes.groq.chatRequests().slice(chats);
    expect(byokChats.length).toBeGreaterThan(0);
    for (const chat of byokChats) expect(chat.headers.authorization).toBe(`Bearer ${llmFakes.groq.apiKey}`);

    const plain = await api.call('POST', '/api/v1/calls', { token: plainKey, body: { agentId: phoneAgent, phoneNumber: '+442079460001' } });
    expect(plain.status).toBe(201);
    const plainDone = await untilCompleted(plain.body.id);
    const afterPlain = await waitFor(async () => {
      const u = await usage();
      return u.credits.usedMinutes > before.credits.usedMinutes ? u : undefined;
    });
    expect(afterPlain.credits.usedMinutes).toBe(before.credits.usedMinutes + plainDone.chargedMinutes);
    expect(afterPlain.credits.remainingMinutes).toBe(before.credits.remainingMinutes - plainDone.chargedMinutes);
    expect(afterPlain.byok).toEqual(afterByok.byok);
  });

  test('a byok interview is recorded as byok minutes too', async () => {
    const before = await usage();
    const created = await api.call('POST', '/api/v1/interviews', {
      token: byokKey,
      body: { agentId: voiceAgent, candidateName: 'Ada Lovelace', mode: 'text' },
    });
    expect(created.status).toBe(201);
    const id = created.body.id;
    const capability = new URL(created.body.interviewUrl).hash.slice(1);
    const candidate = (path: string, body?: unknown) =>
      api.call('POST', `/candidate/v1/interviews/${id}${path}`, { token: capability, ...(body ? { body } : {}) });
    expect((await candidate('/start')).body.status).toBe('active');
    // The organization's model says goodbye to the first answer.
    const last = await candidate('/messages', { text: 'Ready.' });
    expect(last.body).toMatchObject({ agentTurn: { text: 'Thanks for your time, goodbye.' }, ended: true });
    const after = await waitFor(async () => {
      const u = await usage();
      return u.byok.usedMinutes > before.byok.usedMinutes ? u : undefined;
    });
    expect(after.byok.usedMinutes).toBe(before.byok.usedMinutes + 1);
    expect(after.credits).toEqual(before.credits);
  });

  test('with a credential deleted, byok calls, interviews and campaign launches are 400 BYOK_NOT_READY and start nothing; plain keys carry on', async () => {
    const campaign = await api.call('POST', '/api/v1/campaigns', { token: byokKey, body: { name: uniqueName('Renewals'), agentId: phoneAgent } });
    expect(campaign.status).toBe(201);
    const imported = await api.call('POST', `/api/v1/campaigns/${campaign.body.id}/recipients`, {
      token: byokKey,
      body: { recipients: [{ phoneNumber: '+442079460001' }] },
    });
    expect(imported.status).toBeLessThan(300);

    expect((await api.call('DELETE', '/api/v1/dashboard/provider-credentials/tts', { token: session })).status).toBe(200);
    const calls = await callCount();

    const call = await api.call('POST', '/api/v1/calls', { token: byokKey, body: { agentId: phoneAgent, phoneNumber: '+442079460001' } });
    expect(call.status).toBe(400);
    expect(call.body.error).toMatchObject({ type: 'invalid_request_error', code: 'BYOK_NOT_READY' });
    expect(call.body.error.message).toContain('no verified tts credential');
    expect(await callCount()).toBe(calls);

    const interview = await api.call('POST', '/api/v1/interviews', { token: byokKey, body: { agentId: voiceAgent, candidateName: 'Ada Lovelace' } });
    expect(interview.status).toBe(400);
    expect(interview.body.error.code).toBe('BYOK_NOT_READY');

    const launch = await api.call('POST', `/api/v1/campaigns/${campaign.body.id}/launch`, { token: plainKey });
    expect(launch.status).toBe(400);
    expect(launch.body.error.code).toBe('BYOK_NOT_READY');
    expect((await api.call('GET', `/api/v1/campaigns/${campaign.body.id}`, { token: plainKey })).body.status).toBe('draft');

    expect((await api.call('POST', '/api/v1/calls', { token: plainKey, body: { agentId: phoneAgent, phoneNumber: '+442079460002' } })).status).toBe(201);
    // A new byok key is refused as well, and verifying the kind again lets everything through.
    expect((await newByokKey()).status).toBe(400);
    await putGood(session, 'elevenlabs');
    const again = await api.call('POST', '/api/v1/calls', { token: byokKey, body: { agentId: phoneAgent, phoneNumber: '+442079460001' } });
    expect(again.status).toBe(201);
    await untilCompleted(again.body.id);
  });

  test("organizationCredentials opens the organization's verified credential with the keys it is given, and only that", async () => {
    const llm = await organizationCredentials(loadConfig(env).byok.encryptionKeys)(String(org.organizationId), 'llm');
    expect(llm).toEqual({ provider: 'groq', apiKey: llmFakes.groq.apiKey });
    expect(await organizationCredential(String(new Types.ObjectId()), 'llm')).toBeNull();
    await expect(organizationCredentials([])(String(org.organizationId), 'llm')).rejects.toThrow(/does not hold/);
  });
});

describe('rotating the server key', () => {
  test('credentials sealed under the old key open while it is a previous key, and reseal moves them all to the new one', async () => {
    const t = await createTenant();
    const session = await signIn(t.adminEmail, t.adminPassword);
    const apiKey = await putGood(session, 'deepgram');
    const old = api.config.byok.encryptionKeys;
    const rotated = loadConfig({
      CREDENTIALS_ENCRYPTION_KEY: randomBytes(32).toString('hex'),
      CREDENTIALS_ENCRYPTION_PREVIOUS_KEYS: env.CREDENTIALS_ENCRYPTION_KEY,
    }).byok.encryptionKeys;
    expect(rotated[1]).toEqual(old[0]);
    try {
      expect(await organizationCredentials(rotated)(String(t.organizationId), 'stt')).toEqual({ provider: 'deepgram', apiKey });
      const total = await ProviderCredential.countDocuments();
      expect(await resealCredentials(rotated)).toBe(total);
      expect(await ProviderCredential.countDocuments({ 'secret.keyId': rotated[0].id })).toBe(total);
      // The old key is no longer needed: the new one alone opens every credential.
      expect(await organizationCredentials([rotated[0]])(String(t.organizationId), 'stt')).toEqual({ provider: 'deepgram', apiKey });
      await expect(organizationCredentials(old)(String(t.organizationId), 'stt')).rejects.toThrow(/does not hold/);
      expect(await resealCredentials([rotated[0]])).toBe(0);
    } finally {
      // Back under the test server's key, as the rest of the run expects.
      await resealCredentials([old[0], rotated[0]]);
    }
    expect(await organizationCredentials(old)(String(t.organizationId), 'stt')).toEqual({ provider: 'deepgram', apiKey });
  });
});
