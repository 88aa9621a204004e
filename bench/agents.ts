/**
 * `npm run bench`: throughput of the full agent routes (auth, rate limit, validation, handler,
 * logging and metrics) against a baseline in the same process that only runs Mongoose `findById`
 * behind a bare node:http server. autocannon, 50 connections, 10 s per target, one run each.
 * Starts its own FerretDB unless MONGODB_URI is set; Temporal is not on these routes' path.
 */
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { mkdtempSync } from 'node:fs';
import autocannon from 'autocannon';
import mongoose from 'mongoose';
import { benchTenant, listen, serveApp } from './servers';
import { Client, Connection } from '@temporalio/client';
import { createApp } from '../api/app';
import { loadConfig } from '../config';
import { encryptedDataConverter } from '../lib/payloadCodec';
import { Agent, nameKey } from '../models/agent';
import { freePort, provision, startFerret, toolPaths, type RunningServer } from '../scripts/stack';

const CONNECTIONS = 50;
const DURATION_S = 10;

async function run(title: string, url: string, headers: Record<string, string> = {}) {
  // A short unmeasured run first, so JIT and database caches are warm for every target alike.
  await autocannon({ url, connections: CONNECTIONS, duration: 2, headers });
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION_S, headers });
  const failures = result.non2xx + result.errors + result.timeouts;
  if (failures > 0) throw new Error(`${title}: ${failures} failed requests (non-2xx ${result.non2xx}, errors ${result.errors}, timeouts ${result.timeouts})`);
  return { title, rps: result.requests.average, p99: result.latency.p99, total: result.requests.total };
}

async function main(): Promise<void> {
  let ferret: RunningServer | undefined;
  let uri = process.env.MONGODB_URI;
  if (!uri) {
    provision('ferretdb');
    const dir = mkdtempSync(path.join(os.tmpdir(), 'voice-agent-bench-'));
    ferret = await startFerret({
      executable: toolPaths().ferretdb,
      port: await freePort(),
      dataDir: dir,
      logFile: path.join(dir, 'ferretdb.log'),
      database: 'bench',
    });
    uri = ferret.address;
  }
  await mongoose.connect(uri, { dbName: `bench_${Date.now()}` });
  await Promise.all(Object.values(mongoose.models).map((m) => m.init()));

  const { organizationId, key } = await benchTenant('Bench', {}, 1_000_000_000);
  const agents = await Agent.insertMany(
    Array.from({ length: 30 }, (_, i) => ({
      organizationId,
      type: 'phone',
      name: `Bench agent ${i}`,
      nameKey: nameKey(`Bench agent ${i}`),
      language: 'en-US',
      maxDurationMinutes: 15,
      instructions: 'Call {{firstName}} about the renewal.',
      phone: { direction: 'outbound' },
    })),
  );
  const id = String(agents[0]!._id);

  const bare = (query: () => Promise<unknown>) =>
    http.createServer((_req, res) => {
      query().then(
        (body) => {
          res.writeHead(200, { 'content-type': 'application/json' });
          res.end(JSON.stringify(body));
        },
        () => {
          res.writeHead(500);
          res.end();
        },
      );
    });
  const baseline = bare(() => Agent.findById(id).lean());
  // The same queries as the list route, bare: what a page of 25 costs the database itself.
  const filter = { organizationId, type: 'phone' };
  const listBaseline = bare(() => Promise.all([Agent.find(filter).sort({ createdAt: -1, _id: -1 }).limit(25).lean(), Agent.countDocuments(filter)]));
  const baselineUrl = await listen(baseline);
  const listBaselineUrl = await listen(listBaseline);

  const connection = await Connection.lazy({ address: process.env.TEMPORAL_ADDRESS ?? '127.0.0.1:7233' });
  const config = loadConfig({ LOG_LEVEL: 'silent' });
  const app = createApp({
    config,
    mongo: mongoose.connection,
    temporal: new Client({ connection, dataConverter: encryptedDataConverter(config.temporal.payloadKeys) }),
  });
  const { server, url: apiUrl } = await serveApp(app);
  const auth = { authorization: `Bearer ${key}` };

  console.log(
    `node ${process.version}, ${os.cpus().length} cores, ${CONNECTIONS} connections, ${DURATION_S} s per target, database ${ferret ? 'FerretDB (SQLite)' : uri}`,
  );
  const base = await run('baseline: bare findById', baselineUrl);
  const get = await run('GET /api/v1/agents/{id}', `${apiUrl}/api/v1/agents/${id}`, auth);
  const listBase = await run('baseline: bare find 25 + count', listBaselineUrl);
  const list = await run('GET /api/v1/agents?limit=25', `${apiUrl}/api/v1/agents?limit=25`, auth);

  const pct = (a: number, b: number) => `${((a / b) * 100).toFixed(0)}%`;
  console.log('\n| target | requests/s | p99 latency (ms) | vs findById baseline | vs its own bare queries |');
  console.log('| --- | ---: | ---: | ---: | ---: |');
  for (const [r, own] of [
    [base, base],
    [get, base],
    [listBase, listBase],
    [list, listBase],
  ] as const) {
    console.log(`| ${r.title} | ${r.rps.toFixed(0)} | ${r.p99} | ${pct(r.rps, base.rps)} | ${pct(r.rps, own.rps)} |`);
  }
  console.log('\nTarget: GET /api/v1/agents/{id} keeps at least 60% of the baseline throughput.');

  server.close();
  baseline.close();
  listBaseline.close();
  await connection.close();
  await mongoose.connection.dropDatabase();
  await mongoose.disconnect();
  await ferret?.stop();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
