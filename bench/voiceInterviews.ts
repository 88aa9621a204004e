/**
 * `npm run bench:voice:e2e`: the turn latency of voice interviews through the whole platform.
 *
 * The API (bench/voiceInterviewApi.ts: the app and the candidate audio socket, whose speech engines
 * and interview LLM answer at fixed delays STT_MS, LLM_MS and TTS_MS) and the service's worker
 * (worker/index.ts, the simulated LLM for openings and reports) run as processes of their own over
 * a Temporal dev server and FerretDB. SESSIONS candidates (WebSocket clients in this process) each
 * open a voice interview and stream 20 ms frames at real time: silence, an utterance once the
 * agent's turn has played and 500 ms have passed, silence again, for RUN_SECONDS. Each turn goes
 * through the socket, the media session, the interview workflow's `voiceTurn` updates and the
 * transcript writes, and the streamed reply. Latency is taken here, from the moment the candidate's
 * last loud frame was sent to the first agent audio frame received; overhead is that minus
 * STT_MS + LLM_MS + TTS_MS. SWEEP (e.g. `10,50,100`) runs those session counts after the main run.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import mongoose from 'mongoose';
import WebSocket from 'ws';
import { Framer, PIPELINE_SAMPLE_RATE, frameBytes, samplesOf } from '../lib/audio';
import { SimulatedTts } from '../providers/tts/simulated';
import { apiClient, benchServers, benchTenant, stopProcess } from './servers';

const STT_MS = Number(process.env.STT_MS) || 300;
const LLM_MS = Number(process.env.LLM_MS) || 200;
const TTS_MS = Number(process.env.TTS_MS) || 100;
const FAKES = STT_MS + LLM_MS + TTS_MS;
const SESSIONS = Number(process.env.SESSIONS) || 50;
const RUN_SECONDS = Number(process.env.RUN_SECONDS) || 60;
const SWEEP = (process.env.SWEEP ?? '').split(',').filter(Boolean).map(Number);
const UTTERANCE = 'I built the billing service and ran it for three years.';
const FRAME = frameBytes(PIPELINE_SAMPLE_RATE);
const ROOT = path.resolve(__dirname, '..');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Sample {
  /** End of speech to the first agent frame received. */
  total: number;
  /** End of speech to the candidate's turn reported stored (STT final, `voiceTurn` update, transcript write). */
  stored: number;
}

/** The candidate's utterance as 20 ms frames, and the byte offset of its last loud sample. */
async function utterance(): Promise<{ frames: Buffer[]; lastLoudFrame: number }> {
  const chunks: Buffer[] = [];
  for await (const chunk of new SimulatedTts().synthesize(UTTERANCE, { language: 'en-US', sampleRate: PIPELINE_SAMPLE_RATE })) chunks.push(chunk);
  const audio = Buffer.concat(chunks);
  const samples = samplesOf(audio);
  let last = samples.length - 1;
  while (last > 0 && Math.abs(samples[last]!) < 1600) last--;
  return { frames: new Framer(FRAME).push(audio), lastLoudFrame: Math.floor((last * 2) / FRAME) };
}

/** One candidate's browser: frames at real time, speaking again 500 ms after each agent turn's end mark. */
class Candidate {
  private sent = 0;
  private speakingFrom = -1;
  private speechEnd: number | undefined;
  private stored: number | undefined;
  private t0 = 0;
  ready = false;

  constructor(
    private readonly ws: WebSocket,
    private readonly speech: { frames: Buffer[]; lastLoudFrame: number },
    private readonly samples: Sample[],
    token: string,
  ) {
    ws.on('message', (data, isBinary) => (isBinary ? this.audio() : this.message(JSON.parse(String(data)))));
    ws.send(JSON.stringify({ type: 'start', token }));
  }

  private audio(): void {
    if (this.speechEnd === undefined) return;
    const now = performance.now();
    this.samples.push({ total: now - this.speechEnd, stored: (this.stored ?? NaN) - this.speechEnd });
    [this.speechEnd, this.stored] = [undefined, undefined];
  }

  private message(m: { type: string; name?: string; turn?: { role: string }; code?: string; message?: string }): void {
    if (m.type === 'ready') [this.ready, this.t0] = [true, performance.now()];
    else if (m.type === 'turn' && m.turn?.role === 'candidate' && this.speechEnd !== undefined) this.stored = performance.now();
    else if (m.type === 'mark') {
      this.ws.send(JSON.stringify({ type: 'played', name: m.name }));
      if (m.name?.endsWith('.end')) setTimeout(() => (this.speakingFrom = this.sent), 500).unref();
    } else if (m.type === 'error' || m.type === 'ended') console.error(`a session ended: ${JSON.stringify(m)}`);
  }

  /** Sends every frame whose 20 ms have passed since `ready`. */
  tick(now: number): void {
    if (!this.ready || this.ws.readyState !== WebSocket.OPEN) return;
    while (this.t0 + (this.sent + 1) * 20 <= now) {
      const k = this.speakingFrom >= 0 ? this.sent - this.speakingFrom : -1;
      this.sent++;
      if (k >= 0 && k < this.speech.frames.length) {
        this.ws.send(this.speech.frames[k]!);
        if (k === this.speech.lastLoudFrame) this.speechEnd = performance.now();
        if (k === this.speech.frames.length - 1) this.speakingFrom = -1;
      } else {
        this.ws.send(Buffer.alloc(FRAME));
      }
    }
  }
}

/** Resident memory of a process, now and at its peak, in MiB. */
function memory(pid: number): { rss: number; hwm: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(status.match(new RegExp(`${field}:\\s+(\\d+) kB`))?.[1] ?? NaN);
  return { rss: kb('VmRSS') / 1024, hwm: kb('VmHWM') / 1024 };
}

/** CPU time a process has used (user + system), in ms: fields 14 and 15 of /proc/<pid>/stat, in ticks of 10 ms. */
function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** Starts `script` under tsx and waits for the line its readiness prints. */
async function startProcess(script: string, env: NodeJS.ProcessEnv, readyLine: string): Promise<{ child: ChildProcess; line: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, script)], { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', script.startsWith('worker') ? 'ignore' : 'inherit'] });
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


const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] ?? NaN;
};
const ms = (n: number) => n.toFixed(1);

interface Run {
  sessions: number;
  samples: Sample[];
  /** The API's resident memory before the run's sessions connected, in MiB. */
  apiBefore: number;
  api: { rss: number; hwm: number };
  worker: { rss: number; hwm: number };
  /** Share of one core each process used during the run, in %. */
  cpu: { api: number; worker: number; candidates: number };
  load: number[];
}

async function main(): Promise<void> {
  const servers = await benchServers('voice-interviews');
  const uri = servers.mongodbUri.replace(/\/[^/?]*(\?|$)/, `/bench_voice_${Date.now()}$1`);
  const taskQueue = `bench-voice-${randomBytes(4).toString('hex')}`;
  const env = {
    LOG_LEVEL: 'silent',
    TEMPORAL_ADDRESS: servers.temporalAddress,
    MONGODB_URI: uri,
    TEMPORAL_TASK_QUEUE: taskQueue,
    STT_MS: String(STT_MS),
    LLM_MS: String(LLM_MS),
    TTS_MS: String(TTS_MS),
  };
  const children: ChildProcess[] = [];
  try {
    const worker = await startProcess('worker/index.ts', env, '"worker running"');
    children.push(worker.child);
    const api = await startProcess('bench/voiceInterviewApi.ts', env, '"api listening"');
    children.push(api.child);
    const url = JSON.parse(api.line).url as string;
    await mongoose.connect(uri, { serverSelectionTimeoutMS: 10_000 });
    const { key } = await benchTenant('Bench voice interviews', { creditMinutes: 10_000_000 });
    const call = apiClient(url, key);
    const post = async (route: string, body: unknown) => {
      const res = await call('POST', route, body);
      if (res.status >= 300) throw new Error(`POST ${route} answered ${res.status}: ${res.text.slice(0, 300)}`);
      return res.body;
    };
    const agent = await post('/agents', {
      type: 'voice',
      name: 'Bench interviewer',
      instructions: 'Interview the candidate.',
      voice: { opening: 'Welcome. Tell me about a project you are proud of.', evaluationCriteria: ['delivery', 'design'] },
    });
    const speech = await utterance();

    const run = async (sessions: number): Promise<Run> => {
      const samples: Sample[] = [];
      const apiBefore = memory(api.child.pid!).rss;
      const interviews = await Promise.all(
        Array.from({ length: sessions }, async (_, i) => {
          const created = await post('/interviews', { agentId: agent.id, candidateName: `Candidate ${i}`, mode: 'voice' });
          return { id: created.id as string, capability: new URL(created.interviewUrl).hash.slice(1) };
        }),
      );
      const candidates: Candidate[] = [];
      const sockets: WebSocket[] = [];
      // Candidates join spread over the first second, as real sessions would not arrive in step.
      for (const interview of interviews) {
        const ws = new WebSocket(`${url.replace(/^http/, 'ws')}/candidate/v1/interviews/${interview.id}/audio`);
        await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
        sockets.push(ws);
        candidates.push(new Candidate(ws, speech, samples, interview.capability));
        await sleep(1000 / sessions);
      }
      const pids = { api: api.child.pid!, worker: worker.child.pid!, candidates: process.pid };
      const cpuBefore = Object.fromEntries(Object.entries(pids).map(([name, pid]) => [name, cpuMs(pid)]));
      const ticker = setInterval(() => {
        const now = performance.now();
        for (const candidate of candidates) candidate.tick(now);
      }, 5);
      const load: number[] = [];
      const peak = { api: { rss: 0, hwm: 0 }, worker: { rss: 0, hwm: 0 } };
      const sampler = setInterval(() => {
        load.push(os.loadavg()[0]!);
        for (const [name, pid] of [['api', api.child.pid!], ['worker', worker.child.pid!]] as const) {
          const m = memory(pid);
          if (m.rss > peak[name].rss) peak[name] = m;
        }
      }, 1000);
      await sleep(RUN_SECONDS * 1000);
      clearInterval(ticker);
      clearInterval(sampler);
      const cpu = Object.fromEntries(Object.entries(pids).map(([name, pid]) => [name, (100 * (cpuMs(pid) - cpuBefore[name]!)) / (RUN_SECONDS * 1000)])) as Run['cpu'];
      for (const ws of sockets) ws.close();
      await Promise.all(sockets.map((ws) => (ws.readyState === WebSocket.CLOSED ? undefined : new Promise((resolve) => ws.once('close', resolve)))));
      return { sessions, samples, apiBefore, api: peak.api, worker: peak.worker, cpu, load };
    };

    const runs = [await run(SESSIONS)];
    for (const sessions of SWEEP) runs.push(await run(sessions));

    console.log(`\nnode ${process.version}, ${os.cpus().length} cores; Temporal dev server, FerretDB (SQLite); ${RUN_SECONDS} s per run`);
    console.log(`fakes: STT final ${STT_MS} ms after the last loud frame, LLM first token ${LLM_MS} ms, TTS first audio ${TTS_MS} ms (sum ${FAKES} ms)`);
    console.log('latency: candidate\'s last loud frame sent -> first agent audio frame received, over the WebSocket\n');
    console.log('| sessions | turns | measured p50 | p95 | p99 | overhead p50 | p95 | p99 | stored-turn overhead p50 | p99 | API RSS (peak) | API RSS per session | worker RSS (peak) | CPU % of a core: API / worker / candidates | load avg (1 min, mean / max) |');
    console.log('| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
    for (const r of runs) {
      const totals = r.samples.map((s) => s.total);
      const over = totals.map((t) => t - FAKES);
      const stored = r.samples.map((s) => s.stored - STT_MS);
      const meanLoad = r.load.reduce((a, b) => a + b, 0) / Math.max(1, r.load.length);
      console.log(
        `| ${r.sessions} | ${r.samples.length} | ${ms(quantile(totals, 0.5))} | ${ms(quantile(totals, 0.95))} | ${ms(quantile(totals, 0.99))} | ` +
          `${ms(quantile(over, 0.5))} | ${ms(quantile(over, 0.95))} | ${ms(quantile(over, 0.99))} | ${ms(quantile(stored, 0.5))} | ${ms(quantile(stored, 0.99))} | ` +
          `${r.api.rss.toFixed(0)} (${r.api.hwm.toFixed(0)}) MiB | ${((1024 * (r.api.rss - r.apiBefore)) / r.sessions).toFixed(0)} KiB | ${r.worker.rss.toFixed(0)} (${r.worker.hwm.toFixed(0)}) MiB | ${[r.cpu.api, r.cpu.worker, r.cpu.candidates].map((c) => c.toFixed(0)).join(' / ')} | ${meanLoad.toFixed(2)} / ${Math.max(...r.load).toFixed(2)} |`,
      );
    }
    console.log('\nstored-turn overhead: last loud frame -> the candidate\'s turn reported stored, minus STT_MS (the workflow\'s `voiceTurn` update and the transcript write)');
    console.log(`engine alone (media session, in-memory conversation, same delays): npm run bench:voice`);
    await mongoose.connection.dropDatabase();
    await mongoose.disconnect();
  } finally {
    for (const child of children.reverse()) await stopProcess(child);
    await servers.stop();
  }
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
