/**
 * The servers a benchmark runs on: a Temporal dev server and FerretDB of its own in a scratch
 * folder, unless TEMPORAL_ADDRESS / MONGODB_URI name running ones. FerretDB runs on SQLite (the
 * embedded default), or with BENCH_DATABASE=postgresql on PostgreSQL 15, as in production.
 */
import { spawn } from 'node:child_process';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import type Koa from 'koa';
import mongoose, { type Types } from 'mongoose';
import { Client, Connection } from '@temporalio/client';
import { Worker, type NativeConnection } from '@temporalio/worker';
import type { DataConverter } from '@temporalio/common';
import { createApp } from '../api/app';
import { SCOPES } from '../api/scopes';
import { loadConfig } from '../config';
import { encryptedDataConverter } from '../lib/payloadCodec';
import { createApiKey } from '../models/apiKey';
import { createOrganization, type NewOrganization } from '../models/tenant';
import { startFerretOnPostgres, startPostgres } from '../scripts/productionStack';
import { freePort, provision, startFerret, startTemporal, stopChild, toolPaths, type RunningServer } from '../scripts/stack';
import type { BaselineActivities } from './baselineWorkflow';
import { stoppedOnInterrupt } from './interrupt';

export interface BenchServers {
  temporalAddress: string;
  mongodbUri: string;
  /** The database as a bench's header names it: FerretDB on its backend, or the URI it was given. */
  database: string;
  /** A server of the bench's own that ended while the bench ran, with where its log is; figures after it mean nothing. */
  crashed(): string | undefined;
  stop(): Promise<void>;
}

export async function benchServers(name: string): Promise<BenchServers> {
  const servers: RunningServer[] = [];
  const scratch = mkdtempSync(path.join(os.tmpdir(), `voice-agent-bench-${name}-`));
  let temporalAddress = process.env.TEMPORAL_ADDRESS;
  let mongodbUri = process.env.MONGODB_URI;
  if (!temporalAddress) {
    provision('temporal');
    const temporal = await startTemporal({ executable: toolPaths().temporal, port: await freePort(), logFile: path.join(scratch, 'temporal.log') });
    servers.push(temporal);
    temporalAddress = temporal.address;
  }
  if (!mongodbUri && process.env.BENCH_DATABASE === 'postgresql') {
    // FerretDB on its PostgreSQL backend, as the production shape runs it.
    provision('ferretdb');
    provision('postgresql');
    const tools = toolPaths();
    const postgres = await startPostgres({
      tools,
      dir: path.join(scratch, 'postgresql'),
      port: await freePort(),
      password: randomBytes(12).toString('hex'),
      logFile: path.join(scratch, 'postgresql.log'),
    });
    servers.push(postgres);
    const ferret = await startFerretOnPostgres({
      tools,
      port: await freePort(),
      postgres,
      database: 'bench',
      stateDir: path.join(scratch, 'ferretdb'),
      logFile: path.join(scratch, 'ferretdb.log'),
    });
    servers.push(ferret);
    mongodbUri = ferret.address;
  } else if (!mongodbUri) {
    provision('ferretdb');
    const ferret = await startFerret({
      executable: toolPaths().ferretdb,
      port: await freePort(),
      dataDir: path.join(scratch, 'ferretdb'),
      logFile: path.join(scratch, 'ferretdb.log'),
      database: 'bench',
    });
    servers.push(ferret);
    mongodbUri = ferret.address;
  }
  const given = process.env.MONGODB_URI;
  const database = given ? given.replace(/\/\/[^@/]*@/, '//') : `FerretDB (${process.env.BENCH_DATABASE === 'postgresql' ? 'PostgreSQL' : 'SQLite'})`;
  return {
    temporalAddress,
    mongodbUri,
    database,
    crashed: () => {
      const gone = servers.find((s) => s.ended());
      return gone && `${gone.name} ${gone.ended()} (its log is in ${scratch})`;
    },
    stop: stoppedOnInterrupt(async () => {
      await Promise.allSettled([...servers].reverse().map((s) => s.stop()));
    }),
  };
}

/**
 * A worker in this process for the baseline workflow (bench/baselineWorkflow.ts) alone, on a task
 * queue of its own beside the product worker's; `stop` drains it.
 */
export async function baselineWorker(
  connection: NativeConnection,
  namespace: string,
  dataConverter: DataConverter,
): Promise<{ taskQueue: string; stop(): Promise<void> }> {
  const taskQueue = `bench-baseline-${randomBytes(4).toString('hex')}`;
  const activities: BaselineActivities = { baselineStep: async () => undefined };
  const worker = await Worker.create({ connection, namespace, taskQueue, workflowsPath: require.resolve('./baselineWorkflow'), activities, dataConverter });
  const running = worker.run();
  return {
    taskQueue,
    stop: async () => {
      worker.shutdown();
      await running;
    },
  };
}

/**
 * An organization of its own for one benchmark, and a live key with every scope at a rate limit the
 * benchmark never reaches (the limiter still takes its ticket on every request).
 */
export async function benchTenant(
  name: string,
  organization: Omit<NewOrganization, 'name' | 'adminEmail'> = {},
  rateLimitPerMinute = 1_000_000,
): Promise<{ organizationId: Types.ObjectId; key: string }> {
  const slug = name.toLowerCase().replace(/\s+/g, '-');
  const { organization: created, admin } = await createOrganization({ ...organization, name, adminEmail: `${slug}-${Date.now()}@example.com` });
  const { key } = await createApiKey({
    organizationId: created._id,
    createdBy: admin._id,
    name: slug,
    mode: 'live',
    scopes: [...SCOPES],
    rateLimitPerMinute,
  });
  return { organizationId: created._id, key };
}

/** Nearest-rank percentile. */
export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

/** Calls the API under /api/v1 with `key`: the answer's status, parsed body and raw text. */
export function apiClient(apiUrl: string, key: string) {
  return async (method: string, route: string, body?: unknown): Promise<{ status: number; body: any; text: string }> => {
    const res = await fetch(`${apiUrl}/api/v1${route}`, {
      method,
      headers: { authorization: `Bearer ${key}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : undefined, text };
  };
}

/** Serves `server` on a free loopback port; answers with its URL. */
export function listen(server: http.Server): Promise<string> {
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as { port: number }).port}`)));
}

/** The API's Koa app on a free loopback port. Koa answers every error itself, so its promise never rejects. */
export async function serveApp(app: Koa): Promise<{ server: http.Server; url: string }> {
  const handle = app.callback();
  const server = http.createServer((req, res) => void handle(req, res));
  return { server, url: await listen(server) };
}

/**
 * The campaign benchmarks' stack on `servers`: a fresh database, the campaign worker
 * (bench/campaignWorker.ts, every call lasting `callMs`) as a process of its own, and the API in
 * this process. `stop` closes them all, dropping the database when asked.
 */
export async function campaignStack(name: string, servers: BenchServers, callMs: number) {
  const uri = servers.mongodbUri.replace(/\/[^/?]*(\?|$)/, `/bench_${name}_${Date.now()}$1`);
  const taskQueue = `bench-${name}-${randomBytes(4).toString('hex')}`;
  const statsFile = path.join(os.tmpdir(), `${taskQueue}.json`);
  const env = { LOG_LEVEL: 'silent', TEMPORAL_ADDRESS: servers.temporalAddress, MONGODB_URI: uri, TEMPORAL_TASK_QUEUE: taskQueue };
  const worker = spawn(process.execPath, ['--import', 'tsx', path.join(__dirname, 'campaignWorker.ts')], {
    env: { ...process.env, ...env, CALL_MS: String(callMs), STATS_FILE: statsFile },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  stoppedOnInterrupt(() => stopChild(worker));
  try {
    await mongoose.connect(uri, { serverSelectionTimeoutMS: 10_000 });
    await Promise.all(Object.values(mongoose.models).map((m) => m.init()));
    // The bench's own settings over the environment's, as the worker gets them (CAMPAIGN_HISTORY_BUDGET reaches both).
    const config = loadConfig({ ...process.env, ...env });
    const connection = await Connection.connect({ address: servers.temporalAddress });
    const client = new Client({ connection, namespace: config.temporal.namespace, dataConverter: encryptedDataConverter(config.temporal.payloadKeys) });
    const { server, url: apiUrl } = await serveApp(createApp({ config, mongo: mongoose.connection, temporal: client }));
    return {
      worker,
      client,
      apiUrl,
      statsFile,
      async stop({ dropDatabase = false } = {}): Promise<void> {
        server.close();
        await connection.close();
        if (dropDatabase) await mongoose.connection.dropDatabase();
        await mongoose.disconnect();
        await stopChild(worker);
      },
    };
  } catch (err) {
    await stopChild(worker);
    throw err;
  }
}
