/**
 * Answering-machine detection (conversation/answeringMachine.ts) scored on a generated, labelled
 * set: people answering ("Hello?"), voicemail greetings with a beep and without, phone menus and
 * call-screening assistants, each text spoken by the local TTS (Piper's one voice, shifted in pitch
 * and tempo to make three), put on white or brown line noise at 20, 10 or 5 dB SNR, with beeps of
 * several pitches and lengths, and carried over a phone line (8 kHz mu-law and back). Each clip
 * streams in 20 ms frames through Silero VAD and the detector, as a call's media session does; the
 * words come from the local STT (Whisper tiny.en) decoding the audio so far at each second, the
 * cadence of its partials, and are taken as heard at that second: the STT's own decoding time
 * (printed) comes on top on a live call. The choices come from a seeded generator; Piper samples
 * its prosody, so two runs differ by a clip or so.
 *
 * Prints the confusion matrix, the time from the answer to the decision (p50/p99) per class, and
 * how often the beep was found (on greetings with one) or imagined (on every other clip).
 *
 * Run: npm run bench:amd
 */
import { cpus, loadavg } from 'node:os';
import { AnsweringMachineDetector, DEFAULT_DETECTOR, type AnswerDecision } from '../conversation/answeringMachine';
import { SileroVad } from '../conversation/sileroVad';
import { DEFAULT_VAD } from '../conversation/turnSettings';
import { floatToPcm16, frameBytes } from '../lib/audio';
import { seeded } from '../lib/seeded';
import { toneSamples } from '../providers/carrier/answeringLines';
import { LocalSttProvider } from '../providers/stt/local';
import { LocalTtsProvider } from '../providers/tts/local';
import { provision, toolPaths } from '../scripts/stack';
import type { AnsweredBy } from '../workflows/definitions';
import { RATE, SPEECH_DBFS, brown, overPhone, scaled, speak, white } from './turnSet';

const SEED = 37;
const SNRS = [20, 10, 5];
/** Pitch and tempo shifts of the one local voice: three speakers. */
const VOICES = [0.88, 1, 1.14];
const FRAME = frameBytes(RATE);
const FRAMES_PER_SECOND = 50;

const TRUTHS = ['person', 'voicemail (beep)', 'voicemail (no beep)', 'phone_menu', 'call_screener'] as const;
type Truth = (typeof TRUTHS)[number];
const DECIDED = ['person', 'voicemail', 'phone_menu', 'call_screener', 'undecided'] as const;

const TEXTS: Record<Truth, string[]> = {
  person: ['Hello?', 'Hi, this is Dana.', 'Yes?', 'Hello, who is this?', 'Good morning, Dana speaking.', 'Hey, what can I do for you?'],
  'voicemail (beep)': [
    "Hi, you've reached Dana. Please leave a message after the tone.",
    "Hello, this is Marcus. I can't come to the phone right now, but if you leave your name and number I'll get back to you as soon as I can.",
    'The person you are calling is not available. Please record your message at the tone.',
    'Hey, it is Sam. Sorry I missed you, talk soon.',
    'You have reached the office of Doctor Patel. Our office is currently closed. Please leave a detailed message and we will return your call on the next business day.',
    'Hi there. Leave a message.',
  ],
  'voicemail (no beep)': [
    "Hi, this is Grace. I'm away from my phone at the moment. Leave a message and I'll call you back.",
    'The mailbox of Hugo Novak is full and cannot accept new messages.',
    'Hello, you have reached Bluebird Dental. We are unavailable right now, please call again during business hours.',
    "Hi, it's Chen, I'm busy right now, text me instead.",
    'Thanks for calling. Nobody can take your call right now.',
    'This is the voicemail of Elif Okafor.',
  ],
  phone_menu: [
    'Thank you for calling Northwind Traders. For sales, press one. For support, press two.',
    'Welcome to Contoso. Please listen carefully, as our menu options have changed. For billing, press three.',
    'If you know your party’s extension, you may dial it at any time. For the operator, press zero.',
    'Thank you for calling Globex. To reach customer service, say or press one.',
    'Welcome to Fabrikam. For account information, press one. To speak to a representative, press two.',
  ],
  call_screener: [
    "Hi, the person you're calling is using a screening service from Google, and will get a copy of this conversation. Go ahead and say your name and why you're calling.",
    "Hi, if you record your name and reason for calling, I'll see if this person is available.",
    'Please state your name and the reason for your call, and I will see if they can take it.',
    'Hello, who is calling, please?',
  ],
};

interface Clip {
  truth: Truth;
  text: string;
  voice: number;
  snr: number;
  /** Where the beep ends, in samples, on a greeting with one. */
  beepEnd?: number;
  audio: Float32Array;
}

/** The voice `factor` times higher and faster: linear interpolation of the one voice. */
function shifted(a: Float32Array, factor: number): Float32Array {
  if (factor === 1) return a;
  const out = new Float32Array(Math.floor(a.length / factor));
  for (let i = 0; i < out.length; i++) {
    const at = i * factor;
    const j = Math.floor(at);
    out[i] = a[j]! + (a[Math.min(a.length - 1, j + 1)]! - a[j]!) * (at - j);
  }
  return out;
}

/** The speech at the line's talker level, on noise at `snr` below it, with the answer's lead and the quiet after. */
function onLine(parts: Float32Array[], snr: number, random: () => number): { audio: Float32Array; ends: number[] } {
  const lead = Math.floor((0.2 + random() * 0.4) * RATE);
  const content = parts.reduce((n, p) => n + p.length, 0);
  // Quiet until past the detector's cap, so that every clip is decided as a live call would be.
  const length = Math.max(lead + content + 4 * RATE, ((DEFAULT_DETECTOR.maxMs + 1000) / 1000) * RATE);
  const audio = scaled(random() < 0.5 ? white(length, random) : brown(length, random), SPEECH_DBFS - snr);
  let at = lead;
  const ends: number[] = [];
  for (const part of parts) {
    for (let i = 0; i < part.length; i++) audio[at + i] += part[i]!;
    at += part.length;
    ends.push(at);
  }
  return { audio, ends };
}

async function generate(tts: LocalTtsProvider): Promise<Clip[]> {
  const random = seeded(SEED);
  const out: Clip[] = [];
  let n = 0;
  for (const truth of TRUTHS) {
    for (const text of TEXTS[truth]) {
      const spoken = await speak(tts, text);
      for (const voice of VOICES) {
        const snr = SNRS[n++ % SNRS.length]!;
        const speech = scaled(shifted(spoken, voice), SPEECH_DBFS);
        if (truth !== 'voicemail (beep)') {
          out.push({ truth, text, voice, snr, audio: onLine([speech], snr, random).audio });
          continue;
        }
        const hz = 400 + Math.round(random() * 32) * 50;
        const ms = 150 + Math.round(random() * 17) * 50;
        const beep = toneSamples(hz, ms, RATE, 10 ** ((SPEECH_DBFS + 3) / 20) * Math.SQRT2);
        const gap = new Float32Array(Math.floor((0.2 + random() * 0.6) * RATE));
        const { audio, ends } = onLine([speech, gap, beep], snr, random);
        out.push({ truth, text: `${text} [${hz} Hz, ${ms} ms]`, voice, snr, audio, beepEnd: ends[2] });
      }
    }
  }
  return out;
}

interface Scored {
  clip: Clip;
  decision: AnswerDecision | undefined;
  /** The detector found a beep anywhere in the clip, and where it ended (samples). */
  beepEnd: number | undefined;
}

async function score(clip: Clip, dir: string, stt: LocalSttProvider, decodeMs: number[]): Promise<Scored> {
  const detector = new AnsweringMachineDetector(RATE);
  const vad = await SileroVad.create(dir, DEFAULT_VAD);
  const pcm = floatToPcm16(clip.audio);
  let beepEnd: number | undefined;
  for (let at = 0, frame = 1; at + FRAME <= pcm.length; at += FRAME, frame++) {
    const chunk = pcm.subarray(at, at + FRAME);
    if (detector.decision) {
      // Decided: only the beep is still listened for, as the session waits for it before its message.
      detector.audio(chunk, false);
    } else {
      await vad.push(chunk);
      detector.audio(chunk, vad.speaking);
      if (!detector.decision && frame % FRAMES_PER_SECOND === 0) {
        const started = performance.now();
        const text = await stt.transcribe(pcm.subarray(0, at + FRAME));
        decodeMs.push(performance.now() - started);
        detector.heard(text, false);
      }
    }
    if (beepEnd === undefined && detector.lastTone) beepEnd = Math.round((detector.lastTone.endMs / 1000) * RATE);
  }
  return { clip, decision: detector.decision, beepEnd };
}

function percentile(values: number[], p: number): number | undefined {
  if (values.length === 0) return undefined;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}
const ms = (v: number | undefined) => (v === undefined ? '-' : `${(v / 1000).toFixed(1)} s`);

function table(header: string[], rows: string[][]): void {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const print = (r: string[]) => console.log(`| ${r.map((c, i) => c.padEnd(widths[i]!)).join(' | ')} |`);
  print(header);
  console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
  rows.forEach(print);
}

const expected = (truth: Truth): AnsweredBy => (truth.startsWith('voicemail') ? 'voicemail' : (truth as AnsweredBy));

async function main(): Promise<void> {
  const began = performance.now();
  provision('local-speech');
  provision('turn-models');
  const paths = toolPaths();
  const stt = new LocalSttProvider({ dir: paths.localSpeech });
  console.error('Synthesizing the set with the local TTS...');
  const clips = await Promise.all(
    (await generate(new LocalTtsProvider({ dir: paths.localSpeech }))).map(async (c) => ({ ...c, audio: await overPhone(c.audio) })),
  );
  console.error(`${clips.length} clips in ${((performance.now() - began) / 1000).toFixed(0)} s; scoring...`);
  const decodeMs: number[] = [];
  const results: Scored[] = [];
  for (const clip of clips) {
    const scored = await score(clip, paths.turnModels, stt, decodeMs);
    results.push(scored);
    const got = scored.decision ? `${scored.decision.answeredBy} (${scored.decision.cue}) at ${ms(scored.decision.afterMs)}` : 'undecided';
    console.error(`${clip.truth.padEnd(20)} ${String(clip.snr).padStart(2)} dB x${clip.voice}  ${got.padEnd(40)} ${clip.text.slice(0, 60)}`);
  }
  stt.stop();

  console.log(
    `\nAnswering-machine detection: ${clips.length} clips (${VOICES.length} voices, SNR ${SNRS.join('/')} dB, 8 kHz mu-law), ${DEFAULT_DETECTOR.maxMs / 1000} s cap\n`,
  );
  table(
    ['truth \\ decided', ...DECIDED, 'correct'],
    TRUTHS.map((truth) => {
      const mine = results.filter((r) => r.clip.truth === truth);
      const count = (d: (typeof DECIDED)[number]) => mine.filter((r) => (r.decision?.answeredBy ?? 'undecided') === d).length;
      const right = mine.filter((r) => r.decision?.answeredBy === expected(truth)).length;
      return [truth, ...DECIDED.map((d) => String(count(d))), `${right}/${mine.length}`];
    }),
  );
  const right = results.filter((r) => r.decision?.answeredBy === expected(r.clip.truth)).length;
  console.log(`\naccuracy ${((100 * right) / results.length).toFixed(1)}% (${right}/${results.length})`);
  for (const snr of SNRS) {
    const mine = results.filter((r) => r.clip.snr === snr);
    const ok = mine.filter((r) => r.decision?.answeredBy === expected(r.clip.truth)).length;
    console.log(`  at ${snr} dB: ${ok}/${mine.length}`);
  }

  console.log("\ntime from the answer to the decision (audio time; the STT's decoding excluded)\n");
  table(
    ['truth', 'p50', 'p99', 'cues'],
    TRUTHS.map((truth) => {
      const mine = results.filter((r) => r.clip.truth === truth && r.decision);
      const times = mine.map((r) => r.decision!.afterMs);
      const cues = [...new Set(mine.map((r) => r.decision!.cue))].map((c) => `${c} ${mine.filter((r) => r.decision!.cue === c).length}`).join(', ');
      return [truth, ms(percentile(times, 50)), ms(percentile(times, 99)), cues];
    }),
  );
  const all = results.flatMap((r) => (r.decision ? [r.decision.afterMs] : []));
  console.log(`\nall clips: p50 ${ms(percentile(all, 50))}, p99 ${ms(percentile(all, 99))}`);

  const withBeep = results.filter((r) => r.clip.beepEnd !== undefined);
  const found = withBeep.filter((r) => r.beepEnd !== undefined && Math.abs(r.beepEnd - r.clip.beepEnd!) <= RATE / 10).length;
  const imagined = results.filter((r) => r.clip.beepEnd === undefined && r.beepEnd !== undefined).length;
  console.log(
    `beeps found within 100 ms of their end: ${found}/${withBeep.length}; beeps imagined on clips without one: ${imagined}/${results.length - withBeep.length}`,
  );
  console.log(`local STT decode of the audio so far: p50 ${ms(percentile(decodeMs, 50))}, p99 ${ms(percentile(decodeMs, 99))} (${decodeMs.length} decodes)`);
  console.log(
    `run took ${((performance.now() - began) / 1000).toFixed(0)} s on ${cpus().length} cores, load average ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
}

void main();
