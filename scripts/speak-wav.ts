/**
 * Writes a WAV of the `local` TTS saying a sentence: the fixture the browser test feeds to
 * Chromium's fake microphone (--use-file-for-fake-audio-capture), and a quick way to hear the voice.
 *
 *   scripts/node.sh tsx scripts/speak-wav.ts <out.wav> "<sentence>" [sample rate, default 16000]
 */
import { writeWave } from 'sherpa-onnx-node';
import { pcm16ToFloat } from '../lib/audio';
import { LocalTtsProvider } from '../providers/tts/local';
import { provision, toolPaths } from './stack';

/** The sentence spoken as mono 16-bit PCM WAV at `sampleRate`; provisions the voice when missing. */
export async function speakWav(file: string, text: string, sampleRate = 16_000): Promise<void> {
  provision('local-speech');
  const tts = new LocalTtsProvider({ dir: toolPaths().localSpeech });
  const chunks: Buffer[] = [];
  for await (const chunk of tts.synthesize(text, { language: 'en-US', sampleRate })) chunks.push(chunk);
  if (!writeWave(file, { samples: pcm16ToFloat(Buffer.concat(chunks)), sampleRate })) throw new Error(`could not write ${file}`);
}

if (require.main === module) {
  const [file, text, rate] = process.argv.slice(2);
  if (!file || !text) {
    console.error('usage: scripts/speak-wav.ts <out.wav> "<sentence>" [sample rate]');
    process.exit(2);
  }
  speakWav(file, text, rate ? Number(rate) : undefined).then(
    () => console.log(`wrote ${file}`),
    (error: Error) => {
      console.error(error.message);
      process.exit(1);
    },
  );
}
