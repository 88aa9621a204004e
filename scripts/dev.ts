/**
 * `npm run dev`: provisions what is missing, then runs the whole service on this machine: the
 * Temporal dev server (with its Web UI), FerretDB, the worker, the API with the dashboard web
 * app, built first, and the media process that serves the audio sockets beside it. State is kept in .data/
 * so a second run finds the same data. Ctrl-C stops everything.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import mongoose from 'mongoose';
import { SCOPES } from '../api/scopes';
import { loadConfig } from '../config';
import { createApiKey } from '../models/apiKey';
import { Organization } from '../models/organization';
import { createOrganization } from '../models/tenant';
import { buildDashboard } from './buildDashboard';
import { portInUse, provision, startFerret, startTemporal, stopChild, toolPaths, type RunningServer } from './stack';

const ROOT = path.resolve(__dirname, '..');
const DATA = path.join(ROOT, '.data');

/** Polls a process's readiness until it answers 200 (true) or `timeoutMs` passes (false); a process that exits stops `npm run dev` meanwhile. */
async function ready(url: string, timeoutMs = 120_000): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const status = await fetch(url, { signal: AbortSignal.timeout(2000) }).then(
      (res) => res.status,
      () => 0,
    );
    if (status === 200) return true;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return false;
}

function fail(message: string): never {
  console.error(`[dev] ${message}`);
  process.exit(1);
}

/** The demo admin's sign-in, kept in .data/ (this machine's development data) to print at every start. */
const DEMO_ADMIN_FILE = path.join(DATA, 'demo-admin');

/**
 * On the first start (no organization yet), a demo organization with 600 credit minutes, its admin
 * and an API key holding every scope. The key is printed this once (it is stored only as a hash);
 * the admin's email and password at every start, so the dashboard can be signed in to at once.
 */
async function seedDemo(mongodbUri: string): Promise<string[]> {
  await mongoose.connect(mongodbUri, { serverSelectionTimeoutMS: 10_000 });
  try {
    if (await Organization.exists({})) {
      return existsSync(DEMO_ADMIN_FILE) ? [`[dev] Dashboard admin   ${readFileSync(DEMO_ADMIN_FILE, 'utf8').trim()}`] : [];
    }
    const { organization, admin, password } = await createOrganization({
      name: 'Demo organization',
      creditMinutes: 600,
      adminEmail: 'admin@demo.example.com',
    });
    const { key } = await createApiKey({
      organizationId: organization._id,
      createdBy: admin._id,
      name: 'Demo key',
      mode: 'test',
      scopes: [...SCOPES],
    });
    mkdirSync(DATA, { recursive: true });
    writeFileSync(DEMO_ADMIN_FILE, `${admin.email} / ${password}\n`, { mode: 0o600 });
    return [
      '[dev] First start: created a demo organization. The key is shown once, save it now:',
      `[dev]   API key         ${key}`,
      `[dev]   try: curl -H "Authorization: Bearer ${key}" http://127.0.0.1:${process.env.PORT ?? 3000}/api/v1/usage`,
      `[dev] Dashboard admin   ${admin.email} / ${password}`,
    ];
  } finally {
    await mongoose.disconnect();
  }
}

/**
 * A development secret, made once at random and kept in .data/ beside the data it protects, so no
 * secret is a constant in the repository: the key that seals organizations' provider credentials
 * (byok), the bearer token of GET /metrics and the operator token of the payload codec (base64url:
 * it goes into the Web UI's codec address). Deployments set CREDENTIALS_ENCRYPTION_KEY,
 * METRICS_TOKEN and TEMPORAL_CODEC_TOKEN themselves.
 */
function devSecret(name: string, encoding: 'base64' | 'base64url' = 'base64'): string {
  const file = path.join(DATA, name);
  if (!existsSync(file)) {
    mkdirSync(DATA, { recursive: true });
    writeFileSync(file, `${randomBytes(32).toString(encoding)}\n`, { mode: 0o600 });
  }
  return readFileSync(file, 'utf8').trim();
}

function port(name: string, fallback: number): number {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isInteger(value) || value <= 0 || value > 65535) fail(`${name} must be a port number, got "${process.env[name]}"`);
  return value;
}

async function main(): Promise<void> {
  const apiPort = port('PORT', 3000);
  const mediaPort = port('MEDIA_PORT', apiPort + 1);
  const temporalPort = port('TEMPORAL_PORT', 7233);
  const uiPort = port('TEMPORAL_UI_PORT', 8233);
  const ferretPort = port('FERRETDB_PORT', 27017);
  const startTemporalServer = !process.env.TEMPORAL_ADDRESS;
  const startDatabase = !process.env.MONGODB_URI;

  const wanted: [number, string, string][] = [
    [apiPort, 'the API', 'PORT'],
    [mediaPort, 'the media process', 'MEDIA_PORT'],
  ];
  if (startTemporalServer) wanted.push([temporalPort, 'Temporal', 'TEMPORAL_PORT'], [uiPort, 'the Temporal UI', 'TEMPORAL_UI_PORT']);
  if (startDatabase) wanted.push([ferretPort, 'FerretDB', 'FERRETDB_PORT']);
  for (const [p, what, variable] of wanted) {
    if (await portInUse(p)) fail(`port ${p} (${what}) is already in use: stop what holds it or set ${variable} to a free port`);
  }

  let provisioned: string | undefined;
  try {
    provisioned = provision('temporal', 'ferretdb', 'local-speech', 'turn-models');
  } catch {
    fail('provisioning failed (see the [tools] lines above)');
  }
  const tools = toolPaths();

  const servers: RunningServer[] = [];
  const children: ChildProcess[] = [];
  let stopping = false;
  const stop = async (code: number) => {
    if (stopping) return;
    stopping = true;
    console.log('[dev] stopping...');
    await Promise.all(children.map((child) => stopChild(child)));
    await Promise.allSettled(servers.map((s) => s.stop()));
    process.exit(code);
  };
  process.on('SIGINT', () => void stop(0));
  process.on('SIGTERM', () => void stop(0));

  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(apiPort),
    // The audio sockets and their sessions run in the media process, off the API's event loop.
    MEDIA_PORT: String(mediaPort),
    MEDIA_PUBLIC_URL: process.env.MEDIA_PUBLIC_URL || `http://127.0.0.1:${mediaPort}`,
    CREDENTIALS_ENCRYPTION_KEY: process.env.CREDENTIALS_ENCRYPTION_KEY || devSecret('credentials.key'),
    METRICS_TOKEN: process.env.METRICS_TOKEN || devSecret('metrics.token'),
    // The Web UI's browser decodes payloads through the API (the dev server's UI sends no header:
    // the token is in the codec address it is given). Payloads use the development key (config.ts).
    TEMPORAL_CODEC_TOKEN: process.env.TEMPORAL_CODEC_TOKEN || devSecret('codec.token', 'base64url'),
    TEMPORAL_UI_ORIGINS: process.env.TEMPORAL_UI_ORIGINS || `http://127.0.0.1:${uiPort},http://localhost:${uiPort}`,
    // Where the `local` speech engines find their models (scripts/tools.sh local-speech), and voice
    // interviews on them unless the environment names other engines.
    LOCAL_SPEECH_DIR: tools.localSpeech,
    DEFAULT_STT_PROVIDER: process.env.DEFAULT_STT_PROVIDER || 'local',
    DEFAULT_TTS_PROVIDER: process.env.DEFAULT_TTS_PROVIDER || 'local',
    // A partner tries their agent's tools against a tool server on their own laptop.
    TOOLS_ALLOW_LOOPBACK: process.env.TOOLS_ALLOW_LOOPBACK || 'true',
    // Silero VAD and Smart Turn (scripts/tools.sh turn-models) decide who speaks and when a turn ends.
    TURN_MODELS_DIR: tools.turnModels,
  };
  try {
    if (startTemporalServer) {
      const temporal = await startTemporal({
        executable: tools.temporal,
        port: temporalPort,
        uiPort,
        uiCodecEndpoint: `http://127.0.0.1:${apiPort}/codec/${encodeURIComponent(env.TEMPORAL_CODEC_TOKEN!)}`,
        dbFile: path.join(DATA, 'temporal', 'temporal.db'),
        logFile: path.join(DATA, 'logs', 'temporal.log'),
      });
      servers.push(temporal);
      env.TEMPORAL_ADDRESS = temporal.address;
    }
    if (startDatabase) {
      const ferret = await startFerret({
        executable: tools.ferretdb,
        port: ferretPort,
        dataDir: path.join(DATA, 'ferretdb'),
        logFile: path.join(DATA, 'logs', 'ferretdb.log'),
        database: 'voice_agent',
      });
      servers.push(ferret);
      env.MONGODB_URI = ferret.address;
    }
  } catch (err) {
    console.error(`[dev] ${err instanceof Error ? err.message : String(err)}`);
    return stop(1);
  }
  try {
    await buildDashboard();
  } catch (err) {
    console.error(`[dev] the dashboard did not build: ${err instanceof Error ? err.message : String(err)}`);
    return stop(1);
  }
  let demo: string[] = [];
  try {
    demo = await seedDemo(env.MONGODB_URI!);
  } catch (err) {
    console.error(`[dev] could not create the demo organization: ${err instanceof Error ? err.message : String(err)}`);
  }

  for (const [name, entry] of [
    ['worker', 'worker/index.ts'],
    ['api', 'api/server.ts'],
    ['media process', 'media/server.ts'],
  ] as const) {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, entry)], { env, stdio: 'inherit' });
    child.once('exit', (code, signal) => {
      if (!stopping) {
        console.error(`[dev] the ${name} exited (${signal ?? `code ${code}`}); stopping the rest`);
        void stop(1);
      }
    });
    children.push(child);
  }

  const config = loadConfig(env);
  // The addresses are worth printing only once they answer: a first curl must not be refused.
  for (const [what, readyz] of [
    ['the API', `http://${config.host}:${config.port}/readyz`],
    ['the media process', `http://${config.host}:${config.media.port}/readyz`],
  ]) {
    if (!(await ready(readyz))) {
      console.error(`[dev] ${what} did not become ready within 2 minutes; see its output above`);
      return stop(1);
    }
  }
  const token = process.env.METRICS_TOKEN ? '$METRICS_TOKEN' : '$(cat .data/metrics.token)';
  console.log(
    [
      '',
      `[dev] Dashboard    http://${config.host}:${config.port}/dashboard`,
      `[dev] API          http://${config.host}:${config.port}/api/v1   (readiness: http://${config.host}:${config.port}/readyz)`,
      `[dev] Media        ${config.media.publicUrl}   (the audio sockets; readiness: http://${config.host}:${config.media.port}/readyz)`,
      `[dev] Metrics      curl -H "Authorization: Bearer ${token}" http://${config.host}:${config.port}/metrics   (the API's)`,
      `[dev]              curl -H "Authorization: Bearer ${token}" http://${config.host}:${config.media.port}/metrics   (the media process's: voice turns)`,
      `[dev] Temporal     ${config.temporal.address}${startTemporalServer ? `   Web UI: http://127.0.0.1:${uiPort} (payloads decoded through the API's /codec)` : ' (TEMPORAL_ADDRESS)'}`,
      `[dev] MongoDB      ${config.mongodbUri}${startDatabase ? ' (FerretDB, data in .data/ferretdb)' : ' (MONGODB_URI)'}`,
      '[dev] Ctrl-C stops everything; state stays in .data/',
      ...(provisioned ? [`[dev] Provisioning ${provisioned}`] : []),
      ...demo,
      '',
    ].join('\n'),
  );
}

void main();
