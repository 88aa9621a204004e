/**
 * Starts the real servers the suite runs against, once per run: a Temporal dev server and FerretDB,
 * each on a free port with throwaway state. TEMPORAL_ADDRESS or MONGODB_URI, when set, name running
 * servers to use instead. Workers inherit the addresses through the environment.
 */
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildDashboard } from '../scripts/buildDashboard';
import { freePort, provision, startFerret, startTemporal, toolPaths, type RunningServer } from '../scripts/stack';

declare global {
  var __testServers: RunningServer[] | undefined;
}

export default async function globalSetup(): Promise<void> {
  provision();
  // The API serves the dashboard's bundle: built from the sources of this run, never a stale one.
  await buildDashboard();
  const paths = toolPaths();
  const dir = mkdtempSync(path.join(os.tmpdir(), 'voice-agent-test-'));
  const servers: RunningServer[] = [];
  globalThis.__testServers = servers;
  // Registered as soon as each is up, so a failure of the other still stops it.
  const track = (server: RunningServer) => (servers.push(server), server);
  try {
    const [temporal, ferret] = await Promise.all([
      paths.temporal ? startTemporal({ executable: paths.temporal, port: await freePort(), logFile: path.join(dir, 'temporal.log') }).then(track) : undefined,
      paths.ferretdb
        ? startFerret({
            executable: paths.ferretdb,
            port: await freePort(),
            dataDir: path.join(dir, 'ferretdb'),
            logFile: path.join(dir, 'ferretdb.log'),
            database: 'test',
          }).then(track)
        : undefined,
    ]);
    if (temporal) process.env.TEMPORAL_ADDRESS = temporal.address;
    if (ferret) process.env.MONGODB_URI = ferret.address;
    process.env.TEMPORAL_TEST_SERVER_PATH = paths.testServer;
  } catch (err) {
    await Promise.allSettled(servers.map((s) => s.stop()));
    throw err;
  }
}
