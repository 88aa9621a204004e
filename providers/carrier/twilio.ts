import { RestException, Twilio, twiml } from 'twilio';
import type { TwilioConfig } from '../../config';
import type { TransferFailure, TransferResult } from '../../workflows/definitions';
import {
  CarrierOutcomeUnknownError,
  CarrierRefusedError,
  NumberUnavailableError,
  type Carrier,
  type CarrierNumbers,
  type DialRequest,
  type DialVoice,
  type DigitsRequest,
  type InboundWebhooks,
  type NumberClaim,
  type TransferRequest,
} from './interface';

/**
 * Where Twilio reaches this service for one call: webhooks under the API's public address, sockets
 * under the media process's (the API's own when it serves them).
 */
export const TWILIO_PREFIX = '/carrier/twilio';

export function twilioUrls(publicBaseUrl: string, callId: string, mediaBaseUrl = publicBaseUrl) {
  const base = `${publicBaseUrl}${TWILIO_PREFIX}`;
  const sockets = `${mediaBaseUrl}${TWILIO_PREFIX}`;
  return {
    status: `${base}/status/${callId}`,
    amd: `${base}/amd/${callId}`,
    /** Twilio asks it when the call's `<Connect>` ends while the call may still be on (api/routes/twilio.ts). */
    streamEnded: `${base}/stream-ended/${callId}`,
    // Twilio signs the handshake over the URL exactly as the TwiML gave it, scheme included.
    relay: `${sockets.replace(/^http/, 'ws')}/relay/${callId}`,
    // Media Streams connects only over wss (and takes no query string).
    media: `${sockets.replace(/^https?:/, 'wss:')}/media/${callId}`,
  };
}

/**
 * The TwiML that streams an answered call's audio both ways to our Media Streams endpoint: a
 * dialled call's, or one to our numbers. `mediaBaseUrl` is where the media sockets are served.
 * When the stream ends without the call ending (our side closed it, or it broke because the media
 * process died), Twilio asks `<Connect>`'s action what to do next instead of hanging up unasked:
 * that is how a lost stream is heard when nobody on our side saw it drop.
 */
export function streamTwiml(publicBaseUrl: string, mediaBaseUrl: string, callId: string, response = new twiml.VoiceResponse()): string {
  const urls = twilioUrls(publicBaseUrl, callId, mediaBaseUrl);
  const stream = response.connect({ action: urls.streamEnded }).stream({ url: urls.media });
  stream.parameter({ name: 'callId', value: callId });
  return response.toString();
}

/** The TwiML that ends the call. */
export function hangupTwiml(): string {
  const response = new twiml.VoiceResponse();
  response.hangup();
  return response.toString();
}

/** The TwiML that says `text` and hangs up: a closing line, a voicemail message, a refused inbound call's fallback. */
export function sayThenHangUpTwiml(text: string, language: string): string {
  const response = new twiml.VoiceResponse();
  // <Say> knows region-tagged languages (en-GB, fr-FR); for a bare one (fr) it uses its default.
  response.say(sayLanguage(language), text);
  response.hangup();
  return response.toString();
}

const sayLanguage = (language: string) => (/^[a-z]{2,3}-[A-Z]{2}$/.test(language) ? { language: language as SayLanguage } : {});

/** A cold transfer: the call's TwiML becomes a `<Dial>` to the person, and the caller is theirs. */
export function coldTransferTwiml(to: string): string {
  const response = new twiml.VoiceResponse();
  response.dial(to);
  return response.toString();
}

/** The conference a warm transfer joins the caller and the person in, named after our call. */
export const transferRoom = (callId: string) => `transfer-${callId}`;

/**
 * What the person a warm transfer rings hears: the summary, then the conference. The conference
 * ends when they leave it, so the caller is not left alone in it.
 */
export function transferLegTwiml(summary: string, language: string, room: string): string {
  const response = new twiml.VoiceResponse();
  if (summary) response.say(sayLanguage(language), summary);
  response.dial().conference({ endConferenceOnExit: true }, room);
  return response.toString();
}

/** The caller's side of a warm transfer: into the conference, which starts as the person enters after the summary. */
export function transferCallerTwiml(room: string): string {
  const response = new twiml.VoiceResponse();
  response.dial().conference({ startConferenceOnEnter: false, endConferenceOnExit: true }, room);
  return response.toString();
}

/** Where Twilio reaches this service for calls to our numbers: one voice and one status webhook for all of them. */
export function twilioInboundWebhooks(publicBaseUrl: string): InboundWebhooks {
  const base = `${publicBaseUrl}${TWILIO_PREFIX}/inbound`;
  return { voice: base, status: `${base}/status` };
}

/**
 * A number's voice settings that a claim replaces, by their names in Twilio's API: a voice
 * application set on the number would take its calls ahead of the voice URL, so it is cleared too.
 */
const VOICE_SETTINGS = ['voiceUrl', 'voiceMethod', 'voiceApplicationSid', 'statusCallback', 'statusCallbackMethod'] as const;

/** Our provider names, as ConversationRelay spells its vendors; `simulated` leaves Twilio's default. */
const TRANSCRIPTION_PROVIDERS: Record<string, string> = { deepgram: 'Deepgram', google: 'Google' };
const TTS_PROVIDERS: Record<string, string> = { elevenlabs: 'ElevenLabs', google: 'Google', amazon: 'Amazon' };

/** Twilio errors that name the call itself or its account, not the number dialled. */
const NOT_THE_NUMBER = new Set([401, 403, 429]);
/** "Call is not in-progress": the call ended before our hangup reached it. */
const CALL_NOT_IN_PROGRESS = 21220;
/** The longest the answering-machine detection listens after the answer; Twilio's minimum is 3. */
const AMD_TIMEOUT_S = 5;
/** Twilio may let a phone ring this much past the `timeout` it was given. */
const TWILIO_RING_SLACK_S = 5;
/** How long a voicemail message may play before leaveMessage stops waiting (the activity allows 30 s). */
const MESSAGE_WAIT_MS = 25_000;
const MESSAGE_POLL_MS = 1_000;
type SayLanguage = Extract<Parameters<InstanceType<typeof twiml.VoiceResponse>['say']>[0], { language?: unknown }>['language'];

/** Twilio's statuses of a call that is still on. */
const CALL_ON = new Set(['queued', 'initiated', 'ringing', 'in-progress']);
/** Twilio's statuses of a call that has not been answered yet. */
const CALL_RINGING = new Set(['queued', 'initiated', 'ringing']);
/** How long the person a warm transfer rings has to answer. */
const TRANSFER_RING_S = 30;
const TRANSFER_POLL_MS = 1_000;
/** Why an unanswered transfer leg ended, by its final status. */
const LEG_FAILURES: Record<string, TransferFailure> = { busy: 'busy', 'no-answer': 'no_answer', failed: 'failed', canceled: 'failed', completed: 'failed' };

export interface TwilioCarrierOptions extends TwilioConfig {
  publicBaseUrl: string;
  /** Where the media sockets are served (MEDIA_PUBLIC_URL); without it, at `publicBaseUrl`. */
  mediaBaseUrl?: string;
  /** The server's speech vendors, for agents that name none (ConversationRelay's). */
  defaultStt: string;
  defaultTts: string;
  /** The call workflow's ring timeout (RING_TIMEOUT_SECONDS), which the detection's verdict must beat. */
  ringTimeoutSeconds: number;
}

/**
 * Real calls through Twilio's REST API. Each answered call streams its audio both ways over Media
 * Streams to our endpoint (api/mediaStreams.ts), where our own speech pipeline hears and speaks;
 * with TWILIO_SPEECH=relay, calls of keys without byok run over ConversationRelay instead (Twilio
 * transcribes and speaks our text, api/relay.ts answers every utterance). Status and
 * answering-machine callbacks come back to the webhooks in api/routes/twilio.ts, which turn them
 * into the call's carrier events.
 */
export class TwilioCarrier implements Carrier, CarrierNumbers {
  readonly name = 'twilio';
  readonly dialTimeoutMs: number;
  /** Twilio has no idempotency key for calls: a repeated create rings the person again. */
  readonly dialIsIdempotent = false;
  private readonly client: Twilio;

  constructor(private readonly options: TwilioCarrierOptions) {
    // Well within the dial activity's attempt (the SDK's default of 30 s is as long as all of it). A
    // create that times out may have placed the call: its outcome is unknown until the retried dial
    // has looked for it in the account's calls (findCall).
    this.dialTimeoutMs = options.requestTimeoutMs;
    // No automatic retries: Twilio has no idempotency key for calls, so a retried create can ring twice.
    this.client = new Twilio(options.accountSid, options.authToken, { autoRetry: false, timeout: this.dialTimeoutMs });
    this.client.api.baseUrl = options.apiBaseUrl;
  }

  /** The TwiML that hands the answered call to our ConversationRelay endpoint. */
  relayTwiml(callId: string, voice: DialVoice | undefined, response = new twiml.VoiceResponse()): string {
    const urls = twilioUrls(this.options.publicBaseUrl, callId, this.options.mediaBaseUrl);
    const stt = TRANSCRIPTION_PROVIDERS[voice?.stt ?? this.options.defaultStt];
    const tts = TTS_PROVIDERS[voice?.tts ?? this.options.defaultTts];
    // The relay's socket is on the media process too: a session lost with it is heard as a lost stream's is.
    const relay = response.connect({ action: urls.streamEnded }).conversationRelay({
      url: urls.relay,
      ...(voice?.language ? { language: voice.language } : {}),
      ...(voice?.greeting ? { welcomeGreeting: voice.greeting } : {}),
      ...(stt ? { transcriptionProvider: stt } : {}),
      ...(tts ? { ttsProvider: tts } : {}),
      dtmfDetection: true,
    });
    relay.parameter({ name: 'callId', value: callId });
    return response.toString();
  }

  streamTwiml(callId: string, response?: InstanceType<typeof twiml.VoiceResponse>): string {
    return streamTwiml(this.options.publicBaseUrl, this.options.mediaBaseUrl ?? this.options.publicBaseUrl, callId, response);
  }

  /**
   * Our pipeline, unless the server opted into ConversationRelay; a byok call never goes there,
   * since Twilio's speech vendors would run on the service's account, not the organization's.
   */
  private twimlFor(callId: string, byok: boolean, voice?: DialVoice, response?: InstanceType<typeof twiml.VoiceResponse>): string {
    return this.options.speech === 'relay' && !byok ? this.relayTwiml(callId, voice, response) : this.streamTwiml(callId, response);
  }

  async dial(request: DialRequest): Promise<{ carrierCallId: string }> {
    const urls = twilioUrls(this.options.publicBaseUrl, request.callId);
    try {
      const call = await this.client.calls.create({
        to: request.to,
        from: this.options.fromNumber,
        twiml: this.twimlFor(request.callId, request.byok, request.voice),
        statusCallback: urls.status,
        statusCallbackMethod: 'POST',
        statusCallbackEvent: ['initiated', 'ringing', 'answered', 'completed'],
        // Asynchronous, so the callee is not kept waiting in silence while the detection listens;
        // the call counts as answered only once the verdict is in (see api/routes/twilio.ts).
        machineDetection: 'Enable',
        // The call counts as answered only at the verdict, so ringing plus listening must end
        // within the workflow's ring timeout, or a callee who picks up late is hung up on.
        machineDetectionTimeout: AMD_TIMEOUT_S,
        timeout: Math.max(AMD_TIMEOUT_S, this.options.ringTimeoutSeconds - AMD_TIMEOUT_S - TWILIO_RING_SLACK_S),
        asyncAmd: 'true',
        asyncAmdStatusCallback: urls.amd,
        asyncAmdStatusCallbackMethod: 'POST',
      });
      return { carrierCallId: call.sid };
    } catch (err) {
      throw refusalOf(err, request.to);
    }
  }

  /**
   * Replaces the call's TwiML with the message and a hangup, so Twilio itself ends the call once the
   * machine has recorded it; waits for that, so that the workflow's hangup does not cut it short.
   */
  async leaveMessage(carrierCallId: string, text: string, language: string): Promise<void> {
    // The machine hung up first: there is no one left to leave the message to.
    if (!(await this.sayThenHangUp(carrierCallId, text, language))) return;
    for (const deadline = Date.now() + MESSAGE_WAIT_MS; Date.now() < deadline;) {
      const call = await this.client.calls(carrierCallId).fetch();
      if (!CALL_ON.has(call.status)) return;
      await new Promise((resolve) => setTimeout(resolve, MESSAGE_POLL_MS));
    }
  }

  /**
   * The account's calls from our number to `to` created since the dial's intent (Twilio dates have
   * whole seconds): Twilio has no idempotency key for calls, so this is how a retried dial finds
   * the call a lost request placed. The earliest is the dial's own.
   */
  async findCall(request: { callId: string; to: string; since: Date }): Promise<string | null> {
    const since = request.since.getTime() - 1_000;
    const calls = await this.client.calls.list({ to: request.to, from: this.options.fromNumber, limit: 20 });
    const ours = calls.filter((c) => c.dateCreated.getTime() >= since).sort((a, b) => a.dateCreated.getTime() - b.dateCreated.getTime());
    return ours[0]?.sid ?? null;
  }

  async say(carrierCallId: string, text: string, language: string): Promise<void> {
    await this.sayThenHangUp(carrierCallId, text, language);
  }

  async transfer({ callId, carrierCallId, to, mode, summary, language }: TransferRequest): Promise<TransferResult> {
    if (mode === 'cold') {
      await this.client.calls(carrierCallId).update({ twiml: coldTransferTwiml(to) });
      return { outcome: 'connected' };
    }
    const room = transferRoom(callId);
    let leg: string;
    try {
      leg = (await this.client.calls.create({ to, from: this.options.fromNumber, twiml: transferLegTwiml(summary, language, room), timeout: TRANSFER_RING_S }))
        .sid;
    } catch (err) {
      if (err instanceof RestException)
        return { outcome: 'failed', reason: 'failed', message: `Twilio refused the dial to ${to} (${err.code ?? err.status}: ${err.message})` };
      throw err;
    }
    const status = await this.answerOf(leg, Date.now() + (TRANSFER_RING_S + TWILIO_RING_SLACK_S) * 1000);
    if (status === 'in-progress') {
      await this.client.calls(carrierCallId).update({ twiml: transferCallerTwiml(room) });
      return { outcome: 'connected' };
    }
    // Still ringing past its time: it must not ring on for a caller who has moved on.
    if (status === undefined) await this.hangup(leg);
    const reason = status === undefined ? 'no_answer' : (LEG_FAILURES[status] ?? 'failed');
    const why = { no_answer: 'did not answer', busy: 'is busy', failed: `could not be reached (${status})` }[reason];
    return { outcome: 'failed', reason, message: `${to} ${why}` };
  }

  /** The leg's status once it is no longer ringing, or undefined when it still is at `deadline`. */
  private async answerOf(sid: string, deadline: number): Promise<string | undefined> {
    for (;;) {
      const { status } = await this.client.calls(sid).fetch();
      if (!CALL_RINGING.has(status)) return status;
      if (Date.now() >= deadline) return undefined;
      await new Promise((resolve) => setTimeout(resolve, TRANSFER_POLL_MS));
    }
  }

  /**
   * Twilio's documented way of sending keys on a live call: new TwiML with `<Play digits>`. New
   * TwiML ends the stream or relay playing, so the call's own follows it (without the greeting,
   * which the callee has heard): Twilio opens a new socket, whose session picks the conversation up
   * from its transcript.
   */
  async sendDigits({ callId, carrierCallId, digits, byok, voice }: DigitsRequest): Promise<void> {
    const response = new twiml.VoiceResponse();
    response.play({ digits });
    await this.client.calls(carrierCallId).update({ twiml: this.twimlFor(callId, byok, voice && { ...voice, greeting: '' }, response) });
  }

  /** Replaces the call's TwiML with `text` and a hangup: false when the call was already over. */
  private async sayThenHangUp(carrierCallId: string, text: string, language: string): Promise<boolean> {
    try {
      await this.client.calls(carrierCallId).update({ twiml: sayThenHangUpTwiml(text, language) });
      return true;
    } catch (err) {
      if (err instanceof RestException && (err.status === 404 || err.code === CALL_NOT_IN_PROGRESS)) return false;
      throw err;
    }
  }

  /**
   * The number must be one of the account's incoming phone numbers: its voice webhook is pointed
   * at ours, and what it was is kept to be restored on release.
   */
  async claimNumber({ phoneNumber, webhooks }: { phoneNumber: string; webhooks: InboundWebhooks }): Promise<NumberClaim> {
    const [number] = await this.client.incomingPhoneNumbers.list({ phoneNumber, limit: 1 });
    if (!number) throw new NumberUnavailableError(`${phoneNumber} is not one of this Twilio account's incoming phone numbers; buy or port it in Twilio first.`);
    const previousSettings = Object.fromEntries(VOICE_SETTINGS.map((name) => [name, String(number[name] ?? '')]));
    await this.client.incomingPhoneNumbers(number.sid).update({
      voiceUrl: webhooks.voice,
      voiceMethod: 'POST',
      voiceApplicationSid: '',
      statusCallback: webhooks.status,
      statusCallbackMethod: 'POST',
    });
    return { carrierNumberId: number.sid, previousSettings };
  }

  async releaseNumber(claim: NumberClaim): Promise<void> {
    try {
      await this.client.incomingPhoneNumbers(claim.carrierNumberId).update(claim.previousSettings ?? { voiceUrl: '' });
    } catch (err) {
      // Released from the account meanwhile: there is nothing of ours left on it.
      if (err instanceof RestException && err.status === 404) return;
      throw err;
    }
  }

  async hangup(carrierCallId: string): Promise<void> {
    try {
      // `completed` ends a call in any state, ringing included (`canceled` would spare an answered one).
      await this.client.calls(carrierCallId).update({ status: 'completed' });
    } catch (err) {
      // Already over (ended by the callee, or Twilio no longer knows it): nothing left to end.
      if (err instanceof RestException && (err.status === 404 || err.code === CALL_NOT_IN_PROGRESS)) return;
      throw err;
    }
  }
}

/** A request that was sent but not answered: Twilio may have acted on it. */
const unanswered = (err: unknown) => {
  const { code, message } = err as { code?: string; message?: string };
  return code === 'ECONNABORTED' || code === 'ETIMEDOUT' || code === 'ECONNRESET' || /timeout/i.test(message ?? '');
};

/**
 * A failure to place a call is a refusal, not a retry, unless the request went unanswered: a 4xx
 * about the request is the number (400 `CARRIER_REJECTED`); our credentials, Twilio's rate limit, a
 * 5xx or a connection never made is the carrier being unavailable (502 `CARRIER_UNAVAILABLE`, and a
 * campaign retries it later). A request sent and not answered in time may be ringing the person:
 * its outcome is unknown until the retried dial has looked for the call.
 */
function refusalOf(err: unknown, to: string): CarrierRefusedError | CarrierOutcomeUnknownError {
  if (!(err instanceof RestException) && unanswered(err)) {
    return new CarrierOutcomeUnknownError(`Twilio did not answer whether it placed the call to ${to} (${(err as Error).message}).`);
  }
  if (err instanceof RestException) {
    const detail = `Twilio ${err.code ?? err.status}: ${err.message}`;
    if (err.status >= 400 && err.status < 500 && !NOT_THE_NUMBER.has(err.status)) {
      return new CarrierRefusedError('rejected', `The carrier rejected ${to} (${detail}).`);
    }
    return new CarrierRefusedError('unavailable', `The carrier is unavailable (${detail}).`);
  }
  return new CarrierRefusedError('unavailable', `The carrier could not be reached (${(err as Error).message}).`);
}
