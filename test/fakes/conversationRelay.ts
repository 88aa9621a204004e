/**
 * Twilio ConversationRelay's side of the relay WebSocket: connects the way Twilio does (a signed
 * handshake), sends the documented messages (setup, prompt, interrupt, dtmf) and reads what the
 * service answers (text tokens, end).
 */
import WebSocket from 'ws';

export type RelayReply = { type: 'text'; token: string; last: boolean } | { type: 'end'; handoffData?: string };

export class Refused extends Error {
  constructor(
    readonly status: number,
    readonly body: any,
  ) {
    super(`handshake refused with ${status}`);
  }
}

export class RelayClient {
  private readonly inbox: RelayReply[] = [];
  private waiting: ((reply: RelayReply) => void) | undefined;
  closed = false;
  /** The close code the service closed with, once closed. */
  closeCode: number | undefined;

  private constructor(private readonly ws: WebSocket) {
    ws.on('message', (data) => {
      const reply = JSON.parse(data.toString()) as RelayReply;
      if (this.waiting) {
        const deliver = this.waiting;
        this.waiting = undefined;
        deliver(reply);
      } else this.inbox.push(reply);
    });
    ws.on('close', (code) => {
      this.closed = true;
      this.closeCode = code;
    });
  }

  /** Opens the socket, or rejects with Refused carrying the HTTP answer to the handshake. */
  static connect(url: string, signature: string | undefined): Promise<RelayClient> {
    const ws = new WebSocket(url, { headers: signature ? { 'x-twilio-signature': signature } : {} });
    return new Promise((resolve, reject) => {
      ws.once('open', () => resolve(new RelayClient(ws)));
      ws.once('unexpected-response', (_req, res) => {
        let text = '';
        res.on('data', (chunk: Buffer) => (text += chunk.toString()));
        res.on('end', () => reject(new Refused(res.statusCode ?? 0, text ? JSON.parse(text) : undefined)));
      });
      ws.once('error', (err) => reject(err));
    });
  }

  send(message: Record<string, unknown> | string): void {
    this.ws.send(typeof message === 'string' ? message : JSON.stringify(message));
  }

  next(timeoutMs = 15_000): Promise<RelayReply> {
    const queued = this.inbox.shift();
    if (queued) return Promise.resolve(queued);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no relay message within ${timeoutMs} ms`)), timeoutMs);
      this.waiting = (reply) => {
        clearTimeout(timer);
        resolve(reply);
      };
    });
  }

  /** The agent's streamed turn: its tokens up to the one marked last. */
  async turn(): Promise<string[]> {
    const tokens: string[] = [];
    for (;;) {
      const reply = await this.next();
      if (reply.type !== 'text') throw new Error(`expected text, got ${JSON.stringify(reply)}`);
      if (reply.token) tokens.push(reply.token);
      if (reply.last) return tokens;
    }
  }

  /**
   * A ping answered: the service has received everything sent before it, since its socket reads
   * frames in order and answers a ping only after the messages ahead of it.
   */
  roundTrip(): Promise<void> {
    return new Promise((resolve) => {
      this.ws.once('pong', () => resolve());
      this.ws.ping();
    });
  }

  close(): void {
    this.ws.close();
  }
}
