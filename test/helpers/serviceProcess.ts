/**
 * The API or the media process as a process of its own (`api/server.ts`, `media/server.ts` under
 * tsx), on this test file's database and the test Temporal server, so that a test can kill one with
 * SIGKILL as a crash would while the others go on.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import mongoose from 'mongoose';
import { temporalAddress, waitFor } from './servers';

const ROOT = path.resolve(__dirname, '../..');

/** A port nothing listens on now, for a process the test starts. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

export interface ServiceProcess {
  child: ChildProcess;
  /** Kills it as a crash would, and waits until it has gone. */
  kill(): Promise<void>;
}

/** Starts `entry` with `env` over the test database; resolves once `readyz` answers 200. */
export async function startService(entry: 'api/server.ts' | 'media/server.ts', env: NodeJS.ProcessEnv, readyz: string): Promise<ServiceProcess> {
  const uri = process.env.MONGODB_URI!.replace(/\/[^/?]*(\?|$)/, `/${mongoose.connection.name}$1`);
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, entry)], {
    cwd: ROOT,
    env: { ...process.env, LOG_LEVEL: 'silent', ...env, MONGODB_URI: uri, TEMPORAL_ADDRESS: temporalAddress() },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise<never>((_, reject) =>
    child.once('exit', (code, signal) => reject(new Error(`${entry} exited (${signal ?? code}) before it was ready`))),
  );
  exited.catch(() => undefined);
  const ready = waitFor(
    async () =>
      (await fetch(readyz).then(
        (r) => r.status,
        () => 0,
      )) === 200
        ? true
        : undefined,
    90_000,
  );
  await Promise.race([ready, exited]);
  return {
    child,
    async kill() {
      child.kill('SIGKILL');
      if (child.exitCode === null && child.signalCode === null) await new Promise((resolve) => child.once('exit', resolve));
    },
  };
}
