/**
 * Starts and stops the real servers the service runs on (the Temporal dev server and FerretDB), for
 * both `npm run dev` and the test setup, so the two bring them up the same way.
 */
import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { searchAttributes } from '../workflows/definitions';

const ROOT = path.resolve(__dirname, '..');
const TOOLS = path.join(ROOT, 'scripts', 'tools.sh');

export interface ToolPaths {
  /** Empty when TEMPORAL_ADDRESS names a running cluster. */
  temporal: string;
  /** Empty when MONGODB_URI names a running database. */
  ferretdb: string;
  testServer: string;
  /** The `local` speech engines' models (providers/stt/local.ts, providers/tts/local.ts). */
  localSpeech: string;
  /** Silero VAD and Smart Turn v3.2 (conversation/turnModels.ts). */
  turnModels: string;
  /** The production shape's (scripts/productionStack.ts), provisioned by `tools.sh production`. */
  temporalServer: string;
  temporalSqlTool: string;
  postgresBin: string;
  postgresLibs: string;
  nginx: string;
  nginxLibs: string;
}

type Step = 'all' | 'temporal' | 'ferretdb' | 'test-server' | 'local-speech' | 'turn-models' | 'postgresql' | 'production';

/**
 * Builds whatever the tools cache lacks; progress goes to stderr. Returns tools.sh's closing line,
 * `took: <step> <time>, ...`, when it built anything, for a caller to repeat once it is ready.
 */
export function provision(...steps: Step[]): string | undefined {
  const timings = path.join(os.tmpdir(), `voice-agent-tools-${process.pid}-${Date.now()}`);
  try {
    execFileSync('bash', [TOOLS, ...(steps.length > 0 ? steps : ['all'])], {
      stdio: ['ignore', 'inherit', 'inherit'],
      env: { ...process.env, TOOLS_TIMINGS_FILE: timings },
    });
    return existsSync(timings) ? readFileSync(timings, 'utf8').trim() : undefined;
  } finally {
    rmSync(timings, { force: true });
  }
}

/** `env` decides, as for tools.sh, which servers are already running elsewhere. */
export function toolPaths(env: NodeJS.ProcessEnv = process.env): ToolPaths {
  const out = execFileSync('bash', [TOOLS, 'paths'], { encoding: 'utf8', env });
  const entries = Object.fromEntries(
    out
      .trim()
      .split('\n')
      .map((line) => line.split(/=(.*)/s).slice(0, 2)),
  );
  return {
    temporal: entries.temporal ?? '',
    ferretdb: entries.ferretdb ?? '',
    testServer: entries.testServer ?? '',
    localSpeech: entries.localSpeech ?? '',
    turnModels: entries.turnModels ?? '',
    temporalServer: entries.temporalServer ?? '',
    temporalSqlTool: entries.temporalSqlTool ?? '',
    postgresBin: entries.postgresBin ?? '',
    postgresLibs: entries.postgresLibs ?? '',
    nginx: entries.nginx ?? '',
    nginxLibs: entries.nginxLibs ?? '',
  };
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** True when something already accepts connections on the port. */
export function portInUse(port: number, host = '127.0.0.1'): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

export interface RunningServer {
  name: string;
  /** The address clients use: host:port for Temporal, a mongodb:// URI for the database. */
  address: string;
  stop(): Promise<void>;
  /** Ends it at once with SIGKILL, as a crash would (the fault tests' outages). */
  kill(): Promise<void>;
  /** How it ended, once it has ("exited with code 2", "killed by SIGBUS"): a bench's figures after a crash mean nothing. */
  ended(): string | undefined;
}

export interface StartOptions {
  name: string;
  command: string;
  args: string[];
  env?: NodeJS.ProcessEnv;
  cwd?: string;
  port: number;
  logFile: string;
  address: string;
  timeoutMs?: number;
}

export async function startServer(opts: StartOptions): Promise<RunningServer> {
  mkdirSync(path.dirname(opts.logFile), { recursive: true });
  const log = createWriteStream(opts.logFile, { flags: 'a' });
  const child = spawn(opts.command, opts.args, { stdio: ['ignore', 'pipe', 'pipe'], env: opts.env, cwd: opts.cwd });
  child.stdout?.pipe(log);
  child.stderr?.pipe(log);
  let ended: string | undefined;
  const exited = new Promise<void>((resolve) => {
    child.once('exit', (code, signal) => {
      ended = signal ? `killed by ${signal}` : `exited with code ${code}`;
      resolve();
    });
  });
  const spawnError = new Promise<never>((_, reject) => child.once('error', reject));

  const deadline = Date.now() + (opts.timeoutMs ?? 60_000);
  for (;;) {
    if (ended !== undefined) {
      throw new Error(`${opts.name} ${ended} while starting; see ${opts.logFile}`);
    }
    if (await Promise.race([portInUse(opts.port), spawnError])) break;
    if (Date.now() > deadline) {
      await stopChild(child);
      throw new Error(`${opts.name} did not listen on port ${opts.port} in time; see ${opts.logFile}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    name: opts.name,
    address: opts.address,
    stop: async () => {
      await stopChild(child);
      log.end();
    },
    kill: async () => {
      if (!hasExited(child)) child.kill('SIGKILL');
      await exited;
      log.end();
    },
    ended: () => ended,
  };
}

/** Whether a child process has ended, by exit or by signal. */
export const hasExited = (child: ChildProcess) => child.exitCode !== null || child.signalCode !== null;

/**
 * SIGTERM, so the child drains and exits; one still running after `graceMs` is killed, so no script
 * or bench leaves a process behind.
 */
export async function stopChild(child: ChildProcess, graceMs = 10_000): Promise<void> {
  if (hasExited(child)) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
  await exited;
  clearTimeout(timer);
}

export interface TemporalOptions {
  executable: string;
  port: number;
  /** The Web UI port; omitted means headless. */
  uiPort?: number;
  /** Where the Web UI's browser decodes payloads (the API's `/codec/<token>`, api/codec.ts). */
  uiCodecEndpoint?: string;
  /** A SQLite file that keeps state across restarts; omitted means in memory. */
  dbFile?: string;
  logFile: string;
}

/**
 * Eager activity execution: an activity a workflow task schedules comes back to the worker in the
 * task's own completion answer when the worker has a free slot, instead of through the task
 * queue. Off in the server by default; it halves `POST /calls` (two activities before the 201):
 * p50 278 -> 150 ms, activity scheduled-to-started 32 -> 0 ms, on an idle dev server here. The
 * production shape sets it in deploy/temporal/dynamicconfig.yaml.
 */
const EAGER_ACTIVITIES = ['--dynamic-config-value', 'system.enableActivityEagerExecution=true'];

export function startTemporal(opts: TemporalOptions): Promise<RunningServer> {
  const args = ['server', 'start-dev', '--ip', '127.0.0.1', '--port', String(opts.port), '--log-level', 'warn', ...EAGER_ACTIVITIES];
  args.push(...Object.values(searchAttributes).flatMap(({ name }) => ['--search-attribute', `${name}=Keyword`]));
  if (opts.uiPort) args.push('--ui-port', String(opts.uiPort));
  else args.push('--headless');
  if (opts.uiCodecEndpoint) args.push('--ui-codec-endpoint', opts.uiCodecEndpoint);
  if (opts.dbFile) {
    mkdirSync(path.dirname(opts.dbFile), { recursive: true });
    args.push('--db-filename', opts.dbFile, '--sqlite-pragma', 'journal_mode=WAL');
  }
  return startServer({
    name: 'Temporal dev server',
    command: opts.executable,
    args,
    port: opts.port,
    logFile: opts.logFile,
    address: `127.0.0.1:${opts.port}`,
  });
}

export interface FerretOptions {
  executable: string;
  port: number;
  /** Folder for the SQLite files, one per database. */
  dataDir: string;
  logFile: string;
  database: string;
}

export function startFerret(opts: FerretOptions): Promise<RunningServer> {
  mkdirSync(opts.dataDir, { recursive: true });
  const args = [
    '--handler=sqlite',
    `--sqlite-url=file:${opts.dataDir.replace(/\/?$/, '/')}`,
    `--state-dir=${opts.dataDir}`,
    `--listen-addr=127.0.0.1:${opts.port}`,
    // Its debug HTTP listener has a fixed default port that a second instance would collide on.
    '--debug-addr=-',
    '--telemetry=disable',
    '--log-level=warn',
  ];
  return startServer({
    name: 'FerretDB',
    command: opts.executable,
    args,
    port: opts.port,
    logFile: opts.logFile,
    address: `mongodb://127.0.0.1:${opts.port}/${opts.database}`,
  });
}
