/**
 * Answering-machine detection's pure parts: the beep detector on tones, glides and noise; the
 * classifier's cues (words, cadence, beep, silence) and their times; and the screen that a media
 * session runs before its opening (what it says to whom, and when).
 */
import { floatToPcm16 } from '../../lib/audio';
import { seeded } from '../../lib/seeded';
import { AnsweringMachineDetector, phraseClass } from '../../conversation/answeringMachine';
import { AnswerScreen, screenerIntroduction, type ScreenOptions } from '../../conversation/machineDetection';
import { ToneDetector } from '../../conversation/toneDetector';
import { toneSamples } from '../../providers/carrier/answeringLines';

const RATE = 16_000;
const FRAME = 320;

/** 16 kHz audio as 20 ms PCM16 frames. */
function frames(audio: Float32Array): Buffer[] {
  const out: Buffer[] = [];
  for (let i = 0; i + FRAME <= audio.length; i += FRAME) out.push(floatToPcm16(audio.subarray(i, i + FRAME)));
  return out;
}

const quiet = (ms: number) => new Float32Array((RATE * ms) / 1000);
const concat = (...parts: Float32Array[]) => {
  const out = new Float32Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) [out.set(p, at), (at += p.length)];
  return out;
};
function withNoise(audio: Float32Array, rms: number, seed = 1): Float32Array {
  const random = seeded(seed);
  return audio.map((v) => v + (random() * 2 - 1) * rms * Math.sqrt(3));
}
/** A glide from `from` to `to` Hz, as a voice's pitch moves. */
function glide(from: number, to: number, ms: number): Float32Array {
  const n = (RATE * ms) / 1000;
  let phase = 0;
  return Float32Array.from({ length: n }, (_, i) => 0.3 * Math.sin((phase += (2 * Math.PI * (from + ((to - from) * i) / n)) / RATE)));
}

function tonesIn(audio: Float32Array) {
  const detector = new ToneDetector(RATE);
  return frames(audio).flatMap((f) => detector.push(f) ?? []);
}

describe('the beep detector', () => {
  test('finds a 1 kHz beep of 500 ms in noise 10 dB under it, once it ends, at its pitch', () => {
    const found = tonesIn(withNoise(concat(quiet(300), toneSamples(1000, 500, RATE), quiet(300)), 0.3 / Math.SQRT2 / Math.sqrt(10)));
    expect(found).toHaveLength(1);
    expect(Math.abs(found[0]!.hz - 1000)).toBeLessThanOrEqual(25);
    expect(found[0]!.startMs).toBeGreaterThanOrEqual(280);
    expect(found[0]!.endMs).toBeLessThanOrEqual(840);
    expect(found[0]!.endMs - found[0]!.startMs).toBeGreaterThanOrEqual(440);
  });

  test('finds beeps across the band: 440 Hz and 1850 Hz', () => {
    for (const hz of [440, 1850]) {
      const found = tonesIn(concat(toneSamples(hz, 300, RATE), quiet(200)));
      expect(found).toHaveLength(1);
      expect(Math.abs(found[0]!.hz - hz)).toBeLessThanOrEqual(25);
    }
  });

  test('takes no click of 100 ms, no gliding voice-like pitch, no noise and no tone outside the band for a beep', () => {
    expect(tonesIn(concat(toneSamples(1000, 100, RATE), quiet(200)))).toEqual([]);
    expect(tonesIn(concat(glide(300, 1500, 800), quiet(200)))).toEqual([]);
    expect(tonesIn(withNoise(quiet(2000), 0.1))).toEqual([]);
    expect(tonesIn(concat(toneSamples(3000, 500, RATE), quiet(200)))).toEqual([]);
  });
});

describe('the classifier', () => {
  /** Pushes `ms` of audio, speech or quiet, as the VAD would flag it; answers the decision so far. */
  const feed = (d: AnsweringMachineDetector, ms: number, speaking: boolean, audio = quiet(ms)) => {
    for (const f of frames(audio)) d.audio(f, speaking);
    return d.decision;
  };

  test('the words of each machine decide at once', () => {
    expect(phraseClass("Hi, you've reached Dana, please leave a message after the tone")).toBe('voicemail');
    expect(phraseClass('Thank you for calling. For sales, press one.')).toBe('phone_menu');
    expect(phraseClass("Go ahead and say your name and why you're calling")).toBe('call_screener');
    expect(phraseClass('Hello? Yes, this is Dana speaking.')).toBeUndefined();

    const d = new AnsweringMachineDetector(RATE);
    feed(d, 1200, true);
    expect(d.heard('Thank you for calling', false)).toBeUndefined();
    expect(d.heard('Thank you for calling. For sales, press one', false)).toEqual({ answeredBy: 'phone_menu', afterMs: 1200, cue: 'words' });
    // The first decision stands.
    expect(d.heard('please leave a message', true)?.answeredBy).toBe('phone_menu');
  });

  test('a short "Hello?" then quiet is a person, decided after the quiet', () => {
    const d = new AnsweringMachineDetector(RATE);
    feed(d, 400, false);
    feed(d, 600, true);
    expect(feed(d, 800, false)).toBeUndefined();
    expect(feed(d, 200, false)).toMatchObject({ answeredBy: 'person', cue: 'short_greeting' });
    expect(d.decision!.afterMs).toBeGreaterThanOrEqual(1900);
    expect(d.decision!.afterMs).toBeLessThanOrEqual(2000);
  });

  test('a monologue with no words recognised is a greeting once it passes 4.5 s', () => {
    const d = new AnsweringMachineDetector(RATE);
    expect(feed(d, 4000, true)).toBeUndefined();
    // Pauses between sentences do not reset it.
    feed(d, 500, false);
    expect(feed(d, 600, true)).toEqual({ answeredBy: 'voicemail', afterMs: 4520, cue: 'long_greeting' });
  });

  test('a beep is a voicemail; quiet from the start is a person waiting for us', () => {
    const beep = new AnsweringMachineDetector(RATE);
    feed(beep, 1000, true);
    expect(feed(beep, 700, false, concat(toneSamples(1000, 400, RATE), quiet(300)))).toMatchObject({ answeredBy: 'voicemail', cue: 'beep' });
    const silent = new AnsweringMachineDetector(RATE);
    expect(feed(silent, 3400, false)).toBeUndefined();
    expect(feed(silent, 100, false)).toEqual({ answeredBy: 'person', afterMs: 3500, cue: 'silence' });
  });
});

describe('the screen before the opening', () => {
  const options = (overrides: Partial<ScreenOptions> = {}): ScreenOptions => ({
    sampleRate: RATE,
    voicemailBehavior: 'leave_message',
    voicemailMessage: 'Please call the renewals desk back.',
    introduction: 'Hello, this is Ada from Acme.',
    ...overrides,
  });
  /** Feeds `ms` of audio to the screen in 20 ms steps, letting its promises run between frames. */
  async function play(screen: AnswerScreen, ms: number, speaking: boolean, audio = quiet(ms)) {
    for (const f of frames(audio)) {
      screen.audio(f, speaking);
      await new Promise((resolve) => setImmediate(resolve));
    }
  }

  test('a voicemail hears the message only after the beep, and the call ends as a voicemail', async () => {
    const said: string[] = [];
    const decisions: string[] = [];
    const screen = new AnswerScreen(options({ onDecision: (d) => decisions.push(d.answeredBy) }));
    const outcome = screen.run(async (line) => void said.push(line));
    await play(screen, 800, true);
    expect(screen.words("Hi, you've reached Dana, please leave a message", false)).toBe(true);
    // Decided, it still hears the greeting out: no message over it, however long it goes on.
    await play(screen, 3000, true);
    expect(decisions).toEqual(['voicemail']);
    expect(said).toEqual([]);
    await play(screen, 600, false, concat(toneSamples(1000, 500, RATE), quiet(100)));
    await expect(outcome).resolves.toBe('voicemail');
    expect(said).toEqual(['Please call the renewals desk back.']);
    // The message said, the callee's words are the conversation's again.
    expect(screen.words('anything', true)).toBe(false);
  });

  test('with no beep, the message follows the greeting once it has been quiet 2.5 s', async () => {
    const said: string[] = [];
    const screen = new AnswerScreen(options());
    const outcome = screen.run(async (line) => void said.push(line));
    await play(screen, 1000, true);
    screen.words("I'm not available right now", false);
    await play(screen, 2400, false);
    expect(said).toEqual([]);
    await play(screen, 200, false);
    await expect(outcome).resolves.toBe('voicemail');
    expect(said).toHaveLength(1);
  });

  test('a menu first taken for a voicemail by its length is hung up on once its words come, with no message', async () => {
    const said: string[] = [];
    const decisions: string[] = [];
    const screen = new AnswerScreen(options({ onDecision: (d) => decisions.push(`${d.answeredBy} ${d.cue}`) }));
    const outcome = screen.run(async (line) => void said.push(line));
    await play(screen, 4600, true);
    expect(decisions).toEqual(['voicemail long_greeting']);
    screen.words('Welcome to Contoso. Please listen carefully, as our menu options have changed', false);
    await expect(outcome).resolves.toBe('phone_menu');
    expect(decisions).toEqual(['voicemail long_greeting', 'phone_menu words']);
    expect(said).toEqual([]);
  });

  test('voicemail with `hangup` says nothing; a menu is hung up on', async () => {
    const said: string[] = [];
    const voicemail = new AnswerScreen(options({ voicemailBehavior: 'hangup' }));
    const ended = voicemail.run(async (line) => void said.push(line));
    voicemail.words('please leave a message after the tone', false);
    await expect(ended).resolves.toBe('voicemail');
    const menu = new AnswerScreen(options());
    const hungUp = menu.run(async (line) => void said.push(line));
    menu.words('for support, press two', false);
    await expect(hungUp).resolves.toBe('phone_menu');
    expect(said).toEqual([]);
  });

  test('a call screener hears who is calling once; the person who then answers gets the conversation', async () => {
    const said: string[] = [];
    const decisions: string[] = [];
    const screen = new AnswerScreen(options({ onDecision: (d) => decisions.push(d.answeredBy) }));
    const outcome = screen.run(async (line) => void said.push(line));
    await play(screen, 500, true);
    screen.words('please state your name', false);
    // Not over the screener's question: once it has finished asking.
    await play(screen, 800, true);
    expect(said).toEqual([]);
    await play(screen, 1000, false);
    expect(said).toEqual(['Hello, this is Ada from Acme.']);
    // The screener asks again: it is not told twice, and long quiet is no person.
    screen.words("who's calling?", true);
    await play(screen, 5000, false);
    expect(said).toHaveLength(1);
    await play(screen, 700, true);
    screen.words('Hello, this is Dana.', true);
    await play(screen, 1000, false);
    await expect(outcome).resolves.toBe('converse');
    expect(decisions).toEqual(['call_screener']);
  });

  test('the introduction names the agent, its organization and its purpose', () => {
    expect(screenerIntroduction({ agentName: 'Ada', organizationName: 'Acme Insurance', purpose: 'Your policy renewal.' })).toBe(
      'Hello, this is Ada from Acme Insurance, calling about your policy renewal.',
    );
    expect(screenerIntroduction({ agentName: 'Acme', organizationName: 'Acme', purpose: '' })).toBe('Hello, this is Acme.');
  });
});
