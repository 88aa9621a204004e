/** Probes and the error envelope for requests no route answers, against the real servers. */
import Koa from 'koa';
import mongoose from 'mongoose';
import pino from 'pino';
import { Client, Connection } from '@temporalio/client';
import { createApp } from '../../api/app';
import { requestId } from '../../api/middleware/requestId';
import { healthRoutes } from '../../api/routes/health';
import { loadConfig } from '../../config';
import { freePort } from '../../scripts/stack';
import { serve } from '../helpers/http';
import { connectTestDatabase, temporalAddress, testDataConverter } from '../helpers/servers';

let dropDatabase: () => Promise<void>;
let connection: Connection;
let temporal: Client;

beforeAll(async () => {
  dropDatabase = await connectTestDatabase('health');
  connection = await Connection.connect({ address: temporalAddress() });
  temporal = new Client({ connection, dataConverter: testDataConverter() });
});
afterAll(async () => {
  await connection?.close();
  await dropDatabase?.();
});

async function withApp(deps: Partial<Parameters<typeof createApp>[0]>, run: (url: string) => Promise<void>) {
  const server = await serve(createApp({ config: loadConfig({}), mongo: mongoose.connection, temporal, ...deps }));
  try {
    await run(server.url);
  } finally {
    await server.close();
  }
}

test('/healthz answers while the process lives', async () => {
  await withApp({}, async (url) => {
    const res = await fetch(`${url}/healthz`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ok' });
    expect(res.headers.get('x-request-id')).toMatch(/^req_[0-9a-f]{24}$/);
  });
});

test('/readyz is 200 when MongoDB and Temporal both answer', async () => {
  await withApp({}, async (url) => {
    const res = await fetch(`${url}/readyz`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ready', checks: { mongodb: { ok: true }, temporal: { ok: true } } });
  });
});

test('/readyz is 503 naming MongoDB when the database is unreachable, its reason logged and not shown', async () => {
  const unreachable = mongoose.createConnection(`mongodb://127.0.0.1:${await freePort()}/none`, { serverSelectionTimeoutMS: 500 });
  unreachable.on('error', () => undefined);
  const logged: string[] = [];
  const app = new Koa();
  app.use(requestId());
  app.use(healthRoutes({ mongo: unreachable, temporal }, pino({ base: undefined }, { write: (line: string) => void logged.push(line) })).routes());
  const server = await serve(app);
  try {
    const res = await fetch(`${server.url}/readyz`);
    expect(res.status).toBe(503);
    const text = await res.text();
    expect(JSON.parse(text)).toEqual({
      status: 'unavailable',
      checks: { mongodb: { ok: false, error: 'unavailable; the reason is in the service log' }, temporal: { ok: true } },
    });
    const line = JSON.parse(logged.join(''));
    expect(line).toMatchObject({ msg: 'not ready', request_id: res.headers.get('x-request-id'), mongodb: { ok: false, error: expect.any(String) } });
    expect(line.mongodb.error).not.toBe('');
    expect(text).not.toContain(line.mongodb.error);
  } finally {
    await server.close();
    await unreachable.close().catch(() => undefined);
  }
});

test('/readyz is 503 naming Temporal when the cluster is unreachable', async () => {
  // No retry interceptor: a retry still pending when the test closes the connection would throw.
  const deadConnection = await Connection.lazy({ address: `127.0.0.1:${await freePort()}`, interceptors: [] });
  await withApp({ temporal: new Client({ connection: deadConnection }) }, async (url) => {
    const res = await fetch(`${url}/readyz`);
    expect(res.status).toBe(503);
    const body = (await res.json()) as any;
    expect(body.checks.mongodb).toEqual({ ok: true });
    expect(body.checks.temporal).toEqual({ ok: false, error: 'unavailable; the reason is in the service log' });
  });
  await deadConnection.close();
});

test('an unknown route is a 404 in the error envelope, with the request id in body and header', async () => {
  await withApp({}, async (url) => {
    const res = await fetch(`${url}/api/v1/nothing-here`);
    expect(res.status).toBe(404);
    const body = (await res.json()) as any;
    expect(body).toEqual({
      error: { type: 'invalid_request_error', code: 'RESOURCE_NOT_FOUND', message: 'No route for GET /api/v1/nothing-here.' },
      request_id: res.headers.get('x-request-id'),
    });
  });
});

test('a known path with the wrong method is a 405 in the error envelope with Allow', async () => {
  await withApp({}, async (url) => {
    const res = await fetch(`${url}/healthz`, { method: 'DELETE' });
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toContain('GET');
    const body = (await res.json()) as any;
    expect(body.error).toMatchObject({ type: 'invalid_request_error', code: 'METHOD_NOT_ALLOWED' });
    expect(body.request_id).toBe(res.headers.get('x-request-id'));
  });
});
