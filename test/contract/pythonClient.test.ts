/**
 * The generated Python client against the running service: clients/python/tests (pytest, in the venv
 * scripts/tools.sh provisions) creates an agent, places a call to the simulated test number, polls it
 * to its report and reads an error's code, over HTTP to the real app, worker, database and Temporal.
 */
import path from 'node:path';
import { createTenant, startApi } from '../helpers/app';
import { pythonBin, ROOT, run } from '../helpers/python';
import { uniqueName } from '../helpers/servers';
import { runWorker, type RunningWorker } from '../helpers/worker';

const env = { TEMPORAL_TASK_QUEUE: uniqueName('python-client'), SIMULATED_CALL_PACE_MS: '50', RING_TIMEOUT_SECONDS: '2' };

let api: Awaited<ReturnType<typeof startApi>>;
let worker: RunningWorker;

beforeAll(async () => {
  api = await startApi('python-client', env);
  worker = await runWorker(env);
}, 120_000);
afterAll(async () => {
  await worker?.stop();
  await api?.close();
});

test('the Python client places a call, polls it to its report and reads an error’s code', async () => {
  const key = await (await createTenant()).key();
  const { code, output } = await run(path.join(pythonBin(), 'pytest'), ['-q', '-p', 'no:cacheprovider', 'clients/python/tests'], {
    env: { VOICE_AGENT_BASE_URL: api.url, VOICE_AGENT_API_KEY: key, PYTHONPATH: path.join(ROOT, 'clients/python'), PYTHONDONTWRITEBYTECODE: '1' },
  });
  if (code !== 0) console.log(output);
  expect(output).toMatch(/\b2 passed\b/);
  expect(code).toBe(0);
}, 180_000);
