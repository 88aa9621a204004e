/**
 * The worker as a separate process (`worker/index.ts` under tsx), on this test file's database and
 * the test Temporal server, so that a test can kill it with SIGKILL as a crash would.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import mongoose from 'mongoose';
import { temporalAddress } from './servers';

const ROOT = path.resolve(__dirname, '../..');

/** Lines of a worker's log kept for a failing test to show. */
const LOG_TAIL_LINES = 200;

export function workerProcesses(env: NodeJS.ProcessEnv) {
  const started: ChildProcess[] = [];
  const logs = new Map<ChildProcess, string[]>();
  return {
    /** Resolves once the worker polls its task queue: bundling its workflows takes seconds on 2 busy cores. */
    async start(): Promise<ChildProcess> {
      const uri = process.env.MONGODB_URI!.replace(/\/[^/?]*(\?|$)/, `/${mongoose.connection.name}$1`);
      const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'worker/index.ts')], {
        cwd: ROOT,
        env: { ...process.env, ...env, MONGODB_URI: uri, TEMPORAL_ADDRESS: temporalAddress() },
        stdio: ['ignore', 'pipe', 'ignore'],
      });
      started.push(child);
      const log: string[] = [];
      logs.set(child, log);
      // Read to the end, so a chatty worker never blocks on a full pipe; the last lines are kept.
      child.stdout!.on('data', (chunk: Buffer) => {
        log.push(...chunk.toString().split('\n').filter(Boolean));
        log.splice(0, Math.max(0, log.length - LOG_TAIL_LINES));
      });
      await new Promise<void>((resolve, reject) => {
        const onData = () => {
          if (!log.some((line) => line.includes('"worker running"'))) return;
          child.stdout!.off('data', onData);
          resolve();
        };
        child.stdout!.on('data', onData);
        child.once('exit', (code) => reject(new Error(`the worker exited (${code}) before it was running`)));
      });
      return child;
    },
    /** Kills it as a crash would, and waits until it has gone. */
    async kill(child: ChildProcess): Promise<void> {
      child.kill('SIGKILL');
      if (child.exitCode === null && child.signalCode === null) await new Promise((resolve) => child.once('exit', resolve));
    },
    /** The last lines the worker logged, for a test's failure to show what the worker saw. */
    logTail(child: ChildProcess): string {
      return (logs.get(child) ?? []).join('\n');
    },
    killAll(): void {
      for (const w of started) if (w.exitCode === null && w.signalCode === null) w.kill('SIGKILL');
    },
  };
}
