/**
 * What the end-to-end voice benchmarks (bench/voiceInterviews.ts, bench/voiceCalls.ts) share: the
 * stack (a Temporal dev server, FerretDB, the service's worker and API as processes of their own,
 * and the media process that holds the sessions, bench/voiceMedia.ts, with its `turn timing` and
 * `fake timer` lines gathered and its event-loop delay read from its `/metrics`), the processes'
 * CPU and memory, and the latency table by stage. Each bench runs a media process per hearing in
 * HEARINGS, one after the other on the same stack: the energy VAD (the baseline) and Silero VAD
 * with Smart Turn (the tools cache's models), whose callers speak with the local Piper voice since
 * the models hear no simulated voice; the end-of-turn decision is then counted apart.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { performance } from 'node:perf_hooks';
import mongoose from 'mongoose';
import { PIPELINE_SAMPLE_RATE, pcm16ToFloat, pcmOf, samplesOf } from '../lib/audio';
import type { ContactTurnTimings } from '../conversation/turnTimings';
import { inWholeWindowsMs } from '../conversation/sileroVad';
import { SmartTurn } from '../conversation/smartTurn';
import { closeTurnModels } from '../conversation/turnModels';
import { DEFAULT_VAD } from '../conversation/turnSettings';
import { LocalTtsProvider } from '../providers/tts/local';
import { SimulatedTts } from '../providers/tts/simulated';
import { freePort, provision, stopChild, toolPaths } from '../scripts/stack';
import { eventLoopFromMetrics, formatDelay, type EventLoopDelay } from './eventLoop';
import { stoppedOnInterrupt } from './interrupt';
import { benchServers } from './servers';

export const STT_MS = Number(process.env.STT_MS) || 300;
export const LLM_MS = Number(process.env.LLM_MS) || 200;
export const TTS_MS = Number(process.env.TTS_MS) || 100;
export const FAKES = STT_MS + LLM_MS + TTS_MS;
const ROOT = path.resolve(__dirname, '..');
export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** One turn as the client measured it, on the machine's monotonic clock (bench/fixedDelays.ts). */
export interface Sample {
  /** The session's id (interview or call), as the media process's timing lines name it. */
  id: string;
  /** End of speech to the first agent frame received. */
  total: number;
  /** The end of speech and the first agent frame received. */
  endAt: number;
  receivedAt: number;
}

/** One agent turn's stage times in the media process, on the machine's monotonic clock. */
export interface MediaTiming {
  id: string;
  heardAt: number;
  firstTokenAt: number;
  firstSentenceAt: number;
  firstAudioAt: number;
  firstFrameAt: number;
  /** How the contact's turn it answers was heard, in ms from the start of their speech. */
  contact?: ContactTurnTimings;
}

/** Resident memory of a process, now and at its peak, in MiB. */
export function memory(pid: number): { rss: number; hwm: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(status.match(new RegExp(`${field}:\\s+(\\d+) kB`))?.[1] ?? NaN);
  return { rss: kb('VmRSS') / 1024, hwm: kb('VmHWM') / 1024 };
}

/** CPU time a process has used (user + system), in ms: fields 14 and 15 of /proc/<pid>/stat, in ticks of 10 ms. */
function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/**
 * Starts `script` under tsx and waits for the line its readiness prints. With `onLine`, every line
 * of its stdout and stderr goes there too (bench/capacity.ts reads the worker's log).
 */
export async function startProcess(
  script: string,
  env: NodeJS.ProcessEnv,
  readyLine: string,
  onLine?: (line: string) => void,
): Promise<{ child: ChildProcess; line: string }> {
  const stderr = onLine ? 'pipe' : script.startsWith('worker') ? 'ignore' : 'inherit';
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, script)], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', stderr],
  });
  stoppedOnInterrupt(() => stopChild(child));
  if (onLine) for (const stream of [child.stdout!, child.stderr!]) createInterface({ input: stream }).on('line', onLine);
  const line = await new Promise<string>((resolve, reject) => {
    let seen = '';
    const onData = (chunk: Buffer) => {
      seen += chunk.toString();
      const found = seen.split('\n').find((l) => l.includes(readyLine));
      if (!found) return;
      child.stdout!.off('data', onData);
      child.stdout!.resume();
      resolve(found);
    };
    child.stdout!.on('data', onData);
    child.once('exit', (code) => reject(new Error(`${script} exited (${code}) before it was ready`)));
  });
  return { child, line };
}

/** How a media process hears: the energy VAD (the baseline), or Silero VAD with Smart Turn (the tools cache's models). */
export type Hearing = 'energy' | 'models';
/** The hearings a bench runs, one after the other on the same stack (HEARINGS, default both). */
export const HEARINGS = (process.env.HEARINGS ?? 'energy,models').split(',').filter(Boolean) as Hearing[];
export const hearingName = (hearing: Hearing) => (hearing === 'models' ? 'Silero VAD + Smart Turn' : 'energy VAD');
const hearingEnv = (hearing: Hearing): Record<string, string> =>
  hearing === 'models' ? { VOICE_VAD: 'silero', TURN_MODELS_DIR: toolPaths().turnModels } : { VOICE_VAD: 'energy' };

/** A media process (bench/voiceMedia.ts) holding the bench's sessions, and what it reports. */
export interface MediaProcess {
  hearing: Hearing;
  /** Where its sockets are (MEDIA_PUBLIC_URL), `http://`. */
  url: string;
  child: ChildProcess;
  timings: MediaTiming[];
  /** How late the fakes' timers in it fired, in ms, in order. */
  timerLate: number[];
  /** Its event-loop delay since the last call (the first: since it started), from its `/metrics`. */
  eventLoop(): Promise<EventLoopDelay>;
  stop(): Promise<void>;
}

export interface VoiceStack {
  /** The API's URL. */
  url: string;
  api: ChildProcess;
  worker: ChildProcess;
  /** Starts a media process hearing with `hearing` on the stack's media address; one at a time. */
  media(hearing: Hearing): Promise<MediaProcess>;
}

/**
 * Runs `body` on a fresh stack: the worker and the API (api/server.ts) on a database and task queue
 * of their own, with `env`, the media sockets at MEDIA_PUBLIC_URL as in `npm run dev`, where the
 * bench starts its media processes; the bench's process is connected to the database. Everything
 * is stopped after.
 */
export async function withVoiceStack(name: string, env: Record<string, string>, body: (stack: VoiceStack) => Promise<void>): Promise<void> {
  const servers = await benchServers(name);
  const uri = servers.mongodbUri.replace(/\/[^/?]*(\?|$)/, `/bench_${name.replace(/-/g, '_')}_${Date.now()}$1`);
  const mediaPort = await freePort();
  const mediaUrl = `http://127.0.0.1:${mediaPort}`;
  const metricsToken = randomBytes(12).toString('hex');
  const all = {
    LOG_LEVEL: 'silent',
    TEMPORAL_ADDRESS: servers.temporalAddress,
    MONGODB_URI: uri,
    TEMPORAL_TASK_QUEUE: `bench-${name}-${randomBytes(4).toString('hex')}`,
    HOST: '127.0.0.1',
    PORT: String(await freePort()),
    MEDIA_PORT: String(mediaPort),
    MEDIA_PUBLIC_URL: mediaUrl,
    METRICS_TOKEN: metricsToken,
    STT_MS: String(STT_MS),
    LLM_MS: String(LLM_MS),
    TTS_MS: String(TTS_MS),
    ...env,
  };
  const children: ChildProcess[] = [];
  try {
    const worker = await startProcess('worker/index.ts', all, '"worker running"');
    children.push(worker.child);
    const api = await startProcess('api/server.ts', all, '"api listening"');
    children.push(api.child);
    const media = async (hearing: Hearing): Promise<MediaProcess> => {
      const timings: MediaTiming[] = [];
      const timerLate: number[] = [];
      // MEDIA_CPU_PROF=<dir>: each media process writes a V8 CPU profile there when it stops.
      const profile = process.env.MEDIA_CPU_PROF
        ? { NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --cpu-prof --cpu-prof-dir=${process.env.MEDIA_CPU_PROF}` }
        : {};
      const { child } = await startProcess('bench/voiceMedia.ts', { ...all, ...hearingEnv(hearing), ...profile }, '"media listening"');
      children.push(child);
      createInterface({ input: child.stdout! }).on('line', (line) => {
        if (line.startsWith('{"msg":"fake timer"')) timerLate.push((JSON.parse(line) as { late: number }).late);
        const parsed = line.startsWith('{"msg":"turn timing"') ? (JSON.parse(line) as MediaTiming) : undefined;
        if (parsed?.heardAt !== undefined) timings.push(parsed);
      });
      const eventLoop = async () => {
        const res = await fetch(`${mediaUrl}/metrics`, { headers: { authorization: `Bearer ${metricsToken}` } });
        if (res.status !== 200) throw new Error(`the media process's /metrics answered ${res.status}`);
        return eventLoopFromMetrics(await res.text());
      };
      return { hearing, url: mediaUrl, child, timings, timerLate, eventLoop, stop: () => stopChild(child) };
    };
    await mongoose.connect(uri, { serverSelectionTimeoutMS: 10_000 });
    await body({ url: JSON.parse(api.line).url as string, api: api.child, worker: worker.child, media });
    await mongoose.connection.dropDatabase();
    await mongoose.disconnect();
  } finally {
    for (const child of children.reverse()) await stopChild(child);
    await servers.stop();
  }
}

export const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] ?? NaN;
};
export const ms = (n: number) => n.toFixed(1);

export interface Usage {
  /** Share of one core each process used during the run, in %. */
  cpu: Record<string, number>;
  /** Each sampled process's resident memory at its highest sample (and its peak), in MiB. */
  peak: Record<string, { rss: number; hwm: number }>;
  /** The 1-minute load average, sampled every second. */
  load: number[];
}

/**
 * Calls `tick` with the time every 5 ms for `seconds`, as the clients stream at real time, while
 * taking the CPU time of `pids` and sampling the load average and the memory of `sampled` every second.
 */
export async function measureRun(pids: Record<string, number>, sampled: string[], seconds: number, tick: (now: number) => void): Promise<Usage> {
  const before = Object.fromEntries(Object.entries(pids).map(([name, pid]) => [name, cpuMs(pid)]));
  const load: number[] = [];
  const peak = Object.fromEntries(sampled.map((name) => [name, { rss: 0, hwm: 0 }]));
  const ticker = setInterval(() => tick(performance.now()), 5);
  const sampler = setInterval(() => {
    load.push(os.loadavg()[0]!);
    for (const name of sampled) {
      const m = memory(pids[name]!);
      if (m.rss > peak[name]!.rss) peak[name] = m;
    }
  }, 1000);
  await sleep(seconds * 1000);
  clearInterval(ticker);
  clearInterval(sampler);
  const cpu = Object.fromEntries(Object.entries(pids).map(([name, pid]) => [name, (100 * (cpuMs(pid) - before[name]!)) / (seconds * 1000)]));
  return { cpu, peak, load };
}

export const meanLoad = (load: number[]) => load.reduce((a, b) => a + b, 0) / Math.max(1, load.length);

/** What a run cost the media process that held its sessions, and the machine's load meanwhile. */
export interface MediaUsage extends Usage {
  /** The media process's resident memory before the run's sessions connected, in MiB. */
  mediaBefore: number;
  /** How late the fakes' timers in the media process fired during the run, in ms. */
  timerLate: number[];
  /** The media process's event-loop delay during the run. */
  eventLoop: EventLoopDelay;
}

/**
 * measureRun over `media` and the other processes in `pids` (the API, the worker, the bench's own
 * clients), with the media process's event-loop delay and fakes' timers over the same window.
 * `mediaBefore` is its memory before the sessions connected.
 */
export async function measureMedia(
  media: MediaProcess,
  mediaBefore: number,
  pids: Record<string, number>,
  seconds: number,
  tick: (now: number) => void,
): Promise<MediaUsage> {
  const lateFrom = media.timerLate.length;
  await media.eventLoop();
  const usage = await measureRun({ media: media.child.pid!, ...pids }, ['media', 'worker'], seconds, tick);
  return { ...usage, mediaBefore, timerLate: media.timerLate.slice(lateFrom), eventLoop: await media.eventLoop() };
}

/** The columns of a run's cost that both benches print after their latency figures. */
export const USAGE_HEADER =
  'media event-loop delay p50 / p99 / max | media RSS (peak) | media RSS per session | media CPU per session-second | sessions per media core | CPU % of a core: media / API / worker / clients | load avg (1 min, mean / max) |';
export const USAGE_ALIGN = ' ---: | ---: | ---: | ---: | ---: | ---: | ---: |';

export function usageCells(sessions: number, u: MediaUsage): string {
  const media = u.peak.media!;
  return (
    `${formatDelay(u.eventLoop)} | ${media.rss.toFixed(0)} (${media.hwm.toFixed(0)}) MiB | ${((1024 * (media.rss - u.mediaBefore)) / sessions).toFixed(0)} KiB | ` +
    `${((u.cpu.media! * 10) / sessions).toFixed(2)} ms | ${((sessions * 100) / u.cpu.media!).toFixed(0)} | ` +
    `${[u.cpu.media!, u.cpu.api!, u.cpu.worker!, u.cpu.clients!].map((c) => c.toFixed(0)).join(' / ')} | ${meanLoad(u.load).toFixed(2)} / ${Math.max(...u.load).toFixed(2)} |`
  );
}

/** The STT's final and the end of turn as absolute times, from the turn's `contact` timings (relative to the start of speech). */
const sttFinalAt = (t: MediaTiming) => (t.contact?.sttFinalMs === undefined ? t.heardAt : t.heardAt - (t.contact.takenMs - t.contact.sttFinalMs));
/** How long the turn waited for the end-of-turn decision after the STT's final: the turn models' share, counted apart. */
const decisionWait = (t: MediaTiming) => t.heardAt - sttFinalAt(t);

/**
 * The latency by stage: each sample joined with the media process's times of the same turn (its
 * first frame sent last before it was received), the end-of-turn decision counted apart (the wait
 * for it after the STT's final, and the turn model's inference per decision), and the media
 * process's event-loop delay.
 */
export function stageTable(title: string, listener: string, samples: Sample[], timings: MediaTiming[], timerLate: number[], eventLoop: EventLoopDelay): void {
  const stages: [string, number, (s: Sample, t: MediaTiming) => number][] = [
    ['last loud frame sent -> STT final', STT_MS, (s, t) => sttFinalAt(t) - s.endAt],
    ['STT final -> turn taken (end of turn decided)', 0, (_, t) => decisionWait(t)],
    ['turn taken -> first LLM token', LLM_MS, (_, t) => t.firstTokenAt - t.heardAt],
    ['first token -> first sentence to TTS', 0, (_, t) => t.firstSentenceAt - t.firstTokenAt],
    ['sentence -> first TTS audio', TTS_MS, (_, t) => t.firstAudioAt - t.firstSentenceAt],
    ['first TTS audio -> first frame sent', 0, (_, t) => t.firstFrameAt - t.firstAudioAt],
    [`first frame sent -> received by the ${listener}`, 0, (s, t) => s.receivedAt - t.firstFrameAt],
    ['all, less the end-of-turn decision', FAKES, (s, t) => s.total - decisionWait(t)],
  ];
  const joined: [Sample, MediaTiming][] = [];
  for (const sample of samples) {
    const turn = timings
      .filter((t) => t.id === sample.id && t.heardAt >= sample.endAt && t.firstFrameAt <= sample.receivedAt)
      .sort((a, b) => b.firstFrameAt - a.firstFrameAt)[0];
    if (turn) joined.push([sample, turn]);
  }
  const cell = (n: number) => ms(n).padStart(10);
  console.log(
    `\n${title} by stage (${joined.length} of ${samples.length} turns joined with the media process's times, which it reports once a turn has played):`,
  );
  console.log(`${'stage'.padEnd(48)}${'fake'.padStart(10)}${'p50'.padStart(10)}${'p99'.padStart(10)}${'overhead p50'.padStart(14)}${'p99'.padStart(10)}`);
  const overheads: number[][] = [];
  for (const [stage, fake, of] of stages) {
    const values = joined.map(([s, t]) => of(s, t));
    const over = values.map((v) => v - fake);
    overheads.push(over);
    console.log(
      `${stage.padEnd(48)}${cell(fake)}${cell(quantile(values, 0.5))}${cell(quantile(values, 0.99))}${ms(quantile(over, 0.5)).padStart(14)}${cell(quantile(over, 0.99))}`,
    );
  }
  const platform = overheads.at(-1)!;
  const met = quantile(platform, 0.5) <= 30 && quantile(platform, 0.99) <= 100;
  console.log(
    `platform overhead, the end-of-turn decision apart: p50 ${ms(quantile(platform, 0.5))}, p99 ${ms(quantile(platform, 0.99))} ms (targets p50 <= 30, p99 <= 100: ${met ? 'met' : 'NOT met'})`,
  );
  const decided = joined.map(([, t]) => t.contact?.endOfTurn).filter((e) => e !== undefined);
  const by = new Map<string, number>();
  for (const e of decided) by.set(e.by, (by.get(e.by) ?? 0) + 1);
  console.log(`ends of turn by decider: ${[...by].map(([name, n]) => `${name} ${n}`).join(', ') || 'none reported'}`);
  const inference = decided.map((e) => e.inferenceMs).filter((n) => n !== undefined);
  if (inference.length > 0)
    console.log(
      `turn model inference per decision: p50 ${ms(quantile(inference, 0.5))}, p99 ${ms(quantile(inference, 0.99))}, max ${ms(Math.max(...inference))} ms (${inference.length} decisions)`,
    );
  console.log(
    `the fakes' own timers in the media process (STT final, LLM first token) fired late by p50 ${ms(quantile(timerLate, 0.5))}, p99 ${ms(quantile(timerLate, 0.99))} ms: the machine's share of each stage that waits on one`,
  );
  console.log(`event-loop delay of the media process (which holds the sessions) during the run, p50 / p99 / max: ${formatDelay(eventLoop)}`);
}

/**
 * `text` as the simulated TTS speaks it at the pipeline's rate (the local Piper voice
 * for the turn models), and the index of its last loud sample (the end of speech).
 *
 * Piper samples its prosody afresh on every synthesis, and Smart Turn's judgement of the one
 * sentence moves with it (0.56 on one draw, 0.96 on another), so a run's turns may end by the model
 * or wait for the agent's timeout by the draw alone, and the waits then measure the timeout. With
 * the models, the speech is drawn until Smart Turn scores it complete at `completeAt` (the agent's
 * threshold) with the VAD's stop of quiet after it, at most DRAWS times (the best draw is kept
 * otherwise, and said so). SPEECH=FILE keeps the speech in FILE (written the first time, read
 * after), so runs that compare settings hear the same voice.
 */
export async function spoken(text: string, hearing: Hearing, completeAt: number): Promise<{ audio: Buffer; lastLoud: number }> {
  if (hearing !== 'models') return trimmed(await synthesized(text, new SimulatedTts()));
  const file = process.env.SPEECH;
  const kept: Record<string, string> = file && existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : {};
  provision('turn-models');
  const turn = await SmartTurn.create(toolPaths().turnModels);
  const score = async (speech: { audio: Buffer; lastLoud: number }) => {
    const quiet = (inWholeWindowsMs(DEFAULT_VAD.stopMs) * PIPELINE_SAMPLE_RATE) / 1000;
    const clip = new Float32Array(speech.lastLoud + 1 + quiet);
    clip.set(pcm16ToFloat(speech.audio.subarray(0, (speech.lastLoud + 1) * 2)));
    return turn.completeProbability(clip);
  };
  try {
    if (kept[text]) {
      const speech = trimmed(Buffer.from(kept[text], 'base64'));
      const probability = await score(speech);
      console.log(`speech from ${file}: Smart Turn ${probability.toFixed(2)} at its end, the agent's threshold ${completeAt}`);
      return speech;
    }
    const tts = new LocalTtsProvider({ dir: toolPaths().localSpeech });
    let best: { raw: Buffer; speech: { audio: Buffer; lastLoud: number }; probability: number } | undefined;
    for (let draw = 1; draw <= DRAWS; draw++) {
      const raw = await synthesized(text, tts);
      const speech = trimmed(raw);
      const probability = await score(speech);
      if (!best || probability > best.probability) best = { raw, speech, probability };
      if (probability >= completeAt) break;
    }
    console.log(
      `speech drawn: Smart Turn ${best!.probability.toFixed(2)} at its end, the agent's threshold ${completeAt}` +
        (best!.probability < completeAt ? ` (the best of ${DRAWS} draws: its turns wait for the timeout)` : ''),
    );
    if (file) writeFileSync(file, JSON.stringify({ ...kept, [text]: best!.raw.toString('base64') }));
    return best!.speech;
  } finally {
    await closeTurnModels();
  }
}

/** Draws of the local voice tried for a sentence Smart Turn scores complete. */
const DRAWS = 8;

/** The speech cut to its last loud sample, with silence after in place of the voice's tail. */
function trimmed(raw: Buffer): { audio: Buffer; lastLoud: number } {
  const samples = Int16Array.from(samplesOf(raw));
  let last = samples.length - 1;
  while (last > 0 && Math.abs(samples[last]!) < 1600) last--;
  // Piper's voice trails off for up to 190 ms under the loud level. The fake STT (FixedDelayVoiceStt)
  // settles an utterance once it has heard 250 ms below its quiet level, so such a tail would hold
  // its final past STT_MS and count the fake's own lateness as the platform's overhead.
  samples.fill(0, last + 1);
  return { audio: pcmOf(samples), lastLoud: last };
}

async function synthesized(text: string, tts: LocalTtsProvider | SimulatedTts): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of tts.synthesize(text, { language: 'en-US', sampleRate: PIPELINE_SAMPLE_RATE })) chunks.push(chunk);
  return Buffer.concat(chunks);
}
