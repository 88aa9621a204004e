/**
 * The production shape on one machine, without Docker: PostgreSQL; a Temporal server on it, its
 * schema set up by temporal-sql-tool; FerretDB on PostgreSQL; API processes behind nginx; worker
 * processes; all from the built code (dist/). `npm run production` (scripts/production.ts) runs it,
 * test/production/ drives it. The binaries come from `scripts/tools.sh production`.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { searchAttributes } from '../workflows/definitions';
import { freePort, hasExited, portInUse, startServer, stopChild, type RunningServer, type ToolPaths } from './stack';

const ROOT = path.resolve(__dirname, '..');
const run = promisify(execFile);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The ports a Temporal server on `port` takes besides it (deploy/temporal/production.yaml). */
export const temporalPortOffsets = [0, 1, 2, 6, 10, -300, -299, -298, -294];

/**
 * A base port whose whole set of offsets is free: for a Temporal server in tests. Below 32768, since
 * Temporal stores membership ports as PostgreSQL smallints (and, on Linux, below the ports the
 * system hands out itself).
 */
export async function freeTemporalPort(): Promise<number> {
  for (;;) {
    const base = 20_000 + Math.floor(Math.random() * 12_000);
    const busy = await Promise.all(temporalPortOffsets.map((o) => portInUse(base + o)));
    if (!busy.some(Boolean)) return base;
  }
}

/** Free ports for a whole shape with two APIs, two media processes and two workers, for a test or a bench of its own. */
export async function freeShapePorts(): Promise<ShapeOptions['ports']> {
  return {
    proxy: await freePort(),
    apis: [await freePort(), await freePort()],
    media: [await freePort(), await freePort()],
    workers: 2,
    temporal: await freeTemporalPort(),
    postgres: await freePort(),
    ferret: await freePort(),
  };
}

/**
 * PostgreSQL refuses to run as root. Run as root (containers, CI), PostgreSQL and nginx run in a user
 * namespace of their own where we are an ordinary user (`unshare --user`), which owns what root owns
 * outside, so the tools cache and the data folders need no other owner.
 */
function unprivileged(command: string, args: string[]): [string, string[]] {
  if (process.getuid?.() !== 0) return [command, args];
  return ['unshare', ['--user', '--map-user=1000', '--map-group=1000', command, ...args]];
}

export interface PostgresOptions {
  tools: ToolPaths;
  /** Holds the cluster (`data/`) and its socket; made with initdb on the first start. */
  dir: string;
  port: number;
  password: string;
  logFile: string;
}

export interface Postgres extends RunningServer {
  port: number;
  /** `postgres://user:password@127.0.0.1:port/<database>` */
  url(database: string): string;
  createDatabase(name: string): Promise<void>;
}

export async function startPostgres(opts: PostgresOptions): Promise<Postgres> {
  const data = path.join(opts.dir, 'data');
  const env = { ...process.env, LD_LIBRARY_PATH: opts.tools.postgresLibs, PGPASSWORD: opts.password };
  const bin = (name: string) => path.join(opts.tools.postgresBin, name);
  if (!existsSync(path.join(data, 'PG_VERSION'))) {
    mkdirSync(opts.dir, { recursive: true });
    const pwfile = path.join(opts.dir, 'initdb.password');
    writeFileSync(pwfile, `${opts.password}\n`, { mode: 0o600 });
    try {
      const [command, args] = unprivileged(bin('initdb'), [
        '-D',
        data,
        '-U',
        'postgres',
        `--pwfile=${pwfile}`,
        '--auth=scram-sha-256',
        '-E',
        'UTF8',
        '--locale=C.UTF-8',
      ]);
      await run(command, args, { env });
    } finally {
      rmSync(pwfile, { force: true });
    }
  }
  const [command, args] = unprivileged(bin('postgres'), [
    '-D',
    data,
    '-p',
    String(opts.port),
    '-c',
    'listen_addresses=127.0.0.1',
    '-c',
    `unix_socket_directories=${opts.dir}`,
    // A call's workflows, FerretDB's collections and visibility share one server: room for both pools.
    '-c',
    'max_connections=250',
  ]);
  const server = await startServer({ name: 'PostgreSQL', command, args, env, port: opts.port, logFile: opts.logFile, address: `127.0.0.1:${opts.port}` });
  // It listens before it accepts: wait until it answers.
  const deadline = Date.now() + 60_000;
  while (
    (await run(bin('pg_isready'), ['-q', '-h', '127.0.0.1', '-p', String(opts.port)], { env }).then(
      () => true,
      () => false,
    )) === false
  ) {
    if (Date.now() > deadline) throw new Error(`PostgreSQL did not accept connections in time; see ${opts.logFile}`);
    await sleep(200);
  }
  const psql = (sql: string) => run(bin('psql'), ['-h', '127.0.0.1', '-p', String(opts.port), '-U', 'postgres', '-d', 'postgres', '-tAc', sql], { env });
  return {
    ...server,
    port: opts.port,
    url: (database) => `postgres://postgres:${encodeURIComponent(opts.password)}@127.0.0.1:${opts.port}/${database}`,
    createDatabase: async (name) => {
      const { stdout } = await psql(`SELECT 1 FROM pg_database WHERE datname = '${name}'`);
      if (stdout.trim() !== '1') await psql(`CREATE DATABASE "${name}"`);
    },
  };
}

/**
 * Temporal's schema, by Temporal's own tool: each database is created when missing, given its
 * versioning tables, and updated to the newest schema this server release embeds. Safe to repeat:
 * a database already at that version is left as it is.
 */
export async function setupTemporalSchema(tools: ToolPaths, postgres: Postgres, password: string): Promise<void> {
  const env = {
    ...process.env,
    SQL_PLUGIN: 'postgres12',
    SQL_HOST: '127.0.0.1',
    SQL_PORT: String(postgres.port),
    SQL_USER: 'postgres',
    SQL_PASSWORD: password,
  };
  for (const [database, schema] of [
    ['temporal', 'postgresql/v12/temporal'],
    ['temporal_visibility', 'postgresql/v12/visibility'],
  ]) {
    await postgres.createDatabase(database);
    const tool = (...args: string[]) => run(tools.temporalSqlTool, ['--plugin', 'postgres12', '--database', database, ...args], { env });
    await tool('setup-schema', '-v', '0.0');
    await tool('update-schema', '--schema-name', schema);
  }
}

export interface TemporalServerOptions {
  tools: ToolPaths;
  port: number;
  postgres: Postgres;
  password: string;
  logFile: string;
}

/**
 * The Temporal server from deploy/temporal/production.yaml, then what the dev server does for us by
 * itself: the `default` namespace and the search attributes the workflows set.
 */
export async function startTemporalServer(opts: TemporalServerOptions): Promise<RunningServer> {
  const server = await startServer({
    name: 'Temporal server',
    command: opts.tools.temporalServer,
    args: ['--root', ROOT, '--config', 'deploy/temporal', '--env', 'production', '--allow-no-auth', 'start'],
    cwd: ROOT,
    env: {
      ...process.env,
      TEMPORAL_PORT: String(opts.port),
      TEMPORAL_DB_PORT: String(opts.postgres.port),
      TEMPORAL_DB_USER: 'postgres',
      TEMPORAL_DB_PASSWORD: opts.password,
    },
    port: opts.port,
    logFile: opts.logFile,
    address: `127.0.0.1:${opts.port}`,
    timeoutMs: 120_000,
  });
  try {
    const cli = (...args: string[]) => run(opts.tools.temporal, [...args, '--address', server.address]);
    await retry('the Temporal frontend', () => cli('operator', 'cluster', 'health'));
    await cli('operator', 'namespace', 'create', '--namespace', 'default', '--retention', '72h').catch((err: { stderr?: string }) => {
      if (!/already/i.test(err.stderr ?? '')) throw err;
    });
    const names = Object.values(searchAttributes).map(({ name }) => name);
    await retry('the search attributes', () =>
      cli('operator', 'search-attribute', 'create', '--namespace', 'default', ...names.flatMap((name) => ['--name', name, '--type', 'Keyword'])),
    );
    // A new namespace reaches the services' caches within about ten seconds: wait until it serves.
    await retry('the default namespace', () => cli('workflow', 'list', '--namespace', 'default', '--limit', '1'));
  } catch (err) {
    await server.stop();
    throw err;
  }
  return server;
}

async function retry(what: string, attempt: () => Promise<unknown>, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      await attempt();
      return;
    } catch (err) {
      if (Date.now() > deadline) throw new Error(`${what}: not ready in time (${(err as { stderr?: string }).stderr ?? String(err)})`);
      await sleep(500);
    }
  }
}

export interface FerretPgOptions {
  tools: ToolPaths;
  port: number;
  postgres: Postgres;
  /** The MongoDB database name the API and workers use. */
  database: string;
  /** FerretDB's own state file (its instance id). */
  stateDir: string;
  logFile: string;
}

/**
 * FerretDB 1.24 on PostgreSQL holds one pooled PostgreSQL connection while an update or a delete
 * reads its documents and takes a second for the write. Once every connection of its pool is held
 * by such a request waiting for its second, all requests hang for good (seen after 75 minutes of a
 * two-hour soak, and at once with 1,000 concurrent updates). A client connection carries one
 * request at a time, so while the clients' connections together stay below the pool's, a waiting
 * request always finds one free. Each client of this FerretDB (an API process, a worker, a bench or
 * a test) gets `maxPoolSize=FERRETDB_CLIENT_POOL` in its address, and the pool has room for eight.
 */
export const FERRETDB_CLIENT_POOL = 20;
export const FERRETDB_PG_POOL = 8 * FERRETDB_CLIENT_POOL + 1;

/** FerretDB on its PostgreSQL backend, in its own PostgreSQL database `ferretdb`. */
export async function startFerretOnPostgres(opts: FerretPgOptions): Promise<RunningServer> {
  await opts.postgres.createDatabase('ferretdb');
  mkdirSync(opts.stateDir, { recursive: true });
  return startServer({
    name: 'FerretDB',
    command: opts.tools.ferretdb,
    args: [
      '--handler=postgresql',
      `--state-dir=${opts.stateDir}`,
      `--listen-addr=127.0.0.1:${opts.port}`,
      '--debug-addr=-',
      '--telemetry=disable',
      '--log-level=warn',
    ],
    // In the environment rather than the arguments, so the password stays out of the process list.
    env: { ...process.env, FERRETDB_POSTGRESQL_URL: `${opts.postgres.url('ferretdb')}?pool_max_conns=${FERRETDB_PG_POOL}` },
    port: opts.port,
    logFile: opts.logFile,
    address: `mongodb://127.0.0.1:${opts.port}/${opts.database}?maxPoolSize=${FERRETDB_CLIENT_POOL}`,
  });
}

export interface NginxOptions {
  tools: ToolPaths;
  port: number;
  upstreams: number[];
  /** The media processes, which take the audio sockets. */
  media: number[];
  /** Its configuration, pid file and temporary files. */
  dir: string;
  logFile: string;
}

/** The audio sockets' paths, each capturing the call or interview whose session the socket joins (deploy/nginx/compose.conf has the same). */
export const MEDIA_LOCATIONS = [
  '^/candidate/v1/interviews/(?<media_key>[^/]+)/audio$',
  '^/dashboard/v1/browser-calls/(?<media_key>[^/]+)/audio$',
  '^/carrier/(twilio|simulated)/(media|relay)/(?<media_key>[^/]+)$',
];

/**
 * nginx in front of the API processes, round robin, and of the media processes, which take the
 * audio sockets: hashed on the call's or interview's id, so a call's sockets (its media stream, a
 * reconnecting candidate's) reach the process that holds its session, and a process gone moves only
 * its own share. How it passes requests is deploy/nginx/proxy.conf.
 */
export function startNginx(opts: NginxOptions): Promise<RunningServer> {
  const temp = path.join(opts.dir, 'temp');
  mkdirSync(temp, { recursive: true });
  const conf = path.join(opts.dir, 'nginx.conf');
  writeFileSync(
    conf,
    `# Written by scripts/productionStack.ts on each start.
worker_processes 1;
pid ${path.join(opts.dir, 'nginx.pid')};
events { worker_connections 4096; }
http {
  access_log off;
  client_body_temp_path ${temp}/body;
  proxy_temp_path ${temp}/proxy;
  fastcgi_temp_path ${temp}/fastcgi;
  uwsgi_temp_path ${temp}/uwsgi;
  scgi_temp_path ${temp}/scgi;
  client_max_body_size 65m;
  upstream api {
${opts.upstreams.map((p) => `    server 127.0.0.1:${p} max_fails=1 fail_timeout=2s;`).join('\n')}
    keepalive 64;
  }
  upstream media {
    hash $media_key consistent;
${opts.media.map((p) => `    server 127.0.0.1:${p} max_fails=1 fail_timeout=2s;`).join('\n')}
  }
  map $http_upgrade $connection_upgrade { default upgrade; '' ''; }
  server {
    listen 127.0.0.1:${opts.port};
${MEDIA_LOCATIONS.map(
  (pattern) => `    location ~ ${pattern} {
      proxy_pass http://media;
      include ${path.join(ROOT, 'deploy', 'nginx', 'proxy.conf')};
    }`,
).join('\n')}
    location / {
      proxy_pass http://api;
      include ${path.join(ROOT, 'deploy', 'nginx', 'proxy.conf')};
    }
  }
}
`,
  );
  const [command, args] = unprivileged(opts.tools.nginx, ['-p', opts.dir, '-c', conf, '-e', 'stderr', '-g', 'daemon off;']);
  return startServer({
    name: 'nginx',
    command,
    args,
    env: { ...process.env, LD_LIBRARY_PATH: opts.tools.nginxLibs },
    port: opts.port,
    logFile: opts.logFile,
    address: `http://127.0.0.1:${opts.port}`,
  });
}

/** An API or worker process of dist/, which can be stopped, killed and started again. */
export class NodeProcess {
  private child?: ChildProcess;
  private exited?: Promise<void>;

  constructor(
    readonly name: string,
    private readonly entry: string,
    private readonly env: NodeJS.ProcessEnv,
    private readonly logFile: string,
    /** The API's port: started means ready (`/readyz` 200); a worker's start waits for its log line. */
    readonly port?: number,
  ) {}

  get pid(): number | undefined {
    return this.child?.pid;
  }

  async start(timeoutMs = 120_000): Promise<void> {
    mkdirSync(path.dirname(this.logFile), { recursive: true });
    const log = createWriteStream(this.logFile, { flags: 'a' });
    const child = spawn(process.execPath, [path.join(ROOT, 'dist', this.entry)], { env: this.env, cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    this.child = child;
    this.exited = new Promise((resolve) => child.once('exit', () => (log.end(), resolve())));
    let running = false;
    child.stdout!.on('data', (chunk: Buffer) => {
      if (chunk.includes('worker running')) running = true;
    });
    child.stdout!.pipe(log, { end: false });
    child.stderr!.pipe(log, { end: false });
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      if (hasExited(child)) throw new Error(`${this.name} exited while starting; see ${this.logFile}`);
      if (this.port ? await ready(this.port) : running) return;
      if (Date.now() > deadline) throw new Error(`${this.name} did not start in time; see ${this.logFile}`);
      await sleep(200);
    }
  }

  /** SIGTERM: the API stops taking connections and finishes its requests; a media process tells candidates to reconnect and lets calls end; a worker drains its tasks. */
  async stop(): Promise<void> {
    if (this.child) await stopChild(this.child, 30_000);
  }

  /** SIGKILL, as a crash or an out-of-memory kill would. */
  async kill(): Promise<void> {
    const child = this.child;
    if (!child || hasExited(child)) return;
    child.kill('SIGKILL');
    await this.exited;
  }

  /** Resolves when the process ends, whoever ended it. */
  get ended(): Promise<void> {
    return this.exited ?? Promise.resolve();
  }
}

async function ready(port: number): Promise<boolean> {
  try {
    const res = await fetch(`http://127.0.0.1:${port}/readyz`, { signal: AbortSignal.timeout(5_000) });
    return res.ok;
  } catch {
    return false;
  }
}

export interface ShapeOptions {
  tools: ToolPaths;
  /** State (PostgreSQL's cluster, nginx's files) and logs (`logs/`). */
  dir: string;
  ports: { proxy: number; apis: number[]; media: number[]; workers: number; temporal: number; postgres: number; ferret: number };
  postgresPassword: string;
  /** The API's and the workers' environment: secrets and settings (MONGODB_URI and the rest are added). */
  env: NodeJS.ProcessEnv;
}

export interface Shape {
  proxyUrl: string;
  mongodbUri: string;
  temporalAddress: string;
  postgres: Postgres;
  temporal: RunningServer;
  ferret: RunningServer;
  nginx: RunningServer;
  apis: NodeProcess[];
  /** The media processes, which serve the audio sockets and their sessions. */
  media: NodeProcess[];
  workers: NodeProcess[];
  /** Front to back: the proxy, the media processes and APIs, the workers, then the servers they used. */
  stop(): Promise<void>;
}

/** Starts the whole shape, stopping what it started if a part fails. */
export async function startShape(opts: ShapeOptions): Promise<Shape> {
  const logs = path.join(opts.dir, 'logs');
  const stack: (RunningServer | NodeProcess)[] = [];
  const stopAll = async () => {
    for (const part of [...stack].reverse()) await part.stop().catch(() => undefined);
  };
  try {
    const postgres = await startPostgres({
      tools: opts.tools,
      dir: path.join(opts.dir, 'postgresql'),
      port: opts.ports.postgres,
      password: opts.postgresPassword,
      logFile: path.join(logs, 'postgresql.log'),
    });
    stack.push(postgres);
    await setupTemporalSchema(opts.tools, postgres, opts.postgresPassword);
    // Each is tracked as soon as it is up, so a failure of the other still stops it.
    const track = <T extends RunningServer>(server: T) => (stack.push(server), server);
    const [temporal, ferret] = await Promise.all([
      startTemporalServer({
        tools: opts.tools,
        port: opts.ports.temporal,
        postgres,
        password: opts.postgresPassword,
        logFile: path.join(logs, 'temporal.log'),
      }).then(track),
      startFerretOnPostgres({
        tools: opts.tools,
        port: opts.ports.ferret,
        postgres,
        database: 'voice_agent',
        stateDir: path.join(opts.dir, 'ferretdb'),
        logFile: path.join(logs, 'ferretdb.log'),
      }).then(track),
    ]);
    const env = {
      PUBLIC_BASE_URL: `http://127.0.0.1:${opts.ports.proxy}`,
      // The sockets are on the same proxy, which sends them to the media processes.
      MEDIA_PUBLIC_URL: `http://127.0.0.1:${opts.ports.proxy}`,
      ...opts.env,
      MONGODB_URI: ferret.address,
      TEMPORAL_ADDRESS: temporal.address,
      TRUST_PROXY_HOPS: '1',
      HOST: '127.0.0.1',
    };
    // Workers first: the API's readiness asks Temporal, and a dial wants a worker to take it.
    const workers = Array.from(
      { length: opts.ports.workers },
      (_, i) => new NodeProcess(`worker ${i + 1}`, 'worker/index.js', env, path.join(logs, `worker-${i + 1}.log`)),
    );
    stack.push(...workers);
    await Promise.all(workers.map((w) => w.start()));
    const apis = opts.ports.apis.map(
      (port, i) => new NodeProcess(`API ${i + 1}`, 'api/server.js', { ...env, PORT: String(port) }, path.join(logs, `api-${i + 1}.log`), port),
    );
    const media = opts.ports.media.map(
      (port, i) => new NodeProcess(`media ${i + 1}`, 'media/server.js', { ...env, MEDIA_PORT: String(port) }, path.join(logs, `media-${i + 1}.log`), port),
    );
    stack.push(...apis, ...media);
    await Promise.all([...apis, ...media].map((a) => a.start()));
    const nginx = await startNginx({
      tools: opts.tools,
      port: opts.ports.proxy,
      upstreams: opts.ports.apis,
      media: opts.ports.media,
      dir: path.join(opts.dir, 'nginx'),
      logFile: path.join(logs, 'nginx.log'),
    });
    stack.push(nginx);
    return {
      proxyUrl: nginx.address,
      mongodbUri: ferret.address,
      temporalAddress: temporal.address,
      postgres,
      temporal,
      ferret,
      nginx,
      apis,
      media,
      workers,
      stop: stopAll,
    };
  } catch (err) {
    await stopAll();
    throw err;
  }
}
