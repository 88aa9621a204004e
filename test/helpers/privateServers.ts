/**
 * A FerretDB or Temporal dev server of one test file's own, with its state on disk, that the file
 * may crash and start again on the same port and state (an outage) without touching the servers
 * test/globalSetup.ts started for every other file. Point the file at it through MONGODB_URI or
 * TEMPORAL_ADDRESS (jest gives each test file its own process.env) before it connects.
 */
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort, startFerret, startTemporal, toolPaths, type RunningServer } from '../../scripts/stack';

export interface PrivateServer {
  address: string;
  /** SIGKILL, as a crash would; resolves once the process has gone. */
  crash(): Promise<void>;
  /** Starts it again on the same port and state; resolves once it listens. */
  restart(): Promise<void>;
  stop(): Promise<void>;
}

async function privateServer(start: (port: number, dir: string) => Promise<RunningServer>, prefix: string): Promise<PrivateServer> {
  const dir = mkdtempSync(path.join(os.tmpdir(), `voice-agent-${prefix}-`));
  const port = await freePort();
  let server = await start(port, dir);
  return {
    address: server.address,
    crash: () => server.kill(),
    restart: async () => {
      server = await start(port, dir);
    },
    stop: () => server.stop(),
  };
}

// The suite's own servers' addresses are set by now; the executables are wanted even so.
const executables = () => toolPaths({ ...process.env, MONGODB_URI: '', TEMPORAL_ADDRESS: '' });

export function privateFerret(database: string): Promise<PrivateServer> {
  const executable = executables().ferretdb;
  return privateServer(
    (port, dir) => startFerret({ executable, port, dataDir: path.join(dir, 'data'), logFile: path.join(dir, 'ferretdb.log'), database }),
    'ferretdb',
  );
}

export function privateTemporal(): Promise<PrivateServer> {
  const executable = executables().temporal;
  return privateServer(
    (port, dir) => startTemporal({ executable, port, dbFile: path.join(dir, 'temporal.db'), logFile: path.join(dir, 'temporal.log') }),
    'temporal',
  );
}
