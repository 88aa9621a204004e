import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { SCOPES } from '../../api/scopes';
import type { NewOrganization } from '../../models/tenant';
import { startFakeLlmVendor, type FakeLlmServer } from '../fakes/llmVendors';
import { createTenant, startApi, type Tenant } from './app';
import { uniqueName } from './servers';
import { runWorker, type RunningWorker } from './worker';

/** What the tool server answers a request with, after `delayMs`. */
export type ToolAnswer = (body: any) => { status: number; body: unknown; delayMs?: number };

export interface ToolServer {
  url: string;
  /** Every request in arrival order: its headers, raw body and when it came (Date.now()). */
  received: Array<{ headers: http.IncomingHttpHeaders; raw: string; body: any; at: number }>;
  answer: ToolAnswer;
  close(): Promise<void>;
}

/** An agent's tool server on this machine (agents reach it with TOOLS_ALLOW_LOOPBACK=true), at `/lookup`. */
export async function startToolServer(): Promise<ToolServer> {
  const tool: ToolServer = {
    url: '',
    received: [],
    answer: () => ({ status: 200, body: {} }),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString('utf8')));
    req.on('end', () => {
      const body = JSON.parse(raw);
      tool.received.push({ headers: req.headers, raw, body, at: Date.now() });
      const { status, body: out, delayMs = 0 } = tool.answer(body);
      // An answer held back for a client that is gone (a killed process) keeps no test run alive.
      setTimeout(() => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(out));
      }, delayMs).unref();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  tool.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/lookup`;
  return tool;
}

type Api = { call(method: string, path: string, options: { token: string; body?: unknown }): Promise<{ status: number; body: any }> };

/** A phone agent with the `lookup_order` http tool at `url` (plus `builtIns` first), `extra` fields and tool fields over the defaults. */
export async function agentWithLookup(
  api: Api,
  key: string,
  options: { name: string; url: string; extra?: Record<string, unknown>; lookup?: Record<string, unknown>; builtIns?: unknown[] },
): Promise<string> {
  const res = await api.call('POST', '/api/v1/agents', {
    token: key,
    body: {
      name: options.name,
      instructions: 'You help callers with their orders.',
      phone: { greeting: 'Hello, this is the orders desk.' },
      ...options.extra,
      tools: [
        ...(options.builtIns ?? []),
        {
          type: 'http',
          name: 'lookup_order',
          description: 'Finds an order by its number.',
          parameters: { type: 'object', properties: { orderNumber: { type: 'string' } }, required: ['orderNumber'] },
          url: options.url,
          ...options.lookup,
        },
      ],
    },
  });
  if (res.status !== 201) throw new Error(`the agent was refused: ${JSON.stringify(res.body)}`);
  return res.body.id;
}

export interface ToolStack {
  tool: ToolServer;
  /** The Mistral fake the agents' model calls go to, which decides the tool calls. */
  fake: FakeLlmServer;
  api: Awaited<ReturnType<typeof startApi>>;
  worker: RunningWorker;
  tenant: Tenant;
  /** A key with every scope of `tenant`. */
  key: string;
  close(): Promise<void>;
}

/**
 * The real API and a worker whose agents' model is the Mistral fake and whose tools may call the
 * local tool server (TOOLS_ALLOW_LOOPBACK), on task queue `name`, and a tenant's key. With
 * SIMULATED_LINE=audio in `extraEnv` the worker's line dials the API's own sockets.
 */
export async function startToolStack(name: string, extraEnv: Record<string, string> = {}, tenantOptions: Partial<NewOrganization> = {}): Promise<ToolStack> {
  const [tool, fake] = await Promise.all([startToolServer(), startFakeLlmVendor('mistral')]);
  const started: { api?: ToolStack['api']; worker?: RunningWorker } = {};
  const close = async () => {
    await started.worker?.stop();
    await started.api?.close();
    await Promise.all([tool.close(), fake.close()]);
  };
  try {
    const env: Record<string, string> & { TEMPORAL_TASK_QUEUE: string } = {
      TEMPORAL_TASK_QUEUE: uniqueName(name),
      MISTRAL_API_KEY: fake.apiKey,
      MISTRAL_BASE_URL: fake.url,
      TOOLS_ALLOW_LOOPBACK: 'true',
      CREDENTIALS_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
      ...extraEnv,
    };
    const api = (started.api = await startApi(name, env));
    const worker = (started.worker = await runWorker(env.SIMULATED_LINE === 'audio' ? { ...env, PUBLIC_BASE_URL: api.url } : env));
    const tenant = await createTenant({ creditMinutes: 100, ...tenantOptions });
    const key = await tenant.key(SCOPES, { rateLimitPerMinute: 100_000 });
    return { tool, fake, api, worker, tenant, key, close };
  } catch (err) {
    await close();
    throw err;
  }
}
