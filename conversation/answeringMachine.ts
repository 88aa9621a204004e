/**
 * Who answered an outbound call, from the first seconds of the callee's audio and the STT's words:
 * a person, a voicemail greeting, a phone menu or a call-screening assistant. Pure and synchronous:
 * the media session (conversation/machineDetection.ts) and the benchmark (bench/amd.ts) push the
 * same frames, speech flags and words into it, and it answers with a decision and the audio time
 * it took.
 */
import { pcmDurationMs } from '../lib/audio';
import type { AnsweredBy } from '../workflows/definitions';
import { ToneDetector, type Tone } from './toneDetector';

export interface AnswerDecision {
  answeredBy: AnsweredBy;
  /** Audio time from the answer to the decision. */
  afterMs: number;
  /** The cue that decided, for logs and the benchmark. */
  cue: 'words' | 'beep' | 'short_greeting' | 'long_greeting' | 'silence' | 'timeout';
}

/**
 * What each machine says, and people rarely do. A screener's are checked first ("record your name"
 * is a screener's, "record your message" a voicemail's), then a menu's, then a greeting's.
 */
const PHRASES: Array<[Exclude<AnsweredBy, 'person'>, RegExp]> = [
  [
    'call_screener',
    /\b(who(?:'s| is) calling|state your name|say your name|record your name|(?:your )?name and (?:the )?reason|reason for (?:your )?call|what you(?:'re| are) calling about|why you(?:'re| are) calling|screening (?:service|assistant)|call screen|google assistant|(?:is|are) using (?:a )?(?:call|screening))\b/,
  ],
  [
    'phone_menu',
    /\b(press (?:\d|one|two|three|four|five|six|seven|eight|nine|zero|star|pound)|(?:for|to reach) (?:sales|support|billing|customer service|our|the operator|an operator)|main menu|menu options|options have changed|following options|(?:your|the) party'?s extension|dial (?:by|the|an) extension|say or press)\b/,
  ],
  [
    'voicemail',
    /\b(leave (?:a |your |me a |us a )?(?:message|name|number|voicemail)|after the (?:tone|beep)|at the (?:tone|beep)|(?:not|isn't|is not|aren't|are not) available|unavailable|can'?t (?:come|get) to the phone|(?:can'?t|cannot|unable to|nobody can|no one can) (?:take|answer) (?:your|the|this) (?:call|phone)|(?:no one|nobody) is available|(?:voice ?mail|mailbox)|you(?:'ve| have) reached|record your message|get back to you|call you back|return your call|away from (?:the|my) phone)\b/,
  ],
];

export interface DetectorSettings {
  /** A short greeting ("Hello?") then this much quiet is a person waiting for us. */
  personQuietMs: number;
  /** The longest first utterance a person is taken to have said (a person's "Hi, this is Dana speaking"). */
  shortGreetingMs: number;
  /** Speech with no pause this long is a recorded greeting or menu, whatever its words. */
  longGreetingMs: number;
  /** Quiet that ends an utterance (longer than the gaps between words and sentences of a greeting). */
  pauseMs: number;
  /** Nothing but quiet this long: a person waiting for us to speak; undefined when quiet decides nothing. */
  silenceMs: number | undefined;
  /** The longest the detector listens: then the cadence decides. */
  maxMs: number;
}

export const DEFAULT_DETECTOR: DetectorSettings = {
  personQuietMs: 900,
  shortGreetingMs: 2500,
  longGreetingMs: 4500,
  pauseMs: 900,
  silenceMs: 3500,
  maxMs: 8000,
};

export const phraseClass = (text: string): Exclude<AnsweredBy, 'person'> | undefined => {
  const said = text.toLowerCase().replace(/[’]/g, "'");
  return PHRASES.find(([, pattern]) => pattern.test(said))?.[0];
};

/**
 * Pushed each 20 ms frame of the callee's audio with whether the VAD hears speech in it, and the
 * STT's words as they come (partials and finals of the same utterance replace each other): the
 * first decision stands. Words decide at once; without them, the cadence: a short greeting then
 * quiet is a person, a monologue past `longGreetingMs` a machine (a voicemail: the commonest), a
 * beep a voicemail, and quiet from the start a person who waits for us to speak.
 */
export class AnsweringMachineDetector {
  readonly tones: ToneDetector;
  private nowMs = 0;
  private decided: AnswerDecision | undefined;
  /** The first utterance: when its speech began and last was heard. */
  private firstSpeechMs: number | undefined;
  private lastSpeechMs: number | undefined;
  /** Longest speech with no pause of `pauseMs` so far. */
  private runStartMs: number | undefined;
  private utterances = 0;
  private settledWords = '';
  private words = '';
  /** The last beep heard (before or after the decision). */
  lastTone: Tone | undefined;

  constructor(
    private readonly sampleRate: number,
    private readonly settings: DetectorSettings = DEFAULT_DETECTOR,
  ) {
    this.tones = new ToneDetector(sampleRate);
  }

  get decision(): AnswerDecision | undefined {
    return this.decided;
  }

  get elapsedMs(): number {
    return this.nowMs;
  }

  /** Quiet since the last speech heard (or since the answer), in ms. */
  get quietMs(): number {
    return this.nowMs - (this.lastSpeechMs ?? 0);
  }

  /** One frame and the VAD's verdict on it; the decision, once there is one. */
  audio(frame: Buffer, speaking: boolean): AnswerDecision | undefined {
    this.nowMs += pcmDurationMs(frame.length, this.sampleRate);
    const tone = this.tones.push(frame);
    if (tone) this.lastTone = tone;
    // Speech is tracked after the decision too: a voicemail's message waits for its greeting's end.
    if (speaking) this.heardSpeech();
    if (this.decided) return this.decided;
    if (tone) return this.decide('voicemail', 'beep');
    return this.byCadence();
  }

  /** The STT's words for the utterance under way (`final`: it is settled, the next starts afresh). */
  heard(text: string, final: boolean): AnswerDecision | undefined {
    const all = `${this.settledWords} ${text}`.trim();
    if (final) this.settledWords = all;
    this.words = all;
    // Words are speech even where the VAD missed it (a greeting in noise, a codec's artefacts).
    if (text.trim()) this.heardSpeech();
    if (this.decided) return this.decided;
    const machine = phraseClass(all);
    return machine ? this.decide(machine, 'words') : undefined;
  }

  /** Everything the STT has heard so far. */
  get transcript(): string {
    return this.words;
  }

  private heardSpeech(): void {
    const { pauseMs } = this.settings;
    if (this.lastSpeechMs === undefined || this.nowMs - this.lastSpeechMs > pauseMs) {
      this.utterances++;
      this.runStartMs = this.nowMs;
    }
    this.firstSpeechMs ??= this.nowMs;
    this.lastSpeechMs = this.nowMs;
  }

  private byCadence(): AnswerDecision | undefined {
    const { personQuietMs, shortGreetingMs, longGreetingMs, silenceMs, maxMs } = this.settings;
    const speaking = this.lastSpeechMs === this.nowMs;
    if (this.firstSpeechMs === undefined) {
      return silenceMs !== undefined && this.nowMs >= silenceMs ? this.decide('person', 'silence') : undefined;
    }
    if (speaking && this.nowMs - this.runStartMs! >= longGreetingMs) return this.decide('voicemail', 'long_greeting');
    const firstLength = this.lastSpeechMs! - this.firstSpeechMs;
    if (!speaking && this.utterances === 1 && firstLength <= shortGreetingMs && this.quietMs >= personQuietMs) return this.decide('person', 'short_greeting');
    if (this.nowMs >= maxMs) return this.decide(this.utterances === 1 && firstLength <= shortGreetingMs ? 'person' : 'voicemail', 'timeout');
    return undefined;
  }

  private decide(answeredBy: AnsweredBy, cue: AnswerDecision['cue']): AnswerDecision {
    this.decided = { answeredBy, afterMs: Math.round(this.nowMs), cue };
    return this.decided;
  }
}
