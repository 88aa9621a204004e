/**
 * The `local` engines on their real models (provisioned into the tools cache when missing): the TTS
 * makes real speech, and the STT hears it back. Assertions are on word overlap, not exact text: the
 * STT is a 39M-parameter model, and one misheard word in a dozen is within what we document.
 */
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SpeechVendorError } from '../../providers/errors';
import { LocalSttProvider } from '../../providers/stt/local';
import type { SttEvent } from '../../providers/stt/interface';
import { LocalTtsProvider } from '../../providers/tts/local';
import { provision, toolPaths } from '../../scripts/stack';
import { speakWav } from '../../scripts/speak-wav';

const SENTENCE = 'I worked on the billing system for three years, mostly in Python and Postgres.';
/**
 * Share of the sentence's words the STT must recover. On this machine it recovers all of them;
 * 0.8 leaves room for two misheard words of twelve, and still fails on silence, noise or nonsense.
 */
const MIN_OVERLAP = 0.8;

let tts: LocalTtsProvider;
let stt: LocalSttProvider;

beforeAll(() => {
  provision('local-speech');
  const dir = toolPaths().localSpeech;
  tts = new LocalTtsProvider({ dir });
  stt = new LocalSttProvider({ dir });
}, 600_000);

afterAll(() => stt.stop());

async function speak(text: string, sampleRate: number, engine = tts): Promise<Buffer[]> {
  const chunks: Buffer[] = [];
  for await (const chunk of engine.synthesize(text, { language: 'en-US', sampleRate })) chunks.push(chunk);
  return chunks;
}

/** Feeds the audio in 20 ms frames, every `paceMs`, then finishes; returns every event. */
async function hear(audio: Buffer, sampleRate: number, paceMs = 0): Promise<SttEvent[]> {
  const stream = await stt.open({ language: 'en-US', sampleRate });
  const frame = (sampleRate / 50) * 2;
  const feeding = (async () => {
    for (let offset = 0; offset < audio.length; offset += frame) {
      stream.send(audio.subarray(offset, offset + frame));
      if (paceMs) await new Promise((resolve) => setTimeout(resolve, paceMs));
    }
    stream.finish();
  })();
  const events: SttEvent[] = [];
  for await (const event of stream.events) events.push(event);
  await feeding;
  return events;
}

function words(text: string): string[] {
  return text.toLowerCase().match(/[a-z0-9']+/g) ?? [];
}

function overlap(reference: string, heard: string): number {
  const got = new Set(words(heard));
  const want = words(reference);
  return want.filter((word) => got.has(word)).length / want.length;
}

function finals(events: SttEvent[]): string {
  return events
    .filter((event) => event.type === 'final')
    .map((event) => event.text)
    .join(' ');
}

function rms(pcm: Buffer): number {
  let sum = 0;
  for (let i = 0; i < pcm.length; i += 2) sum += (pcm.readInt16LE(i) / 32768) ** 2;
  return Math.sqrt(sum / (pcm.length / 2));
}

describe('local TTS', () => {
  it('speaks a sentence as PCM16 at 16 kHz in 20 ms chunks, of a plausible length and loudness', async () => {
    const chunks = await speak(SENTENCE, 16_000);
    expect(chunks.slice(0, -1).every((chunk) => chunk.length === 640)).toBe(true);
    const audio = Buffer.concat(chunks);
    const seconds = audio.length / 2 / 16_000;
    // Fourteen words at a conversational 2 to 5 words a second.
    expect(seconds).toBeGreaterThan(words(SENTENCE).length / 5);
    expect(seconds).toBeLessThan(words(SENTENCE).length / 2);
    expect(rms(audio)).toBeGreaterThan(0.03);
  }, 120_000);

  it('stops at once when the signal aborts (a barge-in)', async () => {
    const controller = new AbortController();
    const long = 'This is the first sentence of a long answer. Here is a second one. And a third that should never be spoken.';
    let bytes = 0;
    for await (const chunk of tts.synthesize(long, { language: 'en-US', sampleRate: 16_000 }, controller.signal)) {
      bytes += chunk.length;
      controller.abort();
    }
    expect(bytes).toBe(640);
  }, 120_000);

  // A drawn voice differs from one synthesis to the next by whole frames of timing; a steady one by
  // rounding only (about -85 dB here).
  it('speaks a text the same way every time when steady', async () => {
    const steady = new LocalTtsProvider({ dir: toolPaths().localSpeech, steady: true });
    const once = async () => Buffer.concat(await speak(SENTENCE, 16_000, steady));
    const [first, second] = [await once(), await once()];
    expect(second.length).toBe(first.length);
    let [difference, signal] = [0, 0];
    for (let at = 0; at < first.length; at += 2) {
      difference += (first.readInt16LE(at) - second.readInt16LE(at)) ** 2;
      signal += first.readInt16LE(at) ** 2;
    }
    expect(10 * Math.log10(difference / signal + 1e-12)).toBeLessThan(-60);
  }, 120_000);

  it('refuses a language other than English', async () => {
    await expect(async () => {
      for await (const chunk of tts.synthesize('Bonjour', { language: 'fr-FR', sampleRate: 16_000 })) void chunk;
    }).rejects.toThrow(SpeechVendorError);
  });
});

describe('local STT', () => {
  it('hears the TTS sentence back: partials while it is spoken, then a final with the words', async () => {
    const audio = Buffer.concat(await speak(SENTENCE, 16_000));
    const events = await hear(audio, 16_000, 20);
    const heard = finals(events);
    expect(overlap(SENTENCE, heard)).toBeGreaterThanOrEqual(MIN_OVERLAP);
    expect(events.at(-1)?.type).toBe('final');
    expect(events.some((event) => event.type === 'partial')).toBe(true);
  }, 180_000);

  it('hears telephone-rate audio (8 kHz in, resampled to its 16 kHz)', async () => {
    const audio = Buffer.concat(await speak(SENTENCE, 8_000));
    expect(overlap(SENTENCE, finals(await hear(audio, 8_000)))).toBeGreaterThanOrEqual(MIN_OVERLAP);
  }, 180_000);

  it('hears no words in silence or in noise', async () => {
    const silence = Buffer.alloc(16_000 * 2 * 2);
    expect(await hear(silence, 16_000)).toEqual([]);
    // Deterministic white noise at about -15 dBFS for two seconds.
    const noise = Buffer.alloc(16_000 * 2 * 2);
    let seed = 42;
    for (let i = 0; i < noise.length; i += 2) {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      noise.writeInt16LE(Math.round((seed / 2 ** 31 - 0.5) * 10_000), i);
    }
    expect(finals(await hear(noise, 16_000))).toBe('');
  }, 180_000);

  it('refuses a language other than English', async () => {
    await expect(stt.open({ language: 'de-DE', sampleRate: 16_000 })).rejects.toThrow(SpeechVendorError);
  });

  it('reads a U+0000 in what Whisper writes as U+FFFD, which the database stores', async () => {
    // A stand-in for the Python worker, speaking its protocol: a line once loaded, then one JSON
    // line for each request (a 4-byte length, a final flag, the audio).
    const dir = mkdtempSync(path.join(tmpdir(), 'fake-whisper-'));
    mkdirSync(path.join(dir, 'venv', 'bin'), { recursive: true });
    const python = path.join(dir, 'venv', 'bin', 'python');
    writeFileSync(
      python,
      `#!${process.execPath}
process.stdout.write('ready\\n');
let pending = Buffer.alloc(0);
process.stdin.on('data', (chunk) => {
  pending = Buffer.concat([pending, chunk]);
  while (pending.length >= 5 && pending.length >= 5 + pending.readUInt32LE(0)) {
    pending = pending.subarray(5 + pending.readUInt32LE(0));
    process.stdout.write(JSON.stringify({ text: 'Bruno\\u0000Okafor' }) + '\\n');
  }
});
`,
    );
    chmodSync(python, 0o755);
    const fake = new LocalSttProvider({ dir });
    try {
      expect(await fake.transcribe(Buffer.alloc(3_200))).toBe('Bruno\uFFFDOkafor');
    } finally {
      fake.stop();
    }
  });
});

describe('scripts/speak-wav', () => {
  it('writes a 16-bit mono WAV of the sentence, which the STT hears back', async () => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'speak-wav-')), 'candidate.wav');
    await speakWav(file, SENTENCE, 16_000);
    const wav = readFileSync(file);
    expect(wav.toString('ascii', 0, 4)).toBe('RIFF');
    expect(wav.readUInt16LE(20)).toBe(1);
    expect(wav.readUInt16LE(22)).toBe(1);
    expect(wav.readUInt32LE(24)).toBe(16_000);
    expect(wav.readUInt16LE(34)).toBe(16);
    expect(wav.toString('ascii', 36, 40)).toBe('data');
    expect(overlap(SENTENCE, finals(await hear(wav.subarray(44), 16_000)))).toBeGreaterThanOrEqual(MIN_OVERLAP);
  }, 180_000);
});
