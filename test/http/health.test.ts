/** Probes and the error envelope for requests no route answers, against the real servers. */
import mongoose from 'mongoose';
import { Client, Connection } from '@temporalio/client';
import { createApp } from '../../api/app';
import { loadConfig } from '../../config';
import { freePort } from '../../scripts/stack';
import { serve } from '../helpers/http';
import { connectTestDatabase, temporalAddress } from '../helpers/servers';

let dropDatabase: () => Promise<void>;
let connection: Connection;
let temporal: Client;

beforeAll(async () => {
  dropDatabase = await connectTestDatabase('health');
  connection = await Connection.connect({ address: temporalAddress() });
  temporal = new Client({ connection });
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

test('/readyz is 503 naming MongoDB when the database is unreachable', async () => {
  const unreachable = mongoose.createConnection(`mongodb://127.0.0.1:${await freePort()}/none`, { serverSelectionTimeoutMS: 500 });
  unreachable.on('error', () => undefined);
  try {
    await withApp({ mongo: unreachable }, async (url) => {
      const res = await fetch(`${url}/readyz`);
      expect(res.status).toBe(503);
      const body = (await res.json()) as any;
      expect(body.status).toBe('unavailable');
      expect(body.checks.mongodb).toMatchObject({ ok: false, error: expect.any(String) });
      expect(body.checks.temporal).toEqual({ ok: true });
    });
  } finally {
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
    expect(body.checks.temporal).toMatchObject({ ok: false, error: expect.any(String) });
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
