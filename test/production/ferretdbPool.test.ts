/**
 * FerretDB on PostgreSQL as the production shape starts it (scripts/productionStack.ts): as many
 * concurrent updates as eight clients of its address can send never hang it. With the clients'
 * pools unbounded (the driver's 100 each) the same load leaves every request waiting for good.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { MongoClient } from 'mongodb';
import { FERRETDB_CLIENT_POOL, FERRETDB_PG_POOL, startFerretOnPostgres, startPostgres, type Postgres } from '../../scripts/productionStack';
import { freePort, provision, toolPaths, type RunningServer } from '../../scripts/stack';

const dir = mkdtempSync(path.join(os.tmpdir(), 'voice-agent-ferretdb-pool-'));
let postgres: Postgres;
let ferret: RunningServer;

beforeAll(async () => {
  provision('production');
  const tools = toolPaths({ ...process.env, MONGODB_URI: '', TEMPORAL_ADDRESS: '' });
  postgres = await startPostgres({
    tools,
    dir: path.join(dir, 'postgresql'),
    port: await freePort(),
    password: 'ferretdb-pool-test',
    logFile: path.join(dir, 'postgresql.log'),
  });
  ferret = await startFerretOnPostgres({
    tools,
    port: await freePort(),
    postgres,
    database: 'pool',
    stateDir: path.join(dir, 'ferretdb'),
    logFile: path.join(dir, 'ferretdb.log'),
  });
}, 120_000);

afterAll(async () => {
  await ferret?.stop();
  await postgres?.stop();
  rmSync(dir, { recursive: true, force: true });
}, 60_000);

test('the address caps each client so that eight of them cannot exhaust the pool', () => {
  expect(ferret.address).toContain(`maxPoolSize=${FERRETDB_CLIENT_POOL}`);
  expect(8 * FERRETDB_CLIENT_POOL).toBeLessThan(FERRETDB_PG_POOL);
});

test('rounds of 1,000 concurrent updates from eight clients all finish', async () => {
  const clients = Array.from({ length: 8 }, () => new MongoClient(ferret.address));
  try {
    const docs = clients.map((client) => client.db('pool').collection<{ _id: string; round: number }>('docs'));
    const N = 1_000;
    await docs[0]!.insertMany(Array.from({ length: N }, (_, i) => ({ _id: `doc-${i}`, round: 0 })));
    for (let round = 1; round <= 5; round += 1) {
      const updates = Promise.all(Array.from({ length: N }, (_, i) => docs[i % 8]!.updateOne({ _id: `doc-${i}` }, { $set: { round } })));
      // A deadlocked FerretDB never answers: the race turns that into a failure instead of a hung run.
      // Unref'd, the timer of a round that finished does not hold jest for 30 s after the last test
      // (a hung round's open sockets keep the process alive until it fires).
      const outcome = await Promise.race([updates.then(() => 'done'), new Promise((resolve) => setTimeout(() => resolve('hung'), 30_000).unref())]);
      expect(outcome).toBe('done');
      expect(await docs[0]!.countDocuments({ round })).toBe(N);
    }
  } finally {
    for (const client of clients) await client.close(true);
  }
}, 240_000);
