/**
 * What a Smart Turn decision costs on the model thread: our log-mel features (conversation/logMel.ts)
 * beside the model's own run on them, for a 3 s turn (front-padded to the 8 s window) and a full
 * 8 s one, in one process with nothing else running. The features are ours to make fast; the run is
 * onnxruntime's, on one intra-op thread as the media process runs it.
 *
 * Run: scripts/node.sh tsx bench/turnFeatures.ts
 */
import path from 'node:path';
import * as ort from 'onnxruntime-node';
import { FEATURE_FRAMES, logMelFeatures } from '../conversation/logMel';
import { SMART_TURN_FILE } from '../conversation/turnModels';
import { seeded } from '../lib/seeded';
import { provision, toolPaths } from '../scripts/stack';

const RUNS = 50;

async function timed(run: () => unknown): Promise<number> {
  for (let i = 0; i < 5; i++) await run();
  const started = performance.now();
  for (let i = 0; i < RUNS; i++) await run();
  return (performance.now() - started) / RUNS;
}

async function main(): Promise<void> {
  provision('turn-models');
  const session = await ort.InferenceSession.create(path.join(toolPaths().turnModels, SMART_TURN_FILE), {
    intraOpNumThreads: 1,
    interOpNumThreads: 1,
    executionMode: 'sequential',
    graphOptimizationLevel: 'all',
  });
  const random = seeded(37);
  console.log('turn | features (ours) | model run (onnxruntime) | features share');
  for (const seconds of [3, 8]) {
    // A voiced 150 Hz tone under noise: the features' cost does not depend on what is said.
    const audio = Float32Array.from({ length: seconds * 16_000 }, (_, i) => 0.2 * Math.sin((2 * Math.PI * 150 * i) / 16_000) + 0.05 * (random() - 0.5));
    const features = logMelFeatures(audio);
    const input = { [session.inputNames[0]]: new ort.Tensor('float32', features, [1, features.length / FEATURE_FRAMES, FEATURE_FRAMES]) };
    const featureMs = await timed(() => logMelFeatures(audio));
    const modelMs = await timed(() => session.run(input));
    const share = Math.round((100 * featureMs) / (featureMs + modelMs));
    console.log(`${seconds} s | ${featureMs.toFixed(1)} ms | ${modelMs.toFixed(1)} ms | ${share}%`);
  }
}

void main();
