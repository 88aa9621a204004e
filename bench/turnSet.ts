/**
 * The labelled turn-taking set bench/turnTaking.ts scores, made from the `local` TTS voice and
 * seeded noise: complete sentences; the same sentences cut mid-thought by a pause of 0.4-1.5 s
 * (the voice says the whole sentence, and a pause is put in at the boundary of CUT_AFTER's words,
 * so the first part keeps the intonation of an unfinished sentence and is not a sentence itself);
 * backchannels; and sounds that are not
 * a person speaking to the agent (coughs, clicks, music-like tones, babble of overlapping voices,
 * white and brown noise). Every clip lies on a background of white or brown noise at the set's SNR
 * to the speech level. The choices (sentences, pauses, noises, levels) come from a seeded generator;
 * the voice itself varies slightly from one process to the next (Piper samples its prosody, and
 * sherpa-onnx takes no seed), so figures from two runs differ by a clip or two.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { LocalTtsProvider } from '../providers/tts/local';
import { TelephonyCodec, floatToPcm16, pcm16ToFloat } from '../lib/audio';
import { seeded } from '../lib/seeded';

export const RATE = 16_000;
/** The noise levels the set is made at, in dB SNR to the speech. */
export const SNRS = [20, 10, 5];
/** The seed of the set at `snr` is SET_SEED + snr: the same clips in every bench that scores them. */
export const SET_SEED = 37;
/** The speech level every clip is set to (RMS, dBFS): a phone line's usual talker. */
export const SPEECH_DBFS = -26;
const LEAD_S = 0.6;
/** Quiet after the clip's content: longer than any wait for an unfinished turn. */
const TRAIL_S = 3.6;

export const COMPLETE = [
  'I would like to book a table for two people tonight.',
  'My name is John Carter, and I live in London.',
  'The engine makes a strange noise whenever it starts in the morning.',
  'I was thinking that we could meet on Tuesday afternoon instead.',
  'So what I really need is a new password for my account.',
  'Well, I think it depends on how much the whole thing costs.',
  'We moved the nightly batch jobs to a queue, which cut the failures by half.',
  'Could you tell me where the nearest train station is?',
  'I have been working as a nurse for about seven years now.',
  'The package was supposed to arrive on Monday, but it never came.',
  'Honestly, the best part of my last job was the people I worked with.',
  'I would rather pay by card if that is possible.',
];

/**
 * Where each of COMPLETE is cut: 5 after a word conversation/unfinishedText.ts knows no sentence ends with, the rest after one that could
 * end a phrase but leaves this thought unfinished, so the words alone do not always tell.
 */
export const CUT_AFTER = [
  'I would like to book a table for',
  'My name is John Carter, and I',
  'The engine makes a strange',
  'I was thinking that we could',
  'So what I really need is a new',
  'Well, I think it depends on',
  'We moved the nightly batch jobs to a',
  'Could you tell me where the nearest',
  'I have been working as a',
  'The package was supposed to',
  'Honestly, the best part of my last job',
  'I would rather pay by card if',
];

export const BACKCHANNELS = ['Mm-hm.', 'Yeah.', 'Okay.', 'Right.', 'Uh-huh.', 'I see.'];

export const NOISES = ['cough', 'click', 'tones', 'babble', 'white', 'brown'] as const;
export type NoiseKind = (typeof NOISES)[number];

export type Clip =
  | { kind: 'complete'; text: string; audio: Float32Array; speechEnd: number }
  | { kind: 'cut'; text: string; audio: Float32Array; pauseStart: number; pauseEnd: number }
  | { kind: 'backchannel'; text: string; audio: Float32Array }
  | { kind: 'noise'; text: NoiseKind; audio: Float32Array };

/** A phone line's round trip: down to 8 kHz mu-law and back up, as Media Streams carries it. */
export async function overPhone(audio: Float32Array): Promise<Float32Array> {
  const codec = await TelephonyCodec.create({ whole: true });
  try {
    return pcm16ToFloat(codec.decode(codec.encode(floatToPcm16(audio))));
  } finally {
    codec.close();
  }
}

export async function speak(tts: LocalTtsProvider, text: string): Promise<Float32Array> {
  const chunks: Buffer[] = [];
  for await (const chunk of tts.synthesize(text, { language: 'en-US', sampleRate: RATE })) chunks.push(chunk);
  return trim(pcm16ToFloat(Buffer.concat(chunks)));
}

const rms = (a: Float32Array) => Math.sqrt(a.reduce((sum, v) => sum + v * v, 0) / Math.max(1, a.length));
export function scaled(a: Float32Array, dbfs: number): Float32Array {
  const gain = 10 ** (dbfs / 20) / (rms(a) || 1);
  return a.map((v) => v * gain);
}

/** Without the voice's own quiet before and after the words. */
function trim(a: Float32Array): Float32Array {
  const loud = (v: number) => Math.abs(v) > 0.01;
  const first = a.findIndex(loud);
  let last = a.length - 1;
  while (last > first && !loud(a[last])) last--;
  return a.slice(Math.max(0, first), last + 1);
}

/** The longest quiet between words in the middle of a sentence (10 ms frames under -45 dBFS): [start, end) in samples. */
export function quietestGap(a: Float32Array): [number, number] {
  const frame = RATE / 100;
  const quiet: boolean[] = [];
  for (let i = 0; i + frame <= a.length; i += frame) quiet.push(rms(a.subarray(i, i + frame)) < 10 ** (-45 / 20));
  let best: [number, number] = [Math.floor(quiet.length / 2), Math.floor(quiet.length / 2)];
  for (let i = Math.floor(quiet.length * 0.25); i < quiet.length * 0.8; i++) {
    let j = i;
    while (j < quiet.length && quiet[j]) j++;
    if (j - i > best[1] - best[0]) best = [i, j];
    i = j;
  }
  return [best[0] * frame, best[1] * frame];
}

export function white(n: number, random: () => number): Float32Array {
  return Float32Array.from({ length: n }, () => random() * 2 - 1);
}

export function brown(n: number, random: () => number): Float32Array {
  let level = 0;
  return Float32Array.from({ length: n }, () => (level = 0.98 * level + 0.1 * (random() * 2 - 1)));
}

/** A one-pole low-pass, for breathy noise. */
function lowPass(a: Float32Array, k: number): Float32Array {
  let y = 0;
  return a.map((v) => (y += k * (v - y)));
}

/** Two or three harsh bursts of breathy noise, as a cough. */
function cough(random: () => number): Float32Array {
  const out = new Float32Array(RATE);
  const bursts = 2 + Math.floor(random() * 2);
  for (let b = 0; b < bursts; b++) {
    const start = Math.floor(b * 0.3 * RATE);
    const length = Math.floor((0.12 + random() * 0.1) * RATE);
    const noise = lowPass(white(length, random), 0.3 + random() * 0.3);
    for (let i = 0; i < length && start + i < out.length; i++) out[start + i] += noise[i] * Math.exp((-5 * i) / length);
  }
  return out;
}

/** A train of sharp clicks (a pen, a keyboard, a line's crackle). */
function clicks(random: () => number): Float32Array {
  const out = new Float32Array(RATE * 1.5);
  for (let t = Math.floor(random() * 2000); t < out.length - 200; t += Math.floor((0.05 + random() * 0.2) * RATE)) {
    for (let i = 0; i < 120; i++) out[t + i] = (random() * 2 - 1) * Math.exp(-i / 15);
  }
  return out;
}

/** Music-like tones: a short melody of chords with harmonics, each note with an attack and a decay. */
function tones(random: () => number): Float32Array {
  const out = new Float32Array(RATE * 2);
  const note = Math.floor(0.25 * RATE);
  for (let n = 0; n * note < out.length; n++) {
    const root = 220 * 2 ** (Math.floor(random() * 12) / 12);
    for (const ratio of [1, 1.26, 1.5]) {
      for (let h = 1; h <= 3; h++) {
        for (let i = 0; i < note && n * note + i < out.length; i++) {
          out[n * note + i] += (Math.sin((2 * Math.PI * root * ratio * h * i) / RATE) / h) * Math.min(1, i / 200) * Math.exp((-3 * i) / note);
        }
      }
    }
  }
  return out;
}

/** Four voices saying different sentences at once: talk in the room that no one directs at the agent. */
function babble(voices: Float32Array[], random: () => number): Float32Array {
  const out = new Float32Array(RATE * 2);
  for (let v = 0; v < 4; v++) {
    const voice = voices[Math.floor(random() * voices.length)];
    const from = Math.floor(random() * Math.max(1, voice.length - out.length));
    for (let i = 0; i < out.length && from + i < voice.length; i++) out[i] += voice[from + i];
  }
  return out;
}

function noise(kind: NoiseKind, voices: Float32Array[], random: () => number): Float32Array {
  switch (kind) {
    case 'cough':
      return cough(random);
    case 'click':
      return clicks(random);
    case 'tones':
      return tones(random);
    case 'babble':
      return babble(voices, random);
    case 'white':
      return white(RATE * 2, random);
    case 'brown':
      return brown(RATE * 2, random);
  }
}

/** `content` at the speech level after LEAD_S, on a background at `snrDb` under it, TRAIL_S of it after. */
function onBackground(content: Float32Array, contentDbfs: number, snrDb: number, random: () => number): { audio: Float32Array; offset: number } {
  const offset = Math.floor(LEAD_S * RATE);
  const length = offset + content.length + Math.floor(TRAIL_S * RATE);
  const background = scaled(random() < 0.5 ? white(length, random) : brown(length, random), SPEECH_DBFS - snrDb);
  const level = scaled(content, contentDbfs);
  for (let i = 0; i < level.length; i++) background[offset + i] += level[i];
  return { audio: background, offset };
}

/** The spoken material, synthesized once and shared by every SNR and rate. */
export interface Voices {
  complete: Float32Array[];
  /** Where in each complete sentence CUT_AFTER's words end, in samples. */
  cuts: number[];
  backchannels: Float32Array[];
}

/**
 * The boundary after `prefix` in `speech`: the quietest 10 ms in the last fifth of the length the
 * voice gives `prefix` said alone (which it draws out at its end, as it does any sentence's end).
 * Piper's prosody varies from run to run, so a cut can land a word early or late: the bench prints
 * what the STT heard before each pause.
 */
function cutAfter(speech: Float32Array, prefix: Float32Array): number {
  const frame = RATE / 100;
  let best = prefix.length;
  let quietest = Infinity;
  for (let at = Math.floor(prefix.length * 0.8); at < Math.min(prefix.length, speech.length - frame); at += frame / 2) {
    const level = rms(speech.subarray(at, at + frame));
    if (level < quietest) [best, quietest] = [at + frame / 2, level];
  }
  return best;
}

export async function synthesize(tts: LocalTtsProvider): Promise<Voices> {
  const complete: Float32Array[] = [];
  const cuts: number[] = [];
  for (const [i, text] of COMPLETE.entries()) {
    complete.push(await speak(tts, text));
    cuts.push(cutAfter(complete[i], await speak(tts, CUT_AFTER[i])));
  }
  const backchannels: Float32Array[] = [];
  for (const text of BACKCHANNELS) backchannels.push(await speak(tts, text));
  return { complete, cuts, backchannels };
}

/** The set at one SNR (16 kHz); the same seed gives the same choices. */
export function clips(voices: Voices, snrDb: number, seed: number): Clip[] {
  const random = seeded(seed);
  const out: Clip[] = [];
  COMPLETE.forEach((text, i) => {
    const speech = voices.complete[i];
    const { audio, offset } = onBackground(speech, SPEECH_DBFS, snrDb, random);
    out.push({ kind: 'complete', text, audio, speechEnd: offset + speech.length });
    const at = voices.cuts[i];
    const pause = Math.floor((0.4 + random() * 1.1) * RATE);
    const paused = new Float32Array(speech.length + pause);
    paused.set(speech.subarray(0, at));
    paused.set(speech.subarray(at), at + pause);
    const cut = onBackground(paused, SPEECH_DBFS, snrDb, random);
    out.push({ kind: 'cut', text, audio: cut.audio, pauseStart: cut.offset + at, pauseEnd: cut.offset + at + pause });
  });
  BACKCHANNELS.forEach((text, i) => out.push({ kind: 'backchannel', text, audio: onBackground(voices.backchannels[i], SPEECH_DBFS, snrDb, random).audio }));
  for (const kind of NOISES) {
    for (let variant = 0; variant < 3; variant++) {
      // A sound event as loud as speech would be at this SNR: the question is whether it is taken for speech.
      out.push({ kind: 'noise', text: kind, audio: onBackground(noise(kind, voices.complete, random), SPEECH_DBFS - snrDb, snrDb, random).audio });
    }
  }
  return out;
}

/**
 * The set's speech: from `file` when it holds it, else synthesized (and written to `file` when named),
 * so that two runs comparing settings hear the same voice (Piper's prosody varies from run to run).
 */
export async function voicesFor(file: string | undefined, speechDir: string): Promise<Voices> {
  const encode = (a: Float32Array) => Buffer.from(a.buffer, a.byteOffset, a.byteLength).toString('base64');
  const decode = (s: string) => {
    const bytes = Buffer.from(s, 'base64');
    return new Float32Array(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength));
  };
  if (file && existsSync(file)) {
    const saved = JSON.parse(readFileSync(file, 'utf8')) as { complete: string[]; cuts: number[]; backchannels: string[] };
    return { complete: saved.complete.map(decode), cuts: saved.cuts, backchannels: saved.backchannels.map(decode) };
  }
  console.log('Synthesizing the set with the local TTS...');
  const voices = await synthesize(new LocalTtsProvider({ dir: speechDir }));
  if (file) writeFileSync(file, JSON.stringify({ complete: voices.complete.map(encode), cuts: voices.cuts, backchannels: voices.backchannels.map(encode) }));
  return voices;
}
