import http from 'node:http';
import mongoose from 'mongoose';
import { Client, type Connection } from '@temporalio/client';
import type Koa from 'koa';
import type { Config } from '../config';
import { encryptedDataConverter } from '../lib/payloadCodec';
import { connectDatabase } from '../models/connection';
import { answerClientErrors } from './clientErrors';
import { connectTemporal } from './temporal';

export interface Connected {
  temporal: Client;
  /** Closes the database and Temporal connections, once nothing needs them any more. */
  disconnect(): Promise<unknown>;
}

/** The database and Temporal, as the API and the media process both reach them. */
export async function connect(config: Config): Promise<Connected> {
  await connectDatabase(config.mongodbUri);
  const connection: Connection = await connectTemporal(config.temporal.address);
  const temporal = new Client({ connection, namespace: config.temporal.namespace, dataConverter: encryptedDataConverter(config.temporal.payloadKeys) });
  return { temporal, disconnect: () => Promise.allSettled([mongoose.disconnect(), connection.close()]) };
}

export interface Serving {
  server: http.Server;
  /** Stops taking connections; resolves once the server is closed and every running handler has finished. */
  close(): Promise<void>;
}

/**
 * Serves `app` on `port`. On shutdown, a proxy's keep-alive connections would go on bringing
 * requests (the server stops only new connections), so each answer from then on closes its
 * connection. And requests whose handler still runs are waited for, socket or not: a handler
 * outlives its socket when the client or the proxy hangs up, and it must still finish (store its
 * Idempotency-Key's answer, say) before shutdown closes the database, else the key stays claimed
 * and a retry runs it again.
 */
export function serve(app: Koa, port: number, host: string, what: string): Serving {
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
  answerClientErrors(server);
  server.listen(port, host, () => {
    console.log(JSON.stringify({ level: 'info', msg: `${what} listening`, url: `http://${host}:${port}` }));
  });
  return {
    server,
    async close() {
      closing = true;
      const handlersDone = inFlight === 0 ? Promise.resolve() : new Promise<void>((resolve) => (drained = resolve));
      const serverClosed = new Promise<void>((resolve) => server.close(() => resolve()));
      await Promise.all([handlersDone, serverClosed]);
    },
  };
}
