import type { TtsOptions, TtsProvider } from '../providers/tts/interface';
import type { Conversation, ReplyTurn } from './conversation';
import type { Playback } from './playback';
import type { ToolActions } from './tools';
import type { ContactTurnTimings } from './turnTimings';
import { SentenceChunker } from './sentences';
import type { EndReason } from './transport';

/** A turn that cannot go on, with the reason the session ends for. */
export class TurnFailure extends Error {
  constructor(
    readonly reason: EndReason,
    message: string,
  ) {
    super(message);
  }
}

/** When each stage of a turn happened (performance.now() milliseconds), for latency figures. */
export interface TurnTiming {
  /** The contact's utterance was settled (the STT's final) and the turn began. */
  heardAt?: number;
  firstTokenAt?: number;
  firstSentenceAt?: number;
  firstAudioAt?: number;
  firstFrameAt?: number;
  /** The contact talked over the turn and stopped it. */
  interruptedAt?: number;
  /** How the contact's turn this one answers was heard and its end decided. */
  contact?: ContactTurnTimings;
}

export interface AgentTurnDeps {
  conversation: Conversation;
  tts: TtsProvider;
  ttsOptions: TtsOptions;
  playback: Playback;
  llmTimeoutMs: number;
  ttsTimeoutMs: number;
  /** What the model's tool calls do; the conversation's own when absent. */
  actions?: ToolActions;
}

interface Sentence {
  text: string;
  /** Audio synthesized so far. */
  bytes: number;
}

/**
 * One agent turn: the model's streamed reply (or a fixed line) gathered into sentences, each
 * synthesized and played as it comes, with a mark after every audio chunk so the turn knows what
 * the listener has heard. A stall (no token for `llmTimeoutMs`, no audio for `ttsTimeoutMs`) or a
 * vendor error fails it with a TurnFailure.
 */
export class AgentTurn {
  readonly timing: TurnTiming = {};
  stopped = false;
  private readonly abort = new AbortController();
  private readonly sentences: Sentence[] = [];
  private readonly marks = new Map<string, { sentence: number; bytes: number }>();
  private heard: { sentence: number; bytes: number } | undefined;
  private speaking: Promise<void> = Promise.resolve();
  private fail!: (err: TurnFailure) => void;
  /** Rejects with the first synthesis failure, so it ends the turn while the model still streams. */
  private readonly failed = new Promise<never>((_, reject) => (this.fail = reject));
  private endMark: string | undefined;
  private resolvePlayed!: () => void;
  /** Resolves when the listener has heard the whole turn, or it was stopped. */
  readonly played = new Promise<void>((resolve) => (this.resolvePlayed = resolve));
  /** Waiting for a mark to be played: `heardSoFar`. */
  private readonly markWaiters = new Map<string, (() => void)[]>();

  constructor(
    private readonly id: string,
    private readonly deps: AgentTurnDeps,
  ) {
    deps.playback.onNextFrame(() => (this.timing.firstFrameAt = performance.now()));
    this.failed.catch(() => undefined);
  }

  /**
   * Speaks `line` (stored already), or the model's reply when none; resolves once all its audio is
   * queued, with the reply's write to the transcript still under way.
   */
  async produce(line?: string): Promise<ReplyTurn> {
    const chunker = new SentenceChunker();
    let turn: ReplyTurn = { done: false, stored: Promise.resolve() };
    if (line !== undefined) {
      this.say(line);
    } else {
      const watchdog = new Watchdog(
        this.deps.llmTimeoutMs,
        () => new TurnFailure('llm_timeout', `no reply from the language model for ${this.deps.llmTimeoutMs} ms`),
      );
      const reply = this.deps.conversation.reply(
        (chunk) => {
          watchdog.reset();
          this.timing.firstTokenAt ??= performance.now();
          for (const sentence of chunker.push(chunk)) this.say(sentence);
        },
        () => this.stopped,
        {
          ...(this.deps.actions ? { actions: this.deps.actions } : {}),
          // A running tool is not a stalled model; the words before it are spoken while it runs.
          toolRunning: (running) => {
            if (!running) return watchdog.reset();
            watchdog.clear();
            const said = chunker.flush();
            if (said) this.say(said);
          },
        },
      );
      // A reply that comes after the turn failed has nobody to hear of its write failing.
      reply.then(
        ({ stored }) => stored.catch(() => undefined),
        () => undefined,
      );
      try {
        turn = await Promise.race([reply, watchdog.expired, this.failed]);
      } catch (err) {
        throw err instanceof TurnFailure ? err : new TurnFailure('llm_failed', (err as Error).message);
      } finally {
        watchdog.clear();
      }
    }
    const rest = chunker.flush();
    if (rest) this.say(rest);
    await Promise.race([this.speaking, this.failed]);
    if (!this.stopped) {
      this.deps.playback.finish();
      this.endMark = `${this.id}.end`;
      this.deps.playback.mark(this.endMark);
    }
    return turn;
  }

  private say(text: string): void {
    this.timing.firstSentenceAt ??= performance.now();
    const index = this.sentences.push({ text, bytes: 0 }) - 1;
    this.speaking = this.speaking.then(() => this.synthesize(index)).catch((err: TurnFailure) => this.fail(err));
  }

  private async synthesize(index: number): Promise<void> {
    if (this.stopped) return;
    const sentence = this.sentences[index];
    const audio = this.deps.tts.synthesize(sentence.text, this.deps.ttsOptions, this.abort.signal)[Symbol.asyncIterator]();
    for (;;) {
      const watchdog = new Watchdog(
        this.deps.ttsTimeoutMs,
        () => new TurnFailure('tts_timeout', `no audio from text-to-speech for ${this.deps.ttsTimeoutMs} ms`),
      );
      let next: IteratorResult<Buffer>;
      try {
        next = await Promise.race([audio.next(), watchdog.expired]);
      } catch (err) {
        this.abort.abort();
        if (this.stopped) return;
        throw err instanceof TurnFailure ? err : new TurnFailure('tts_failed', (err as Error).message);
      } finally {
        watchdog.clear();
      }
      if (next.done || this.stopped) return;
      this.timing.firstAudioAt ??= performance.now();
      sentence.bytes += next.value.length;
      const mark = `${this.id}.${this.marks.size}`;
      this.marks.set(mark, { sentence: index, bytes: sentence.bytes });
      this.deps.playback.play(next.value);
      this.deps.playback.mark(mark);
    }
  }

  /** Resolves once the listener has heard all the turn has said so far (a hand-off line before the transfer), or it stopped. */
  async heardSoFar(): Promise<void> {
    await this.speaking;
    if (this.stopped || this.marks.size === 0) return;
    const last = `${this.id}.${this.marks.size - 1}`;
    if (this.heard === this.marks.get(last)) return;
    await new Promise<void>((resolve) => this.markWaiters.set(last, [...(this.markWaiters.get(last) ?? []), resolve]));
  }

  /** The transport played up to `mark`. */
  markPlayed(mark: string): void {
    if (this.stopped) return;
    for (const resolve of this.markWaiters.get(mark) ?? []) resolve();
    this.markWaiters.delete(mark);
    if (mark === this.endMark) this.resolvePlayed();
    const position = this.marks.get(mark);
    if (position) this.heard = position;
  }

  /** Barge-in or the session's end: no more tokens, audio or marks; resolves `played`. */
  stop(): void {
    this.stopped = true;
    this.abort.abort();
    this.resolvePlayed();
    for (const resolve of [...this.markWaiters.values()].flat()) resolve();
    this.markWaiters.clear();
  }

  /**
   * What the listener heard: every sentence played in full, then the words of the one being played
   * in proportion to its audio heard, counting a word's share by its characters (speech is roughly
   * that long), and only words heard to their end.
   */
  spoken(): string {
    if (!this.heard) return '';
    const { sentence, bytes } = this.heard;
    const whole = this.sentences.slice(0, sentence).map((s) => s.text);
    const current = this.sentences[sentence];
    const words = current.text.split(/\s+/);
    const total = words.reduce((sum, w) => sum + w.length + 1, 0);
    const heardShare = bytes / current.bytes;
    let share = 0;
    const heardWords = words.filter((w) => (share += (w.length + 1) / total) <= heardShare + 1e-9);
    return [...whole, heardWords.join(' ')].join(' ').trim();
  }

  /** The words produced that the listener did not hear: what a barge-in cut. */
  unheard(): string {
    const heardWords = this.spoken().split(/\s+/).filter(Boolean).length;
    return wordsAfter(this.sentences.map((s) => s.text).join(' '), heardWords);
  }
}

/** The words of `text` after its first `count`. */
const wordsAfter = (text: string, count: number) => text.split(/\s+/).filter(Boolean).slice(count).join(' ');

/** A timer that fails a stage unless `reset` keeps coming. */
class Watchdog {
  private timer: NodeJS.Timeout | undefined;
  private fail!: (err: Error) => void;
  readonly expired = new Promise<never>((_, reject) => (this.fail = reject));

  constructor(
    private readonly ms: number,
    private readonly failure: () => Error,
  ) {
    this.expired.catch(() => undefined);
    this.reset();
  }

  reset(): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.fail(this.failure()), this.ms);
  }

  clear(): void {
    clearTimeout(this.timer);
  }
}
