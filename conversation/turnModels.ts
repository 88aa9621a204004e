/**
 * The two open models that decide who is speaking and whether they have finished, run by
 * onnxruntime-node from the files scripts/tools.sh provisions (`turnModels` in `scripts/tools.sh
 * paths`): Silero VAD and Smart Turn v3.2. Each is loaded once per process and folder, on first use,
 * and shared by every session: a session keeps its own recurrent state, the model none.
 *
 * The runs happen on a thread of their own. onnxruntime-node's `run` is asynchronous in name only:
 * it computes on the calling thread, so on the event loop every Silero window of every session
 * (31 a second each) and every Smart Turn decision (tens of ms) held up every other session's frames,
 * timers and sockets; profiled in the media process at 10 sessions it was the largest busy share of
 * its loop.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { Tensor } from 'onnxruntime-node';

export const SILERO_FILE = 'silero_vad.onnx';
export const SMART_TURN_FILE = 'smart-turn-v3.2-cpu.onnx';

type Outputs = Record<string, { data: Tensor['data'] }>;

/** A loaded model: `run` takes its named inputs and answers its named outputs' data. */
export interface TurnModel {
  /** Runs in turn with the other routine runs (Silero's windows). */
  run(feeds: Record<string, Tensor>): Promise<Outputs>;
  /**
   * Runs with `input` the log-mel features of `audio` (conversation/logMel.ts), computed on the
   * model thread too (a few ms), ahead of the routine runs waiting: Smart Turn's decisions.
   */
  runOnLogMel(input: string, audio: Float32Array): Promise<Outputs>;
}

/** Whether both models are in `dir`. */
export const turnModelsPresent = (dir: string) => dir !== '' && [SILERO_FILE, SMART_TURN_FILE].every((file) => existsSync(path.join(dir, file)));

interface WireTensor {
  type: Tensor['type'];
  data: Tensor['data'];
  dims: readonly number[];
}
type Reply = { id: number; error?: string; outputs?: Record<string, WireTensor> };
type Request = { feeds?: Record<string, WireTensor>; logMel?: { input: string; audio: Float32Array } };

/**
 * The thread's code, evaluated rather than loaded from a file so that it runs the same under tsx,
 * jest and the compiled build. One intra-op thread per run: many sessions share a process, so
 * parallelism comes from sessions, and a run must not take every core from the event loop.
 */
const THREAD = `
const { parentPort, workerData } = require('node:worker_threads');
const ort = require(workerData.ort);
const features = require(workerData.logMel);
const sessions = new Map();
const load = (file) => {
  let session = sessions.get(file);
  if (!session) {
    session = ort.InferenceSession.create(file, { intraOpNumThreads: 1, interOpNumThreads: 1, executionMode: 'sequential', graphOptimizationLevel: 'all' });
    session.catch(() => sessions.delete(file));
    sessions.set(file, session);
  }
  return session;
};
parentPort.on('message', async ({ id, file, feeds, logMel }) => {
  try {
    const session = await load(file);
    if (!feeds && !logMel) return parentPort.postMessage({ id });
    const inputs = {};
    for (const [name, t] of Object.entries(feeds ?? {})) inputs[name] = new ort.Tensor(t.type, t.data, t.dims);
    if (logMel) {
      const data = features.logMelFeatures(logMel.audio);
      inputs[logMel.input] = new ort.Tensor('float32', data, [1, data.length / features.FEATURE_FRAMES, features.FEATURE_FRAMES]);
    }
    const out = await session.run(inputs);
    const outputs = {};
    for (const [name, t] of Object.entries(out)) outputs[name] = { type: t.type, data: t.data, dims: t.dims };
    parentPort.postMessage({ id, outputs }, [...new Set(Object.values(outputs).map((t) => t.data.buffer))]);
  } catch (err) {
    parentPort.postMessage({ id, error: err instanceof Error ? err.message : String(err) });
  }
});
`;

/**
 * Runs handed to the thread at once; the rest wait here, where a Smart Turn decision can pass the
 * Silero windows queued before it. Handed over in arrival order, a decision at 50 calls waited
 * behind up to a second of windows (p99 1,068 ms); with two handed over the thread idled whenever
 * the event loop was late to hand it the next, and the VAD fell behind (the wait after the STT's
 * final p50 118 -> 236 ms); eight keep it busy through the loop's usual delays (docs/benchmarks.md).
 */
const HANDED_OVER = 8;

/** The process's model thread: kept alive only while a run is pending, so it never holds a process open. */
class ModelThread {
  private readonly worker = new Worker(THREAD, { eval: true, workerData: { ort: require.resolve('onnxruntime-node'), logMel: require.resolve('./logMel') } });
  private readonly pending = new Map<number, { resolve(reply: Reply): void; reject(err: Error): void }>();
  /** Requests not yet handed to the thread: decisions (and loads) first, then VAD windows, each in arrival order. */
  private readonly waiting = { first: [] as Array<() => void>, then: [] as Array<() => void> };
  private handedOver = 0;
  private nextId = 0;

  constructor(onExit: () => void) {
    this.worker.unref();
    this.worker.on('message', (reply: Reply) => {
      this.handedOver--;
      this.pending.get(reply.id)?.resolve(reply);
      this.settled(reply.id);
      this.handOver();
    });
    this.worker.on('error', (err) => this.failAll(err));
    this.worker.on('exit', (code) => {
      onExit();
      this.failAll(new Error(`the turn models' thread exited (${code})`));
    });
  }

  /** `urgent` runs pass the others still waiting: an end-of-turn decision is what a caller waits on. */
  async request(file: string, request: Request, urgent: boolean): Promise<Reply> {
    const id = this.nextId++;
    const reply = new Promise<Reply>((resolve, reject) => this.pending.set(id, { resolve, reject }));
    if (this.pending.size === 1) this.worker.ref();
    (urgent ? this.waiting.first : this.waiting.then).push(() => this.worker.postMessage({ id, file, ...request }));
    this.handOver();
    const answer = await reply;
    if (answer.error !== undefined) throw new Error(answer.error);
    return answer;
  }

  private handOver(): void {
    while (this.handedOver < HANDED_OVER) {
      const send = this.waiting.first.shift() ?? this.waiting.then.shift();
      if (!send) return;
      this.handedOver++;
      send();
    }
  }

  private settled(id: number): void {
    this.pending.delete(id);
    if (this.pending.size === 0) this.worker.unref();
  }

  private failAll(err: Error): void {
    this.waiting.first.length = 0;
    this.waiting.then.length = 0;
    for (const [id, { reject }] of this.pending) {
      reject(err);
      this.settled(id);
    }
  }
}

let thread: ModelThread | undefined;
const modelThread = () => (thread ??= new ModelThread(() => (thread = undefined)));

/** The model in `dir`/`file`, loaded on the model thread; rejects if it cannot be. */
export async function loadModel(dir: string, file: string): Promise<TurnModel> {
  const where = path.join(dir, file);
  await modelThread().request(where, {}, true);
  const run = async (request: Request, urgent: boolean) => (await modelThread().request(where, request, urgent)).outputs!;
  return {
    run: (feeds) => run({ feeds: Object.fromEntries(Object.entries(feeds).map(([name, t]) => [name, { type: t.type, data: t.data, dims: t.dims }])) }, false),
    runOnLogMel: (input, audio) => run({ logMel: { input, audio } }, true),
  };
}
