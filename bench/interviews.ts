/**
 * `npm run bench:interviews`: the time from a candidate's message to the agent's reply.
 *
 * 100 turns, one at a time as a candidate sends them (each waits for its reply), through HTTP
 * POST /candidate/v1/interviews/{id}/messages: candidate auth, validation, the interview
 * workflow's update, whose activity stores the candidate's turn, asks the simulated LLM and stores
 * its reply. Beside it, in the same run: the same turns sent straight to the workflow with
 * `executeUpdate` (no HTTP), and the round trip of an empty workflow update (the `ping` of the
 * benches' no-op baseline workflow, bench/baselineWorkflow.ts, on a worker of its own), 100 times,
 * and of one a no-op local activity answers (`answered`): the turn's hops, without its work.
 * And the database's own round trips, 100 of each, for where the turn's time goes: a read of an
 * interview by id (as the candidate's credential check and the turn do) and an insert of a turn.
 *
 * Starts its own Temporal dev server (headless, in memory) and FerretDB unless TEMPORAL_ADDRESS /
 * MONGODB_URI are set; runs a worker on a unique task queue and the API app in this process.
 */
import os from 'node:os';
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import mongoose, { Types } from 'mongoose';
import { Client, Connection } from '@temporalio/client';
import { DefaultLogger, NativeConnection, Runtime } from '@temporalio/worker';
import { createApp } from '../api/app';
import { loadConfig } from '../config';
import { encryptedDataConverter } from '../lib/payloadCodec';
import { interviewMessageUpdate, interviewWorkflowId } from '../workflows/definitions';
import { createWorker, defaultDeps } from '../worker';
import { flushSessionRecounts } from '../models/sessionCount';
import { Interview } from '../models/interview';
import { InterviewTurn } from '../models/interviewTurn';
import { baselineAnsweredUpdate, baselinePingUpdate, baselineWorkflow } from './baselineWorkflow';
import { baselineWorker, benchServers, benchTenant, serveApp } from './servers';

const TURNS = 100;
/** Questions per interview: the agent asks one per criterion (20 is the most an agent may have). */
const CRITERIA = Array.from({ length: 20 }, (_, i) => `skill ${i + 1}`);
const WARMUP = 5;

Runtime.install({
  logger: new DefaultLogger('WARN'),
  telemetryOptions: { logging: { filter: { core: 'WARN', other: 'WARN' } } },
});

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

async function main(): Promise<void> {
  const { temporalAddress, mongodbUri: uri, database, stop: stopServers } = await benchServers('interviews');

  try {
    await mongoose.connect(uri, { dbName: `bench_interviews_${Date.now()}`, serverSelectionTimeoutMS: 10_000 });
    await Promise.all(Object.values(mongoose.models).map((m) => m.init()));
    const taskQueue = `bench-interviews-${randomBytes(4).toString('hex')}`;
    const config = loadConfig({ LOG_LEVEL: 'silent', TEMPORAL_TASK_QUEUE: taskQueue });
    const connection = await Connection.connect({ address: temporalAddress });
    const dataConverter = encryptedDataConverter(config.temporal.payloadKeys);
    const client = new Client({ connection, namespace: config.temporal.namespace, dataConverter });
    const native = await NativeConnection.connect({ address: temporalAddress });
    const worker = await createWorker({
      connection: native,
      namespace: config.temporal.namespace,
      taskQueue,
      deps: defaultDeps(config, client),
      dataConverter,
      simulatedLine: config.carrier.name === 'simulated',
    });
    const running = worker.run();
    const { server, url } = await serveApp(createApp({ config, mongo: mongoose.connection, temporal: client }));

    const { key } = await benchTenant('Bench interviews', { creditMinutes: 100_000 });
    // Answers are read field by field below; their shapes are the API's, checked by the tests.
    const call = async (route: string, token: string, body?: unknown): Promise<any> => {
      const res = await fetch(`${url}${route}`, {
        method: body === undefined ? 'GET' : 'POST',
        headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const json = await res.json();
      if (!res.ok) throw new Error(`${route} answered ${res.status}: ${JSON.stringify(json)}`);
      return json;
    };
    const agent = await call('/api/v1/agents', key, {
      type: 'voice',
      name: 'Bench interviewer',
      instructions: 'Interview the candidate.',
      voice: { evaluationCriteria: CRITERIA },
    });
    /** A started interview and its capability. */
    const started = async () => {
      const created = await call('/api/v1/interviews', key, { agentId: agent.id, candidateName: 'Bench', mode: 'text' });
      const capability = new URL(created.interviewUrl).hash.slice(1);
      await call(`/candidate/v1/interviews/${created.id}/start`, capability, {});
      return { id: created.id as string, capability };
    };

    /** `count` turns, each awaited before the next, over as many interviews as the agent's questions need. */
    const turns = async (count: number, send: (interview: { id: string; capability: string }, text: string) => Promise<{ ended: boolean }>) => {
      const latencies: number[] = [];
      let interview = await started();
      while (latencies.length < count) {
        const start = performance.now();
        const reply = await send(interview, `Answer number ${latencies.length + 1}, with a little detail about the skill.`);
        latencies.push(performance.now() - start);
        // The agent's closing ends the interview; the next turns go to a fresh one (not timed).
        if (reply.ended) interview = await started();
      }
      return latencies;
    };
    const overHttp = (interview: { id: string; capability: string }, text: string) =>
      call(`/candidate/v1/interviews/${interview.id}/messages`, interview.capability, { text });
    const direct = (interview: { id: string }, text: string) =>
      client.workflow.getHandle(interviewWorkflowId(interview.id)).executeUpdate(interviewMessageUpdate, { args: [text] });

    const baseline = await baselineWorker(native, config.temporal.namespace, dataConverter);
    const idle = await client.workflow.start(baselineWorkflow, {
      taskQueue: baseline.taskQueue,
      workflowId: `bench-baseline-${randomBytes(4).toString('hex')}`,
    });
    const timed = async (count: number, op: (i: number) => Promise<unknown>) => {
      const latencies: number[] = [];
      for (let i = 0; i < count; i += 1) {
        const start = performance.now();
        await op(i);
        latencies.push(performance.now() - start);
      }
      return latencies;
    };
    const emptyUpdates = (count: number) => timed(count, () => idle.executeUpdate(baselinePingUpdate));
    const answeredUpdates = (count: number) => timed(count, () => idle.executeUpdate(baselineAnsweredUpdate));
    const someInterview = await started();
    const reads = () => timed(TURNS, () => Interview.findById(someInterview.id, { capabilityHash: 1, organizationId: 1, expiresAt: 1 }).lean());
    const inserts = () =>
      timed(TURNS, (i) =>
        InterviewTurn.create({ interviewId: new Types.ObjectId(), index: i, role: 'candidate', text: 'Bench insert.', startedAt: new Date() }),
      );

    await turns(WARMUP, overHttp);
    await emptyUpdates(WARMUP);
    const empty = await emptyUpdates(TURNS);
    await answeredUpdates(WARMUP);
    const answered = await answeredUpdates(TURNS);
    const http100 = await turns(TURNS, overHttp);
    const direct100 = await turns(TURNS, direct);
    const read100 = await reads();
    const insert100 = await inserts();

    const ms = (v: number) => v.toFixed(1);
    const baseP50 = percentile(empty, 50);
    const baseP99 = percentile(empty, 99);
    console.log(
      `node ${process.version}, ${os.cpus().length} cores, simulated LLM, ${TURNS} turns per row, one at a time, Temporal ${process.env.TEMPORAL_ADDRESS ? temporalAddress : 'dev server (in memory)'}, database ${database}`,
    );
    console.log('\n| target | p50 (ms) | p99 (ms) | max (ms) | p50 vs empty update | p99 vs empty update |');
    console.log('| --- | ---: | ---: | ---: | ---: | ---: |');
    const row = (label: string, values: number[]) =>
      console.log(
        `| ${label} | ${ms(percentile(values, 50))} | ${ms(percentile(values, 99))} | ${ms(Math.max(...values))} | ${(percentile(values, 50) / baseP50).toFixed(1)}x | ${(percentile(values, 99) / baseP99).toFixed(1)}x |`,
      );
    row('baseline: empty workflow update round trip (`ping` of the baseline workflow, client.executeUpdate)', empty);
    row("an update answered by a no-op local activity (`answered`: the turn's Temporal hops without its work)", answered);
    row('candidate message to agent reply: POST /candidate/v1/interviews/{id}/messages', http100);
    row('the same turn as a bare client.executeUpdate of `message` (no HTTP)', direct100);
    row('the database alone: one read of an interview by id', read100);
    row('the database alone: one insert of a turn', insert100);

    await idle.terminate('bench done');
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
