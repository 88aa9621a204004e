/**
 * The examples of docs/clients.md, each run as a partner would run it against the test stack (the
 * app, a worker, the database and Temporal): the Node and Python scripts place a call to the
 * simulated test number and print its transcript and report; the embed server mints a token with
 * the partner's key and its page, in Chromium, mounts the interview whose frame loads the candidate page.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import path from 'node:path';
import mongoose from 'mongoose';
import { chromium } from 'playwright-core';
import { createApp } from '../../api/app';
import { freePort } from '../../scripts/stack';
import { createTenant, startApi } from '../helpers/app';
import { acmeAgent, close, listen } from '../helpers/browser';
import { pythonBin, ROOT, run } from '../helpers/python';
import { uniqueName, waitFor } from '../helpers/servers';
import { runWorker, type RunningWorker } from '../helpers/worker';

const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const TSX = path.join(ROOT, 'node_modules/.bin/tsx');
const taskQueue = uniqueName('examples');

let api: Awaited<ReturnType<typeof startApi>>;
let worker: RunningWorker;
let embedHost: http.Server;
/** The service's origin as the examples are given it: links and embed.js point here. */
let base: string;

beforeAll(async () => {
  // The embed frame's origin must be the configured public URL, so its port is chosen first.
  ({ server: embedHost, origin: base } = await listen());
  api = await startApi('examples', { TEMPORAL_TASK_QUEUE: taskQueue, PUBLIC_BASE_URL: base, SIMULATED_CALL_PACE_MS: '50' });
  worker = await runWorker({ TEMPORAL_TASK_QUEUE: taskQueue, SIMULATED_CALL_PACE_MS: '50' });
  const app = createApp({ config: api.config, mongo: mongoose.connection, temporal: worker.client }).callback();
  embedHost.on('request', (req, res) => void app(req, res));
}, 120_000);
afterAll(async () => {
  await close(embedHost);
  await worker?.stop();
  await api?.close();
});

/** What a placing example printed: the call, its transcript's turns and its report, in that order. */
function expectCallOutput(output: string) {
  expect(output).toMatch(/^agent [0-9a-f]{24} created$/m);
  expect(output).toMatch(/^call [0-9a-f]{24} placed to \+442079460001$/m);
  expect(output).toMatch(/^agent: .+$/m);
  expect(output).toMatch(/^report: \w+/m);
  expect(output.indexOf('report: ')).toBeGreaterThan(output.search(/^agent: /m));
}

test('examples/node/place-call.ts places a call and prints its transcript and report', async () => {
  const key = await (await createTenant()).key();
  const { code, output } = await run(TSX, ['examples/node/place-call.ts'], { env: { VOICE_AGENT_BASE_URL: base, VOICE_AGENT_API_KEY: key } });
  if (code !== 0) console.log(output);
  expect(code).toBe(0);
  expectCallOutput(output);
}, 150_000);

test('examples/python/place_call.py places a call and prints its transcript and report', async () => {
  const key = await (await createTenant()).key();
  const { code, output } = await run(path.join(pythonBin(), 'python'), ['examples/python/place_call.py'], {
    env: { VOICE_AGENT_BASE_URL: base, VOICE_AGENT_API_KEY: key, PYTHONPATH: path.join(ROOT, 'clients/python'), PYTHONDONTWRITEBYTECODE: '1' },
  });
  if (code !== 0) console.log(output);
  expect(code).toBe(0);
  expectCallOutput(output);
}, 150_000);

/** Starts examples/embed/server.ts and resolves once it listens. */
function startEmbedServer(env: NodeJS.ProcessEnv): Promise<ChildProcess> {
  return new Promise((resolve, reject) => {
    const child = spawn(TSX, ['examples/embed/server.ts'], { cwd: ROOT, env: { ...process.env, ...env } });
    let output = '';
    const timer = setTimeout(() => (child.kill('SIGKILL'), reject(new Error(`the embed server did not start:\n${output}`))), 30_000);
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('embed example on')) (clearTimeout(timer), resolve(child));
    });
    child.on('exit', (code) => (clearTimeout(timer), reject(new Error(`the embed server exited with ${code}:\n${output}`))));
  });
}

test('examples/embed: the server mints an embed token and the page’s frame loads the candidate page', async () => {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const key = await (await createTenant()).key(undefined, { allowedOrigins: [origin] });
  const agentId = await acmeAgent(api, key, { opening: 'Hello from the example.', evaluationCriteria: ['clarity'] });
  const server = await startEmbedServer({ VOICE_AGENT_BASE_URL: base, VOICE_AGENT_API_KEY: key, AGENT_ID: agentId, PORT: String(port) });
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
  try {
    const page = await browser.newPage({ viewport: { width: 1000, height: 900 } });
    const errors: string[] = [];
    page.on('pageerror', (err) => errors.push(err.message));
    await page.goto(origin);
    await page.getByRole('button', { name: 'Begin my interview' }).click();
    await page.getByRole('status').filter({ hasText: 'session.ready' }).waitFor();
    const frame = await waitFor(async () => page.frames().find((f) => f.url().startsWith(`${base}/embed/`)));
    await frame.waitForSelector('#start:visible');
    await page.screenshot({ path: path.join(ROOT, 'test-output/screenshots/examples-embed.png') });
    expect(errors).toEqual([]);
  } finally {
    await browser.close();
    server.kill();
  }
}, 120_000);
