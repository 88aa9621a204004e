/**
 * The servers a benchmark runs on: a Temporal dev server and FerretDB of its own in a scratch
 * folder, unless TEMPORAL_ADDRESS / MONGODB_URI name running ones.
 */
import os from 'node:os';
import path from 'node:path';
import { mkdtempSync } from 'node:fs';
import { freePort, provision, startFerret, startTemporal, toolPaths, type RunningServer } from '../scripts/stack';

export interface BenchServers {
  temporalAddress: string;
  mongodbUri: string;
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
  if (!mongodbUri) {
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
  return {
    temporalAddress,
    mongodbUri,
    stop: async () => {
      await Promise.allSettled([...servers].reverse().map((s) => s.stop()));
    },
  };
}
