/**
 * The worker as a separate process (`worker/index.ts` under tsx), on this test file's database and
 * the test Temporal server, so that a test can kill it with SIGKILL as a crash would.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import mongoose from 'mongoose';
import { temporalAddress } from './servers';

const ROOT = path.resolve(__dirname, '../..');

export function workerProcesses(env: NodeJS.ProcessEnv) {
  const started: ChildProcess[] = [];
  return {
    start(): ChildProcess {
      const uri = process.env.MONGODB_URI!.replace(/\/[^/?]*(\?|$)/, `/${mongoose.connection.name}$1`);
      const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'worker/index.ts')], {
        cwd: ROOT,
        env: { ...process.env, ...env, MONGODB_URI: uri, TEMPORAL_ADDRESS: temporalAddress() },
        stdio: 'ignore',
      });
      started.push(child);
      return child;
    },
    /** Kills it as a crash would, and waits until it has gone. */
    async kill(child: ChildProcess): Promise<void> {
      child.kill('SIGKILL');
      if (child.exitCode === null && child.signalCode === null) await new Promise((resolve) => child.once('exit', resolve));
    },
    killAll(): void {
      for (const w of started) if (w.exitCode === null && w.signalCode === null) w.kill('SIGKILL');
    },
  };
}
