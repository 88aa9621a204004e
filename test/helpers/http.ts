import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type Koa from 'koa';
import { answerClientErrors } from '../../api/clientErrors';

/** Serves the app on a free loopback port, as a partner's client would reach it. */
export async function serve(app: Koa): Promise<{ url: string; server: Server; close: () => Promise<void> }> {
  const server = app.listen(0, '127.0.0.1');
  answerClientErrors(server);
  await new Promise<void>((resolve) => server.once('listening', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    server,
    close: () => new Promise<void>((resolve, reject) => server.close((err) => (err ? reject(err) : resolve()))),
  };
}
