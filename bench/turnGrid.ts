/**
 * How much Smart Turn's judgement of a pause moves with where its 10 ms feature frames fall, on the
 * turn bench's set (bench/turnSet.ts): each complete sentence is judged 300 ms after its end and
 * each cut one 300 ms into its pause, as audio that ends 0-144 samples (0-9 ms) sooner, ten
 * judgements that differ only in where the frame grid meets the speech. Printed beside it: how
 * many judgements reach the call's threshold when one is taken (as the service does) and when the
 * mean of three offsets is, which would cost three runs per decision.
 *
 * Run: scripts/node.sh tsx bench/turnGrid.ts [--voices FILE]   (FILE as bench:turns takes it)
 */
import { parseArgs } from 'node:util';
import { SmartTurn } from '../conversation/smartTurn';
import { DEFAULT_TURN } from '../conversation/turnSettings';
import { provision, toolPaths } from '../scripts/stack';
import { RATE, SET_SEED, SNRS, clips, overPhone, voicesFor } from './turnSet';

const OFFSETS = [0, 16, 32, 48, 64, 80, 96, 112, 128, 144];
const MEAN_OF = [0, 3, 6];
const AFTER_MS = 300;

async function main(): Promise<void> {
  const { values: args } = parseArgs({ options: { voices: { type: 'string' } } });
  provision('local-speech');
  provision('turn-models');
  const paths = toolPaths();
  const turn = await SmartTurn.create(paths.turnModels);
  const voices = await voicesFor(args.voices, paths.localSpeech);
  const threshold = DEFAULT_TURN.call.completeThreshold;
  const median = (v: number[]) => [...v].sort((a, b) => a - b)[Math.floor(v.length / 2)];
  console.log(`line  SNR   | complete: spread median / max, at >= ${threshold} one / mean of 3 | cut: spread median / max, at >= ${threshold} one / mean of 3`);
  for (const line of ['16k', 'mulaw']) {
    for (const snr of SNRS) {
      let set = clips(voices, snr, SET_SEED + snr);
      if (line === 'mulaw') set = await Promise.all(set.map(async (clip) => ({ ...clip, audio: await overPhone(clip.audio) })));
      const cells: string[] = [];
      for (const kind of ['complete', 'cut'] as const) {
        const spreads: number[] = [];
        let [one, mean] = [0, 0];
        for (const clip of set) {
          if (clip.kind !== kind) continue;
          const end = (clip.kind === 'complete' ? clip.speechEnd : clip.pauseStart) + Math.round((AFTER_MS / 1000) * RATE);
          const scores: number[] = [];
          for (const offset of OFFSETS) scores.push(await turn.completeProbability(clip.audio.subarray(0, end - offset)));
          spreads.push(Math.max(...scores) - Math.min(...scores));
          if (scores[0] >= threshold) one++;
          if (MEAN_OF.reduce((sum, i) => sum + scores[i], 0) / MEAN_OF.length >= threshold) mean++;
        }
        cells.push(`${median(spreads).toFixed(2)} / ${Math.max(...spreads).toFixed(2)}, ${one}/${spreads.length} / ${mean}/${spreads.length}`);
      }
      console.log(`${line.padEnd(5)} ${`${snr} dB`.padEnd(5)} | ${cells[0].padEnd(45)} | ${cells[1]}`);
    }
  }
}

void main();
