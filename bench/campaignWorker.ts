/**
 * The campaign benchmark's worker, in a process of its own so that its peak memory is its own:
 * the service's worker with one change, a carrier whose calls all answer at once and last exactly
 * CALL_MS. It writes the highest number of calls it saw in flight to STATS_FILE every second.
 */
import { writeFileSync } from 'node:fs';
import { Client, Connection } from '@temporalio/client';
import { DefaultLogger, NativeConnection, Runtime } from '@temporalio/worker';
import mongoose from 'mongoose';
import { flushSessionRecounts } from '../models/sessionCount';
import { loadConfig } from '../config';
import { encryptedDataConverter } from '../lib/payloadCodec';
import type { Carrier, DialRequest } from '../providers/carrier/interface';
import { callCarrierEventSignal } from '../workflows/definitions';
import { createWorker, defaultDeps } from '../worker';

Runtime.install({ logger: new DefaultLogger('WARN'), telemetryOptions: { logging: { filter: { core: 'WARN', other: 'WARN' } } } });

class FixedLengthCarrier implements Carrier {
  readonly name = 'fixed-length';
  readonly dialTimeoutMs = 10_000;
  /** Its calls are the bench's own: a repeated dial is never made. */
  readonly dialIsIdempotent = true;
  inFlight = 0;
  peak = 0;

  constructor(
    private readonly client: Client,
    private readonly callMs: number,
  ) {}

  async dial(request: DialRequest): Promise<{ carrierCallId: string }> {
    this.inFlight += 1;
    this.peak = Math.max(this.peak, this.inFlight);
    const call = this.client.workflow.getHandle(request.callWorkflowId);
    await call.signal(callCarrierEventSignal, { type: 'answered' });
    setTimeout(() => {
      this.inFlight -= 1;
      call.signal(callCarrierEventSignal, { type: 'ended', by: 'agent' }).catch(() => undefined);
    }, this.callMs);
    return { carrierCallId: request.callId };
  }

  /** Its dials never go unanswered, so a retried one has nothing to find. */
  async findCall(): Promise<string | null> {
    return null;
  }

  async hangup(): Promise<void> {}
}

async function main() {
  const config = loadConfig();
  await mongoose.connect(config.mongodbUri, { serverSelectionTimeoutMS: 10_000 });
  const native = await NativeConnection.connect({ address: config.temporal.address });
  const connection = await Connection.connect({ address: config.temporal.address });
  const dataConverter = encryptedDataConverter(config.temporal.payloadKeys);
  const client = new Client({ connection, namespace: config.temporal.namespace, dataConverter });
  const carrier = new FixedLengthCarrier(client, Number(process.env.CALL_MS));
  const worker = await createWorker({
    connection: native,
    namespace: config.temporal.namespace,
    taskQueue: config.temporal.taskQueue,
    deps: { ...defaultDeps(config, client), carrier },
    dataConverter,
    simulatedLine: config.carrier.name === 'simulated',
  });
  setInterval(() => writeFileSync(process.env.STATS_FILE!, JSON.stringify({ peakInFlight: carrier.peak })), 1000).unref();
  await worker.run();
  // The bench stops its servers next; open connections must not keep this process alive after them.
  await flushSessionRecounts();
  await Promise.allSettled([native.close(), connection.close(), mongoose.disconnect()]);
  process.exit(0);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
