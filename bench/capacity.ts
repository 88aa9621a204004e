/**
 * `npm run bench:capacity`: how many real-paced calls one machine carries.
 *
 * The service's worker and API run as processes of their own (`worker/index.ts`, `api/server.ts`)
 * on a Temporal dev server and FerretDB of the bench's own, with the simulated carrier at a turn
 * every `PACE_MS` (3000) and an agent whose conversation makes each call last about a minute. The
 * bench ramps the number of live calls through `RAMP` (100,200,300,400,500): at each step it
 * places calls open-loop at the rate that holds that many live (step / call length per second),
 * lets them fill for one call length, then for `MEASURE_SECONDS` (45) measures:
 *   - `POST /api/v1/calls` latency, beside a bare `client.workflow.start` of the no-op baseline
 *     workflow (bench/baselineWorkflow.ts), sampled about 3 times a second in the same window, so
 *     both see the same machine, and beside an answered start: the same workflow started with an update
 *     that a no-op local activity answers, the Temporal hops of a POST without its work;
 *   - the live calls (`created` or `active` in the read model), sampled every 2 s;
 *   - the worker's log lines of activities that failed or timed out, and its memory.
 * A step is sustained when POST p50 is at most 2x the bare start's, no activity failed or timed
 * out, and the live calls held at least 90% of the step. After the ramp, each step's POST latency is
 * split from the histories of the calls it placed (bench/postPath.ts): time queued for the worker,
 * time in it, and the API's rest. The ramp stops after the first step that
 * is not (KEEP_GOING=1 runs every step).
 *
 * SOAK_MINUTES=60 then holds the last step's live calls that long, samples the worker's memory
 * every minute, and prints each ten minutes' mean and the growth from the first ten minutes to the
 * last ten (for example `RAMP=200 SOAK_MINUTES=60`); a soak longer than an hour also prints the
 * growth over its last hour alone, the minutes before it taken as warm-up.
 *
 * BENCH_SHAPE=production measures the production shape instead (bench/shape.ts, from dist/): the
 * POSTs go through nginx to its two APIs, and the worker figures are its two workers' together.
 */
import type { ChildProcess } from 'node:child_process';
import os from 'node:os';
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import mongoose from 'mongoose';
import { Client, Connection, WithStartWorkflowOperation } from '@temporalio/client';
import { DefaultLogger, NativeConnection, Runtime } from '@temporalio/worker';
import { loadConfig } from '../config';
import { encryptedDataConverter } from '../lib/payloadCodec';
import { Call } from '../models/call';
import { freePort, hasExited, stopChild } from '../scripts/stack';
import { baselineAnsweredUpdate, baselineEndedWorkflow, baselineWorkflow } from './baselineWorkflow';
import { apiClient, baselineWorker, benchServers, benchTenant, percentile } from './servers';
import { postPathRows } from './postPath';
import { benchShape, type BenchShape } from './shape';
import { memory, sleep, startProcess } from './voiceBench';

const PACE_MS = Number(process.env.PACE_MS) || 3000;
const RAMP = (process.env.RAMP || '100,200,300,400,500').split(',').map(Number);
const MEASURE_SECONDS = Number(process.env.MEASURE_SECONDS) || 45;
const KEEP_GOING = process.env.KEEP_GOING === '1';
const SOAK_MINUTES = Number(process.env.SOAK_MINUTES) || 0;
// Eight questions, the label question and the goodbye: 21 turns, a little over a minute at 3 s a turn.
const FIELDS = ['email', 'firstName', 'lastName', 'company', 'city', 'country', 'jobTitle', 'postcode'];

Runtime.install({ logger: new DefaultLogger('WARN'), telemetryOptions: { logging: { filter: { core: 'WARN', other: 'WARN' } } } });

interface Step {
  target: number;
  posts: number[];
  /** The calls those POSTs placed, for their histories. */
  callIds: string[];
  bare: number[];
  answered: number[];
  live: number[];
  failedPosts: number;
  activityProblems: number;
  workerRss: number;
}

/** The service under measure, as the bench sees it: where it answers and what its workers use. */
interface Service extends BenchShape {
  /** How the header describes it. */
  described: string;
}

/** A worker and an API as processes of their own (from the sources) on the bench's own servers. */
async function embedded(env: NodeJS.ProcessEnv, onWorkerLine: (line: string) => void): Promise<Service> {
  const servers = await benchServers('capacity');
  const uri = servers.mongodbUri.replace(/\/[^/?]*(\?|$)/, `/bench_capacity_${Date.now()}$1`);
  const children: ChildProcess[] = [];
  const stop = async () => {
    for (const child of children.reverse()) await stopChild(child);
    await servers.stop();
  };
  try {
    const processEnv = {
      ...env,
      TEMPORAL_ADDRESS: servers.temporalAddress,
      MONGODB_URI: uri,
      TEMPORAL_TASK_QUEUE: `bench-capacity-${randomBytes(4).toString('hex')}`,
      PORT: String(await freePort()),
    };
    const worker = await startProcess('worker/index.ts', processEnv, '"worker running"', onWorkerLine);
    children.push(worker.child);
    const api = await startProcess('api/server.ts', processEnv, '"api listening"');
    children.push(api.child);
    return {
      described: `the worker and the API as processes, database ${servers.database}`,
      apiUrl: (JSON.parse(api.line) as { url: string }).url,
      temporalAddress: servers.temporalAddress,
      mongodbUri: uri,
      workerRss: () => memory(worker.child.pid!).rss,
      // A worker or an API that exited leaves the bench measuring nothing: it says so.
      crashed: () => servers.crashed() ?? exited('the worker', worker.child) ?? exited('the API', api.child),
      stop,
    };
  } catch (err) {
    await stop();
    throw err;
  }
}

const exited = (name: string, child: ChildProcess) => (hasExited(child) ? `${name} exited (${child.exitCode ?? child.signalCode})` : undefined);

/** BENCH_SHAPE=production: the production shape's two APIs behind nginx and its two workers. */
async function production(env: NodeJS.ProcessEnv, onWorkerLine: (line: string) => void): Promise<Service> {
  const shape = await benchShape('capacity', env, onWorkerLine);
  return {
    ...shape,
    described: "the production shape (2 APIs behind nginx, 2 workers and a Temporal server; worker RSS is both workers'), database FerretDB (PostgreSQL)",
  };
}

async function main(): Promise<void> {
  // Lines of the worker's log that say an activity failed, timed out or will be retried.
  let activityProblems = 0;
  const samples: string[] = [];
  // The SDK logs a failure over several lines (its fields, the error): a sample keeps the first dozen.
  let sampleLines = 0;
  const onWorkerLine = (line: string) => {
    if (sampleLines > 0) {
      sampleLines -= 1;
      samples[samples.length - 1] += `\n  ${line.trim().slice(0, 300)}`;
      return;
    }
    if (!/activity/i.test(line) || !/(fail|timed? ?out|retry)/i.test(line)) return;
    activityProblems += 1;
    if (samples.length < 5) {
      samples.push(line.slice(0, 300));
      sampleLines = line.trimEnd().endsWith('{') ? 12 : 0;
    }
  };
  const env = { LOG_LEVEL: 'warn', SIMULATED_CALL_PACE_MS: String(PACE_MS) };
  const service = await (process.env.BENCH_SHAPE === 'production' ? production : embedded)(env, onWorkerLine);
  try {
    await mongoose.connect(service.mongodbUri, { serverSelectionTimeoutMS: 10_000 });
    const connection = await Connection.connect({ address: service.temporalAddress });
    // The payload keys the service's processes read from the same environment.
    const dataConverter = encryptedDataConverter(loadConfig({ ...process.env, ...env }).temporal.payloadKeys);
    const client = new Client({ connection, dataConverter });
    const native = await NativeConnection.connect({ address: service.temporalAddress });
    const baseline = await baselineWorker(native, 'default', dataConverter);
    const { organizationId, key } = await benchTenant('Bench capacity', { creditMinutes: 10_000_000, limits: { maxConcurrentCalls: 10_000 } });
    const call = apiClient(service.apiUrl, key);
    const agent = await call('POST', '/agents', {
      name: 'Capacity',
      instructions: 'You call {{firstName}} to update their details.',
      phone: { greeting: 'Hi {{firstName}}, this is the records desk.', requiredContactFields: FIELDS, outcomeLabels: ['updated', 'declined'] },
      maxDurationMinutes: 5,
    });
    if (agent.status !== 201) throw new Error(`POST /agents answered ${agent.status}: ${agent.text}`);
    const agentId = agent.body.id as string;

    let placed = 0;
    const place = async (): Promise<{ ms: number; callId: string } | undefined> => {
      const start = performance.now();
      // A POST the API could not answer at all (its socket closed) counts as failed, like a 5xx.
      const res = await call('POST', '/calls', { agentId, phoneNumber: '+442079460001', variables: { firstName: `Ada${placed++}` } }).catch(() => undefined);
      return res?.status === 201 ? { ms: performance.now() - start, callId: res.body.id as string } : undefined;
    };
    /** How long one baseline run took to start (and answer, for the answered start); a bare run ends by itself, an answered one is then ended. */
    const timedStart = async (kind: 'bare' | 'answered'): Promise<number> => {
      const workflowId = `bench-${kind}-${randomBytes(6).toString('hex')}`;
      const options = { taskQueue: baseline.taskQueue, workflowId };
      const start = performance.now();
      if (kind === 'bare') {
        await client.workflow.start(baselineEndedWorkflow, options);
        return performance.now() - start;
      }
      const startWorkflowOperation = new WithStartWorkflowOperation(baselineWorkflow, { ...options, workflowIdConflictPolicy: 'FAIL' });
      await client.workflow.executeUpdateWithStart(baselineAnsweredUpdate, { startWorkflowOperation });
      const ms = performance.now() - start;
      void client.workflow
        .getHandle(workflowId)
        .terminate('bench sample')
        .catch(() => undefined);
      return ms;
    };

    const liveCalls = () => Call.countDocuments({ organizationId, status: { $in: ['created', 'active'] } });

    // One call alone first: how long a call lasts at this pace, and the worker's memory idle.
    const idleRss = service.workerRss();
    await place();
    let callSeconds = 0;
    for (let waited = 0; callSeconds === 0 && waited < 300; waited += 1) {
      await sleep(1000);
      const done = await Call.findOne({ organizationId, status: 'completed' }, { durationSeconds: 1, disposition: 1 }).lean();
      if (done) {
        if (done.disposition !== 'completed') throw new Error(`the lone call ended ${done.disposition}`);
        callSeconds = done.durationSeconds! + PACE_MS / 1000;
      }
    }
    if (!callSeconds) throw new Error('the lone call did not complete within 300 s');
    const load = () =>
      os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(' ');
    console.log(
      `node ${process.version}, ${os.cpus().length} cores, ${service.described}, simulated pace ${PACE_MS} ms, a call lasts ${callSeconds.toFixed(0)} s ` +
        `(ring, 21 turns), measured ${MEASURE_SECONDS} s per step after one call length of filling; load ${load()}`,
    );

    // Open-loop arrivals at the current step's rate, whatever the POSTs take.
    let step: Step | undefined;
    let rate = 0;
    let arriving = true;
    const arrivals = (async () => {
      let due = performance.now();
      while (arriving) {
        if (rate === 0) {
          await sleep(100);
          due = performance.now();
          continue;
        }
        due += 1000 / rate;
        await sleep(Math.max(0, due - performance.now()));
        const current = step;
        void place().then((placedCall) => {
          if (!current) return;
          if (placedCall === undefined) current.failedPosts += 1;
          else {
            current.posts.push(placedCall.ms);
            current.callIds.push(placedCall.callId);
          }
        });
      }
    })();

    const results: Step[] = [];
    let crashed: string | undefined;
    for (const target of RAMP) {
      rate = target / callSeconds;
      step = undefined;
      await sleep(callSeconds * 1000);
      const measuring: Step = { target, posts: [], callIds: [], bare: [], answered: [], live: [], failedPosts: 0, activityProblems: 0, workerRss: 0 };
      step = measuring;
      const problemsBefore = activityProblems;
      const end = performance.now() + MEASURE_SECONDS * 1000;
      const bareLoop = (async () => {
        while (performance.now() < end) {
          measuring.bare.push(await timedStart('bare'));
          measuring.answered.push(await timedStart('answered'));
          await sleep(250);
        }
      })();
      while (performance.now() < end) {
        measuring.live.push(await liveCalls());
        await sleep(2000);
      }
      await bareLoop;
      measuring.activityProblems = activityProblems - problemsBefore;
      measuring.workerRss = service.workerRss();
      step = undefined;
      results.push(measuring);
      const s = summary(measuring, idleRss);
      console.log(
        `step ${target}: live ${s.liveMin}-${s.liveMax}, POST p50 ${s.postP50} ms vs bare ${s.bareP50} ms (${s.ratio}x), answered start ${s.answeredP50} ms (${s.answeredRatio}x), activity problems ${measuring.activityProblems}, failed POSTs ${measuring.failedPosts}; load ${load()}`,
      );
      crashed = service.crashed();
      if (crashed) {
        console.log(`The ramp stops: ${crashed}. This step's figures and any after it are not the service's.`);
        break;
      }
      if (!s.sustained && !KEEP_GOING) break;
    }
    const soaked =
      SOAK_MINUTES && !crashed ? await soak(SOAK_MINUTES, async () => ({ rss: service.workerRss(), live: await liveCalls() }), service.crashed) : [];
    arriving = false;
    await arrivals;

    console.log(
      '\n| live calls (target) | live held (min-max) | POST /calls p50 / p99 (ms) | bare start p50 / p99 (ms) | p50 vs bare | answered start p50 (ms) | p50 vs answered | activities failed or timed out | failed POSTs | worker RSS (MiB) | worker memory per live call (KiB) | sustained |',
    );
    console.log('| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |');
    for (const r of results) {
      const s = summary(r, idleRss);
      console.log(
        `| ${r.target} | ${s.liveMin}-${s.liveMax} | ${s.postP50} / ${s.postP99} | ${s.bareP50} / ${s.bareP99} | ${s.ratio}x | ${s.answeredP50} | ${s.answeredRatio}x | ${r.activityProblems} | ${r.failedPosts} | ${r.workerRss.toFixed(0)} | ${s.perCall} | ${s.sustained ? 'yes' : 'no'} |`,
      );
    }
    const best = results.filter((r) => summary(r, idleRss).sustained).map((r) => Math.min(...r.live));
    console.log(
      `\nHighest live calls sustained: ${best.length ? Math.max(...best) : 'none'} (target: at least 300). Worker RSS idle ${idleRss.toFixed(0)} MiB.`,
    );
    if (crashed) {
      console.log(`The last step's figures include a crash: ${crashed}.`);
    } else {
      const dispositions = await Call.aggregate<{ _id: string; n: number }>([
        { $match: { organizationId, status: 'completed' } },
        { $group: { _id: '$disposition', n: { $sum: 1 } } },
      ]);
      console.log(`Completed calls by disposition: ${dispositions.map((d) => `${d._id} ${d.n}`).join(', ')}.`);
    }
    for (const r of results) {
      const path = await postPathRows(client, r.callIds);
      if (!path.sampled) continue;
      const postP50 = percentile(r.posts, 50);
      console.log(`\nWhere a POST /calls waited at step ${r.target}, p50 of each part over ${path.sampled} of its calls' histories:\n`);
      console.log('| part | what | p50 (ms) |\n| --- | --- | ---: |');
      for (const row of path.rows) console.log(row);
      console.log(`| in the workflow | their sum, p50 | ${path.totalP50.toFixed(1)} |`);
      console.log(`| in the API | POST p50 less that (a difference of medians) | ${(postP50 - path.totalP50).toFixed(1)} |`);
    }
    if (soaked.length) printSoak(soaked, idleRss);
    if (samples.length) console.log(`First worker lines about activities:\n${samples.join('\n')}`);

    await baseline.stop();
    await native.close();
    await connection.close();
    await mongoose.connection.dropDatabase().catch(() => undefined);
    await mongoose.disconnect();
  } finally {
    await service.stop();
  }
}

interface SoakSample {
  minute: number;
  live: number;
  rss: number;
}

/** Holds the arrivals as they are for `minutes`, sampling the worker once a minute; stops early if a server died. */
async function soak(minutes: number, sample: () => Promise<{ rss: number; live: number }>, crashed: () => string | undefined): Promise<SoakSample[]> {
  console.log(`soaking for ${minutes} min at the last step's rate`);
  const samples: SoakSample[] = [];
  for (let minute = 1; minute <= minutes && !crashed(); minute += 1) {
    await sleep(60_000);
    const { rss, live } = await sample();
    samples.push({ minute, live, rss });
    if (minute % 10 === 0) console.log(`  soak minute ${minute}: live ${samples.at(-1)!.live}, worker RSS ${rss.toFixed(0)} MiB`);
  }
  return samples;
}

/** Every ten minutes' means, so a warm-up that levels off shows apart from a growth that goes on. */
function printSoak(samples: SoakSample[], idleRss: number): void {
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
  const window = Math.min(10, Math.floor(samples.length / 2));
  const first = samples.slice(0, window);
  const last = samples.slice(-window);
  const between: SoakSample[][] = [];
  for (let start = window; start + window <= samples.length - window; start += window) between.push(samples.slice(start, start + window));
  const minutes = (part: SoakSample[]) => `minutes ${part[0].minute}-${part.at(-1)!.minute}`;
  const rows = [
    { name: `first ${window} min (${minutes(first)})`, part: first },
    ...between.map((part) => ({ name: minutes(part), part })),
    { name: `last ${window} min (${minutes(last)})`, part: last },
  ].map(({ name, part }) => ({ name, rss: mean(part.map((s) => s.rss)), calls: mean(part.map((s) => s.live)) }));
  const live = mean(samples.map((s) => s.live));
  console.log(`\nSoak of ${samples.length} min at about ${live.toFixed(0)} live calls (worker RSS idle ${idleRss.toFixed(0)} MiB):\n`);
  console.log('| window | live calls (mean) | worker RSS mean (MiB) | worker memory per live call (KiB) |');
  console.log('| --- | ---: | ---: | ---: |');
  for (const { name, rss, calls } of rows)
    console.log(`| ${name} | ${calls.toFixed(0)} | ${rss.toFixed(0)} | ${(((rss - idleRss) * 1024) / calls).toFixed(0)} |`);
  const [firstRss, lastRss] = [rows[0].rss, rows.at(-1)!.rss];
  const growth = (from: number) => `${((100 * (lastRss - from)) / from).toFixed(1)}%`;
  console.log(`\nWorker RSS growth, first ${window} min to last ${window} min: ${growth(firstRss)} (target: at most 10% over an hour).`);
  // A soak longer than an hour also reads its last hour alone: whether the growth goes on once the heaps have warmed up.
  if (samples.length > 60) {
    const hourStart = samples.slice(-60, -50);
    console.log(
      `Worker RSS growth over the last hour, ${minutes(hourStart)} to the last ten: ${growth(mean(hourStart.map((s) => s.rss)))} (the first ${samples.length - 60} min as warm-up).`,
    );
  }
}

function summary(step: Step, idleRss: number) {
  const postP50 = step.posts.length ? percentile(step.posts, 50) : NaN;
  const bareP50 = percentile(step.bare, 50);
  const answeredP50 = percentile(step.answered, 50);
  const liveMin = Math.min(...step.live);
  const mean = step.live.reduce((a, b) => a + b, 0) / step.live.length;
  return {
    postP50: postP50.toFixed(0),
    postP99: step.posts.length ? percentile(step.posts, 99).toFixed(0) : '–',
    bareP50: bareP50.toFixed(0),
    bareP99: percentile(step.bare, 99).toFixed(0),
    ratio: (postP50 / bareP50).toFixed(1),
    answeredP50: answeredP50.toFixed(0),
    answeredRatio: (postP50 / answeredP50).toFixed(1),
    liveMin,
    liveMax: Math.max(...step.live),
    perCall: (((step.workerRss - idleRss) * 1024) / mean).toFixed(0),
    sustained: postP50 <= 2 * bareP50 && step.activityProblems === 0 && step.failedPosts === 0 && liveMin >= 0.9 * step.target,
  };
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
