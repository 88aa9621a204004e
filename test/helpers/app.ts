/**
 * The API as a partner reaches it: the real app on a free port, over the real database and
 * Temporal, with tenants created through the same model functions the admin CLI uses.
 */
import mongoose, { type Types } from 'mongoose';
import { Client } from '@temporalio/client';
import { createApp } from '../../api/app';
import { connectTemporal } from '../../api/temporal';
import { attachSockets } from '../../api/sockets';
import type { Sockets } from '../../api/upgrade';
import type { Scope } from '../../api/scopes';
import { SCOPES } from '../../api/scopes';
import { loadConfig, type Config } from '../../config';
import { encryptedDataConverter } from '../../lib/payloadCodec';
import { embeddedSpeech } from '../../providers/embeddedSpeech';
import { createApiKey } from '../../models/apiKey';
import { createOrganization, type NewOrganization } from '../../models/tenant';
import { serve } from './http';
import { connectTestDatabase, temporalAddress, uniqueName, waitFor } from './servers';

export interface TestApi {
  url: string;
  config: Config;
  /** Calls the API; `token` is sent as the bearer credential. */
  call(method: string, path: string, options?: { token?: string; body?: unknown; headers?: Record<string, string> }): Promise<ApiResponse>;
  /** Its WebSockets, to shut down as a stopping process does. */
  sockets: Sockets;
  close(): Promise<void>;
}

export interface ApiResponse {
  status: number;
  headers: Headers;
  body: any;
}

export async function request(
  url: string,
  method: string,
  path: string,
  options: { token?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<ApiResponse> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  let body: string | undefined;
  if (options.body !== undefined) {
    body = typeof options.body === 'string' ? options.body : JSON.stringify(options.body);
    headers['content-type'] ??= 'application/json';
  }
  const res = await fetch(`${url}${path}`, { method, headers, body });
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    // Not JSON (e.g. /metrics); the raw text is the body.
  }
  return { status: res.status, headers: res.headers, body: parsed };
}

/**
 * Sends a request that waits on a workflow nobody runs, and checks it was answered at its deadline
 * of `seconds`, not before (it did wait) and not long after (it did not hang); `slackMs` covers
 * what the API does once the deadline has passed.
 */
export async function answeredAtDeadline(seconds: number, send: () => Promise<ApiResponse>, slackMs = 6_000): Promise<ApiResponse> {
  const began = Date.now();
  const res = await send();
  const waited = Date.now() - began;
  expect(waited).toBeGreaterThanOrEqual(seconds * 1000 - 100);
  expect(waited).toBeLessThan(seconds * 1000 + slackMs);
  return res;
}

/** The first answer of a report route (`GET /calls/{id}/report`, `GET /interviews/{id}/report`) that is not 202 pending. */
export function settledReport(api: TestApi, path: string, token: string, timeoutMs = 30_000): Promise<ApiResponse> {
  return waitFor(async () => {
    const res = await api.call('GET', path, { token });
    return res.status === 202 ? undefined : res;
  }, timeoutMs);
}

/** Connects the test file to a fresh database and Temporal, and serves an app; call close() in afterAll. */
export async function startApi(prefix: string, env: NodeJS.ProcessEnv = {}): Promise<TestApi & { extraApp(overrides?: NodeJS.ProcessEnv): Promise<TestApi> }> {
  const dropDatabase = await connectTestDatabase(prefix);
  const connection = await connectTemporal(temporalAddress());
  const temporal = new Client({ connection, dataConverter: encryptedDataConverter(loadConfig(env).temporal.payloadKeys) });
  const servers: { close(): Promise<void> }[] = [];
  const open = async (overrides: NodeJS.ProcessEnv = {}): Promise<TestApi> => {
    const appConfig = loadConfig({ LOG_LEVEL: 'silent', ...env, ...overrides });
    const server = await serve(createApp({ config: appConfig, mongo: mongoose.connection, temporal }));
    const embedded = embeddedSpeech(appConfig);
    const sockets = attachSockets(server.server, { config: appConfig, temporal, embedded });
    servers.push({ close: () => (embedded.stop(), server.close()) });
    return {
      url: server.url,
      config: appConfig,
      call: (method, path, options) => request(server.url, method, path, options),
      sockets,
      close: server.close,
    };
  };
  const main = await open();
  return {
    ...main,
    /** Another API process over the same database (as a deployment with two instances has), with its own settings. */
    extraApp: open,
    close: async () => {
      await Promise.all(servers.map((s) => s.close()));
      await connection.close();
      await dropDatabase();
    },
  };
}

export interface Tenant {
  organizationId: Types.ObjectId;
  adminId: Types.ObjectId;
  adminEmail: string;
  adminPassword: string;
  /** A live key holding the given scopes (all seven by default). */
  key(scopes?: readonly Scope[], extra?: Partial<Parameters<typeof createApiKey>[0]>): Promise<string>;
}

export async function createTenant(options: Partial<NewOrganization> = {}): Promise<Tenant> {
  const adminEmail = `${uniqueName('admin')}@example.com`;
  const { organization, admin, password } = await createOrganization({
    name: uniqueName('Org'),
    creditMinutes: 100,
    adminEmail,
    ...options,
  });
  return {
    organizationId: organization._id,
    adminId: admin._id,
    adminEmail: admin.email,
    adminPassword: password,
    key: async (scopes = SCOPES, extra = {}) => {
      const { key } = await createApiKey({
        organizationId: organization._id,
        createdBy: admin._id,
        name: uniqueName('key'),
        mode: 'live',
        scopes: [...scopes],
        ...extra,
      });
      return key;
    },
  };
}
