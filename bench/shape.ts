/**
 * The production shape as a benchmark's service (BENCH_SHAPE=production): scripts/productionStack.ts
 * started as `npm run production` starts it, from dist/ (`npm run build` first), in a scratch
 * folder of its own: PostgreSQL, a Temporal server on it, FerretDB on PostgreSQL, two workers and
 * two APIs behind nginx. The workers' logs are followed from their files, line by line.
 */
import { randomBytes } from 'node:crypto';
import { closeSync, existsSync, mkdtempSync, openSync, readSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freeShapePorts, startShape } from '../scripts/productionStack';
import { provision, toolPaths } from '../scripts/stack';
import { stoppedOnInterrupt } from './interrupt';
import { memory } from './voiceBench';

const ROOT = path.resolve(__dirname, '..');

export interface BenchShape {
  apiUrl: string;
  temporalAddress: string;
  mongodbUri: string;
  /** The workers' memory together (MiB). */
  workerRss(): number;
  /** A part that ended while the bench ran, with where the logs are. */
  crashed(): string | undefined;
  stop(): Promise<void>;
}

export async function benchShape(name: string, env: NodeJS.ProcessEnv, onWorkerLine: (line: string) => void): Promise<BenchShape> {
  if (!existsSync(path.join(ROOT, 'dist', 'worker', 'index.js'))) throw new Error('BENCH_SHAPE=production runs the built code: `npm run build` first');
  provision('production');
  const dir = mkdtempSync(path.join(os.tmpdir(), `voice-agent-bench-${name}-shape-`));
  const shape = await startShape({
    tools: toolPaths({ ...process.env, MONGODB_URI: '', TEMPORAL_ADDRESS: '' }),
    dir,
    ports: await freeShapePorts(),
    postgresPassword: randomBytes(12).toString('hex'),
    env: { ...process.env, ...env },
  });
  const ended = new Set<string>();
  for (const part of [...shape.apis, ...shape.workers]) void part.ended.then(() => ended.add(part.name));
  const followers = shape.workers.map((_, i) => follow(path.join(dir, 'logs', `worker-${i + 1}.log`), onWorkerLine));
  const servers = [shape.postgres, shape.temporal, shape.ferret, shape.nginx];
  let stopping = false;
  return {
    apiUrl: shape.proxyUrl,
    temporalAddress: shape.temporalAddress,
    mongodbUri: shape.mongodbUri,
    // A worker that exited has no memory to read; `crashed` names it.
    workerRss: () => shape.workers.filter((w) => !ended.has(w.name)).reduce((sum, w) => sum + memory(w.pid!).rss, 0),
    crashed: () => {
      if (stopping) return undefined;
      const server = servers.find((s) => s.ended());
      const gone = server ? `${server.name} ${server.ended()}` : [...ended][0] && `${[...ended][0]} exited`;
      return gone && `${gone} (the logs are in ${path.join(dir, 'logs')})`;
    },
    stop: stoppedOnInterrupt(async () => {
      stopping = true;
      for (const stopFollowing of followers) stopFollowing();
      await shape.stop();
      // The logs stay for a look; the databases go.
      rmSync(path.join(dir, 'postgresql'), { recursive: true, force: true });
    }),
  };
}

/** Reads the lines appended to `file` once a second; answers a function that stops. */
function follow(file: string, onLine: (line: string) => void): () => void {
  let offset = 0;
  let partial = '';
  const timer = setInterval(() => {
    if (!existsSync(file) || statSync(file).size <= offset) return;
    const fd = openSync(file, 'r');
    try {
      const buffer = Buffer.alloc(statSync(file).size - offset);
      offset += readSync(fd, buffer, 0, buffer.length, offset);
      const lines = (partial + buffer.toString()).split('\n');
      partial = lines.pop()!;
      lines.forEach(onLine);
    } finally {
      closeSync(fd);
    }
  }, 1000);
  return () => clearInterval(timer);
}
