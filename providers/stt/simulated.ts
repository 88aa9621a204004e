import { EventEmitter, on } from 'node:events';
import { samplesOf } from '../../lib/audio';
import { decodeWord } from '../simulatedSpeech';
import type { SttEvent, SttOptions, SttProvider, SttStream } from './interface';

/** A sample at least this loud belongs to a word; the tones are far louder, silence far quieter. */
const LOUD = 1600;
/** Quiet this long inside speech ends a word (the tones' own pause is 70 ms). */
const WORD_END_MS = 30;

export interface SimulatedSttOptions {
  /** Silence after the last word that settles an utterance: the vendor's endpointing. */
  endpointMs?: number;
}

/**
 * The embedded speech-to-text for tests and benchmarks: it reads the simulated TTS's tones back
 * into the exact words, a partial (the utterance so far) after each word and a final once the
 * speaker has been quiet for `endpointMs`, as a streaming vendor does. Text in other audio is not
 * recognised: it hears no words.
 */
export class SimulatedStt implements SttProvider {
  readonly name = 'simulated';

  constructor(private readonly settings: SimulatedSttOptions = {}) {}

  async open(options: SttOptions): Promise<SttStream> {
    return new SimulatedSttStream(options.sampleRate, this.settings.endpointMs ?? 300);
  }
}

class SimulatedSttStream implements SttStream {
  readonly events: AsyncIterable<SttEvent>;
  private readonly emitter = new EventEmitter();
  private readonly wordEnd: number;
  private readonly endpoint: number;
  /** The current word's samples, up to the last loud one and the quiet after it. */
  private word: number[] = [];
  private inWord = false;
  private quiet = 0;
  private words: string[] = [];
  private closed = false;

  constructor(
    private readonly sampleRate: number,
    endpointMs: number,
  ) {
    this.wordEnd = (WORD_END_MS * sampleRate) / 1000;
    this.endpoint = (endpointMs * sampleRate) / 1000;
    // Listening starts now, so events emitted before the caller iterates are kept.
    const raw = on(this.emitter, 'event', { close: ['end'] });
    this.events = (async function* () {
      for await (const [event] of raw) yield event as SttEvent;
    })();
  }

  send(audio: Buffer): void {
    if (this.closed) return;
    for (const sample of samplesOf(audio)) {
      const loud = Math.abs(sample) >= LOUD;
      this.quiet = loud ? 0 : this.quiet + 1;
      if (loud && !this.inWord) [this.inWord, this.word] = [true, []];
      if (this.inWord) {
        this.word.push(sample);
        if (this.quiet >= this.wordEnd) this.endWord();
      } else if (this.words.length > 0 && this.quiet >= this.endpoint) {
        this.settle();
      }
    }
  }

  finish(): void {
    if (this.closed) return;
    if (this.inWord) this.endWord();
    if (this.words.length > 0) this.settle();
    this.close();
  }

  close(): void {
    this.closed = true;
    this.emitter.emit('end');
  }

  private endWord(): void {
    this.inWord = false;
    const word = decodeWord(this.word.slice(0, this.word.length - this.quiet), this.sampleRate);
    if (!word) return;
    this.words.push(word);
    this.emitter.emit('event', { type: 'partial', text: this.words.join(' ') });
  }

  private settle(): void {
    this.emitter.emit('event', { type: 'final', text: this.words.join(' ') });
    this.words = [];
  }
}
