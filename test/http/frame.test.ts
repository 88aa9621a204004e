/**
 * The HTTP frame around every operation: body parsing and its limits, unmatched routes and
 * methods, request ids, the generic 500, metrics and the request log.
 */
import { request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import Koa from 'koa';
import { errorEnvelope } from '../../api/middleware/errors';
import { requestId } from '../../api/middleware/requestId';
import { BODY_LIMIT_BYTES } from '../../api/middleware/body';
import { notFound } from '../../api/errors';
import { observability } from '../../api/observe';
import { createTenant, request, startApi, type ApiResponse } from '../helpers/app';
import { serve } from '../helpers/http';

const METRICS_TOKEN = 'metrics-token-of-the-frame-tests';
let api: Awaited<ReturnType<typeof startApi>>;
let key: string;

beforeAll(async () => {
  api = await startApi('frame', { METRICS_TOKEN });
  key = await (await createTenant()).key();
});
afterAll(() => api?.close());

/** The envelope every failure has, with request_id equal to the x-request-id header. */
function expectEnvelope(res: ApiResponse, status: number, error: Record<string, unknown>) {
  expect(res.status).toBe(status);
  expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  expect(res.body).toEqual({
    error: { type: expect.any(String), code: expect.any(String), message: expect.any(String), ...error },
    request_id: res.headers.get('x-request-id'),
  });
  expect(res.body.request_id).toMatch(/^req_[0-9a-f]{24}$/);
}

/** A JSON body of exactly `bytes` bytes: a valid agent except for its overlong instructions. */
function jsonOfSize(bytes: number): string {
  const shell = JSON.stringify({ name: 'Big', instructions: '' });
  const body = JSON.stringify({ name: 'Big', instructions: 'a'.repeat(bytes - Buffer.byteLength(shell)) });
  expect(Buffer.byteLength(body)).toBe(bytes);
  return body;
}

describe('request bodies', () => {
  test.each(['{"name": "x",', '{name: "x"}', '[1, 2', 'null x'])('malformed JSON %j is 400 VALIDATION_ERROR param body', async (raw) => {
    const res = await api.call('POST', '/api/v1/agents', { token: key, body: raw });
    expectEnvelope(res, 400, { type: 'invalid_request_error', code: 'VALIDATION_ERROR', param: 'body' });
  });

  test('a body over 1 MiB is 413 PAYLOAD_TOO_LARGE', async () => {
    expect(BODY_LIMIT_BYTES).toBe(1024 * 1024);
    const res = await api.call('POST', '/api/v1/agents', { token: key, body: jsonOfSize(BODY_LIMIT_BYTES + 1) });
    expectEnvelope(res, 413, { type: 'invalid_request_error', code: 'PAYLOAD_TOO_LARGE' });
  });

  test('a body over 1 MiB sent chunked, without a content-length, is 413 too', async () => {
    const body = Buffer.from(jsonOfSize(2 * BODY_LIMIT_BYTES));
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < body.length; i += 64 * 1024) controller.enqueue(body.subarray(i, i + 64 * 1024));
        controller.close();
      },
    });
    const init = {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: stream,
      duplex: 'half',
    };
    const raw = await fetch(`${api.url}/api/v1/agents`, init as RequestInit);
    const res: ApiResponse = { status: raw.status, headers: raw.headers, body: await raw.json() };
    expectEnvelope(res, 413, { code: 'PAYLOAD_TOO_LARGE' });
  });

  test('a body of exactly 1 MiB is read and validated, not refused for its size', async () => {
    const res = await api.call('POST', '/api/v1/agents', { token: key, body: jsonOfSize(BODY_LIMIT_BYTES) });
    expectEnvelope(res, 400, { code: 'VALIDATION_ERROR', param: 'body.instructions' });
  });

  test.each(['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x'])('a %s body is 415 UNSUPPORTED_MEDIA_TYPE', async (type) => {
    const res = await api.call('POST', '/api/v1/agents', {
      token: key,
      body: JSON.stringify({ name: 'x', instructions: 'y' }),
      headers: { 'content-type': type },
    });
    expectEnvelope(res, 415, { type: 'invalid_request_error', code: 'UNSUPPORTED_MEDIA_TYPE' });
  });

  test('application/json with a charset is accepted', async () => {
    const res = await api.call('POST', '/api/v1/agents', {
      token: key,
      body: JSON.stringify({ name: 'Charset', instructions: 'Say hello.' }),
      headers: { 'content-type': 'application/json; charset=utf-8' },
    });
    expect(res.status).toBe(201);
  });

  test('a body nested thousands deep in a few kilobytes is 400, on partner, sign-in and candidate routes alike', async () => {
    const deep = (levels: number) => `{"password":"x","email":${'['.repeat(levels)}${']'.repeat(levels)}}`;
    for (const [path, token] of [
      ['/api/v1/agents', key],
      ['/api/v1/dashboard/sessions', undefined],
      ['/candidate/v1/interviews/0123456789abcdef01234567/messages', undefined],
    ] as const) {
      const res = await api.call('POST', path, { token, body: deep(12_000) });
      if (path.startsWith('/candidate')) expect(res.status).toBe(401);
      else expectEnvelope(res, 400, { code: 'VALIDATION_ERROR', param: 'body', message: 'The request body is nested more than 32 levels deep.' });
    }
    // 32 levels are read and judged by the schema.
    const res = await api.call('POST', '/api/v1/dashboard/sessions', { body: deep(31) });
    expectEnvelope(res, 400, { code: 'VALIDATION_ERROR', param: 'body.email' });
  });

  test('the body is read only after authentication: no key is 401 even for a malformed body', async () => {
    const res = await api.call('POST', '/api/v1/agents', { body: '{oops' });
    expectEnvelope(res, 401, { type: 'authentication_error', code: 'INVALID_API_KEY' });
  });
});

describe('requests Node cannot parse', () => {
  /** What the server answers to `raw` bytes on a fresh connection, parsed as status and JSON body. */
  async function rawAnswer(raw: string): Promise<ApiResponse> {
    const { port } = new URL(api.url);
    const text = await new Promise<string>((resolve, reject) => {
      const socket = connect(Number(port), '127.0.0.1', () => socket.write(raw));
      let answer = '';
      socket.on('data', (d) => (answer += d.toString('utf8')));
      socket.on('end', () => resolve(answer));
      socket.on('error', reject);
    });
    const [head, body] = text.split('\r\n\r\n');
    const [statusLine, ...lines] = head!.split('\r\n');
    const headers = new Headers(lines.map((l) => [l.slice(0, l.indexOf(':')), l.slice(l.indexOf(':') + 1).trim()] as [string, string]));
    return { status: Number(statusLine!.split(' ')[1]), headers, body: JSON.parse(body!) };
  }

  test('headers over 16 KiB are 431 HEADERS_TOO_LARGE in the envelope, not a bare status', async () => {
    const res = await rawAnswer(`GET /api/v1/agents HTTP/1.1\r\nhost: x\r\nx-big: ${'a'.repeat(20_000)}\r\n\r\n`);
    expectEnvelope(res, 431, { type: 'invalid_request_error', code: 'HEADERS_TOO_LARGE' });
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  test('a URL over 16 KiB too', async () => {
    const res = await rawAnswer(`GET /api/v1/agents?q=${'a'.repeat(20_000)} HTTP/1.1\r\nhost: x\r\n\r\n`);
    expectEnvelope(res, 431, { code: 'HEADERS_TOO_LARGE' });
  });

  test('text that is not HTTP is 400 MALFORMED_REQUEST', async () => {
    const res = await rawAnswer('HELLO THERE\r\n\r\n');
    expectEnvelope(res, 400, { type: 'invalid_request_error', code: 'MALFORMED_REQUEST' });
  });
});

describe('unmatched requests', () => {
  test.each([
    ['PUT', '/api/v1/agents', ['GET', 'HEAD', 'POST']],
    ['POST', '/api/v1/agents/0123456789abcdef01234567', ['DELETE', 'GET', 'HEAD', 'PATCH']],
    ['DELETE', '/api/v1/usage', ['GET', 'HEAD']],
    // A static path beside a parameterized one (`/contacts/{id}`) answers with its own methods, not the id's.
    ['PATCH', '/api/v1/contacts/import', ['POST']],
    ['DELETE', '/api/v1/contacts/import', ['POST']],
  ])('%s %s is 405 with an Allow header and the envelope', async (method, route, allowed) => {
    const res = await api.call(method, route, { token: key, body: {} });
    expectEnvelope(res, 405, { type: 'invalid_request_error', code: 'METHOD_NOT_ALLOWED' });
    const allow = String(res.headers.get('allow')).split(/,\s*/).sort();
    expect(allow).toEqual(allowed);
  });

  test('OPTIONS on a static path beside a parameterized one lists only its own methods', async () => {
    const res = await api.call('OPTIONS', '/api/v1/contacts/import', { token: key });
    expect(String(res.headers.get('allow')).split(/,\s*/).sort()).toEqual(['POST']);
  });

  test.each(['/api/v1/nope', '/api/v1/agents/x/y', '/api/v2/agents', '/nope', '/'])('GET %s is a 404 envelope', async (route) => {
    const res = await api.call('GET', route, { token: key });
    expectEnvelope(res, 404, { type: 'invalid_request_error', code: 'RESOURCE_NOT_FOUND' });
  });
});

describe('methods, bodies and pages', () => {
  /** fetch refuses to send TRACE, so this speaks HTTP/1.1 through node:http. */
  function trace(route: string): Promise<ApiResponse> {
    return new Promise((resolve, reject) => {
      const req = httpRequest(`${api.url}${route}`, { method: 'TRACE' }, (res) => {
        let text = '';
        res.on('data', (chunk) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode!, headers: new Headers(res.headers as Record<string, string>), body: JSON.parse(text) }));
      });
      req.on('error', reject);
      req.end();
    });
  }

  test('TRACE on a known path is 405 in the envelope with an allow header listing its methods', async () => {
    const res = await trace('/api/v1/agents');
    expectEnvelope(res, 405, { type: 'invalid_request_error', code: 'METHOD_NOT_ALLOWED' });
    expect(String(res.headers.get('allow')).split(/,\s*/).sort()).toEqual(['GET', 'HEAD', 'POST']);
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  test('TRACE on an unknown path is a 404 envelope', async () => {
    expectEnvelope(await trace('/api/v1/nowhere'), 404, { code: 'RESOURCE_NOT_FOUND' });
  });

  test('a PATCH without a body is 400 naming body, and changes nothing', async () => {
    const created = await api.call('POST', '/api/v1/agents', { token: key, body: { name: 'Unpatched', instructions: 'Stay.' } });
    const res = await api.call('PATCH', `/api/v1/agents/${created.body.id}`, { token: key, headers: { 'content-type': 'application/json' } });
    expectEnvelope(res, 400, { type: 'invalid_request_error', code: 'VALIDATION_ERROR', param: 'body' });
    const after = await api.call('GET', `/api/v1/agents/${created.body.id}`, { token: key });
    expect(after.body.updatedAt).toBe(created.body.updatedAt);
    const empty = await api.call('PATCH', `/api/v1/agents/${created.body.id}`, { token: key, body: {} });
    expect(empty.status).toBe(200);
  });

  test.each([
    ['page=1e300', 'query.page'],
    ['page=9007199254740993', 'query.page'],
    ['page=1000000001', 'query.page'],
    ['page=0', 'query.page'],
    ['page=1.5', 'query.page'],
    ['limit=1e300', 'query.limit'],
    ['limit=101', 'query.limit'],
  ])('?%s is 400 naming %s', async (query, param) => {
    expectEnvelope(await api.call('GET', `/api/v1/agents?${query}`, { token: key }), 400, { code: 'VALIDATION_ERROR', param });
  });

  test('the last page allowed answers an empty page', async () => {
    const res = await api.call('GET', '/api/v1/agents?page=1000000000&limit=100', { token: key });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([]);
    expect(res.body.pagination).toMatchObject({ page: 1000000000, limit: 100, hasMore: false });
  });

  test('every response, errors included, says cache-control: no-store and x-content-type-options: nosniff', async () => {
    const responses = await Promise.all([
      api.call('GET', '/api/v1/agents', { token: key }),
      api.call('GET', '/api/v1/agents'),
      api.call('GET', '/api/v1/agents?page=0', { token: key }),
      api.call('GET', '/api/v1/agents/0123456789abcdef01234567', { token: key }),
      api.call('DELETE', '/api/v1/usage', { token: key }),
      api.call('GET', '/api/v1/openapi.json'),
      api.call('GET', '/healthz'),
      api.call('GET', '/nowhere'),
    ]);
    expect(responses.map((r) => r.status)).toEqual([200, 401, 400, 404, 405, 200, 200, 404]);
    for (const res of responses) {
      expect(res.headers.get('cache-control')).toBe('no-store');
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    }
  });
});

describe('request ids', () => {
  test('every response carries a fresh x-request-id; error bodies repeat it', async () => {
    const responses = await Promise.all([
      api.call('GET', '/api/v1/agents', { token: key }),
      api.call('GET', '/api/v1/agents'),
      api.call('GET', '/api/v1/agents/nope', { token: key }),
      api.call('GET', '/api/v1/openapi.json'),
      api.call('GET', '/healthz'),
      api.call('GET', '/metrics', { token: METRICS_TOKEN }),
      api.call('PUT', '/api/v1/agents', { token: key }),
      api.call('GET', '/nowhere'),
    ]);
    expect(responses.map((r) => r.status)).toEqual([200, 401, 404, 200, 200, 200, 405, 404]);
    const ids = responses.map((r) => r.headers.get('x-request-id'));
    for (const id of ids) expect(id).toMatch(/^req_[0-9a-f]{24}$/);
    expect(new Set(ids).size).toBe(ids.length);
    for (const res of responses.filter((r) => r.status >= 400)) expect(res.body.request_id).toBe(res.headers.get('x-request-id'));
  });

  test('a client-sent x-request-id is not trusted as the id', async () => {
    const res = await api.call('GET', '/api/v1/agents/nope', { token: key, headers: { 'x-request-id': 'req_spoofed' } });
    expect(res.headers.get('x-request-id')).not.toBe('req_spoofed');
    expect(res.body.request_id).toBe(res.headers.get('x-request-id'));
  });
});

test('an unexpected exception is a generic 500 INTERNAL_ERROR, and the original error is emitted on the app', async () => {
  const app = new Koa();
  const emitted: { err: unknown; requestId?: string }[] = [];
  app.on('error', (err: unknown, ctx?: Koa.Context) => emitted.push({ err, requestId: ctx?.state.requestId }));
  const thrown = new Error('secret detail: password=hunter2');
  app.use(requestId());
  app.use(errorEnvelope());
  app.use(async () => {
    throw thrown;
  });
  const server = await serve(app);
  try {
    const raw = await fetch(`${server.url}/anything`);
    const text = await raw.text();
    const res: ApiResponse = { status: raw.status, headers: raw.headers, body: JSON.parse(text) };
    expectEnvelope(res, 500, { type: 'api_error', code: 'INTERNAL_ERROR' });
    expect(res.body.error).not.toHaveProperty('param');
    expect(text).not.toContain('secret detail');
    expect(text).not.toContain('hunter2');
    expect(text).not.toMatch(/at .*\.ts:\d+/);
    expect(res.body.error.message).toContain('request_id');
    expect(emitted).toHaveLength(1);
    expect(emitted[0]!.err).toBe(thrown);
    expect(emitted[0]!.requestId).toBe(res.headers.get('x-request-id'));
  } finally {
    await server.close();
  }
});

test('an ApiError is answered as itself and not emitted as an unexpected error', async () => {
  const { notFound } = await import('../../api/errors');
  const app = new Koa();
  const emitted: unknown[] = [];
  app.on('error', (err: unknown) => emitted.push(err));
  app.use(requestId());
  app.use(errorEnvelope());
  app.use(async () => {
    throw notFound('widget', 'path.id');
  });
  const server = await serve(app);
  try {
    const raw = await fetch(`${server.url}/w/1`);
    const res: ApiResponse = { status: raw.status, headers: raw.headers, body: await raw.json() };
    expectEnvelope(res, 404, { code: 'RESOURCE_NOT_FOUND', param: 'path.id', message: 'No such widget in your organization.' });
    expect(emitted).toEqual([]);
  } finally {
    await server.close();
  }
});

test('GET /metrics counts requests labelled by operation id, never by raw path', async () => {
  const created = await api.call('POST', '/api/v1/agents', { token: key, body: { name: 'Metered', instructions: 'Count me.' } });
  expect(created.status).toBe(201);
  expect((await api.call('GET', '/api/v1/agents', { token: key })).status).toBe(200);
  expect((await api.call('GET', `/api/v1/agents/${created.body.id}`, { token: key })).status).toBe(200);
  expect((await api.call('GET', '/api/v1/no-such-route-xyz')).status).toBe(404);

  const res = await api.call('GET', '/metrics', { token: METRICS_TOKEN });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
  const text = String(res.body);
  expect(text).toContain('# TYPE http_requests_total counter');
  const count = (labels: string) => {
    const line = text.split('\n').find((l) => l.startsWith(`http_requests_total{${labels}}`));
    return line ? Number(line.split(' ').pop()) : 0;
  };
  expect(count('method="GET",route="listAgents",status="200"')).toBeGreaterThanOrEqual(1);
  expect(count('method="POST",route="createAgent",status="201"')).toBeGreaterThanOrEqual(1);
  expect(count('method="GET",route="getAgent",status="200"')).toBeGreaterThanOrEqual(1);
  expect(count('method="GET",route="unmatched",status="404"')).toBeGreaterThanOrEqual(1);
  expect(text).toMatch(/http_request_duration_seconds_bucket\{[^}]*route="listAgents"/);
  // Ids and unknown paths stay out of the labels.
  expect(text).not.toContain(created.body.id);
  expect(text).not.toContain('no-such-route-xyz');
});

test('GET /metrics takes METRICS_TOKEN as its bearer credential, and is not served without one configured', async () => {
  for (const token of [undefined, 'wrong', key]) {
    const res = await api.call('GET', '/metrics', { token });
    expectEnvelope(res, 401, { type: 'authentication_error', code: 'INVALID_API_KEY' });
    expect(String(res.body)).not.toContain('http_requests_total');
  }
  const unconfigured = await api.extraApp({ METRICS_TOKEN: '' });
  expectEnvelope(await unconfigured.call('GET', '/metrics', { token: METRICS_TOKEN }), 404, { code: 'RESOURCE_NOT_FOUND' });
});

test('each request writes one structured JSON log line without credentials or query strings', async () => {
  let stdout = '';
  const destination = { write: (line: string) => void (stdout += line) };
  const app = new Koa();
  const { middleware } = observability('info', destination);
  app.use(requestId());
  app.use(middleware);
  app.use(errorEnvelope());
  app.use(async (ctx) => {
    if (ctx.path !== '/ok') throw notFound();
    ctx.state.operationId = 'listAgents';
    ctx.state.auth = { keyId: 'key123', organizationId: 'org456' };
    ctx.body = { ok: true };
  });
  const server = await serve(app);
  const a = await request(server.url, 'GET', '/ok?token=querysecret', { headers: { authorization: 'Bearer rb_live_SECRETSECRETSECRETSECRETSECRET12' } });
  const b = await request(server.url, 'GET', '/missing');
  await server.close();
  const [okId, missingId] = [a.headers.get('x-request-id'), b.headers.get('x-request-id')];
  const lines = stdout
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l));
  const requests = lines.filter((l) => l.msg === 'request');
  expect(requests).toHaveLength(2);
  expect(requests[0]).toEqual({
    level: 30,
    time: expect.any(String),
    msg: 'request',
    request_id: okId,
    method: 'GET',
    path: '/ok',
    route: 'listAgents',
    status: 200,
    duration_ms: expect.any(Number),
    key_id: 'key123',
    organization_id: 'org456',
  });
  expect(new Date(requests[0].time).toISOString()).toBe(requests[0].time);
  expect(requests[1]).toMatchObject({ request_id: missingId, path: '/missing', route: 'unmatched', status: 404 });
  expect(requests[1]).not.toHaveProperty('key_id');
  expect(stdout).not.toContain('SECRET');
  expect(stdout).not.toContain('querysecret');
});
