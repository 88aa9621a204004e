/**
 * The machine-readable contract: GET /api/v1/openapi.json is a valid OpenAPI 3.1 document that
 * describes exactly the routes the app serves, each with its errors and its credential.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import mongoose from 'mongoose';
import type Router from '@koa/router';
import { Client, Connection } from '@temporalio/client';
import { createApp } from '../../api/app';
import { API_PREFIX, koaPath } from '../../api/router';
import { apiRoutes } from '../../api/routes';
import { startApi } from '../helpers/app';
import { temporalAddress, testDataConverter } from '../helpers/servers';

type Operation = {
  operationId?: string;
  security?: Record<string, string[]>[];
  parameters?: { name: string; in: string; required?: boolean }[];
  requestBody?: { content?: Record<string, { schema?: unknown }> };
  responses: Record<string, { description?: string; content?: Record<string, { schema?: unknown }>; headers?: Record<string, unknown> }>;
};
type Doc = {
  openapi: string;
  info: { title: string; version: string };
  servers: { url: string }[];
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, unknown>; securitySchemes: Record<string, { type: string; scheme?: string }> };
};

const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

let api: Awaited<ReturnType<typeof startApi>>;
let doc: Doc;

beforeAll(async () => {
  api = await startApi('openapi');
  const res = await api.call('GET', '/api/v1/openapi.json');
  expect(res.status).toBe(200);
  doc = res.body;
});
afterAll(() => api?.close());

/**
 * The validator is ESM only, which jest's module system cannot load on Node 20; it runs in a
 * plain Node process instead, the document on stdin and `{valid, errors}` on stdout.
 */
function validateOpenApi(document: unknown): Promise<{ valid: boolean; errors?: unknown }> {
  const script = `
    import { Validator } from '@seriousme/openapi-schema-validator';
    let input = '';
    for await (const chunk of process.stdin) input += chunk;
    const validator = new Validator();
    const result = await validator.validate(JSON.parse(input));
    process.stdout.write(JSON.stringify({ valid: result.valid, errors: result.errors, version: validator.version }));
  `;
  return new Promise((resolve, reject) => {
    // A stuck child must fail the test, not keep jest waiting on its handle forever.
    const child = spawn(process.execPath, ['--input-type=module', '-e', script], {
      cwd: path.resolve(__dirname, '../..'),
      timeout: 30_000,
      killSignal: 'SIGKILL',
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c) => (stdout += c));
    child.stderr.on('data', (c) => (stderr += c));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code !== 0) return reject(new Error(`validator exited with ${code}: ${stderr}`));
      resolve(JSON.parse(stdout));
    });
    child.stdin.end(JSON.stringify(document));
  });
}

/** Every (METHOD, koa path) the running app's routers answer, read from the app's own middleware. */
async function servedRoutes(): Promise<{ method: string; path: string }[]> {
  const connection = await Connection.connect({ address: temporalAddress() });
  try {
    const app = createApp({ config: api.config, mongo: mongoose.connection, temporal: new Client({ connection, dataConverter: testDataConverter() }) });
    const routers = (app.middleware as { router?: Router }[]).flatMap((mw) => (mw.router ? [mw.router] : []));
    expect(routers.length).toBeGreaterThanOrEqual(2);
    return routers.flatMap((router) =>
      router.stack.flatMap((layer) => layer.methods.filter((m) => m !== 'HEAD').map((method) => ({ method: method.toLowerCase(), path: String(layer.path) }))),
    );
  } finally {
    await connection.close();
  }
}

const operations = () =>
  Object.entries(doc.paths).flatMap(([p, item]) =>
    Object.entries(item)
      .filter(([method]) => HTTP_METHODS.includes(method))
      .map(([method, op]) => ({ path: p, method, op })),
  );

const isErrorEnvelope = (schema: unknown) =>
  JSON.stringify(schema) === JSON.stringify({ $ref: '#/components/schemas/Error' }) || JSON.stringify(schema) === JSON.stringify(doc.components.schemas.Error);

test('the document is public, JSON, and a valid OpenAPI 3.1 document', async () => {
  const res = await api.call('GET', '/api/v1/openapi.json', { headers: { authorization: 'Bearer nonsense' } });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  expect(res.headers.get('x-request-id')).toMatch(/^req_/);
  expect(doc.openapi).toMatch(/^3\.1\.\d+$/);
  expect(doc.info.version).toBe('1.0.0');
  expect(doc.servers[0]!.url).toBe(`${api.config.publicBaseUrl}${API_PREFIX}`);
  const result = await validateOpenApi(doc);
  expect(result.errors).toBeUndefined();
  expect(result).toMatchObject({ valid: true, version: '3.1' });
});

test('the validator does refuse a broken document (the check above is not vacuous)', async () => {
  const broken = JSON.parse(JSON.stringify(doc));
  const [firstPath] = Object.keys(broken.paths);
  broken.paths[firstPath!].get = { responses: { 200: { content: 'not an object' } } };
  delete broken.info;
  expect((await validateOpenApi(broken)).valid).toBe(false);
});

test('every route the app serves under /api/v1 is documented, and every documented one is served', async () => {
  const served = await servedRoutes();
  const api1 = served.filter((r) => r.path.startsWith(`${API_PREFIX}/`));
  // Outside /api/v1 only the operational probes, the operator's payload codec (OPTIONS and POST of
  // each), the candidate side of interviews (its routes, pages and embed.js) and the dashboard web
  // app's and the API reference's files exist; they are not part of the partner contract.
  expect(
    served
      .filter((r) => !r.path.startsWith(`${API_PREFIX}/`))
      .map((r) => r.path)
      .sort(),
  ).toEqual([
    '/assets/icon.svg',
    '/assets/session.css',
    '/assets/session.js',
    '/assets/voice-worklet.js',
    '/assets/voice.js',
    '/candidate/v1/interviews/:id',
    '/candidate/v1/interviews/:id/end',
    '/candidate/v1/interviews/:id/messages',
    '/candidate/v1/interviews/:id/start',
    ...['/codec/:token/decode', '/codec/:token/encode', '/codec/decode', '/codec/encode'].flatMap((p) => [p, p]),
    '/dashboard',
    '/dashboard/',
    '/dashboard/app.css',
    '/dashboard/app.js',
    '/dashboard/icon.svg',
    '/docs',
    '/docs/',
    '/docs/reference.css',
    '/docs/reference.js',
    '/embed.js',
    '/embed/:id',
    '/healthz',
    '/i/:id',
    '/metrics',
    '/readyz',
  ]);

  const key = (r: { method: string; path: string }) => `${r.method.toUpperCase()} ${r.path}`;
  const servedKeys = api1.map(key).sort();
  const documentedKeys = operations()
    .map((o) => key({ method: o.method, path: `${API_PREFIX}${koaPath(o.path)}` }))
    .sort();
  expect(new Set(servedKeys).size).toBe(servedKeys.length);
  expect(servedKeys.filter((k) => !documentedKeys.includes(k))).toEqual([]);
  expect(documentedKeys.filter((k) => !servedKeys.includes(k))).toEqual([]);
  expect(servedKeys).toEqual(documentedKeys);
  // Sanity: the comparison saw the routes known to exist.
  expect(servedKeys).toEqual(expect.arrayContaining(['GET /api/v1/agents/:id', 'POST /api/v1/api-keys', 'GET /api/v1/openapi.json']));
});

test('operation ids are present and unique, and each names the route the table declares', () => {
  const ops = operations();
  const ids = ops.map((o) => o.op.operationId);
  for (const id of ids) expect(id).toMatch(/^[a-z][A-Za-z0-9]+$/);
  expect(new Set(ids).size).toBe(ids.length);
  for (const route of apiRoutes()) {
    const op = doc.paths[route.path]?.[route.method];
    expect(op?.operationId).toBe(route.operationId);
    // The route's own success status is documented.
    expect(op?.responses[String(route.status)]).toBeDefined();
  }
});

test('every operation documents a 2xx response and its error responses with the error envelope', () => {
  const errorSchema = doc.components.schemas.Error as { properties?: Record<string, unknown>; required?: string[] };
  expect(errorSchema.properties).toHaveProperty('error');
  expect(errorSchema.properties).toHaveProperty('request_id');
  expect(errorSchema.required).toEqual(expect.arrayContaining(['error', 'request_id']));

  for (const { path: p, method, op } of operations()) {
    const where = `${method.toUpperCase()} ${p}`;
    const statuses = Object.keys(op.responses);
    expect({ where, has2xx: statuses.some((s) => /^2\d\d$/.test(s)) }).toEqual({ where, has2xx: true });

    const isPublic = Array.isArray(op.security) && op.security.length === 0;
    // A public operation cannot fail authentication or name a missing resource; an authenticated one
    // can, and may be throttled (its key's limit, or invalid credentials from the address).
    const required = isPublic ? ['500'] : ['400', '401', '403', '404', '429', '500'];
    if (op.requestBody) required.push('400', '413', '415');
    for (const status of new Set(required)) {
      const response = op.responses[status];
      expect({ where, status, documented: Boolean(response) }).toEqual({ where, status, documented: true });
      const schema = response!.content?.['application/json']?.schema;
      expect({ where, status, envelope: isErrorEnvelope(schema) }).toEqual({ where, status, envelope: true });
    }
    // Any other error response documented also uses the envelope.
    for (const status of statuses.filter((s) => /^[45]\d\d$/.test(s))) {
      expect({ where, status, envelope: isErrorEnvelope(op.responses[status]!.content?.['application/json']?.schema) }).toEqual({
        where,
        status,
        envelope: true,
      });
    }
  }
});

test('API-key operations declare bearerAuth or the session, dashboard ones the session, public ones nothing', () => {
  const schemes = doc.components.securitySchemes;
  expect(schemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' });
  expect(schemes.dashboardSession).toMatchObject({ type: 'http', scheme: 'bearer' });
  const routes = apiRoutes();
  expect(routes.filter((r) => r.auth === 'apiKey').length).toBeGreaterThan(0);
  for (const route of routes) {
    const op = doc.paths[route.path]![route.method]!;
    const expected = route.auth === 'public' ? [] : route.auth === 'apiKey' ? [{ bearerAuth: [] }, { dashboardSession: [] }] : [{ dashboardSession: [] }];
    expect({ op: route.operationId, security: op.security }).toEqual({ op: route.operationId, security: expected });
    for (const requirement of op.security ?? []) for (const name of Object.keys(requirement)) expect(schemes).toHaveProperty(name);
    if (route.auth !== 'public' || op.responses['429']) expect(op.responses['429']?.headers).toHaveProperty('retry-after');
    if (route.auth === 'apiKey') {
      if (route.scope) expect((op as { description?: string }).description).toContain(`\`${route.scope}\``);
    }
  }
  // Only the sign-in and this document are reachable without a credential.
  expect(
    routes
      .filter((r) => r.auth === 'public')
      .map((r) => r.operationId)
      .sort(),
  ).toEqual(['createDashboardSession', 'getOpenApi']);
});

test('path parameters are declared for every {name} in a path; bodies are JSON', () => {
  for (const { path: p, method, op } of operations()) {
    const names = [...p.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
    const declared = (op.parameters ?? []).filter((x) => x.in === 'path');
    expect({ where: `${method} ${p}`, params: declared.map((x) => x.name).sort() }).toEqual({ where: `${method} ${p}`, params: names.sort() });
    for (const param of declared) expect(param.required).toBe(true);
    if (op.requestBody) expect(Object.keys(op.requestBody.content ?? {})).toEqual(['application/json']);
  }
});

test('every partner POST declares the optional Idempotency-Key header, its 409 and 422, and the replay header', () => {
  const posts = apiRoutes().filter((r) => r.method === 'post' && r.auth === 'apiKey');
  expect(posts.map((r) => r.operationId)).toEqual(
    expect.arrayContaining([
      'placeCall',
      'createAgent',
      'createCampaign',
      'importCampaignRecipients',
      'launchCampaign',
      'hangupCall',
      'createInterview',
      'createEmbedToken',
    ]),
  );
  for (const route of posts) {
    const op = doc.paths[route.path]!.post!;
    const header = (op.parameters ?? []).find((p) => p.in === 'header' && p.name === 'Idempotency-Key') as
      { required?: boolean; schema?: { minLength?: number; maxLength?: number; pattern?: string } } | undefined;
    expect({ op: route.operationId, header: header && { required: header.required, ...header.schema } }).toMatchObject({
      op: route.operationId,
      header: { required: false, minLength: 1, maxLength: 255, pattern: expect.any(String) },
    });
    expect(op.responses['409']?.description).toContain('IDEMPOTENCY_KEY_IN_USE');
    expect(op.responses['422']?.description).toContain('IDEMPOTENCY_KEY_REUSED');
    expect(op.responses[String(route.status)]?.headers).toHaveProperty('idempotent-replayed');
  }
  // Reads and dashboard operations take no key.
  for (const { method, op } of operations().filter((o) => o.method !== 'post' || !o.op.security?.some((s) => 'bearerAuth' in s))) {
    expect({ method, header: (op.parameters ?? []).some((p) => p.in === 'header') }).toEqual({ method, header: false });
  }
});

test('the document states the shape of an allowed origin, as the validator enforces it', () => {
  const body = doc.paths['/api-keys']!.post!.requestBody!.content!['application/json']!.schema as {
    properties: { allowedOrigins: { items: { pattern: string } } };
  };
  const origin = new RegExp(body.properties.allowedOrigins.items.pattern, 'u');
  expect(origin.test('https://app.example.com:8443')).toBe(true);
  expect(origin.test('http://localhost:5173')).toBe(true);
  for (const bad of ['https://app.example.com/', 'https://*.example.com', 'https://a.example;b', 'http://app.example.com'])
    expect(origin.test(bad)).toBe(false);
});
