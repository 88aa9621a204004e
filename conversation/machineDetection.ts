/**
 * Answering-machine detection in an outbound call's media session: the session hands every frame
 * and the STT's words here until the callee is known (conversation/answeringMachine.ts decides), and
 * runs `screen` before the agent's opening. A person hears the opening; a voicemail hears the
 * agent's message after the beep (or after the greeting, when there is none), per
 * `phone.voicemailBehavior`; a phone menu ends the call; a call-screening assistant hears once who
 * is calling and why, and the person who then picks up hears the opening.
 */
import type { AgentRecord } from '../models/agent';
import { recordAnsweredBy, type CallRecord } from '../models/call';
import { Organization } from '../models/organization';
import { AnsweringMachineDetector, DEFAULT_DETECTOR, phraseClass, type AnswerDecision } from './answeringMachine';
import { fillVariables, voicemailMessage } from './profile';

export type VoicemailBehavior = 'hangup' | 'leave_message' | 'mark_no_answer';

export interface ScreenOptions {
  sampleRate: number;
  voicemailBehavior: VoicemailBehavior;
  /** What the agent leaves on a voicemail. */
  voicemailMessage: string;
  /** What the agent tells a call-screening assistant: who is calling and why. */
  introduction: string;
  /**
   * Told the first decision (a screened call stays `call_screener` after the person comes), and
   * again if a voicemail by cadence turns out to be a menu before its message.
   */
  onDecision?: (decision: AnswerDecision) => void;
  timing?: Partial<ScreenTiming>;
}

export interface ScreenTiming {
  /** Quiet after a greeting with no beep, after which the message is left. */
  greetingEndQuietMs: number;
  /** The longest wait for the beep or the greeting's end once a voicemail is known. */
  beepWaitMs: number;
  /** The longest wait for a person after the screener heard the introduction. */
  screenedWaitMs: number;
}

export const DEFAULT_SCREEN_TIMING: ScreenTiming = { greetingEndQuietMs: 2500, beepWaitMs: 30_000, screenedWaitMs: 45_000 };

/** How the screen ends: the conversation starts, or the session ends for this reason. */
export type ScreenOutcome = 'converse' | 'voicemail' | 'phone_menu' | 'silence';

/** The line an agent says to a call-screening assistant. */
export function screenerIntroduction(who: { agentName: string; organizationName: string; purpose: string }): string {
  const from = who.organizationName && who.organizationName !== who.agentName ? ` from ${who.organizationName}` : '';
  const why = who.purpose.trim().replace(/[.!?\s]+$/, '');
  return `Hello, this is ${who.agentName}${from}${why ? `, calling about ${why.charAt(0).toLowerCase()}${why.slice(1)}` : ''}.`;
}

export class AnswerScreen {
  /** The callee's words are the screen's, not turns of the conversation, while this holds. */
  listening = true;
  private detector: AnsweringMachineDetector;
  private readonly timing: ScreenTiming;
  /** What `run` waits for, checked at each frame and word: true once it came. */
  private waiting: (() => boolean) | undefined;
  private reported = false;

  constructor(private readonly options: ScreenOptions) {
    this.timing = { ...DEFAULT_SCREEN_TIMING, ...options.timing };
    this.detector = new AnsweringMachineDetector(options.sampleRate);
  }

  /** One frame of the callee's audio and whether the VAD hears speech in it. */
  audio(frame: Buffer, speaking: boolean): void {
    if (!this.listening) return;
    this.detector.audio(frame, speaking);
    this.check();
  }

  /** The STT's words: true when the screen took them (they are no turn of the conversation). */
  words(text: string, final: boolean): boolean {
    if (!this.listening) return false;
    this.detector.heard(text, final);
    this.check();
    return true;
  }

  /** Listens until the callee is known and does what it calls for; `say` speaks a line as the agent's turn. */
  async run(say: (line: string) => Promise<void>): Promise<ScreenOutcome> {
    let introduced = false;
    for (;;) {
      const decided = await this.until(
        () => this.detector.decision ?? (introduced && this.detector.elapsedMs >= this.timing.screenedWaitMs ? 'waited' : undefined),
      );
      if (decided === 'waited') return this.done('silence');
      this.report(decided);
      switch (decided.answeredBy) {
        case 'person':
          return this.done('converse');
        case 'phone_menu':
          return this.done('phone_menu');
        case 'voicemail':
          if (this.options.voicemailBehavior !== 'leave_message') return this.done('voicemail');
          // A greeting taken for a voicemail by its length alone may be a menu whose words the STT
          // gives later: no message is left on a menu.
          if ((await this.until(() => (this.menuAfter(decided) ? 'menu' : this.greetingOver(decided)))) === 'menu') {
            this.options.onDecision?.({ answeredBy: 'phone_menu', afterMs: Math.round(this.detector.elapsedMs), cue: 'words' });
            return this.done('phone_menu');
          }
          this.listening = false;
          await say(this.options.voicemailMessage);
          return 'voicemail';
        case 'call_screener':
          // Said once, when the screener has finished asking: one that asks again is waited out, for
          // the person or the voicemail behind it.
          if (!introduced) {
            await this.until(
              () => this.detector.quietMs >= DEFAULT_DETECTOR.personQuietMs || this.detector.elapsedMs - decided.afterMs >= this.timing.beepWaitMs,
            );
            await say(this.options.introduction);
          }
          introduced = true;
          this.detector = new AnsweringMachineDetector(this.options.sampleRate, {
            ...DEFAULT_DETECTOR,
            silenceMs: undefined,
            maxMs: this.timing.screenedWaitMs,
          });
      }
    }
  }

  private menuAfter(decided: AnswerDecision): boolean {
    return decided.cue !== 'words' && phraseClass(this.detector.transcript) === 'phone_menu';
  }

  /** The beep has sounded, or the greeting ended without one, or waiting longer is pointless. */
  private greetingOver(decided: AnswerDecision): boolean {
    const { greetingEndQuietMs, beepWaitMs } = this.timing;
    return this.detector.lastTone !== undefined || this.detector.quietMs >= greetingEndQuietMs || this.detector.elapsedMs - decided.afterMs >= beepWaitMs;
  }

  private report(decision: AnswerDecision): void {
    if (this.reported) return;
    this.reported = true;
    this.options.onDecision?.(decision);
  }

  private done(outcome: ScreenOutcome): ScreenOutcome {
    this.listening = false;
    return outcome;
  }

  /** Resolves with `ready`'s value once it is truthy. */
  private until<T>(ready: () => T | undefined | false): Promise<T> {
    return new Promise((resolve) => {
      this.waiting = () => {
        const value = ready();
        if (value) resolve(value);
        return Boolean(value);
      };
      this.check();
    });
  }

  private check(): void {
    if (this.waiting?.()) this.waiting = undefined;
  }
}

/**
 * The screen of an outbound call whose agent has `phone.machineDetection`, undefined for any other;
 * its decision is written to the call's read model as it is taken.
 */
export async function answerScreenFor(call: CallRecord, agent: AgentRecord, sampleRate: number): Promise<AnswerScreen | undefined> {
  const phone = (agent.phone ?? {}) as { machineDetection?: boolean; voicemailBehavior?: VoicemailBehavior; greeting?: string };
  if (call.direction !== 'outbound' || phone.machineDetection !== true) return undefined;
  const organization = await Organization.findById(call.organizationId, { name: 1 }).lean<{ name?: string }>();
  const callId = String(call._id);
  return new AnswerScreen({
    sampleRate,
    voicemailBehavior: phone.voicemailBehavior ?? 'hangup',
    voicemailMessage: voicemailMessage({ greeting: fillVariables(phone.greeting ?? '', call.variables ?? {}) }),
    introduction: screenerIntroduction({
      agentName: agent.displayName || agent.name,
      organizationName: organization?.name ?? '',
      purpose: agent.description ?? '',
    }),
    onDecision: (decision) => {
      recordAnsweredBy(callId, decision.answeredBy, decision.afterMs).catch((err: unknown) => {
        console.warn(JSON.stringify({ level: 'warn', msg: 'answering-machine decision not stored', callId, error: (err as Error).message }));
      });
    },
  });
}
