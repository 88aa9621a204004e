import type { Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { headersTooLarge, malformedRequest } from './errors';
import { answerOnSocket } from './upgrade';

/**
 * Node answers a request it cannot parse before any middleware sees it: headers and URL over its
 * 16 KiB limit, or text that is not HTTP, got a bare 431 or 400 with no body. They get the error
 * envelope every other failure has. A connection already answering, or already gone, is closed.
 */
export function answerClientErrors(server: Server): void {
  server.on('clientError', (err: NodeJS.ErrnoException, socket: Duplex) => {
    if (err.code === 'ECONNRESET' || !socket.writable) {
      socket.destroy();
      return;
    }
    answerOnSocket(socket, err.code === 'HPE_HEADER_OVERFLOW' ? headersTooLarge() : malformedRequest());
  });
}
