import type { VoiceSettings } from '../config';
import type { SttProvider, SttStream } from '../providers/stt/interface';
import type { TtsProvider } from '../providers/tts/interface';
import { AgentTurn, TurnFailure, type TurnTiming } from './agentTurn';
import type { Conversation, ReplyTurn } from './conversation';
import type { AnswerScreen } from './machineDetection';
import { Playback } from './playback';
import type { SessionRecorder } from './recorder';
import { onlyBackchannel } from './sentences';
import type { EndReason, SessionEnd, Transport } from './transport';
import { SileroVad } from './sileroVad';
import { SmartTurn } from './smartTurn';
import { TurnDetector, type TurnEvent } from './turnDetector';
import { agentTimings, contactTimings, observeAgentTurn, observeContactTurn, observeInference, type ContactTurnTimings, type EndOfTurn } from './turnTimings';
import { DEFAULT_TURN, type AgentTurnSettings } from './turnSettings';
import type { ToolActions } from './tools';
import { EnergyVad } from './vad';

export interface MediaSessionDeps {
  conversation: Conversation;
  stt: SttProvider;
  tts: TtsProvider;
  transport: Transport;
  settings: VoiceSettings;
  /** The audio both ways (16 kHz in practice), the agent's language and voice. */
  sampleRate: number;
  language: string;
  voice?: string;
  /** The agent's turn taking (conversation/turnSettings.ts); a call's defaults when omitted. */
  turnTaking?: AgentTurnSettings;
  /** The contact's words so far in the utterance being heard (the STT's partials), for a live caption. */
  onPartial?: (text: string) => void;
  /** Each agent turn's stage times, once its first frame is sent (benchmarks, metrics). */
  onTurnTiming?: (timing: TurnTiming) => void;
  /** Told both channels' audio (the contact's frames in, the agent's frames sent and cleared) and the end, to record the call. */
  recorder?: SessionRecorder;
  /**
   * What the agent's tool calls do on this session: every call the model makes goes through it.
   * The conversation's own (its http tools and `end_call`) when omitted.
   */
  actions?: ToolActions;
  /** An outbound call's answering-machine detection: it hears the callee first, and the opening waits for it. */
  answering?: AnswerScreen;
}

/** How long an ended session waits for its last transcript writes before it reports the end. */
const END_GRACE_MS = 2000;
/** How many seconds of frames at the allowed rate a caller may send at once. */
const FRAME_BURST_SECONDS = 3;

/**
 * One voice conversation over one transport: the caller's frames go through voice activity
 * detection and streaming STT; each settled utterance becomes the contact's turn, and the agent's
 * reply is streamed from the model into sentences, synthesized and played paced. Speech over the
 * agent that is more than backchannel stops it at once and cuts its stored turn to what was heard.
 * Every way out (the agent's goodbye, silence, a bound, a stalled or failing vendor, a dropped
 * socket) ends it once, with a reason, through `ended`.
 */
export class MediaSession {
  readonly ended: Promise<SessionEnd>;
  private resolveEnded!: (end: SessionEnd) => void;
  private final: SessionEnd | undefined;
  private readonly turnTaking: AgentTurnSettings;
  /** Made on construction; Silero's and Smart Turn's models load once per process, on first use. */
  private readonly detector: Promise<TurnDetector>;
  /** The latest detector state the frames so far left, for decisions taken outside the frame chain. */
  private listening: TurnDetector | undefined;
  /** The caller's frames through the detector, one after another, and how many are under way. */
  private frames: Promise<void> = Promise.resolve();
  private pendingFrames = 0;
  private readonly playback: Playback;
  private stt: SttStream | undefined;
  /** Conversation writes and agent turns, one after another in the order they were said. */
  private work: Promise<void> = Promise.resolve();
  private turn: AgentTurn | undefined;
  private turns = 0;
  /** Counts the contact's utterances (the VAD's starts of speech). */
  private utterances = 0;
  /** The utterance under way when the current agent turn began: it does not interrupt that turn. */
  private talkingAtTurnStart: number | undefined;
  /** The latest utterance heard while the agent had the turn: a backchannel in it answered nothing. */
  private overlapped: number | undefined;
  /** Finals of the contact's utterance not yet taken as a turn. */
  private heard: string[] = [];
  /**
   * The STT's latest partial since its last final: the turn detector reads it with the finals, since
   * a streaming STT has the words before a pause in a partial long before it settles them.
   */
  private partial = '';
  /**
   * When the contact's utterance began, its STT final came and its end was decided
   * (performance.now() ms), and the VAD's latest pause: the contact turn's timings.
   */
  private hearing: {
    startAt?: number;
    sttFinalAt?: number;
    pause?: { at: number; probability: number; inferenceMs: number };
    end?: Omit<EndOfTurn, 'atMs'> & { at: number };
  } = {};
  private settledSinceSpeech = true;
  private reprompted = false;
  private readonly timers = new Map<'duration' | 'silence' | 'stt', NodeJS.Timeout>();
  /**
   * Frames the caller may still send at once: a bucket refilled at maxFramesPerSecond and holding
   * FRAME_BURST_SECONDS of them, since a stalled browser or network hands over a second's frames
   * together with the next second's.
   */
  private frameBudget = { frames: Number.POSITIVE_INFINITY, at: 0 };

  constructor(private readonly deps: MediaSessionDeps) {
    this.ended = new Promise((resolve) => (this.resolveEnded = resolve));
    this.turnTaking = deps.turnTaking ?? DEFAULT_TURN.call;
    this.detector = detectorFor(deps.settings, deps.sampleRate, this.turnTaking, () => [...this.heard, this.partial].join(' '));
    this.detector
      .then((d) => (this.listening = d))
      .catch((err: unknown) => this.end('error', `voice activity detection could not start: ${(err as Error).message}`));
    this.playback = new Playback(deps.recorder ? recorded(deps.transport, deps.recorder) : deps.transport, deps.sampleRate, deps.settings.playbackLeadMs);
  }

  /**
   * Opens the STT stream and speaks the agent's opening line (or its first reply), after `prepare`
   * (an interview's start, which produces its opening). The contact is heard from the moment the
   * stream is open: what they say meanwhile is their turn after the opening.
   */
  async start(prepare?: () => Promise<void>): Promise<void> {
    const { settings, stt, sampleRate, language } = this.deps;
    this.arm('duration', settings.maxDurationMs, () => this.end('max_duration'));
    try {
      this.stt = await stt.open({ language, sampleRate });
    } catch (err) {
      return this.end('stt_failed', (err as Error).message);
    }
    if (this.final) return this.stt.close();
    void this.listen(this.stt);
    this.enqueue(async () => {
      await prepare?.();
      if (this.deps.answering) {
        const outcome = await this.deps.answering.run((line) => this.say(line));
        if (outcome !== 'converse') return this.end(outcome);
      }
      const opening = this.deps.conversation.opening();
      if (!opening && this.deps.conversation.awaitsContact?.()) return this.armSilence();
      if (opening) await this.deps.conversation.agentSaid(opening);
      await this.agentTurn(opening);
    });
  }

  /** One frame of the caller's audio, PCM16 LE mono at the session's rate. */
  audio(frame: Buffer): void {
    if (this.final) return;
    const { settings, sampleRate } = this.deps;
    if (frame.length === 0 || frame.length % 2 !== 0 || frame.length > (sampleRate * 2 * settings.maxFrameMs) / 1000) {
      return this.end('bad_frame', `a frame of ${frame.length} bytes (at most ${settings.maxFrameMs} ms of PCM16)`);
    }
    const now = performance.now();
    const burst = settings.maxFramesPerSecond * FRAME_BURST_SECONDS;
    const refilled = this.frameBudget.frames + ((now - this.frameBudget.at) / 1000) * settings.maxFramesPerSecond;
    this.frameBudget = { frames: Math.min(burst, refilled) - 1, at: now };
    if (this.frameBudget.frames < 0) {
      return this.end('frame_rate_exceeded', `more than ${settings.maxFramesPerSecond} frames a second (bursts of ${FRAME_BURST_SECONDS} s allowed)`);
    }
    this.stt?.send(frame);
    this.deps.recorder?.heard(frame);
    this.deps.answering?.audio(frame, this.listening?.vad.speaking ?? false);
    // Whether the agent was speaking is taken as the frame arrives: Silero hears it a little later.
    const overAgent = this.agentHasTurn();
    const detector = this.listening;
    if (detector && this.pendingFrames === 0) {
      const event = detector.push(frame);
      if (!(event instanceof Promise)) return this.heardAudio(detector, event, overAgent, now);
      return this.queueFrame(event.then((e) => this.heardAudio(detector, e, overAgent, now)));
    }
    this.queueFrame(
      this.frames.then(async () => {
        const ready = await this.detector;
        this.heardAudio(ready, await ready.push(frame), overAgent, now);
      }),
    );
  }

  /** Frames wait for those before them while the detector is busy (loading, or running a model). */
  private queueFrame(work: Promise<void>): void {
    this.pendingFrames++;
    this.frames = work
      .catch((err: unknown) => this.end('error', (err as Error).message))
      .finally(() => {
        // A final that came while the detector was behind waited for it: it has heard everything now.
        if (--this.pendingFrames === 0 && this.heard.length > 0 && !this.contactHasTurn() && !this.final) this.commit();
      });
  }

  /** `arrivedAt`: when the frame behind `event` arrived, which the detector may hear a little later. */
  private heardAudio(detector: TurnDetector, event: TurnEvent | undefined, overAgent: boolean, arrivedAt: number): void {
    if (this.final) return;
    const { maxTurnMs } = this.deps.settings;
    if (event?.type === 'speech') {
      this.utterances++;
      this.disarm('silence');
      this.settledSinceSpeech = false;
    }
    if (event) this.timeTurn(event, detector, arrivedAt);
    const { speaking, speechMs } = detector.vad;
    if (speaking && (overAgent || this.agentHasTurn())) this.overlapped = this.utterances;
    if (speechMs > maxTurnMs) return this.end('max_turn_length', `the caller spoke for more than ${maxTurnMs} ms`);
    // Speech this long over the agent interrupts even before the STT has a word of it.
    if (speechMs >= (this.turnTaking.interruptMs ?? this.deps.settings.bargeInSpeechMs)) this.bargeIn();
    if (event?.type === 'end') this.speechEnded();
  }

  /** What the contact turn's timings need of the detector's events. */
  private timeTurn(event: TurnEvent, detector: TurnDetector, arrivedAt: number): void {
    if (event.type === 'speech') {
      // A final already waiting (the STT ahead of the detector) is this speech's.
      if (!event.resumed)
        this.hearing = { startAt: arrivedAt - detector.vad.speechMs, sttFinalAt: this.heard.length > 0 ? this.hearing.sttFinalAt : undefined };
      this.hearing.pause = undefined;
      return;
    }
    if (event.inferenceMs !== undefined) observeInference(event.inferenceMs);
    if (event.type === 'pause') {
      this.hearing.pause = { at: arrivedAt, probability: event.probability, inferenceMs: event.inferenceMs };
      return;
    }
    // A timeout ends the turn at a later frame than the pause it waited after, which the model judged.
    const { at, ...judged } = (event.reason === 'timeout' ? this.hearing.pause : undefined) ?? {
      at: arrivedAt,
      probability: event.probability,
      inferenceMs: event.inferenceMs,
    };
    const now = performance.now();
    this.hearing.end = { by: event.reason, ...judged, waitedMs: now - at, at: now };
  }

  /** The agent's own, or the service's. */
  private backchannels(): readonly string[] {
    return this.turnTaking.backchannels ?? this.deps.settings.backchannels;
  }

  /** Whether the contact's turn is still open: speaking, or paused mid-thought as the turn model judged. */
  private contactHasTurn(): boolean {
    return this.listening?.inTurn ?? false;
  }

  /**
   * What the contact said without speaking (a phone's keypad: `[DTMF 1]`): with whatever they
   * just said, it is their turn at once, and it interrupts the agent like speech would.
   */
  keyed(text: string): void {
    if (this.final) return;
    this.disarm('silence');
    this.bargeIn();
    this.heard.push(text);
    this.hearing.end ??= { by: 'text', waitedMs: 0, at: performance.now() };
    this.commit();
  }

  /** The transport played up to `mark` (see Transport.mark). */
  played(mark: string): void {
    this.turn?.markPlayed(mark);
  }

  /** Resolves once the contact has heard what the agent's turn under way has said so far. */
  heardSoFar(): Promise<void> {
    return this.turn?.heardSoFar() ?? Promise.resolve();
  }

  /** The connection is gone. */
  transportClosed(): void {
    this.end('transport_closed');
  }

  /** Ends the session from outside (`ended_by_host`) or for a reason of its own. */
  end(reason: EndReason = 'ended_by_host', detail?: string): void {
    if (this.final) return;
    this.final = detail ? { reason, detail } : { reason };
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.turn?.stop();
    this.playback.stop();
    this.stt?.close();
    this.deps.transport.close(this.final);
    void this.deps.recorder?.end();
    const final = this.final;
    const settled = this.work.catch(() => undefined);
    const grace = new Promise((resolve) => setTimeout(resolve, END_GRACE_MS).unref());
    void Promise.race([settled, grace]).then(() => this.resolveEnded(final));
  }

  private async listen(stream: SttStream): Promise<void> {
    try {
      for await (const event of stream.events) {
        if (this.final) return;
        if (event.type === 'partial') this.heardPartial(event.text);
        else this.heardFinal(event.text.trim());
      }
      this.end('stt_failed', 'the speech-to-text stream ended');
    } catch (err) {
      this.end('stt_failed', (err as Error).message);
    }
  }

  private heardPartial(text: string): void {
    if (this.deps.answering?.words(text, false)) return;
    this.partial = text;
    const words = [...this.heard, text].join(' ');
    this.deps.onPartial?.(words);
    if (!onlyBackchannel(words, this.backchannels()) && words.split(/\s+/).filter(Boolean).length >= this.turnTaking.interruptWords) this.bargeIn();
  }

  private heardFinal(text: string): void {
    this.partial = '';
    this.disarm('stt');
    this.settledSinceSpeech = true;
    if (this.deps.answering?.words(text, true)) return;
    const utterance = [...this.heard, text].join(' ').trim();
    const overAgent = this.agentHasTurn() || this.overlapped === this.utterances;
    if (!utterance || (overAgent && onlyBackchannel(utterance, this.backchannels()))) {
      // Noise, or "mm-hm" over the agent (even if its final comes after the agent stopped): nobody
      // took the turn. Said while the agent was silent, a lone "yeah" is an answer, and is kept.
      this.heard = [];
      if (!this.turn) this.armSilence();
      return;
    }
    this.hearing.sttFinalAt = performance.now();
    this.bargeIn();
    this.heard.push(text);
    // The later of the STT's final and the end of the contact's turn ends the utterance; a detector
    // behind the STT (frames waiting for a model's run) has not heard this speech begin yet.
    if (!this.contactHasTurn() && this.pendingFrames === 0) this.commit();
  }

  private speechEnded(): void {
    // A greeting in noise may keep the STT from settling: the screen decides without its words.
    if (this.deps.answering?.listening) return;
    if (this.heard.length > 0) return this.commit();
    if (!this.settledSinceSpeech) {
      const { sttTimeoutMs } = this.deps.settings;
      this.arm('stt', sttTimeoutMs, () => this.end('stt_timeout', `speech was heard but speech-to-text settled nothing for ${sttTimeoutMs} ms`));
    }
  }

  /** The contact's utterance is over: it is their turn, and the agent answers. */
  private commit(): void {
    const text = this.heard.join(' ');
    const heardAt = performance.now();
    // No decision heard: the STT's final of speech the detector did not take for a turn settled it alone.
    const { startAt = heardAt, sttFinalAt, end = { by: 'text', waitedMs: 0, at: heardAt } } = this.hearing;
    const timings = contactTimings({ startAt, sttFinalAt, end }, heardAt);
    observeContactTurn(timings);
    this.heard = [];
    this.hearing = {};
    this.reprompted = false;
    this.enqueue(async () => {
      // The reply starts from the turn as heard: storing it is not on the way to the agent's first
      // word, but a turn that cannot be stored still ends the session, mid-reply if need be.
      const stored = this.deps.conversation.contactSaid(text, timings);
      stored.catch((err: unknown) => this.end('error', (err as Error).message));
      await this.agentTurn(undefined, { at: heardAt, timings });
      await stored;
    });
  }

  private agentHasTurn(): boolean {
    return this.turn !== undefined && !this.turn.stopped;
  }

  private bargeIn(): void {
    const turn = this.turn;
    if (!turn || turn.stopped || this.talkingAtTurnStart === this.utterances) return;
    turn.timing.interruptedAt = performance.now();
    turn.stop();
    this.playback.clear();
  }

  /** The answering-machine screen's line (a screener's introduction, a voicemail's message), as the agent's turn. */
  private async say(line: string): Promise<void> {
    await this.deps.conversation.agentSaid(line);
    await this.agentTurn(line);
    // The screen bounds its own wait for a person: no reprompt may queue up behind the greeting.
    this.disarm('silence');
  }

  /** Speaks `line` (or the model's reply), waits until it is heard, and records a cut if it was interrupted. */
  private async agentTurn(line?: string, heard?: { at: number; timings: ContactTurnTimings }): Promise<void> {
    if (this.final) return;
    const { conversation, tts, settings, sampleRate, language, voice } = this.deps;
    const turn = new AgentTurn(`t${this.turns++}`, {
      conversation,
      tts,
      playback: this.playback,
      ttsOptions: { language, sampleRate, ...(voice ? { voice } : {}) },
      llmTimeoutMs: settings.llmTimeoutMs,
      ttsTimeoutMs: settings.ttsTimeoutMs,
      ...(this.deps.actions ? { actions: this.deps.actions } : {}),
    });
    turn.timing.heardAt = heard?.at;
    turn.timing.contact = heard?.timings;
    const startedAt = heard?.at ?? performance.now();
    this.turn = turn;
    // Speech already under way (the contact talked while the opening was being produced) is not
    // talking over the agent: it is heard in full and becomes their turn after this one.
    this.talkingAtTurnStart = this.contactHasTurn() || !this.settledSinceSpeech || this.heard.length > 0 ? this.utterances : undefined;
    let reply: ReplyTurn;
    try {
      reply = await turn.produce(line);
    } catch (err) {
      if (err instanceof TurnFailure) return this.end(err.reason, err.message);
      throw err;
    }
    const { done, stored } = reply;
    stored.catch((err: unknown) => this.end('error', (err as Error).message));
    await turn.played;
    this.turn = undefined;
    if (turn.timing.firstFrameAt !== undefined) this.deps.onTurnTiming?.(turn.timing);
    await stored;
    // Speech over the very end of a turn (its last mark not back yet) stopped it but cut nothing.
    const cutText = turn.timing.interruptedAt === undefined ? '' : turn.unheard();
    const timings = agentTimings(startedAt, turn.timing, cutText ? { at: turn.timing.interruptedAt!, cutText } : undefined);
    observeAgentTurn(timings);
    await conversation.agentTimed(timings);
    if (turn.stopped) return conversation.interrupted(turn.spoken());
    if (done) return this.end('agent_ended');
    this.armSilence();
  }

  /** After the agent has spoken: a reprompt after a silence, and the end after a second one. */
  private armSilence(): void {
    const { silenceRepromptMs, silenceEndMs, reprompt } = this.deps.settings;
    if (this.reprompted) return this.arm('silence', silenceEndMs, () => this.end('silence'));
    this.arm('silence', silenceRepromptMs, () =>
      this.enqueue(async () => {
        this.reprompted = true;
        await this.deps.conversation.agentSaid(reprompt);
        await this.agentTurn(reprompt);
      }),
    );
  }

  private enqueue(task: () => Promise<void>): void {
    this.work = this.work.then(() => (this.final ? undefined : task())).catch((err: unknown) => this.end('error', (err as Error).message));
  }

  private arm(name: 'duration' | 'silence' | 'stt', ms: number, fire: () => void): void {
    this.disarm(name);
    // The transport's socket keeps the process alive while the session lasts, not its timers.
    this.timers.set(name, setTimeout(fire, ms).unref());
  }

  private disarm(name: 'duration' | 'silence' | 'stt'): void {
    clearTimeout(this.timers.get(name));
    this.timers.delete(name);
  }
}

/** The transport, with the agent's audio sent and cleared told to the recorder too. */
function recorded(transport: Transport, recorder: SessionRecorder): Transport {
  return {
    sendAudio: (frame) => {
      recorder.sent(frame);
      transport.sendAudio(frame);
    },
    clear: () => {
      recorder.cleared();
      transport.clear();
    },
    mark: (name) => transport.mark(name),
    close: (end) => transport.close(end),
  };
}

/** Silero with Smart Turn where the service runs them, else the energy VAD, whose every pause ends a turn. */
async function detectorFor(settings: VoiceSettings, sampleRate: number, turn: AgentTurnSettings, words: () => string): Promise<TurnDetector> {
  if (settings.vad === 'energy') return new TurnDetector(new EnergyVad(sampleRate, settings.vadHangoverMs), undefined, turn);
  const [vad, model] = await Promise.all([
    SileroVad.create(settings.turnModelsDir, { threshold: settings.vadThreshold, startMs: settings.vadStartMs, stopMs: settings.vadHangoverMs }),
    SmartTurn.create(settings.turnModelsDir),
  ]);
  return new TurnDetector(vad, model, turn, words);
}
