/**
 * The simulated speech engines' code: each word is spoken as a run of tones, two per UTF-8 byte
 * (one per nibble, 16 frequencies from 500 Hz to 3.2 kHz, inside the telephone band), followed by
 * a pause as long as one more character. At 35 ms a tone an average word lasts about 0.4 s, which
 * is speech's 150 words a minute, and a word's duration is proportional to its characters plus
 * one, as a real voice roughly is. The tones survive 8 kHz mu-law, so the phone path can use it.
 */
export const SYMBOL_MS = 35;
export const WORD_GAP_MS = 2 * SYMBOL_MS;
const AMPLITUDE = 0.3 * 32767;
const RAMP_MS = 3;
const toneHz = (nibble: number) => 500 + 180 * nibble;

const samplesFor = (ms: number, sampleRate: number) => Math.round((ms * sampleRate) / 1000);

/** One word's tones (PCM16 samples at `sampleRate`) and the pause after it. */
export function wordAudio(word: string, sampleRate: number): Int16Array {
  const nibbles = [...Buffer.from(word, 'utf8')].flatMap((byte) => [byte >> 4, byte & 15]);
  const symbol = samplesFor(SYMBOL_MS, sampleRate);
  const ramp = samplesFor(RAMP_MS, sampleRate);
  const toneSamples = nibbles.length * symbol;
  const out = new Int16Array(toneSamples + samplesFor(WORD_GAP_MS, sampleRate));
  let phase = 0;
  for (let i = 0; i < toneSamples; i++) {
    phase += (2 * Math.PI * toneHz(nibbles[Math.floor(i / symbol)])) / sampleRate;
    const envelope = Math.min(1, (i + 1) / ramp, (toneSamples - i) / ramp);
    out[i] = Math.round(AMPLITUDE * envelope * Math.sin(phase));
  }
  return out;
}

/** Goertzel's power of one frequency over a window. */
function power(samples: ArrayLike<number>, from: number, to: number, hz: number, sampleRate: number): number {
  const coeff = 2 * Math.cos((2 * Math.PI * hz) / sampleRate);
  let s1 = 0;
  let s2 = 0;
  for (let i = from; i < to; i++) {
    const s = samples[i] + coeff * s1 - s2;
    s2 = s1;
    s1 = s;
  }
  return s1 * s1 + s2 * s2 - coeff * s1 * s2;
}

/**
 * The word in one word's tones (from its first loud sample to its last), or undefined when they do
 * not make whole bytes. Each tone is read in the middle of its slot, clear of the edges that
 * resampling blurs.
 */
export function decodeWord(samples: ArrayLike<number>, sampleRate: number): string | undefined {
  const symbol = (SYMBOL_MS * sampleRate) / 1000;
  const count = Math.round(samples.length / symbol);
  if (count === 0 || count % 2 !== 0) return undefined;
  const bytes: number[] = [];
  for (let s = 0; s < count; s += 2) {
    const [high, low] = [s, s + 1].map((slot) => {
      const from = Math.round((slot + 0.2) * symbol);
      const to = Math.min(samples.length, Math.round((slot + 0.8) * symbol));
      let best = 0;
      let bestPower = -1;
      for (let nibble = 0; nibble < 16; nibble++) {
        const p = power(samples, from, to, toneHz(nibble), sampleRate);
        if (p > bestPower) [best, bestPower] = [nibble, p];
      }
      return best;
    });
    bytes.push((high << 4) | low);
  }
  return Buffer.from(bytes).toString('utf8');
}
