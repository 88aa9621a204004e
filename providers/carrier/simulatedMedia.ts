/**
 * The simulated line's audio mode (SIMULATED_LINE=audio): the callee's phone on a Media Streams
 * socket, as Twilio would open it, to the API's `/carrier/simulated/media/{callId}`. It speaks the
 * persona's answers through an embedded TTS and hears the agent through an embedded STT, so a whole
 * call runs through the service's speech pipeline offline: barge-in, DTMF, marks and `clear` and
 * all. Twilio signs its handshake with the account's token; this line signs it with a key derived
 * from the do-not-call hash key, a secret every API and worker process holds (they must agree on
 * it to read the registry), so nobody else can open a call's stream.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import WebSocket from 'ws';
import { PIPELINE_SAMPLE_RATE, TelephonyCodec, floatToPcm16 } from '../../lib/audio';
import { MEDIA_STREAM_LOST } from '../../workflows/definitions';
import type { AgentProfile, Turn } from '../llm/interface';
import type { SttProvider, SttStream } from '../stt/interface';
import type { TtsProvider } from '../tts/interface';
import { toneSamples, type LineSegment } from './answeringLines';
import { bargeInReply, callerReply, keypadAnswer, personaReply } from './persona';

export const SIMULATED_MEDIA_PREFIX = '/carrier/simulated/media';
export const SIMULATED_SIGNATURE_HEADER = 'x-simulated-line-signature';

/** Twilio's chunk: 20 ms of mu-law at 8 kHz, and the silence a phone sends between words (0xff is zero). */
const CHUNK_BYTES = 160;
const TICK_MS = 20;
const SILENCE = Buffer.alloc(CHUNK_BYTES, 0xff);
/** Ticks a phone may fall behind its clock before it counts itself held up rather than late. */
const STALL_TICKS = 2;
/** How long a phone held up mid-playback waits for the rest of the agent's audio before it plays on. */
const REFILL_MS = 100;
/** The callee answers once the agent has been quiet this long after speaking, as a person does. */
const ANSWER_AFTER_MS = 600;
/** A hang-up comes this long after the callee's last word has gone out. */
const HANG_UP_AFTER_MS = 400;
/** Enough agent turns for any simulated conversation; the callee hangs up rather than talk forever. */
const MAX_AGENT_TURNS = 60;

export const simulatedMediaUrl = (publicBaseUrl: string, callId: string) => `${publicBaseUrl.replace(/^http/, 'ws')}${SIMULATED_MEDIA_PREFIX}/${callId}`;

function signingKey(secret: Buffer): Buffer {
  return createHmac('sha256', secret).update('simulated line media streams').digest();
}

/** The handshake's proof that the line is ours: an HMAC of the call id. */
export function simulatedLineSignature(secret: Buffer, callId: string): string {
  return createHmac('sha256', signingKey(secret)).update(callId).digest('base64url');
}

export function verifySimulatedLineSignature(secret: Buffer, callId: string, given: string | undefined): boolean {
  const expected = Buffer.from(simulatedLineSignature(secret, callId));
  const actual = Buffer.from(given ?? '');
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/**
 * How a phone `behind` ticks on its clock catches up, with `queued` ticks of the agent's audio to
 * play, `lastPlayed` when its last tick played some: how many ticks to play now, and how far to move
 * its clock on for the rest. A tick late, or two with more than that queued or in quiet, it plays
 * them all. Later, it was held up itself (a stalled process, a starved machine), and so was the
 * agent's side: it plays what it has queued and resumes from now, rather than play the silence of
 * its own stall, as no phone does: even one tick of it mid-word would cut the word apart. Held up
 * mid-playback with no more queued than is due (two ticks late counts then), it also waits a moment
 * for the words the agent's side owes it, as a jitter buffer refills after a gap: the agent's side
 * resumes its pacing after the phone, and a tick of silence then would cut a word as surely.
 */
export function phoneCatchUp(behind: number, queued: number, lastPlayed: boolean): { play: number; waitMs: number } {
  const midPlayback = lastPlayed || queued > 0;
  const heldUp = behind > STALL_TICKS || (behind > 1 && midPlayback);
  if (!heldUp || queued > behind) return { play: Math.max(0, behind), waitMs: 0 };
  return { play: queued, waitMs: (behind - queued) * TICK_MS + (midPlayback ? REFILL_MS : 0) };
}

export interface SimulatedCalleeOptions {
  url: string;
  signature: string;
  /** The carrier's id of the call, which the stream's `start` names. */
  callSid: string;
  profile: AgentProfile;
  /** The dialled number: the same number always plays the same person. */
  seed: string;
  /** The test number's callee hangs up once the agent's first turn is over. */
  hangsUpEarly: boolean;
  /** Silent callee: it never answers (the agent's silence rules end the call). */
  silent: boolean;
  /** What the phone plays as soon as it answers, before the agent says a word (a voicemail greeting, a menu, "Hello?"). */
  opening?: LineSegment[];
  /** A test call to one of our numbers: the line plays the caller, who asks a question, not the callee. */
  caller?: boolean;
  /** How the callee hears the agent and speaks: embedded engines matching the agent's own. */
  hear: SttProvider;
  speak: TtsProvider;
  /** Aborted when the call is hung up from our side: the callee's phone sends `stop` and closes. */
  signal: AbortSignal;
}

/** Who ended the call: the agent (the service closed the stream) or the callee (it sent `stop`). */
export type CallEndedBy = 'agent' | 'contact';

/** Plays the callee for one call; resolves once the stream is over, rejects when it failed. */
export async function simulatedCallee(options: SimulatedCalleeOptions): Promise<CallEndedBy> {
  const codec = await TelephonyCodec.create();
  let stt: SttStream | undefined;
  try {
    stt = await options.hear.open({ language: options.profile.language, sampleRate: PIPELINE_SAMPLE_RATE });
    const ws = await connect(options);
    return await new CalleePhone(ws, codec, stt, options).run();
  } finally {
    stt?.close();
    codec.close();
  }
}

function connect(options: SimulatedCalleeOptions): Promise<WebSocket> {
  const ws = new WebSocket(options.url, { headers: { [SIMULATED_SIGNATURE_HEADER]: options.signature } });
  return new Promise((resolve, reject) => {
    ws.once('open', () => resolve(ws));
    ws.once('unexpected-response', (_req, res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => (body += chunk.toString()));
      res.on('end', () => reject(new Error(`the media endpoint refused the simulated line (${res.statusCode}): ${body}`)));
    });
    ws.once('error', (err) => reject(new Error(`the simulated line could not reach the media endpoint at ${options.url}: ${err.message}`)));
  });
}

/**
 * The stream ended other than by the service's goodbye. Without any close from the service (1006, the
 * connection just dropped) the process that held the call's media session is gone: the call's media
 * is lost, as Twilio's stream would be, and the line reports that rather than a failure of the call.
 */
function streamClosed(code: number, reason: string): Error {
  const message = `the media stream closed (${code}${reason ? ` ${reason}` : ''})`;
  return code === 1006 ? new MediaStreamLost(message) : new Error(message);
}

/** Temporal names an activity's failure after its error's class (MEDIA_STREAM_LOST), which the line's workflow reads. */
class MediaStreamLost extends Error {
  override name = MEDIA_STREAM_LOST;
}

type Played = { audio: Buffer } | { mark: string };

class CalleePhone {
  private readonly streamSid = `MZ${randomBytes(16).toString('hex')}`;
  private sequence = 0;
  /** The agent's audio and marks not yet played, in order. */
  private playback: Played[] = [];
  /** The callee's own words, in 20 ms chunks not yet sent. */
  private outgoing: Buffer[] = [];
  private readonly transcript: Turn[] = [];
  /** The agent's current turn as heard: settled utterances and the utterance in progress. */
  private heardFinal = '';
  private heardPartial = '';
  private quietMs = 0;
  /** Answering (synthesizing or sending) the current agent turn: no second answer to it. */
  private answering = false;
  private endedBy: CallEndedBy | undefined;
  /** The stream is over, whoever ended it: nothing more goes out, and nothing waits for it to. */
  private over = false;
  private ticks = 0;
  /** When tick 0 was due; moved on by the time the phone itself was held up. */
  private clockStart = Date.now();
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly ws: WebSocket,
    private readonly codec: TelephonyCodec,
    private readonly stt: SttStream,
    private readonly options: SimulatedCalleeOptions,
  ) {}

  run(): Promise<CallEndedBy> {
    return new Promise((resolve, reject) => {
      const fail = (err: Error) => {
        this.stop();
        reject(err);
      };
      this.ws.on('close', (code, reason) => {
        this.stop();
        if (this.endedBy) resolve(this.endedBy);
        else if (code === 1000) resolve('agent');
        else reject(streamClosed(code, String(reason)));
      });
      this.ws.on('error', (err) => fail(err));
      this.ws.on('message', (data) => this.receive(String(data)));
      this.listen().catch((err: Error) => fail(new Error(`the simulated callee could not hear the agent: ${err.message}`)));
      this.options.signal.addEventListener('abort', () => this.hangUp(), { once: true });
      this.begin();
      this.timer = setInterval(() => this.catchUp(), TICK_MS);
      if (this.options.opening) this.open(this.options.opening).catch((err: Error) => fail(new Error(`the simulated callee could not answer: ${err.message}`)));
    });
  }

  private send(message: Record<string, unknown>): void {
    if (this.ws.readyState === WebSocket.OPEN) this.ws.send(JSON.stringify({ ...message, streamSid: this.streamSid, sequenceNumber: String(++this.sequence) }));
  }

  private begin(): void {
    this.ws.send(JSON.stringify({ event: 'connected', protocol: 'Call', version: '1.0.0' }));
    this.send({
      event: 'start',
      start: {
        streamSid: this.streamSid,
        callSid: this.options.callSid,
        tracks: ['inbound'],
        mediaFormat: { encoding: 'audio/x-mulaw', sampleRate: 8000, channels: 1 },
      },
    });
  }

  /** What the service sends: its audio and marks are played in order, on the phone's clock. */
  private receive(data: string): void {
    let message: { event?: string; media?: { payload?: string }; mark?: { name?: string } };
    try {
      message = JSON.parse(data) as typeof message;
    } catch {
      return;
    }
    if (message.event === 'media' && typeof message.media?.payload === 'string') this.playback.push({ audio: Buffer.from(message.media.payload, 'base64') });
    else if (message.event === 'mark' && typeof message.mark?.name === 'string') this.playback.push({ mark: message.mark.name });
    else if (message.event === 'clear') {
      // Unplayed audio is dropped, and Twilio echoes every outstanding mark at once.
      for (const item of this.playback) if ('mark' in item) this.echo(item.mark);
      this.playback = [];
    }
  }

  private echo(name: string): void {
    this.send({ event: 'mark', mark: { name } });
  }

  /** Runs the ticks due by the wall clock, so a late timer does not slow the line down (`phoneCatchUp`). */
  private catchUp(): void {
    const behind = Math.floor((Date.now() - this.clockStart) / TICK_MS) - this.ticks;
    const queued = this.playback.filter((item) => 'audio' in item).length;
    const { play, waitMs } = phoneCatchUp(behind, queued, this.quietMs === 0);
    for (let played = 0; played < play && !this.endedBy; played++, this.ticks++) this.tick();
    this.clockStart += waitMs;
  }

  private tick(): void {
    this.send({
      event: 'media',
      media: { track: 'inbound', timestamp: String(this.ticks * TICK_MS), payload: (this.outgoing.shift() ?? SILENCE).toString('base64') },
    });
    while (this.playback[0] && 'mark' in this.playback[0]) this.echo((this.playback.shift() as { mark: string }).mark);
    const next = this.playback.shift() as { audio: Buffer } | undefined;
    // Silence too goes to the ear, so that the STT settles the agent's last words.
    this.stt.send(this.codec.decode(next?.audio ?? SILENCE));
    this.quietMs = next ? 0 : this.quietMs + TICK_MS;
    if (this.heardSomething() && !this.answering && this.quietMs >= ANSWER_AFTER_MS && this.heardPartial === '') void this.answer(false);
  }

  private heardSomething(): boolean {
    return `${this.heardFinal}${this.heardPartial}`.trim() !== '';
  }

  private async listen(): Promise<void> {
    for await (const event of this.stt.events) {
      // What plays while the callee talks (the rest of a turn it talked over) is not listened to.
      if (this.answering) continue;
      if (event.type === 'final') [this.heardFinal, this.heardPartial] = [`${this.heardFinal} ${event.text}`.trim(), ''];
      else this.heardPartial = event.text;
      // An eager callee talks over the agent once it knows what it wants to say.
      const agentStillTalking = this.playback.some((item) => 'audio' in item);
      if (agentStillTalking && !this.answering && bargeInReply(this.options.profile, this.heardText(), this.options.seed)) void this.answer(true);
    }
  }

  private heardText(): string {
    return `${this.heardFinal} ${this.heardPartial}`.trim();
  }

  /** The callee's answer to the agent's turn as heard so far: a key, words, or hanging up. */
  private async answer(bargingIn: boolean): Promise<void> {
    this.answering = true;
    const { profile, seed } = this.options;
    const heard = this.heardText();
    this.transcript.push({ role: 'agent', text: heard });
    const agentTurns = this.transcript.filter((t) => t.role === 'agent').length;
    const done = () => {
      [this.heardFinal, this.heardPartial, this.answering] = ['', '', false];
    };
    if (this.options.hangsUpEarly || agentTurns >= MAX_AGENT_TURNS) return this.hangUp();
    if (this.options.silent) return done();
    const key = bargingIn ? undefined : keypadAnswer(profile, heard, seed);
    if (key !== undefined) {
      this.transcript.push({ role: 'contact', text: `[DTMF ${key}]` });
      this.send({ event: 'dtmf', dtmf: { track: 'inbound_track', digit: key } });
      return done();
    }
    const reply = bargingIn
      ? { text: bargeInReply(profile, heard, seed)!, hangUp: false }
      : this.options.caller
        ? callerReply(this.transcript, seed)
        : personaReply(profile, this.transcript, seed);
    this.transcript.push({ role: 'contact', text: reply.text });
    await this.say(reply.text);
    await this.untilSent();
    if (reply.hangUp) {
      setTimeout(() => this.hangUp(), HANG_UP_AFTER_MS);
      return;
    }
    done();
  }

  /** The phone answers first: its opening is its first turn, and what the agent says meanwhile goes unanswered. */
  private async open(opening: LineSegment[]): Promise<void> {
    this.answering = true;
    const words = opening.flatMap((segment) => ('say' in segment ? [segment.say] : []));
    this.transcript.push({ role: 'contact', text: words.join(' ') });
    for (const segment of opening) {
      if ('say' in segment) await this.say(segment.say);
      else if ('tone' in segment) this.play(floatToPcm16(toneSamples(segment.tone.hz, segment.tone.ms, PIPELINE_SAMPLE_RATE)));
      else this.play(Buffer.alloc(Math.round((PIPELINE_SAMPLE_RATE * segment.quietMs) / 1000) * 2));
    }
    await this.untilSent();
    [this.heardFinal, this.heardPartial, this.answering] = ['', '', false];
  }

  private async say(text: string): Promise<void> {
    const pcm: Buffer[] = [];
    for await (const chunk of this.options.speak.synthesize(
      text,
      { language: this.options.profile.language, sampleRate: PIPELINE_SAMPLE_RATE },
      this.options.signal,
    ))
      pcm.push(chunk);
    this.play(Buffer.concat(pcm));
  }

  /** Queues 16 kHz PCM to send, as 20 ms chunks of mu-law. */
  private play(pcm: Buffer): void {
    // Trailing silence pushes the resampler's last milliseconds out with the sound.
    const ulaw = this.codec.encode(Buffer.concat([pcm, Buffer.alloc((PIPELINE_SAMPLE_RATE / 10) * 2)]));
    for (let offset = 0; offset < ulaw.length; offset += CHUNK_BYTES) {
      const chunk = Buffer.alloc(CHUNK_BYTES, 0xff);
      ulaw.copy(chunk, 0, offset, Math.min(ulaw.length, offset + CHUNK_BYTES));
      this.outgoing.push(chunk);
    }
  }

  /** Resolves once the queued words are out, or the stream is over (the agent hung up while the phone spoke). */
  private async untilSent(): Promise<void> {
    while (this.outgoing.length > 0 && !this.endedBy && !this.over) await new Promise((resolve) => setTimeout(resolve, TICK_MS));
  }

  /** The callee hangs up: `stop`, as Twilio sends when the call ends on the phone's side, then the socket closes. */
  private hangUp(): void {
    if (this.endedBy) return;
    this.endedBy = 'contact';
    this.send({ event: 'stop', stop: { callSid: this.options.callSid } });
    this.ws.close(1000);
  }

  private stop(): void {
    this.over = true;
    clearInterval(this.timer);
  }
}
