/**
 * The two open models that decide who is speaking and whether they have finished, run by
 * onnxruntime-node from the files scripts/tools.sh provisions (`turnModels` in `scripts/tools.sh
 * paths`): Silero VAD and Smart Turn v3.2. Each is loaded once per process and folder, on first use,
 * and shared by every session: a session keeps its own recurrent state, the model none.
 *
 * The runs happen on threads of their own. onnxruntime-node's `run` is asynchronous in name only:
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
 * in a run of eight, and no less in larger runs. Sixteen keeps what a decision may wait behind (the
 * runs handed over) at about 8 ms, and lets the windows catch up after a burst of decisions on both
 * threads: with eight, the wait after the STT's final rose to p50 78-83 ms in two runs of four at
 * 50 calls (32-54 before), with sixteen in one run of six (76).
 */
const MOST_BATCHED = 16;

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
 * How much lower the model threads' CPU priority is than the event loop's (a nice value, on Linux
 * where it is a thread's own). The loop paces every session's audio, timers and sockets, and a late
 * turn of it is late for all of them; a run waiting a moment for the CPU delays one decision. At
 * the same priority, at 50 calls on two cores shared with the whole stack, the threads took the CPU
 * from the loop when many sessions paused at once: the fakes' timers in the media process fired
 * late by p99 23-65 ms (over 50 in four runs of five), and by 14-31 ms at this value, with the
 * decisions no slower (docs/benchmarks.md). The cost is against other processes: nice values are
 * the whole machine's, so a machine saturated at normal priority (three busy loops on two cores)
 * leaves a decision's run 0.9-1.2 s instead of 0.2-0.3 s. So it is only the default: the media
 * process takes `TURN_MODEL_NICE` (`useTurnModelThreads`), where 0 keeps the loop's priority.
 */
export const MODEL_THREAD_NICE = 10;

/**
 * The thread's code, evaluated rather than loaded from a file so that it runs the same under tsx,
 * jest and the compiled build. One intra-op thread per run: many sessions share a process, so
 * parallelism comes from sessions, and a run must not take every core from the event loop. Its
 * priority is lowered first, where the system allows it (elsewhere, or when refused, it runs at
 * the loop's).
 */
const THREAD = `
const { parentPort, workerData } = require('node:worker_threads');
if (workerData.nice) {
  const os = require('node:os');
  try {
    os.setPriority(Math.min(19, os.getPriority() + workerData.nice));
  } catch {}
}
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
 * Runs of windows handed to each thread at once (a decision goes past them, `freeLane`); the rest
 * wait here, where a Smart Turn decision can pass the Silero windows queued before it. Handed over
 * in arrival order, a decision at 50 calls waited behind up to a second of windows (p99 1,068 ms);
 * with two handed over the thread idled whenever the event loop was late to hand it the next, and
 * the VAD fell behind (the wait after the STT's final p50 118 -> 236 ms); eight keep it busy
 * through the loop's usual delays (docs/benchmarks.md).
 */
const HANDED_OVER = 8;

/** One worker of the pool, and the runs handed to it (each id with whether it is a decision). */
interface Lane {
  worker: Worker;
  onIt: Map<number, boolean>;
}

const decisionsOn = (lane: Lane) => [...lane.onIt.values()].filter(Boolean).length;

/**
 * The process's model threads (`threads` workers, each running either model; see `freeLane` for
 * which gets a run): kept alive only while a run is pending, so they never hold a process open.
 * With one thread, at 50 calls a decision waited behind the decisions of sessions that paused at
 * the same moment (tens of ms each), and the windows of every session behind them: two cut the
 * wait's p99 by a fifth to a half (docs/benchmarks.md, "Two model threads").
 */
class ModelThreads {
  private readonly lanes: Lane[];
  private readonly pending = new Map<number, { resolve(reply: Reply): void; reject(err: Error): void }>();
  /** Requests not yet handed to a thread: decisions first, then VAD windows, each in arrival order. */
  private readonly waiting = { first: [] as Waiting[], then: [] as Waiting[] };
  private nextId = 0;
  /** Set by `close`: called once the runs on the threads are done. */
  private drained: (() => void) | undefined;

  constructor(threads: number, onExit: () => void) {
    // Only Linux's setpriority lowers the calling thread alone; elsewhere it would lower the process.
    const nice = process.platform === 'linux' ? threadNice : 0;
    const workerData = { ort: require.resolve('onnxruntime-node'), logMel: require.resolve('./logMel'), nice };
    this.lanes = Array.from({ length: threads }, () => ({ worker: new Worker(THREAD, { eval: true, workerData }), onIt: new Map<number, boolean>() }));
    // One thread gone takes the pool with it (the next run starts a new one), its runs failed; the
    // others end once the runs on them are done, since ending one mid-run aborts the process.
    let dead = false;
    for (const lane of this.lanes) {
      lane.worker.unref();
      lane.worker.on('message', (reply: Reply) => {
        lane.onIt.delete(reply.id);
        this.pending.get(reply.id)?.resolve(reply);
        this.settled(reply.id);
        this.handOver();
        if (this.handedOver() === 0) this.drained?.();
        if (dead && lane.onIt.size === 0) void lane.worker.terminate();
      });
      lane.worker.on('error', (err) => this.failAll(err));
      lane.worker.on('exit', (code) => {
        lane.onIt.clear();
        this.failAll(new Error(`a turn models' thread exited (${code})`));
        this.drained?.();
        if (dead) return;
        dead = true;
        onExit();
        for (const other of this.lanes) if (other.onIt.size === 0) void other.worker.terminate();
      });
    }
  }

  /** Loads `file` on every thread, so that no run waits for a load. */
  async load(file: string): Promise<void> {
    await Promise.all(
      this.lanes.map(async (lane) => {
        const id = this.nextId++;
        const reply = this.pended(id);
        this.post(lane, id, { id, file }, true);
        const answer = await reply;
        if (answer.error !== undefined) throw new Error(answer.error);
      }),
    );
  }

  /** `urgent` runs pass the others still waiting: an end-of-turn decision is what a caller waits on. */
  async request(file: string, request: Request, urgent: boolean, batching?: Batching): Promise<Reply> {
    const id = this.nextId++;
    const reply = this.pended(id);
    (urgent ? this.waiting.first : this.waiting.then).push({ id, file, request, batching });
    this.handOver();
    const answer = await reply;
    if (answer.error !== undefined) throw new Error(answer.error);
    return answer;
  }

  /**
   * Fails the runs not yet handed over and ends the threads once the runs on them are done (no run
   * is asked after: `closeTurnModels` closes the models first): a thread ended mid-run (by the
   * process exiting, or `terminate`) aborts the process in onnxruntime's native code (SIGABRT, exit
   * code 134).
   */
  async close(): Promise<void> {
    const closed = new Error(CLOSED);
    for (const run of [...this.waiting.first.splice(0), ...this.waiting.then.splice(0)]) {
      this.pending.get(run.id)?.reject(closed);
      this.settled(run.id);
    }
    if (this.handedOver() > 0) await new Promise<void>((resolve) => (this.drained = resolve));
    await Promise.all(this.lanes.map((lane) => lane.worker.terminate()));
  }

  private pended(id: number): Promise<Reply> {
    const reply = new Promise<Reply>((resolve, reject) => this.pending.set(id, { resolve, reject }));
    if (this.pending.size === 1) for (const lane of this.lanes) lane.worker.ref();
    return reply;
  }

  private handedOver(): number {
    return this.lanes.reduce((sum, lane) => sum + lane.onIt.size, 0);
  }

  /**
   * The lane for the next run, if one has room. A decision goes to a lane with no decision on it
   * (of those, the one with the fewest runs), past the windows' bound: there it waits behind at most
   * HANDED_OVER runs of windows, and otherwise here, for whichever lane's decision ends first. Sent
   * to the lane with the fewest decisions that had room, a burst of them queued on one lane, up to
   * seven deep at 50 calls, while the other lane, full of windows, took none: a decision's wait and
   * run, p99 519-982 ms; 169-309 ms so (docs/benchmarks.md). Windows go to the first lane with the
   * fewest decisions (not behind a decision where they can help it), and wait here while it is
   * full, so that they gather into batches on one lane.
   */
  private freeLane(urgent: boolean): Lane | undefined {
    if (urgent) return this.lanes.filter((lane) => decisionsOn(lane) === 0).sort((a, b) => a.onIt.size - b.onIt.size)[0];
    const fewest = Math.min(...this.lanes.map(decisionsOn));
    const lane = this.lanes.find((l) => decisionsOn(l) === fewest)!;
    return lane.onIt.size < HANDED_OVER ? lane : undefined;
  }

  /** Hands over what a lane can take: decisions first, then windows, batched. */
  private handOver(): void {
    for (;;) {
      const deciding = this.waiting.first.length > 0 ? this.freeLane(true) : undefined;
      if (deciding) {
        this.send(deciding, [this.waiting.first.shift()!], true);
        continue;
      }
      const lane = this.waiting.then.length > 0 ? this.freeLane(false) : undefined;
      if (!lane) return;
      const next = this.waiting.then.shift()!;
      // A session has one window in flight at a time (each carries the state the last one left), so
      // the windows waiting are all different sessions'.
      const batch = [next];
      for (let i = 0; next.batching && i < this.waiting.then.length && batch.length < MOST_BATCHED;) {
        if (this.waiting.then[i]!.file === next.file && this.waiting.then[i]!.batching) batch.push(...this.waiting.then.splice(i, 1));
        else i++;
      }
      this.send(lane, batch, false);
    }
  }

  /** One run alone as asked, or several of one model joined along the axes of its batching. */
  private send(lane: Lane, batch: Waiting[], urgent: boolean): void {
    const [first] = batch as [Waiting, ...Waiting[]];
    if (batch.length === 1) return this.post(lane, first.id, { id: first.id, file: first.file, ...first.request }, urgent);
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
    this.post(lane, id, { id, file: first.file, feeds }, urgent);
  }

  private post(lane: Lane, id: number, message: { id: number; file: string } & Request, urgent: boolean): void {
    lane.onIt.set(id, urgent);
    lane.worker.postMessage(message);
  }

  private settled(id: number): void {
    this.pending.delete(id);
    if (this.pending.size === 0) for (const lane of this.lanes) lane.worker.unref();
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

let threads: ModelThreads | undefined;
let threadCount = 1;
let threadNice = MODEL_THREAD_NICE;
/** Set once the process is stopping: no thread is started again, so no run can outlive the exit. */
let closed = false;
const modelThreads = () => {
  if (closed) throw new Error(CLOSED);
  return (threads ??= new ModelThreads(threadCount, () => (threads = undefined)));
};

/**
 * How many threads run the models (`TURN_MODEL_THREADS`; one unless set), and how much lower their
 * priority is (`TURN_MODEL_NICE`; `MODEL_THREAD_NICE` unless set): the media process sets them as
 * it starts, before any session.
 */
export function useTurnModelThreads(count: number, nice = MODEL_THREAD_NICE): void {
  if (threads) throw new Error('the turn models are already running: set their threads before the first session');
  threadCount = count;
  threadNice = nice;
}

/** Ends the process's model threads once their runs are done (see `ModelThreads.close`), for good: the process is stopping. */
export async function closeTurnModels(): Promise<void> {
  closed = true;
  await threads?.close();
}

/** The model in `dir`/`file`, loaded on the model threads; rejects if it cannot be. Its routine runs go as one per `batching`, where given. */
export async function loadModel(dir: string, file: string, batching?: Batching): Promise<TurnModel> {
  const where = path.join(dir, file);
  await modelThreads().load(where);
  const run = async (request: Request, urgent: boolean) => (await modelThreads().request(where, request, urgent, urgent ? undefined : batching)).outputs!;
  return {
    run: (feeds) => run({ feeds: Object.fromEntries(Object.entries(feeds).map(([name, t]) => [name, { type: t.type, data: t.data, dims: t.dims }])) }, false),
    runOnLogMel: (input, audio) => run({ logMel: { input, audio } }, true),
  };
}
