/** The API process: connects to MongoDB and Temporal, then serves HTTP until SIGINT or SIGTERM. */
import mongoose from 'mongoose';
import { Client, Connection } from '@temporalio/client';
import { loadConfig } from '../config';
import { sweepIdempotencyKeys } from '../models/idempotencyKey';
import { sweepTickets } from '../models/rateTicket';
import { installCredentialKeys } from '../models/providerCredential';
import { createApp } from './app';
import { agentLlm, attachTwilioRelay } from './relay';

async function main(): Promise<void> {
  const config = loadConfig();
  await mongoose.connect(config.mongodbUri, { serverSelectionTimeoutMS: 10_000 });
  const connection = await Connection.connect({ address: config.temporal.address });
  const temporal = new Client({ connection, namespace: config.temporal.namespace });
  const app = createApp({ config, mongo: mongoose.connection, temporal });
  const server = app.listen(config.port, config.host, () => {
    console.log(JSON.stringify({ level: 'info', msg: 'api listening', url: `http://${config.host}:${config.port}` }));
  });
  if (config.carrier.twilio) {
    // The agent turns of phone calls run here, next to the live audio; byok calls open the
    // organization's own LLM key, as the worker does.
    installCredentialKeys(config.byok.encryptionKeys);
    attachTwilioRelay(server, { config, temporal, llmFor: agentLlm(config) });
  }

  // Spent rate-limit windows and idempotency keys past their day are removed here, since FerretDB
  // has no TTL indexes.
  const sweeper = setInterval(() => {
    sweepTickets(new Date(Date.now() - 120_000)).catch((err) => app.emit('error', err));
    sweepIdempotencyKeys().catch((err) => app.emit('error', err));
  }, 60_000);
  sweeper.unref();

  const shutdown = () => {
    clearInterval(sweeper);
    server.close(() => {
      void Promise.allSettled([mongoose.disconnect(), connection.close()]).then(() => process.exit(0));
    });
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);
}

main().catch((err) => {
  console.error(JSON.stringify({ level: 'fatal', msg: 'api failed to start', error: err instanceof Error ? err.message : String(err) }));
  process.exit(1);
});
