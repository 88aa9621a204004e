import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type RawData, type WebSocket } from 'ws';
import type { Config } from '../config';
import { callSocketPool, claimSessionSocket, releaseSessionSocket, type CallSocketKind } from '../domain/mediaSessions';
import { TWILIO_PREFIX, twilioUrls } from '../providers/carrier/twilio';
import { sessionInProgress } from './errors';
import { verifyTwilioSignature } from './routes/twilio';
import { refuseUpgrade, type SocketRoute } from './upgrade';

export interface TwilioSocketOptions<A> extends SocketSession<A> {
  /** `/carrier/twilio/{kind}/{callId}`: `media` (Media Streams) or `relay` (ConversationRelay). */
  kind: 'media' | 'relay';
  config: Config;
}

/** What a carrier's socket does once the carrier is verified: the same for Twilio's and the simulated line's. */
export interface SocketSession<A> {
  /** Larger messages are not the carrier's: ws closes the socket (1009) rather than buffer them. */
  maxPayload: number;
  /** What the socket needs of its call, or an ApiError refusing it; `claim` takes the call's one session. */
  admit(callId: string, claim: () => Promise<void>): Promise<A>;
  serve(ws: WebSocket, admitted: A): void;
}

/**
 * A WebSocket Twilio opens for one call: signed over the URL exactly as the TwiML gave it
 * (`wss://`), with no parameters, as Twilio signs every WebSocket it opens.
 */
export function twilioSocket<A>(options: TwilioSocketOptions<A>): SocketRoute {
  const { kind, config } = options;
  return carrierSocket({
    ...options,
    path: `${TWILIO_PREFIX}/${kind}`,
    pool: kind,
    verify: (req, callId) => {
      const signature = req.headers['x-twilio-signature'];
      verifyTwilioSignature(
        config,
        typeof signature === 'string' ? signature : undefined,
        twilioUrls(config.publicBaseUrl, callId, config.media.publicUrl)[kind],
        {},
      );
    },
  });
}

export interface CarrierSocketOptions<A> extends SocketSession<A> {
  /** The socket is at `{path}/{callId}`. */
  path: string;
  /** The one-session slot's kind (domain/mediaSessions.ts), shared by every carrier's socket of that kind. */
  pool: Exclude<CallSocketKind, 'browser'>;
  /** Throws an ApiError unless the carrier opened this socket. */
  verify(req: IncomingMessage, callId: string): void;
}

/**
 * A WebSocket a carrier opens for one call, on the API's own HTTP server. The handshake is refused
 * before the upgrade, with the API's error envelope, unless the carrier proved it opened it.
 *
 * One session per call across API processes: a slot of a one-slot pool named after the call, taken
 * (`claim`) during admission and freed when the socket closes. A second socket is refused (409
 * `SESSION_IN_PROGRESS`) rather than taking over: Twilio opens one per call, and the signature
 * covers only the URL, so a second socket can only be a replay, which must not cut the callee's
 * conversation off. (The candidate audio socket does the opposite: a reloaded page is the same
 * candidate coming back.) A slot left by a process that died is freed as the call ends (the
 * `settleCall` activity): until then it keeps a replayed socket out.
 */
export function carrierSocket<A>(options: CarrierSocketOptions<A>): SocketRoute {
  const sockets = new WebSocketServer({ noServer: true, maxPayload: options.maxPayload });
  return {
    path: new RegExp(`^${options.path}/([0-9a-f]{24})$`),
    upgrade: (req: IncomingMessage, socket: Duplex, head: Buffer, match: RegExpExecArray) => {
      const callId = match[1]!;
      const pool = callSocketPool(options.pool, callId);
      const holder = randomUUID();
      const free = () => releaseSessionSocket(pool, holder);
      const claim = async () => {
        if (!(await claimSessionSocket(pool, holder))) throw sessionInProgress();
      };
      const admitted = async () => {
        // The signature first, so that nobody but the carrier learns which calls exist.
        options.verify(req, callId);
        return options.admit(callId, claim);
      };
      admitted().then(
        (admission) =>
          sockets.handleUpgrade(req, socket, head, (ws) => {
            ws.on('close', () => void free());
            options.serve(ws, admission);
          }),
        (err: unknown) => {
          void free();
          refuseUpgrade(socket, err, `${options.path} handshake`);
        },
      );
    },
  };
}

/** A Twilio socket's JSON message, or undefined when it is not JSON with a string `tag` field (not from Twilio: nothing to act on). */
export function twilioMessage<M>(data: RawData, tag: 'type' | 'event'): M | undefined {
  try {
    const message = JSON.parse(data.toString()) as Record<string, unknown> | null;
    return typeof message?.[tag] === 'string' ? (message as M) : undefined;
  } catch {
    return undefined;
  }
}
