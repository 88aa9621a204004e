/**
 * What the simulated audio line plays as it answers, for the test numbers of answering-machine
 * detection (conversation/answeringMachine.ts): a person's "Hello?", voicemail greetings with and
 * without a beep, a phone menu, a call-screening assistant. Pure: the line speaks the words with
 * its TTS and synthesizes the beep from `toneSamples`, which the benchmark (bench/amd.ts) uses too.
 */
import type { Scenario } from './testNumbers';

export type LineSegment = { say: string } | { tone: { hz: number; ms: number } } | { quietMs: number };

/** Who the line plays once its opening is over: a person who talks on, or a machine that stays silent. */
export interface AnsweringLine {
  opening: LineSegment[];
  /** A machine says nothing more; the agent's rules end the call. */
  silentAfter: boolean;
}

const LINES: Partial<Record<Scenario, AnsweringLine>> = {
  says_hello: { opening: [{ say: 'Hello?' }], silentAfter: false },
  voicemail_with_beep: {
    opening: [
      { say: "Hi, you've reached Dana. I can't come to the phone right now, so please leave a message after the tone." },
      { quietMs: 400 },
      { tone: { hz: 1000, ms: 500 } },
    ],
    silentAfter: true,
  },
  voicemail_without_beep: {
    opening: [{ say: "Hello, this is Dana. I'm not available right now. Leave your name and number and I will call you back." }],
    silentAfter: true,
  },
  recorded_menu: {
    opening: [{ say: 'Thank you for calling Northwind Traders. For sales, press one. For support, press two. To hear these options again, press nine.' }],
    silentAfter: true,
  },
  call_screener: {
    opening: [{ say: "Hi, the person you're calling is using a screening service. Go ahead and say your name and why you're calling." }],
    silentAfter: false,
  },
};

export const answeringLine = (scenario: Scenario): AnsweringLine | undefined => LINES[scenario];

/** What the person who picks up after a call screener says first. */
export const SCREENED_PERSON_HELLO = 'Hello, Dana speaking.';

/** A steady sine at `amplitude` (full scale 1), with 5 ms ramps so its edges do not click. */
export function toneSamples(hz: number, ms: number, sampleRate: number, amplitude = 0.3): Float32Array {
  const n = Math.round((sampleRate * ms) / 1000);
  const ramp = Math.round(sampleRate / 200);
  return Float32Array.from({ length: n }, (_, i) => amplitude * Math.min(1, i / ramp, (n - 1 - i) / ramp) * Math.sin((2 * Math.PI * hz * i) / sampleRate));
}
