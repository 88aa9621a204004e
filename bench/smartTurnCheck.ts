/**
 * Our Smart Turn input against the pipecat-ai wheel's, on the same clips: the local voice's complete
 * sentences and their first parts, on quiet and on a 20 dB noise floor, each with 200 ms of quiet
 * after (the VAD's stop). Writes each clip and our features to a temporary folder and runs
 * bench/smartTurnReference.py over them, which prints the largest feature difference and both
 * probabilities per clip.
 *
 * Run: PIPECAT_DIR=<unpacked pipecat-ai wheel> PYTHON=<python with numpy, onnxruntime, transformers> \
 *   scripts/node.sh tsx bench/smartTurnCheck.ts
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { logMelFeatures } from '../conversation/logMel';
import { SmartTurn } from '../conversation/smartTurn';
import { SMART_TURN_FILE } from '../conversation/turnModels';
import { seeded } from '../lib/seeded';
import { LocalTtsProvider } from '../providers/tts/local';
import { provision, toolPaths } from '../scripts/stack';
import { COMPLETE, RATE, SPEECH_DBFS, quietestGap, scaled, speak, white } from './turnSet';

async function main(): Promise<void> {
  provision('local-speech');
  provision('turn-models');
  const paths = toolPaths();
  const turn = await SmartTurn.create(paths.turnModels);
  const tts = new LocalTtsProvider({ dir: paths.localSpeech });
  const random = seeded(37);
  const folder = mkdtempSync(path.join(tmpdir(), 'smart-turn-'));
  let n = 0;
  for (const text of COMPLETE.slice(0, 4)) {
    const speech = scaled(await speak(tts, text), SPEECH_DBFS);
    for (const part of [speech, speech.subarray(0, quietestGap(speech)[0])]) {
      for (const floor of [undefined, scaled(white(part.length + RATE * 0.7, random), SPEECH_DBFS - 20)]) {
        const clip = floor ?? new Float32Array(part.length + RATE * 0.7);
        part.forEach((v, i) => (clip[RATE * 0.5 + i] += v));
        writeFileSync(path.join(folder, `clip${n}.f32`), clip);
        writeFileSync(path.join(folder, `ours${n}.f32`), logMelFeatures(clip));
        console.log(
          `clip ${n}: ${part === speech ? 'complete' : 'first part of'} "${text}"${floor ? ' on 20 dB white noise' : ''}, ours ${(await turn.completeProbability(clip)).toFixed(4)}`,
        );
        n++;
      }
    }
  }
  const python = process.env.PYTHON ?? 'python3';
  const env = { ...process.env, SMART_TURN_MODEL: path.join(paths.turnModels, SMART_TURN_FILE) };
  const run = spawnSync(python, [path.join(__dirname, 'smartTurnReference.py'), 'compare', folder], { env, stdio: 'inherit' });
  process.exitCode = run.status ?? 1;
}

void main();
