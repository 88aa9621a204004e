/**
 * The browser's audio socket protocol, which the candidate's interview audio (api/candidateAudio.ts)
 * and the dashboard's browser call (api/browserCallAudio.ts) both speak: a first text message
 * `{"type":"start","token"}`, then PCM16 frames both ways as binary messages, `played` and `end`
 * from the browser, JSON control messages from the server, and refusals as `error` then a close
 * code saying the same.
 */
import type { RawData, WebSocket } from 'ws';
import type { MediaSession } from '../conversation/mediaSession';
import type { Transport } from '../conversation/transport';
import type { Config } from '../config';
import { ApiError, fromDomain, throttled } from './errors';

/** Per client address, how many of a route's sockets wait for their token to be verified. */
export type WaitingSockets = Map<string, number>;

/** What the socket's client sends as text. */
export type ClientMessage = { type: 'start'; token: string } | { type: 'played'; name: string } | { type: 'end' };

export class ProtocolError extends Error {}
/** No verified token in time: 4408, as HTTP's 408 Request Timeout. */
export class AuthTimeout extends Error {}

/** A refusal's close code: 4000 + the HTTP status of the same refusal (4401, 4403, 4409, 4429...); 4408 for no token in time; 1008 for a protocol error; 1011 otherwise. */
export function refusal(thrown: unknown): { close: number; code: string; message: string } {
  const err = fromDomain(thrown);
  if (err instanceof ApiError) return { close: 4000 + err.status, code: err.code, message: err.message };
  if (err instanceof AuthTimeout) return { close: 4408, code: 'AUTH_TIMEOUT', message: err.message };
  if (err instanceof ProtocolError) return { close: 1008, code: 'PROTOCOL_ERROR', message: err.message };
  return { close: 1011, code: 'INTERNAL_ERROR', message: 'An unexpected error occurred.' };
}

function parseClientMessage(data: RawData): ClientMessage | undefined {
  try {
    const message = JSON.parse(String(data)) as ClientMessage;
    return typeof message?.type === 'string' ? message : undefined;
  } catch {
    return undefined;
  }
}

/**
 * One browser's socket, and its media session's transport: waiting for its start message, admitted
 * (`admit`, by the subclass), then live until the media session ends. The agent's frames go out as
 * binary messages, marks and clears as JSON.
 */
export abstract class BrowserAudioSession implements Transport {
  protected phase: 'waiting' | 'admitting' | 'live' | 'over' = 'waiting';
  protected media: MediaSession | undefined;
  protected readonly timers: NodeJS.Timeout[] = [];
  /** Counted among its address's unauthenticated sockets until its token is verified or it closes. */
  private waiting: { sockets: WaitingSockets; address: string } | undefined;

  constructor(
    protected readonly ws: WebSocket,
    /** What the start message's token is, for the protocol error: `interview token`. */
    private readonly tokenName: string,
  ) {}

  /** Verifies the token and starts the media session (phase `live`); a rejection refuses the socket. */
  protected abstract admit(token: string): Promise<void>;
  /** The browser sent `end`: it ends the conversation. */
  protected abstract endedByBrowser(): void;
  /** Tells the browser why (`error`) and closes the socket with the refusal's code. */
  protected abstract refuse(err: unknown): void;

  /**
   * Sockets cost the process memory and a descriptor before anyone is known: few per address, not
   * for long (config.unauthenticatedSockets). Refuses this one when its address holds enough.
   */
  protected awaitToken(sockets: WaitingSockets, address: string, limits: Config['unauthenticatedSockets']): void {
    const { timeoutMs, perAddress } = limits;
    const waiting = sockets.get(address) ?? 0;
    if (waiting >= perAddress) {
      return this.refuse(
        throttled(
          Math.ceil(timeoutMs / 1000),
          `Too many connections from this address are waiting to authenticate (at most ${perAddress}); retry after ${Math.ceil(timeoutMs / 1000)} s.`,
        ),
      );
    }
    sockets.set(address, waiting + 1);
    this.waiting = { sockets, address };
    this.timers.push(setTimeout(() => this.waiting && this.refuse(new AuthTimeout(`No start message with a valid token within ${timeoutMs} ms.`)), timeoutMs));
  }

  /** No longer among its address's unauthenticated sockets (verified, or closed). */
  protected authenticated(): void {
    if (!this.waiting) return;
    const { sockets, address } = this.waiting;
    this.waiting = undefined;
    const left = sockets.get(address)! - 1;
    if (left > 0) sockets.set(address, left);
    else sockets.delete(address);
  }

  protected receive(data: RawData, isBinary: boolean): void {
    if (this.phase === 'live' && isBinary) return this.media!.audio(data as Buffer);
    // Audio sent before `ready` has nobody to hear it yet.
    if (this.phase === 'admitting' && isBinary) return;
    const message = isBinary ? undefined : parseClientMessage(data);
    if (this.phase === 'waiting') {
      if (message?.type !== 'start' || typeof message.token !== 'string')
        return this.refuse(new ProtocolError(`The first message must be {"type":"start","token":"<${this.tokenName}>"}.`));
      this.phase = 'admitting';
      this.admit(message.token).catch((err: unknown) => this.refuse(err));
      return;
    }
    if (this.phase !== 'live') return;
    if (message?.type === 'played' && typeof message.name === 'string') return this.media!.played(message.name);
    if (message?.type === 'end') {
      this.endedByBrowser();
      return this.media!.end('ended_by_host');
    }
    this.refuse(new ProtocolError('Expected audio frames, {"type":"played","name"} or {"type":"end"}.'));
  }

  protected send(message: object): void {
    if (this.ws.readyState === this.ws.OPEN) this.ws.send(JSON.stringify(message));
  }

  sendAudio(frame: Buffer): void {
    if (this.ws.readyState === this.ws.OPEN) this.ws.send(frame);
  }

  clear(): void {
    this.send({ type: 'clear' });
  }

  mark(name: string): void {
    this.send({ type: 'mark', name });
  }

  /** The socket closes once whoever the session's end concerns has heard it: the subclass closes it then. */
  close(): void {}
}
