/**
 * The dashboard's browser call: a WebSocket at `/dashboard/v1/browser-calls/{callId}/audio` on which
 * the signed-in user's browser talks to a phone agent, as an inbound call, with the same protocol
 * as the candidate's audio socket (api/candidateAudio.ts): a first text message
 * `{"type":"start","token"}`, then PCM16 LE mono 16 kHz frames both ways, `played` and `end` from
 * the browser, `ready`, `mark`, `clear`, `partial`, `error` and `ended` from the server. The call's
 * media session is the one every call's audio runs (api/callMedia.ts).
 *
 * The token is the short-lived credential POST /dashboard/agents/{id}/browser-calls answers with:
 * an HMAC of the call id and its expiry under a key derived from a secret every API process holds,
 * so no session lookup is needed and it never travels in a URL. One session per call, across
 * processes (a one-slot pool, as carriers' sockets have): a second socket is refused.
 */
import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type RawData, type WebSocket } from 'ws';
import type { SessionEnd } from '../conversation/transport';
import { FRAME_MS, PIPELINE_SAMPLE_RATE } from '../lib/audio';
import { callStatus } from '../domain/callProgress';
import { callSocketPool, claimSessionSocket, releaseSessionSocket } from '../domain/mediaSessions';
import { callEndEvent, openCallMedia, reportCallEnd, type CallMediaDeps } from './callMedia';
import { BrowserAudioSession, refusal, type WaitingSockets } from './audioSocket';
import { invalidBrowserCallToken, sessionInProgress } from './errors';
import { Workflows } from './temporal';
import { clientAddress, type SocketRoute } from './upgrade';

export const BROWSER_CALL_PREFIX = '/dashboard/v1/browser-calls';
export const browserCallAudioPath = (callId: string) => `${BROWSER_CALL_PREFIX}/${callId}/audio`;

/** How long after the call is placed its token opens the socket: the page connects at once. */
export const BROWSER_CALL_TOKEN_SECONDS = 60;
/** 100 ms of audio is 3,200 bytes and a control message far less: anything much larger is not the protocol. */
const MAX_MESSAGE_BYTES = 16 * 1024;
/** How often a live call checks whether it ended elsewhere (the API's hangup, its maximum duration, its credit). */
const WATCH_MS = 1_000;

function signingKey(secret: Buffer): Buffer {
  return createHmac('sha256', secret).update('dashboard browser calls').digest();
}

const mac = (secret: Buffer, callId: string, expires: number) => createHmac('sha256', signingKey(secret)).update(`${callId}.${expires}`).digest('base64url');

/** The credential that opens `callId`'s socket for BROWSER_CALL_TOKEN_SECONDS from now. */
export function browserCallToken(secret: Buffer, callId: string): { token: string; expiresAt: Date } {
  const expires = Math.floor(Date.now() / 1000) + BROWSER_CALL_TOKEN_SECONDS;
  return { token: `${expires}.${mac(secret, callId, expires)}`, expiresAt: new Date(expires * 1000) };
}

function verifyBrowserCallToken(secret: Buffer, callId: string, token: string): boolean {
  const [expiresText, given] = token.split('.');
  const expires = Number(expiresText);
  if (!Number.isInteger(expires) || expires * 1000 < Date.now() || given === undefined) return false;
  const expected = Buffer.from(mac(secret, callId, expires));
  const actual = Buffer.from(given);
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

export function browserCallAudio(deps: CallMediaDeps): SocketRoute {
  const sockets = new WebSocketServer({ noServer: true, maxPayload: MAX_MESSAGE_BYTES });
  const workflows = new Workflows(deps.temporal, deps.config);
  const waiting: WaitingSockets = new Map();
  return {
    path: new RegExp(`^${BROWSER_CALL_PREFIX}/([0-9a-f]{24})/audio$`),
    // No credential in the handshake (it would land in URLs and logs): the first message carries it.
    upgrade: (req: IncomingMessage, socket: Duplex, head: Buffer, match: RegExpExecArray) =>
      sockets.handleUpgrade(req, socket, head, (ws) =>
        new BrowserCallSession(ws, match[1]!, deps, workflows).listen(waiting, clientAddress(req, deps.config.trustProxyHops)),
      ),
  };
}

/** One browser's socket: waiting for its token, admitted, then live until the call's media session ends. */
class BrowserCallSession extends BrowserAudioSession {
  /** Ended from outside the media session: the browser's `end`, or the call ending elsewhere. */
  private endedBy: 'contact' | 'elsewhere' | undefined;
  private readonly pool: string;
  private readonly holder = randomUUID();

  constructor(
    ws: WebSocket,
    private readonly callId: string,
    private readonly deps: CallMediaDeps,
    private readonly workflows: Workflows,
  ) {
    super(ws, 'browser call token');
    this.pool = callSocketPool('browser', callId);
  }

  protected endedByBrowser(): void {
    this.endedBy ??= 'contact';
  }

  listen(waiting: WaitingSockets, address: string): void {
    this.ws.on('message', (data: RawData, isBinary: boolean) => this.receive(data, isBinary));
    this.ws.on('close', () => {
      this.authenticated();
      if (this.media) this.media.transportClosed();
      else this.over();
    });
    // An oversized message: ws closes the socket itself (1009).
    this.ws.on('error', () => undefined);
    this.awaitToken(waiting, address, this.deps.config.unauthenticatedSockets);
  }

  protected async admit(token: string): Promise<void> {
    if (!verifyBrowserCallToken(this.deps.config.contacts.doNotCallHashKey, this.callId, token)) throw invalidBrowserCallToken();
    this.authenticated();
    const claim = async () => {
      if (!(await claimSessionSocket(this.pool, this.holder))) throw sessionInProgress();
    };
    const opened = await openCallMedia(this.callId, claim, this.deps, this.workflows);
    // The browser left while the call was being opened: it ends as if it had hung up.
    if (this.phase !== 'admitting') return this.finish({ reason: 'transport_closed' });
    // Only now is someone on the line: the call counts as answered, and its connected time starts.
    await this.workflows.sendCarrierEvents(this.callId, [{ type: 'answered' }]);
    if (this.phase !== 'admitting') return this.finish({ reason: 'transport_closed' });
    const media = opened.media(this, (text) => this.send({ type: 'partial', text }));
    this.media = media;
    this.phase = 'live';
    void media.ended.then((end) => this.finish(end));
    this.timers.push(setInterval(() => void this.watch(), WATCH_MS));
    this.send({ type: 'ready', sampleRate: PIPELINE_SAMPLE_RATE, frameMs: FRAME_MS });
    await media.start();
  }

  /** The call ended without this session (the API's hangup, its maximum duration or credit): the audio stops too. */
  private async watch(): Promise<void> {
    const status = await callStatus(this.callId).catch(() => undefined);
    if (status !== 'completed' || !this.media) return;
    this.endedBy ??= 'elsewhere';
    this.media.end('ended_by_host');
  }

  /** The browser hanging up (`end`, or its socket closing) is the caller ending the call; see callEndEvent for the rest. */
  private async finish(end: SessionEnd): Promise<void> {
    this.over();
    const byContact = { type: 'ended', by: 'contact' } as const;
    const event = callEndEvent(end, this.endedBy === 'contact' ? byContact : undefined, byContact);
    await reportCallEnd(this.workflows, this.callId, end, event);
    this.send({ type: 'ended', reason: this.endedBy === 'elsewhere' ? 'ended_elsewhere' : end.reason });
    if (this.ws.readyState === this.ws.OPEN) this.ws.close(event?.type === 'failed' ? 1011 : 1000);
  }

  private over(): void {
    this.phase = 'over';
    for (const timer of this.timers) clearTimeout(timer);
    void releaseSessionSocket(this.pool, this.holder);
  }

  protected refuse(err: unknown): void {
    const { close, code, message } = refusal(err);
    if (close === 1011)
      console.error(JSON.stringify({ level: 'error', msg: 'browser call socket failed', callId: this.callId, error: (err as Error).message }));
    this.over();
    this.send({ type: 'error', code, message });
    this.ws.close(close);
  }
}
