import { STATUS_CODES, type IncomingMessage, type Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { ApiError, internalError, routeNotFound, serverRestarting } from './errors';
import { errorBody } from './middleware/errors';
import { newRequestId } from './middleware/requestId';
import { redactSecrets } from './observe';

/** A WebSocket endpoint on the API's HTTP server: the handshakes whose path matches are its own. */
export interface SocketRoute {
  path: RegExp;
  upgrade(req: IncomingMessage, socket: Duplex, head: Buffer, match: RegExpExecArray): void;
  /** The process is stopping: resolves once the route's sockets are closed. Without it, they run to their end. */
  shutdown?(): Promise<void>;
}

export interface Sockets {
  /** Refuses new handshakes (503 `SERVER_RESTARTING`) and closes what each route closes on shutdown. */
  shutdown(): Promise<void>;
}

/**
 * The one `upgrade` listener of the API's HTTP server: each handshake goes to the socket route its
 * path matches, and any other path is refused with the API's 404 envelope.
 */
export function dispatchUpgrades(server: Server, routes: readonly SocketRoute[]): Sockets {
  let stopping = false;
  server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    // A handshake on a connection the proxy kept open to this process: the client retries and the proxy picks another.
    if (stopping) return refuseUpgrade(socket, serverRestarting(), 'socket handshake');
    const path = new URL(req.url ?? '/', 'http://socket').pathname;
    for (const route of routes) {
      const match = route.path.exec(path);
      if (match) return route.upgrade(req, socket, head, match);
    }
    refuseUpgrade(socket, routeNotFound(req.method ?? 'GET', path), 'socket handshake');
  });
  return {
    async shutdown() {
      stopping = true;
      await Promise.all(routes.map((route) => route.shutdown?.()));
    },
  };
}

/**
 * The client's address as Koa gives it (`ctx.ip`): the one the outermost of `trustProxyHops`
 * proxies appended to X-Forwarded-For, else the socket's peer.
 */
export function clientAddress(req: IncomingMessage, trustProxyHops: number): string {
  const forwarded =
    trustProxyHops > 0
      ? String(req.headers['x-forwarded-for'] ?? '')
          .split(/\s*,\s*/)
          .slice(-trustProxyHops)
      : [];
  return forwarded[0] || req.socket.remoteAddress || '';
}

/** Answers a handshake with the API's error envelope instead of upgrading it. */
export function refuseUpgrade(socket: Duplex, err: unknown, what: string): void {
  const apiError = err instanceof ApiError ? err : internalError();
  const requestId = newRequestId();
  if (!(err instanceof ApiError))
    console.error(JSON.stringify({ level: 'error', msg: `${what} failed`, request_id: requestId, error: redactSecrets((err as Error).message) }));
  answerOnSocket(socket, apiError, requestId);
}

/** The error envelope written straight to a socket no Koa context has, closing it after. */
export function answerOnSocket(socket: Duplex, apiError: ApiError, requestId = newRequestId()): void {
  const body = JSON.stringify(errorBody(apiError, requestId));
  socket.end(
    `HTTP/1.1 ${apiError.status} ${STATUS_CODES[apiError.status]}\r\n` +
      `content-type: application/json; charset=utf-8\r\ncontent-length: ${Buffer.byteLength(body)}\r\n` +
      `cache-control: no-store\r\nx-content-type-options: nosniff\r\n` +
      `x-request-id: ${requestId}\r\nconnection: close\r\n\r\n${body}`,
  );
}
