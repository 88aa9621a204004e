/**
 * Where the servers started by test/globalSetup.ts (or named by TEMPORAL_ADDRESS / MONGODB_URI)
 * are, and per-file isolation on them: each test file gets its own database and task queue.
 */
import { randomBytes } from 'node:crypto';
import mongoose from 'mongoose';
import { connectDatabase } from '../../models/connection';
import { flushSessionRecounts } from '../../models/sessionCount';
import { DefaultLogger, Runtime, bundleWorkflowCode, type WorkflowBundle } from '@temporalio/worker';
import { loadConfig } from '../../config';
import { encryptedDataConverter } from '../../lib/payloadCodec';

// Worker lifecycle chatter and the test server's capability warnings bury test output.
Runtime.install({
  logger: new DefaultLogger('ERROR'),
  telemetryOptions: { logging: { filter: { core: 'ERROR', other: 'ERROR' } } },
});

function required(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: run the tests through jest so test/globalSetup.ts starts the servers`);
  return value;
}

export const temporalAddress = () => required('TEMPORAL_ADDRESS');
export const testServerPath = () => required('TEMPORAL_TEST_SERVER_PATH');

export function uniqueName(prefix: string): string {
  return `${prefix}-${randomBytes(4).toString('hex')}`;
}

/** Connects the default Mongoose connection to a fresh database; returns a cleanup that drops it. */
export async function connectTestDatabase(prefix: string): Promise<() => Promise<void>> {
  const dbName = uniqueName(`test_${prefix}`).replace(/-/g, '_');
  await connectDatabase(required('MONGODB_URI'), { dbName });
  await Promise.all(Object.values(mongoose.models).map((m) => m.init()));
  return async () => {
    // A recount still waiting would otherwise run against a closed connection.
    await flushSessionRecounts();
    await mongoose.connection.dropDatabase();
    await mongoose.disconnect();
  };
}

/** The payload codec's converter under the default (development) keys, as the service's processes use it. */
export const testDataConverter = () => encryptedDataConverter(loadConfig({}).temporal.payloadKeys);

let bundle: Promise<WorkflowBundle> | undefined;

/** The workflow bundle with the simulated carrier's line, built once per test file. */
export function workflowBundle(): Promise<WorkflowBundle> {
  bundle ??= bundleWorkflowCode({ workflowsPath: require.resolve('../../workflows/withSimulatedLine'), logger: quietLogger });
  return bundle;
}

const noop = () => undefined;
const quietLogger = { trace: noop, debug: noop, info: noop, warn: console.warn, error: console.error, log: noop };

/** Polls until `check` returns a value, for state that becomes visible eventually (never a fixed sleep). */
export async function waitFor<T>(check: () => Promise<T | undefined>, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
