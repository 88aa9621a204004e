/**
 * Twilio Media Streams on the API's own HTTP server (through api/sockets.ts): each answered call's
 * audio both ways over a WebSocket at `/carrier/twilio/media/{callId}` (or, for the simulated
 * carrier's audio line, `/carrier/simulated/media/{callId}`), heard and spoken by our
 * speech pipeline (conversation/mediaSession.ts) with the call's conversation
 * (conversation/call.ts), the same one ConversationRelay drives.
 */
import type { RawData, WebSocket } from 'ws';
import type { MediaSession } from '../conversation/mediaSession';
import type { SessionEnd, Transport } from '../conversation/transport';
import { Framer, PIPELINE_SAMPLE_RATE, TelephonyCodec, frameBytes } from '../lib/audio';
import type { CarrierEvent } from '../workflows/definitions';
import { SIMULATED_MEDIA_PREFIX, SIMULATED_SIGNATURE_HEADER, verifySimulatedLineSignature } from '../providers/carrier/simulatedMedia';
import { callEndEvent, openCallMedia, reportCallEnd, type CallMedia, type CallMediaDeps } from './callMedia';
import { permissionDenied } from './errors';
import { Workflows } from './temporal';
import { carrierSocket, twilioMessage, twilioSocket, type SocketSession } from './carrierSocket';
import type { SocketRoute } from './upgrade';

/**
 * Twilio sends 20 ms of audio a message (about 400 bytes of JSON) and a start message of a few
 * hundred bytes; anything much larger is not Twilio, and ws closes its socket (1009) unread.
 */
export const MAX_MEDIA_MESSAGE_BYTES = 16 * 1024;
/** Twilio sends `start` right after `connected`; a socket without one by then is closed. */
const START_TIMEOUT_MS = 10_000;

/** What Media Streams sends; fields this service does not use are left out. */
type StreamMessage =
  | { event: 'connected' }
  | { event: 'start'; streamSid: string; start: { callSid: string } }
  | { event: 'media'; media: { track?: string; payload: string } }
  | { event: 'mark'; mark: { name: string } }
  | { event: 'dtmf'; dtmf: { digit: string } }
  | { event: 'stop' };

interface Admitted extends CallMedia {
  codec: TelephonyCodec;
}

/**
 * A WebSocket per answered call at `/carrier/twilio/media/{callId}`, signed by Twilio and one per
 * call (api/carrierSocket.ts), while the call is still on and its speech engines can run.
 */
export function twilioMediaStreams(deps: CallMediaDeps): SocketRoute {
  return twilioSocket({ kind: 'media', config: deps.config, ...streamSessions(deps) });
}

/**
 * The simulated carrier's audio line (SIMULATED_LINE=audio) at `/carrier/simulated/media/{callId}`:
 * the same stream, one per call, signed by the worker that plays the callee
 * (providers/carrier/simulatedMedia.ts) with a key only the service's processes hold.
 */
export function simulatedMediaStreams(deps: CallMediaDeps): SocketRoute {
  const secret = deps.config.contacts.doNotCallHashKey;
  return carrierSocket({
    path: SIMULATED_MEDIA_PREFIX,
    pool: 'media',
    verify: (req, callId) => {
      const signature = req.headers[SIMULATED_SIGNATURE_HEADER];
      if (!verifySimulatedLineSignature(secret, callId, typeof signature === 'string' ? signature : undefined)) {
        throw permissionDenied(`The ${SIMULATED_SIGNATURE_HEADER} header is missing or does not match this call.`);
      }
    },
    ...streamSessions(deps),
  });
}

function streamSessions(deps: CallMediaDeps): SocketSession<Admitted> {
  const workflows = new Workflows(deps.temporal, deps.config);
  return {
    maxPayload: MAX_MEDIA_MESSAGE_BYTES,
    admit: (callId, claim) => admit(callId, claim, deps, workflows),
    serve: (ws, admitted) => new StreamSession(ws, admitted, workflows).listen(),
  };
}

async function admit(callId: string, claim: () => Promise<void>, deps: CallMediaDeps, workflows: Workflows): Promise<Admitted> {
  const opened = await openCallMedia(callId, claim, deps, workflows);
  return { ...opened, codec: await TelephonyCodec.create() };
}

/**
 * One call's stream, and the media session's transport: Twilio's mu-law 8 kHz in, as pipeline
 * frames, and the agent's voice out as `media` messages, with `mark` to learn what was played and
 * `clear` on barge-in.
 */
class StreamSession implements Transport {
  private streamSid: string | undefined;
  private media: MediaSession | undefined;
  /** Twilio said the stream is over (the call ended): its socket closing is no drop. */
  private stopped = false;
  private over = false;
  private readonly inbound = new Framer(frameBytes(PIPELINE_SAMPLE_RATE));
  /** Marks sent and not yet played; when cleared, Twilio echoes them at once, and those are not progress. */
  private readonly pendingMarks = new Set<string>();
  private readonly clearedMarks = new Set<string>();
  private readonly startTimer: NodeJS.Timeout;

  constructor(
    private readonly ws: WebSocket,
    private readonly admitted: Admitted,
    private readonly workflows: Workflows,
  ) {
    this.startTimer = setTimeout(() => !this.media && this.ws.close(1008, 'no start message'), START_TIMEOUT_MS);
  }

  private get callId(): string {
    return String(this.admitted.conversation.call._id);
  }

  listen(): void {
    this.ws.on('message', (data: RawData) => {
      const message = twilioMessage<StreamMessage>(data, 'event');
      if (message && !this.over) this.receive(message);
    });
    this.ws.on('close', () => {
      clearTimeout(this.startTimer);
      if (this.media) this.media.transportClosed();
      else this.release();
    });
    // An oversized message: ws closes the socket itself (1009); unhandled, the error would end the process.
    this.ws.on('error', () => undefined);
  }

  private receive(message: StreamMessage): void {
    if (message.event === 'start') return this.start(message);
    const media = this.media;
    if (!media) return;
    switch (message.event) {
      case 'media': {
        if (message.media?.track !== undefined && message.media.track !== 'inbound') return;
        if (typeof message.media?.payload !== 'string') return;
        for (const frame of this.inbound.push(this.admitted.codec.decode(Buffer.from(message.media.payload, 'base64')))) media.audio(frame);
        return;
      }
      case 'mark': {
        const name = message.mark?.name;
        if (typeof name !== 'string' || this.clearedMarks.delete(name)) return;
        this.pendingMarks.delete(name);
        return media.played(name);
      }
      case 'dtmf':
        if (typeof message.dtmf?.digit === 'string') media.keyed(`[DTMF ${message.dtmf.digit}]`);
        return;
      case 'stop':
        this.stopped = true;
        return media.end('transport_closed');
    }
  }

  /** The stream begins: only for the call Twilio placed under this id, and only once. */
  private start(message: Extract<StreamMessage, { event: 'start' }>): void {
    if (this.media) return;
    const { carrierCallId } = this.admitted.conversation.call;
    if (typeof message.streamSid !== 'string' || message.start?.callSid !== carrierCallId) {
      this.ws.close(1008, 'not this call');
      return;
    }
    this.streamSid = message.streamSid;
    const media = this.admitted.media(this);
    this.media = media;
    void media.ended.then((end) => this.finish(end));
    void media.start();
  }

  /**
   * How the workflow hears the end: the agent's goodbye (or its hanging up on a silent line) as
   * the agent ending the call, before the socket closes so that Twilio's `completed` callback
   * cannot overtake it; the call ending on Twilio's side (`stop`) through Twilio's callbacks, as
   * with the relay; a socket closed without `stop`, or a session that failed, as `failed`.
   */
  private async finish(end: SessionEnd): Promise<void> {
    this.release();
    // A socket closed after `stop` ends through Twilio's callbacks, as with the relay; without one, the call's audio is lost.
    const closed: CarrierEvent | undefined = this.stopped
      ? undefined
      : { type: 'failed', reason: 'the media stream closed without a stop message', mediaLost: true };
    const event = callEndEvent(end, undefined, closed, this.admitted.conversation.callbackAt());
    // Told before the socket closes, so that neither Twilio's `completed` callback nor `<Connect>`'s
    // action (which takes a stream ended under a live call for lost) can overtake it.
    await reportCallEnd(this.workflows, this.callId, end, event);
    // Closing the socket ends <Connect>: Twilio asks its action (api/routes/twilio.ts), which hangs up.
    if (this.ws.readyState === this.ws.OPEN) this.ws.close(event?.type === 'failed' ? 1011 : 1000);
  }

  private release(): void {
    this.over = true;
    clearTimeout(this.startTimer);
    this.admitted.codec.close();
  }

  private send(message: Record<string, unknown>): void {
    if (this.ws.readyState === this.ws.OPEN) this.ws.send(JSON.stringify({ ...message, streamSid: this.streamSid }));
  }

  // Transport: what the media session sends the callee.

  sendAudio(frame: Buffer): void {
    if (this.over) return;
    this.send({ event: 'media', media: { payload: this.admitted.codec.encode(frame).toString('base64') } });
  }

  clear(): void {
    for (const name of this.pendingMarks) this.clearedMarks.add(name);
    this.pendingMarks.clear();
    this.send({ event: 'clear' });
    // The resampler still holds the cleared audio's last milliseconds: silence pushes them out
    // here, so that the next turn does not start with them.
    if (!this.over) this.admitted.codec.encode(Buffer.alloc(frameBytes(PIPELINE_SAMPLE_RATE)));
  }

  mark(name: string): void {
    this.pendingMarks.add(name);
    this.send({ event: 'mark', mark: { name } });
  }

  close(): void {
    // The socket closes in `finish`, once the workflow has heard how the call ended.
  }
}
