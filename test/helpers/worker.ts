/**
 * The service's worker in the test process, on the test Temporal server and the given task queue,
 * with the default (simulated) providers, as an HTTP test's API expects to find it.
 */
import { Client, Connection } from '@temporalio/client';
import { NativeConnection } from '@temporalio/worker';
import { loadConfig } from '../../config';
import { encryptedDataConverter } from '../../lib/payloadCodec';
import { createWorker, defaultDeps } from '../../worker';
import { temporalAddress, workflowBundle } from './servers';

export interface RunningWorker {
  /** A client on the same server, for tests that signal or query workflows directly. */
  client: Client;
  stop(): Promise<void>;
}

export async function runWorker(env: NodeJS.ProcessEnv & { TEMPORAL_TASK_QUEUE: string }): Promise<RunningWorker> {
  const native = await NativeConnection.connect({ address: temporalAddress() });
  const clientConnection = await Connection.connect({ address: temporalAddress() });
  const config = loadConfig(env);
  const dataConverter = encryptedDataConverter(config.temporal.payloadKeys);
  const client = new Client({ connection: clientConnection, dataConverter });
  const deps = defaultDeps(config, client);
  const worker = await createWorker({
    connection: native,
    namespace: 'default',
    taskQueue: env.TEMPORAL_TASK_QUEUE,
    workflowBundle: await workflowBundle(),
    deps,
    dataConverter,
    simulatedLine: config.carrier.name === 'simulated',
  });
  const running = worker.run();
  return {
    client,
    stop: async () => {
      worker.shutdown();
      await running;
      deps.stop();
      await clientConnection.close();
      await native.close();
    },
  };
}

/** The names of the signals in a workflow's history, in order. */
export async function signalsIn(client: Client, workflowId: string): Promise<string[]> {
  const history = await client.workflow.getHandle(workflowId).fetchHistory();
  return (history.events ?? []).flatMap((e) => e.workflowExecutionSignaledEventAttributes?.signalName ?? []);
}
