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

/**
 * How one model's runs for many sessions go to the thread as one: the axis along which each named
 * input and output (float32, the same shape in every run) holds a session's share; inputs not
 * named are the same in every run. Silero's windows, one per session 31 times a second, cost the
 * thread less than half as much run together (the same numbers out), and take one message each way
 * instead of one per window.
 */
export interface Batching {
  inputs: Record<string, number>;
  outputs: Record<string, number>;
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
const CLOSED = 'the turn models are closed: the process is stopping';

/** A request not yet handed to the thread. */
type Waiting = { id: number; file: string; request: Request; batching?: Batching };

/**
 * The most runs of one model sent as one. A Silero window costs the thread 0.165 ms alone, 0.065 ms
 * in a run of eight, and no less in larger runs; eight keeps what a decision may wait behind (the
 * runs handed over) at about 4 ms.
 */
const MOST_BATCHED = 8;

/** Float32 tensors of the same shape, one per run, joined along `axis` (Batching names only float32 tensors). */
function joined(parts: WireTensor[], axis: number): WireTensor {
  const [first] = parts as [WireTensor, ...WireTensor[]];
  const outer = first.dims.slice(0, axis).reduce((a, b) => a * b, 1);
  const chunk = first.data.length / outer;
  const data = new Float32Array(chunk * parts.length * outer);
  for (let o = 0; o < outer; o++)
    parts.forEach((p, i) => data.set((p.data as Float32Array).subarray(o * chunk, (o + 1) * chunk), (o * parts.length + i) * chunk));
  const dims = [...first.dims];
  dims[axis] = first.dims[axis]! * parts.length;
  return { type: first.type, data, dims };
}

/** The `index`th of `count` runs' share of a float32 tensor they were run as one in, along `axis`. */
function share(whole: WireTensor, axis: number, index: number, count: number): WireTensor {
  const outer = whole.dims.slice(0, axis).reduce((a, b) => a * b, 1);
  const chunk = whole.data.length / outer / count;
  const data = new Float32Array(chunk * outer);
  for (let o = 0; o < outer; o++) data.set((whole.data as Float32Array).subarray((o * count + index) * chunk, (o * count + index + 1) * chunk), o * chunk);
  const dims = [...whole.dims];
  dims[axis] = whole.dims[axis]! / count;
  return { type: whole.type, data, dims };
}

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
  private readonly waiting = { first: [] as Waiting[], then: [] as Waiting[] };
  private handedOver = 0;
  private nextId = 0;
  /** Set by `close`: called once the runs on the thread are done. */
  private drained: (() => void) | undefined;

  constructor(onExit: () => void) {
    this.worker.unref();
    this.worker.on('message', (reply: Reply) => {
      this.handedOver--;
      this.pending.get(reply.id)?.resolve(reply);
      this.settled(reply.id);
      this.handOver();
      if (this.handedOver === 0) this.drained?.();
    });
    this.worker.on('error', (err) => this.failAll(err));
    this.worker.on('exit', (code) => {
      onExit();
      this.drained?.();
      this.failAll(new Error(`the turn models' thread exited (${code})`));
    });
  }

  /** `urgent` runs pass the others still waiting: an end-of-turn decision is what a caller waits on. */
  async request(file: string, request: Request, urgent: boolean, batching?: Batching): Promise<Reply> {
    const id = this.nextId++;
    const reply = new Promise<Reply>((resolve, reject) => this.pending.set(id, { resolve, reject }));
    if (this.pending.size === 1) this.worker.ref();
    (urgent ? this.waiting.first : this.waiting.then).push({ id, file, request, batching });
    this.handOver();
    const answer = await reply;
    if (answer.error !== undefined) throw new Error(answer.error);
    return answer;
  }

  /**
   * Fails the runs not yet handed over and ends the thread once the runs on it are done (no run is
   * asked after: `closeTurnModels` closes the models first): a thread ended mid-run (by the process exiting, or `terminate`) aborts the process in
   * onnxruntime's native code (SIGABRT, exit code 134).
   */
  async close(): Promise<void> {
    const closed = new Error(CLOSED);
    for (const run of [...this.waiting.first.splice(0), ...this.waiting.then.splice(0)]) {
      this.pending.get(run.id)?.reject(closed);
      this.settled(run.id);
    }
    if (this.handedOver > 0) await new Promise<void>((resolve) => (this.drained = resolve));
    await this.worker.terminate();
  }

  private handOver(): void {
    while (this.handedOver < HANDED_OVER) {
      const next = this.waiting.first.shift() ?? this.waiting.then.shift();
      if (!next) return;
      this.handedOver++;
      // A session has one window in flight at a time (each carries the state the last one left), so
      // the windows waiting are all different sessions'.
      const batch = [next];
      for (let i = 0; next.batching && i < this.waiting.then.length && batch.length < MOST_BATCHED;) {
        if (this.waiting.then[i]!.file === next.file && this.waiting.then[i]!.batching) batch.push(...this.waiting.then.splice(i, 1));
        else i++;
      }
      this.send(batch);
    }
  }

  /** One run alone as asked, or several of one model joined along the axes of its batching. */
  private send(batch: Waiting[]): void {
    const [first] = batch as [Waiting, ...Waiting[]];
    if (batch.length === 1) return void this.worker.postMessage({ id: first.id, file: first.file, ...first.request });
    const batching = first.batching!;
    const id = this.nextId++;
    const feeds = { ...first.request.feeds };
    const parts = (name: string) => batch.map((run) => run.request.feeds![name]!);
    for (const [name, axis] of Object.entries(batching.inputs)) feeds[name] = joined(parts(name), axis);
    const shareOf = (outputs: Record<string, WireTensor>, index: number) =>
      Object.fromEntries(
        Object.entries(outputs).map(([name, t]) => [name, name in batching.outputs ? share(t, batching.outputs[name]!, index, batch.length) : t]),
      );
    this.pending.set(id, {
      resolve: (reply) =>
        batch.forEach((run, index) => {
          this.pending.get(run.id)?.resolve({ id: run.id, error: reply.error, outputs: reply.outputs && shareOf(reply.outputs, index) });
          this.settled(run.id);
        }),
      // Each run of the batch is pending itself, and failed with the others.
      reject: () => undefined,
    });
    this.worker.postMessage({ id, file: first.file, feeds });
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
/** Set once the process is stopping: no thread is started again, so no run can outlive the exit. */
let closed = false;
const modelThread = () => {
  if (closed) throw new Error(CLOSED);
  return (thread ??= new ModelThread(() => (thread = undefined)));
};

/** Ends the process's model thread once its runs are done (see `ModelThread.close`), for good: the process is stopping. */
export async function closeTurnModels(): Promise<void> {
  closed = true;
  await thread?.close();
}

/** The model in `dir`/`file`, loaded on the model thread; rejects if it cannot be. Its routine runs go as one per `batching`, where given. */
export async function loadModel(dir: string, file: string, batching?: Batching): Promise<TurnModel> {
  const where = path.join(dir, file);
  await modelThread().request(where, {}, true);
  const run = async (request: Request, urgent: boolean) => (await modelThread().request(where, request, urgent, urgent ? undefined : batching)).outputs!;
  return {
    run: (feeds) => run({ feeds: Object.fromEntries(Object.entries(feeds).map(([name, t]) => [name, { type: t.type, data: t.data, dims: t.dims }])) }, false),
    runOnLogMel: (input, audio) => run({ logMel: { input, audio } }, true),
  };
}
