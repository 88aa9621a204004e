/**
 * `npm run bench:calls`: what placing a call costs on the full path, end to end.
 *
 * 200 calls through HTTP POST /api/v1/calls, 20 requests in flight (auth, rate limit, validation,
 * credit and concurrency checks, Update-with-Start of the call workflow that answers once the
 * simulated carrier has accepted the dial), against a baseline in the same run: a bare
 * `client.workflow.start` of the benches' baseline workflow that ends in its first task
 * (bench/baselineWorkflow.ts, on a worker and task queue of its own), 200 times at 20 in flight.
 * The baseline is start-only: start resolves once the server has accepted the workflow. Also
 * measured: the time from the first POST until all 200 calls are `completed`.
 *
 * Starts its own Temporal dev server (headless, in memory) and FerretDB unless TEMPORAL_ADDRESS /
 * MONGODB_URI are set; runs a worker on a unique task queue and the API app in this process.
 * DIAL_TIMEOUT_SECONDS, when set, replaces the API's dial timeout (a POST that exceeds it is a 504,
 * which fails the run: every POST must be a 201).
 */
import os from 'node:os';
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import mongoose from 'mongoose';
import { Client, Connection } from '@temporalio/client';
import { DefaultLogger, NativeConnection, Runtime } from '@temporalio/worker';
import { createApp } from '../api/app';
import { loadConfig } from '../config';
import { encryptedDataConverter } from '../lib/payloadCodec';
import { Call } from '../models/call';
import { createWorker, defaultDeps } from '../worker';
import { flushSessionRecounts } from '../models/sessionCount';
import { baselineEndedWorkflow } from './baselineWorkflow';
import { apiClient, baselineWorker, benchServers, benchTenant, percentile, serveApp } from './servers';

const CALLS = 200;
const CONCURRENCY = 20;
// The carrier's pace; 3000 (a turn every 3 s) is a real call's, 100 a busy stress test's.
const PACE_MS = Number(process.env.PACE_MS) || 100;
const WARMUP = 5;
const COMPLETION_DEADLINE_MS = 10 * 60_000;
const PHONE_NUMBER = '+442079460001';

// Worker lifecycle chatter and the bundler's progress would bury the table.
Runtime.install({
  logger: new DefaultLogger('WARN'),
  telemetryOptions: { logging: { filter: { core: 'WARN', other: 'WARN' } } },
});

/** Runs `task(0..count-1)` with at most `concurrency` in flight; returns each task's latency in ms. */
async function pool(count: number, concurrency: number, task: (i: number) => Promise<void>): Promise<number[]> {
  const latencies = new Array<number>(count);
  let next = 0;
  const lane = async () => {
    while (next < count) {
      const i = next++;
      const start = performance.now();
      await task(i);
      latencies[i] = performance.now() - start;
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, count) }, lane));
  return latencies;
}

async function main(): Promise<void> {
  const { temporalAddress, mongodbUri: uri, database, stop: stopServers } = await benchServers('calls');

  try {
    await mongoose.connect(uri, { dbName: `bench_calls_${Date.now()}`, serverSelectionTimeoutMS: 10_000 });
    await Promise.all(Object.values(mongoose.models).map((m) => m.init()));

    const taskQueue = `bench-calls-${randomBytes(4).toString('hex')}`;
    const env = {
      LOG_LEVEL: 'silent',
      TEMPORAL_ADDRESS: temporalAddress,
      MONGODB_URI: uri,
      TEMPORAL_TASK_QUEUE: taskQueue,
      SIMULATED_CALL_PACE_MS: String(PACE_MS),
      // The product default (20 s) unless set: a POST slower than this is a 504 and fails the run.
      ...(process.env.DIAL_TIMEOUT_SECONDS ? { DIAL_TIMEOUT_SECONDS: process.env.DIAL_TIMEOUT_SECONDS } : {}),
    };
    const config = loadConfig(env);

    const connection = await Connection.connect({ address: temporalAddress });
    const dataConverter = encryptedDataConverter(config.temporal.payloadKeys);
    const client = new Client({ connection, namespace: config.temporal.namespace, dataConverter });
    const native = await NativeConnection.connect({ address: temporalAddress });
    const bundleStart = performance.now();
    // workflowsPath: the worker bundles workflows/ itself, as the worker process does.
    const worker = await createWorker({
      connection: native,
      namespace: config.temporal.namespace,
      taskQueue,
      deps: defaultDeps(config, client),
      dataConverter,
      simulatedLine: config.carrier.name === 'simulated',
    });
    const bundleMs = performance.now() - bundleStart;
    const running = worker.run();
    const baseline = await baselineWorker(native, config.temporal.namespace, dataConverter);

    const app = createApp({ config, mongo: mongoose.connection, temporal: client });
    const { server, url: apiUrl } = await serveApp(app);

    const { organizationId, key } = await benchTenant('Bench calls', { creditMinutes: 100_000, limits: { maxConcurrentCalls: 1000 } });
    const api = apiClient(apiUrl, key);
    const createAgent = async (name: string) => {
      const res = await api('POST', '/agents', {
        name,
        instructions: 'You call {{firstName}} about the renewal of their plan.',
        phone: { greeting: 'Hi {{firstName}}, this is the renewals desk.', requiredContactFields: ['email'] },
      });
      if (res.status !== 201) throw new Error(`POST /agents answered ${res.status}: ${res.text}`);
      return res.body.id as string;
    };
    const warmupAgentId = await createAgent('Bench warm-up');
    const agentId = await createAgent('Bench renewals');

    const placeCall = async (agent: string, i: number) => {
      const res = await api('POST', '/calls', { agentId: agent, phoneNumber: PHONE_NUMBER, contactName: `Contact ${i}`, variables: { firstName: `Ada${i}` } });
      if (res.status !== 201) throw new Error(`POST /calls #${i} answered ${res.status}, expected 201: ${res.text}`);
      return res.body.id as string;
    };
    const completedOf = async (agent: string) => {
      const res = await api('GET', `/calls?agentId=${agent}&status=completed&limit=1`);
      if (res.status !== 200) throw new Error(`GET /calls answered ${res.status}: ${res.text}`);
      return res.body.pagination.total as number;
    };
    const untilCompleted = async (agent: string, count: number, deadlineMs: number) => {
      const deadline = Date.now() + deadlineMs;
      for (;;) {
        const done = await completedOf(agent);
        if (done >= count) return;
        if (Date.now() > deadline) throw new Error(`only ${done} of ${count} calls completed within ${deadlineMs / 1000} s`);
        await new Promise((r) => setTimeout(r, 100));
      }
    };

    const startBare = async (label: string) => {
      await client.workflow.start(baselineEndedWorkflow, {
        taskQueue: baseline.taskQueue,
        workflowId: `bench-start-${label}-${randomBytes(6).toString('hex')}`,
      });
    };

    // Warm-up of both paths (JIT, connections, the worker's caches), not in the table's rows. The
    // calls go one at a time on an otherwise idle worker: what one POST and one call cost unloaded.
    await Promise.all(Array.from({ length: WARMUP }, (_, i) => startBare(`warm${i}`)));
    const idlePosts: number[] = [];
    const idleCalls: number[] = [];
    for (let i = 0; i < WARMUP; i += 1) {
      const start = performance.now();
      await placeCall(warmupAgentId, i);
      idlePosts.push(performance.now() - start);
      await untilCompleted(warmupAgentId, i + 1, 60_000);
      idleCalls.push(performance.now() - start);
    }

    const load = () =>
      os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(' ');
    const loadBefore = load();
    console.log(
      `node ${process.version}, ${os.cpus().length} cores, simulated pace ${PACE_MS} ms, dial timeout ${config.calls.dialTimeoutSeconds} s, ${CALLS} requests per target at ${CONCURRENCY} in flight, ` +
        `Temporal ${process.env.TEMPORAL_ADDRESS ? temporalAddress : 'dev server (in memory)'}, database ${database}, ` +
        `worker bundled in ${(bundleMs / 1000).toFixed(1)} s`,
    );

    // Baseline first, on a quiet worker; its runs end by themselves.
    const bare = await pool(CALLS, CONCURRENCY, (i) => startBare(String(i)));

    // Calls in `created` or `active`, sampled while the run lasts: how many share the worker.
    let peakLive = 0;
    let sampling = true;
    const sampler = (async () => {
      while (sampling) {
        const live = await Call.countDocuments({ organizationId, status: { $in: ['created', 'active'] } });
        peakLive = Math.max(peakLive, live);
        await new Promise((r) => setTimeout(r, 500));
      }
    })();

    const firstPost = performance.now();
    const callIds: string[] = [];
    const posts = await pool(CALLS, CONCURRENCY, async (i) => {
      callIds[i] = await placeCall(agentId, i);
    });
    const postPhaseMs = performance.now() - firstPost;
    await untilCompleted(agentId, CALLS, COMPLETION_DEADLINE_MS);
    const allCompletedMs = performance.now() - firstPost;
    sampling = false;
    await sampler;

    const dispositions = await Call.aggregate<{ _id: string; n: number }>([
      { $match: { organizationId, agentId: new mongoose.Types.ObjectId(agentId) } },
      { $group: { _id: '$disposition', n: { $sum: 1 } } },
    ]);
    const unique = new Set(callIds).size;
    if (unique !== CALLS) throw new Error(`expected ${CALLS} distinct call ids, got ${unique}`);

    const ms = (v: number) => v.toFixed(1);
    const postP50 = percentile(posts, 50);
    const postP99 = percentile(posts, 99);
    const bareP50 = percentile(bare, 50);
    const bareP99 = percentile(bare, 99);
    console.log('\n| target | p50 (ms) | p99 (ms) | max (ms) | p50 vs baseline | p99 vs baseline |');
    console.log('| --- | ---: | ---: | ---: | ---: | ---: |');
    console.log(
      `| baseline: bare client.workflow.start, ${CALLS} at ${CONCURRENCY} in flight (start-only: the baseline workflow then ends in its first task) | ${ms(bareP50)} | ${ms(bareP99)} | ${ms(Math.max(...bare))} | 1.0x | 1.0x |`,
    );
    console.log(
      `| POST /api/v1/calls, ${CALLS} at ${CONCURRENCY} in flight (201 = dial accepted) | ${ms(postP50)} | ${ms(postP99)} | ${ms(Math.max(...posts))} | ${(postP50 / bareP50).toFixed(1)}x | ${(postP99 / bareP99).toFixed(1)}x |`,
    );
    console.log(
      `| POST /api/v1/calls, one at a time on an idle worker (warm-up, n=${WARMUP}) | ${ms(percentile(idlePosts, 50))} | – | ${ms(Math.max(...idlePosts))} | ` +
        `${(percentile(idlePosts, 50) / bareP50).toFixed(1)}x | – |`,
    );
    console.log(`\n| end to end | seconds |`);
    console.log('| --- | ---: |');
    console.log(`| ${CALLS} POSTs answered (first POST to last 201) | ${(postPhaseMs / 1000).toFixed(1)} |`);
    console.log(`| all ${CALLS} calls \`completed\` (from the first POST) | ${(allCompletedMs / 1000).toFixed(1)} |`);
    console.log(`| one call alone on an idle worker, POST to \`completed\` (warm-up median) | ${(percentile(idleCalls, 50) / 1000).toFixed(1)} |`);
    console.log(
      `\nDispositions: ${dispositions.map((d) => `${d._id ?? 'none'} ${d.n}`).join(', ')}; peak live calls (created or active) ${peakLive}; load average ${loadBefore} before, ${load()} after.`,
    );

    worker.shutdown();
    await Promise.all([running, baseline.stop()]);
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await native.close();
    await connection.close();
    // The in-process worker's waiting session recounts, before their database goes.
    await flushSessionRecounts();
    await mongoose.connection.dropDatabase();
    await mongoose.disconnect();
  } finally {
    await stopServers();
  }
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
