/**
 * The `local` engines' quality and cost, as docs/vendors.md reports them: each sentence spoken by the
 * local TTS and heard back by the local STT (16 kHz, and 8 kHz as a phone line would carry it), with
 * the word error rate against the text, the TTS real-time factor and first-chunk latency, and the
 * STT's wait from `finish()` to its final. Run: scripts/node.sh tsx bench/localSpeech.ts
 */
import { LocalSttProvider } from '../providers/stt/local';
import { LocalTtsProvider } from '../providers/tts/local';
import { provision, toolPaths } from '../scripts/stack';

const SENTENCES = [
  'Hello, thanks for joining the interview today.',
  'Could you tell me about the last project you worked on?',
  'I worked on the billing system for three years, mostly in Python and Postgres.',
  'My phone number is five five five, one two three four.',
  'We moved the nightly batch jobs to a queue, which cut the failures by half.',
  'I would rather not discuss my current salary.',
];

function words(text: string): string[] {
  return text.toLowerCase().match(/[a-z0-9']+/g) ?? [];
}

/** Word-level edit distance over the reference's length. */
function wordErrors(reference: string, heard: string): [number, number] {
  const want = words(reference);
  const got = words(heard);
  let row = got.map((_, j) => j + 1);
  row.unshift(0);
  for (let i = 1; i <= want.length; i++) {
    const next = [i];
    for (let j = 1; j <= got.length; j++) {
      next[j] = Math.min(row[j]! + 1, next[j - 1]! + 1, row[j - 1]! + (want[i - 1] === got[j - 1] ? 0 : 1));
    }
    row = next;
  }
  return [row[got.length]!, want.length];
}

async function main(): Promise<void> {
  provision('local-speech');
  const dir = toolPaths().localSpeech;
  const tts = new LocalTtsProvider({ dir });
  const stt = new LocalSttProvider({ dir });
  await (await stt.open({ language: 'en-US', sampleRate: 16_000 })).close();
  for await (const chunk of tts.synthesize('Warm up.', { language: 'en-US', sampleRate: 16_000 })) void chunk;

  const totals: Record<number, [number, number]> = { 16_000: [0, 0], 8_000: [0, 0] };
  console.log('rate  | TTS first chunk | TTS RTF | STT final after finish | WER  | heard');
  for (const sentence of SENTENCES) {
    for (const rate of [16_000, 8_000]) {
      const started = performance.now();
      let first = 0;
      const chunks: Buffer[] = [];
      for await (const chunk of tts.synthesize(sentence, { language: 'en-US', sampleRate: rate })) {
        first ||= performance.now() - started;
        chunks.push(chunk);
      }
      const audio = Buffer.concat(chunks);
      const seconds = audio.length / 2 / rate;
      const rtf = (performance.now() - started) / 1_000 / seconds;

      const stream = await stt.open({ language: 'en-US', sampleRate: rate });
      stream.send(audio);
      const finished = performance.now();
      stream.finish();
      let heard = '';
      for await (const event of stream.events) if (event.type === 'final') heard += ` ${event.text}`;
      const wait = performance.now() - finished;
      const [errors, count] = wordErrors(sentence, heard);
      totals[rate]![0] += errors;
      totals[rate]![1] += count;
      console.log(
        `${rate / 1000} kHz | ${first.toFixed(0).padStart(12)} ms | ${rtf.toFixed(2).padStart(7)} | ${wait.toFixed(0).padStart(19)} ms | ${((100 * errors) / count).toFixed(0).padStart(3)}% | ${heard.trim()}`,
      );
    }
  }
  for (const [rate, [errors, count]] of Object.entries(totals)) {
    console.log(`WER at ${Number(rate) / 1000} kHz over ${SENTENCES.length} sentences: ${((100 * errors) / count).toFixed(1)}% (${errors}/${count} words)`);
  }
  console.log(`this process's peak RSS (Node, the TTS voice loaded): ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MB`);
  stt.stop();
}

void main();
