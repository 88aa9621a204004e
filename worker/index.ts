/**
 * The worker process: runs every workflow and activity of the service on its task queue, and the
 * simulated line's call activities on a queue of their own beside it.
 */
import { Client, Connection } from '@temporalio/client';
import type { DataConverter } from '@temporalio/common';
import { NativeConnection, Worker, type WorkflowBundle } from '@temporalio/worker';
import mongoose from 'mongoose';
import { connectDatabase } from '../models/connection';
import { flushSessionRecounts } from '../models/sessionCount';
import { loadConfig, type Config } from '../config';
import { createActivities, type ActivityDeps } from '../activities';
import { toolDepsOf } from '../conversation/tools';
import { organizationCredentials } from '../models/providerCredential';
import { carrierFor } from '../providers/carrier';
import { embeddedSpeech } from '../providers/embeddedSpeech';
import { llmSource } from '../providers/llm';
import { simulatedLineTaskQueue } from '../workflows/definitions';
import { encryptedDataConverter } from '../lib/payloadCodec';
import { temporalChannelArgs } from '../lib/temporalChannel';
import { activityInterceptors } from './failures';
import { startSlotReaper } from './slotReaper';

export interface WorkerOptions {
  connection: NativeConnection;
  namespace: string;
  taskQueue: string;
  deps: ActivityDeps;
  /** The payload codec's converter (lib/payloadCodec.ts), as every client of the service has it. */
  dataConverter: DataConverter;
  /** A bundle built once by the caller (tests); without it the worker bundles `workflows/` itself. */
  workflowBundle?: WorkflowBundle;
  /**
   * The simulated carrier is configured: the worker also runs its lines (their workflow and the
   * line's own task queue). Elsewhere neither is bundled nor polled.
   */
  simulatedLine: boolean;
}

/**
 * The providers activities use: the simulated carrier and LLM until real vendors are configured.
 * `stop` ends what they started (the audio line's local STT process), once the worker has drained.
 */
export function defaultDeps(config: Config, client: Client): ActivityDeps & { stop(): void } {
  // The simulated line's callee hears and speaks with the embedded engines (SIMULATED_LINE=audio).
  const speech = config.carrier.name === 'simulated' ? embeddedSpeech(config) : undefined;
  return {
    carrier: carrierFor(config, client),
    // Each call or interview gets its agent's LLM: configured vendors, byok keys, or the simulation.
    // Organizations' own credentials (byok) are opened with the keys of this worker's config.
    llms: llmSource(config, organizationCredentials(config.byok.encryptionKeys)),
    ringTimeoutSeconds: config.calls.ringTimeoutSeconds,
    allowedCountries: config.calls.allowedCountries,
    workflows: client.workflow,
    // Campaign attempts and opt-outs heard in calls read and write the do-not-call registry.
    doNotCallKey: config.contacts.doNotCallHashKey,
    // Agents' http tools are called from here, signed under the organization's sealed secret.
    tools: toolDepsOf(config),
    ...(speech && {
      audioLine: {
        // The callee's phone opens the media process's socket, where the call's session runs.
        publicBaseUrl: config.media.publicUrl,
        secret: config.contacts.doNotCallHashKey,
        speech,
        defaultStt: config.providers.stt,
        defaultTts: config.providers.tts,
      },
    }),
    stop: () => speech?.stop(),
  };
}

/**
 * A simulated line's call activity waits out a whole conversation, mostly asleep between turns, so
 * its queue takes as many at once as calls can be live; the service's queue keeps the SDK's default.
 */
const SIMULATED_LINE_SLOTS = 5000;

/** The service's worker and the simulated line's, run and shut down together. */
export interface ServiceWorker {
  run(): Promise<void>;
  shutdown(): void;
}

export async function createWorker(opts: WorkerOptions): Promise<ServiceWorker> {
  const activities = createActivities(opts.deps);
  const service = await Worker.create({
    connection: opts.connection,
    namespace: opts.namespace,
    taskQueue: opts.taskQueue,
    activities: activities.service,
    dataConverter: opts.dataConverter,
    interceptors: activityInterceptors,
    ...(opts.workflowBundle
      ? { workflowBundle: opts.workflowBundle }
      : { workflowsPath: require.resolve(opts.simulatedLine ? '../workflows/withSimulatedLine' : '../workflows') }),
  });
  const workers = [service];
  if (opts.simulatedLine) {
    workers.push(
      await Worker.create({
        connection: opts.connection,
        namespace: opts.namespace,
        taskQueue: simulatedLineTaskQueue(opts.taskQueue),
        activities: activities.simulatedLine,
        dataConverter: opts.dataConverter,
        interceptors: activityInterceptors,
        maxConcurrentActivityTaskExecutions: SIMULATED_LINE_SLOTS,
      }),
    );
  }
  const shutdown = () => {
    for (const worker of workers) if (worker.getState() === 'RUNNING') worker.shutdown();
  };
  return {
    run: async () => {
      const runs = workers.map((worker) => worker.run());
      try {
        await Promise.all(runs);
      } catch (err) {
        // One that fails takes the other down with it: half a worker would leave calls without their line.
        shutdown();
        await Promise.allSettled(runs);
        throw err;
      }
    },
    shutdown,
  };
}

/**
 * Call slots are checked every 20 s once 30 s old, so one left behind is free within a minute; and
 * never sooner than the API may still start a call it admitted: its dial deadline, then up to 5 s
 * to abandon the dial (api/temporal.ts), with room to spare.
 */
function reaperTiming(config: Config) {
  return { periodMs: 20_000, graceMs: Math.max(30, config.calls.dialTimeoutSeconds + 10) * 1000 };
}

async function main(): Promise<void> {
  const config = loadConfig();
  await connectDatabase(config.mongodbUri);
  const connection = await NativeConnection.connect({ address: config.temporal.address });
  const clientConnection = await Connection.connect({ address: config.temporal.address, channelArgs: temporalChannelArgs });
  const dataConverter = encryptedDataConverter(config.temporal.payloadKeys);
  const client = new Client({ connection: clientConnection, namespace: config.temporal.namespace, dataConverter });
  const deps = defaultDeps(config, client);
  const worker = await createWorker({
    connection,
    namespace: config.temporal.namespace,
    taskQueue: config.temporal.taskQueue,
    deps,
    dataConverter,
    simulatedLine: config.carrier.name === 'simulated',
  });
  console.log(JSON.stringify({ level: 'info', msg: 'worker running', taskQueue: config.temporal.taskQueue }));
  const stopReaper = startSlotReaper(client, deps.carrier, reaperTiming(config), (err) => {
    console.error(
      JSON.stringify({
        level: 'warn',
        msg: 'slot reaper: a slot was not reconciled; the next pass retries it',
        error: err instanceof Error ? err.message : String(err),
      }),
    );
  });
  // Worker.run resolves once SIGINT/SIGTERM has drained in-flight tasks.
  await worker.run();
  await stopReaper();
  deps.stop();
  await flushSessionRecounts();
  await Promise.allSettled([connection.close(), clientConnection.close(), mongoose.disconnect()]);
}

if (require.main === module) {
  main().catch((err) => {
    console.error(JSON.stringify({ level: 'fatal', msg: 'worker failed', error: err instanceof Error ? err.message : String(err) }));
    process.exit(1);
  });
}
