/** The API process: connects to MongoDB and Temporal, then serves HTTP until SIGINT or SIGTERM. */
import http from 'node:http';
import mongoose from 'mongoose';
import { Client } from '@temporalio/client';
import { loadConfig } from '../config';
import { encryptedDataConverter } from '../lib/payloadCodec';
import { connectDatabase } from '../models/connection';
import { installCredentialKeys } from '../models/providerCredential';
import { embeddedSpeech } from '../providers/embeddedSpeech';
import { createApp } from './app';
import { attachSockets } from './sockets';
import { startSweeper } from './sweeper';
import { connectTemporal } from './temporal';

async function main(): Promise<void> {
  const config = loadConfig();
  await connectDatabase(config.mongodbUri);
  const connection = await connectTemporal(config.temporal.address);
  const temporal = new Client({ connection, namespace: config.temporal.namespace, dataConverter: encryptedDataConverter(config.temporal.payloadKeys) });
  const app = createApp({ config, mongo: mongoose.connection, temporal });
  // On shutdown, a proxy's keep-alive connections would go on bringing requests (the server stops
  // only new connections), so each answer from then on closes its connection. And requests whose
  // handler still runs are waited for, socket or not: a handler outlives its socket when the client
  // or the proxy hangs up, and it must still finish (store its Idempotency-Key's answer, say) before
  // shutdown closes the database, else the key stays claimed and a retry runs it again.
  const handle = app.callback();
  let closing = false;
  let inFlight = 0;
  let drained: (() => void) | undefined;
  const server = http.createServer((req, res) => {
    if (closing) res.setHeader('connection', 'close');
    inFlight += 1;
    void handle(req, res).finally(() => {
      inFlight -= 1;
      if (inFlight === 0) drained?.();
    });
  });
  server.listen(config.port, config.host, () => {
    console.log(JSON.stringify({ level: 'info', msg: 'api listening', url: `http://${config.host}:${config.port}` }));
  });
  // Live conversations run here, next to their sockets: candidates' voice interviews and, with
  // Twilio, phone calls' agent turns. The embedded speech engines are built once for the process.
  // byok sessions open the organization's own keys, as the worker's activities do.
  installCredentialKeys(config.byok.encryptionKeys);
  const embedded = embeddedSpeech(config);
  const sockets = attachSockets(server, { config, temporal, embedded });

  const stopSweeper = startSweeper((err) => app.emit('error', err));

  // Sockets are connections too: the server closes once candidates' audio sockets are told to
  // reconnect elsewhere and phone calls' media streams have ended. The speech engines serve both
  // until then.
  const shutdown = () => {
    closing = true;
    stopSweeper();
    const handlersDone = inFlight === 0 ? Promise.resolve() : new Promise<void>((resolve) => (drained = resolve));
    const serverClosed = new Promise<void>((resolve) => server.close(() => resolve()));
    void Promise.all([handlersDone, serverClosed, sockets.shutdown()])
      .then(() => {
        embedded.stop();
        return Promise.allSettled([mongoose.disconnect(), connection.close()]);
      })
      .then(() => process.exit(0));
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);
}

main().catch((err) => {
  console.error(JSON.stringify({ level: 'fatal', msg: 'api failed to start', error: err instanceof Error ? err.message : String(err) }));
  process.exit(1);
});
