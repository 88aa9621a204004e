/**
 * `npm run production`: the production shape on this machine, without Docker (see docs/operations.md,
 * "Production shape"): PostgreSQL, a Temporal server on it, FerretDB on PostgreSQL, two API processes
 * and two media processes (the audio sockets) behind nginx and two workers, from the built code (`npm run build` first). State stays in
 * .data/production/; Ctrl-C stops everything.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { portInUse, provision, toolPaths } from './stack';
import { startShape, temporalPortOffsets, type Shape } from './productionStack';

const ROOT = path.resolve(__dirname, '..');
const DATA = path.join(ROOT, '.data', 'production');

function fail(message: string): never {
  console.error(`[production] ${message}`);
  process.exit(1);
}

/** A secret made once at random and kept beside the data it protects (mode 600). */
function secret(name: string, bytes = 32): string {
  const file = path.join(DATA, name);
  if (!existsSync(file)) {
    mkdirSync(DATA, { recursive: true });
    writeFileSync(file, `${randomBytes(bytes).toString('base64url')}\n`, { mode: 0o600 });
  }
  return readFileSync(file, 'utf8').trim();
}

/** The ports, each from its variable or its default. */
function ports() {
  const defaults = { PORT: 3000, API_PORT: 3001, MEDIA_PORT: 3003, TEMPORAL_PORT: 7233, POSTGRES_PORT: 5432, FERRETDB_PORT: 27017 };
  const chosen = Object.fromEntries(Object.entries(defaults).map(([name, fallback]) => [name, Number(process.env[name] ?? fallback)]));
  for (const [name, value] of Object.entries(chosen)) {
    if (!Number.isInteger(value) || value <= 0 || value > 65534) fail(`${name} must be a port number, got "${process.env[name]}"`);
  }
  // Temporal keeps its services' membership ports in a PostgreSQL smallint (deploy/temporal/production.yaml).
  if (chosen.TEMPORAL_PORT < 1324 || chosen.TEMPORAL_PORT > 32757) fail(`TEMPORAL_PORT must be from 1324 to 32757, got ${chosen.TEMPORAL_PORT}`);
  return chosen as typeof defaults;
}

async function main(): Promise<void> {
  if (!existsSync(path.join(ROOT, 'dist', 'api', 'server.js'))) fail('no built code in dist/: run `npm run build` first');
  const chosen = ports();
  const shapePorts = {
    proxy: chosen.PORT,
    apis: [chosen.API_PORT, chosen.API_PORT + 1],
    media: [chosen.MEDIA_PORT, chosen.MEDIA_PORT + 1],
    workers: 2,
    temporal: chosen.TEMPORAL_PORT,
    postgres: chosen.POSTGRES_PORT,
    ferret: chosen.FERRETDB_PORT,
  };
  const wanted: [number, string][] = [
    [shapePorts.proxy, 'PORT'],
    ...shapePorts.apis.map((p): [number, string] => [p, 'API_PORT']),
    ...shapePorts.media.map((p): [number, string] => [p, 'MEDIA_PORT']),
    ...temporalPortOffsets.map((o): [number, string] => [shapePorts.temporal + o, 'TEMPORAL_PORT']),
    [shapePorts.postgres, 'POSTGRES_PORT'],
    [shapePorts.ferret, 'FERRETDB_PORT'],
  ];
  for (const [p, variable] of wanted) {
    if (await portInUse(p)) fail(`port ${p} is already in use: stop what holds it or set ${variable}`);
  }
  try {
    provision('production');
  } catch {
    fail('provisioning failed (see the [tools] lines above)');
  }

  let shape: Shape | undefined;
  let stopping = false;
  const stop = async (code: number) => {
    if (stopping) return;
    stopping = true;
    console.log('[production] stopping...');
    await shape?.stop();
    process.exit(code);
  };
  process.on('SIGINT', () => void stop(0));
  process.on('SIGTERM', () => void stop(0));

  console.log('[production] starting PostgreSQL, the Temporal server, FerretDB, 2 workers, 2 APIs, 2 media processes and nginx...');
  try {
    const tools = toolPaths({ ...process.env, MONGODB_URI: '', TEMPORAL_ADDRESS: '' });
    shape = await startShape({
      tools,
      dir: DATA,
      ports: shapePorts,
      postgresPassword: secret('postgres.password'),
      env: {
        ...process.env,
        NODE_ENV: 'production',
        CREDENTIALS_ENCRYPTION_KEY: process.env.CREDENTIALS_ENCRYPTION_KEY || secret('credentials.key'),
        DO_NOT_CALL_HASH_KEY: process.env.DO_NOT_CALL_HASH_KEY || secret('do-not-call.key'),
        METRICS_TOKEN: process.env.METRICS_TOKEN || secret('metrics.token'),
        // Production refuses the development payload key (config.ts): one of its own, id `local`.
        ...(process.env.TEMPORAL_PAYLOAD_KEYS ? {} : { TEMPORAL_PAYLOAD_KEYS: `local:${secret('payload.key')}`, TEMPORAL_PAYLOAD_KEY_ID: 'local' }),
        TEMPORAL_CODEC_TOKEN: process.env.TEMPORAL_CODEC_TOKEN || secret('codec.token'),
        // Silero VAD and Smart Turn decide who speaks and when a turn ends, as in development.
        TURN_MODELS_DIR: process.env.TURN_MODELS_DIR || tools.turnModels,
      },
    });
  } catch (err) {
    console.error(`[production] ${err instanceof Error ? err.message : String(err)}`);
    return stop(1);
  }
  for (const part of [...shape.apis, ...shape.media, ...shape.workers]) {
    void part.ended.then(() => {
      if (!stopping) console.error(`[production] ${part.name} exited; see ${path.join(DATA, 'logs')}`);
    });
  }
  const logs = path.relative(ROOT, path.join(DATA, 'logs'));
  console.log(
    [
      '',
      `[production] API (nginx)   ${shape.proxyUrl}/api/v1   -> ${shape.apis.map((a) => `127.0.0.1:${a.port}`).join(', ')}`,
      `[production] Media (nginx) ${shape.proxyUrl} (the audio sockets)   -> ${shape.media.map((m) => `127.0.0.1:${m.port}`).join(', ')}`,
      `[production] Workers       ${shape.workers.map((w) => `pid ${w.pid}`).join(', ')}`,
      `[production] Temporal      ${shape.temporalAddress} (server ${path.basename(toolPaths().temporalServer)}, no Web UI; \`temporal --address ${shape.temporalAddress} workflow list\`)`,
      `[production] Payloads      encrypted; read them: temporal --address ${shape.temporalAddress} workflow show -w <id> --codec-endpoint ${shape.proxyUrl}/codec --codec-auth "Bearer ${process.env.TEMPORAL_CODEC_TOKEN ? '$TEMPORAL_CODEC_TOKEN' : '$(cat .data/production/codec.token)'}"`,
      `[production] MongoDB wire  ${shape.mongodbUri} (FerretDB on PostgreSQL)`,
      `[production] PostgreSQL    127.0.0.1:${shape.postgres.port} (user postgres, password in .data/production/postgres.password)`,
      `[production] Logs          ${logs}/`,
      `[production] An organization: MONGODB_URI=${shape.mongodbUri} npm run admin -- org create --name Acme --credits 600 --admin-email you@example.com --json`,
      '[production] Ctrl-C stops everything; state stays in .data/production/',
      '',
    ].join('\n'),
  );
}

void main();
