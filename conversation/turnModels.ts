/**
 * The two open models that decide who is speaking and whether they have finished, run in-process by
 * onnxruntime-node from the files scripts/tools.sh provisions (`turnModels` in `scripts/tools.sh
 * paths`): Silero VAD and Smart Turn v3.2. Each is loaded once per process and folder, on first use,
 * and shared by every session: a session keeps its own recurrent state, the model none.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { InferenceSession } from 'onnxruntime-node';

export const SILERO_FILE = 'silero_vad.onnx';
export const SMART_TURN_FILE = 'smart-turn-v3.2-cpu.onnx';

const loaded = new Map<string, Promise<InferenceSession>>();

/** Whether both models are in `dir`. */
export const turnModelsPresent = (dir: string) => dir !== '' && [SILERO_FILE, SMART_TURN_FILE].every((file) => existsSync(path.join(dir, file)));

/**
 * One thread per model run: many sessions share a process, so parallelism comes from sessions, and a
 * run must not take every core from the event loop and the other runs.
 */
export function loadModel(dir: string, file: string): Promise<InferenceSession> {
  const where = path.join(dir, file);
  let model = loaded.get(where);
  if (!model) {
    model = InferenceSession.create(where, { intraOpNumThreads: 1, interOpNumThreads: 1, executionMode: 'sequential', graphOptimizationLevel: 'all' });
    model.catch(() => loaded.delete(where));
    loaded.set(where, model);
  }
  return model;
}
