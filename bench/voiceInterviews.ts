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
 * STT_MS + LLM_MS + TTS_MS, broken down by stage with the API's own times of each turn (its
 * `turn timing` lines), with the API's event-loop delay during the run. SWEEP (e.g. `10,50,100`)
 * runs those session counts after the main run. TURN_MODELS=1: Silero VAD and Smart Turn decide the
 * ends of turns (bench/voiceBench.ts).
 */
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import WebSocket from 'ws';
import { Framer, PIPELINE_SAMPLE_RATE, frameBytes } from '../lib/audio';
import { monotonic } from './fixedDelays';
import { apiClient, benchTenant } from './servers';
import { formatDelay, type EventLoopDelay } from './eventLoop';
import {
  FAKES,
  LLM_MS,
  STT_MS,
  TTS_MS,
  TURN_MODELS,
  meanLoad,
  measureRun,
  memory,
  ms,
  quantile,
  sleep,
  spoken,
  stageTable,
  withVoiceStack,
  type Sample,
} from './voiceBench';

const SESSIONS = Number(process.env.SESSIONS) || 50;
const RUN_SECONDS = Number(process.env.RUN_SECONDS) || 60;
const SWEEP = (process.env.SWEEP ?? '').split(',').filter(Boolean).map(Number);
const UTTERANCE = 'I built the billing service and ran it for three years.';
const FRAME = frameBytes(PIPELINE_SAMPLE_RATE);

interface InterviewSample extends Sample {
  /** End of speech to the candidate's turn reported stored (STT final, `voiceTurn` update, transcript write). */
  stored: number;
}

/** The candidate's utterance as 20 ms frames, and the byte offset of its last loud sample. */
async function utterance(): Promise<{ frames: Buffer[]; lastLoudFrame: number }> {
  const { audio, lastLoud } = await spoken(UTTERANCE);
  return { frames: new Framer(FRAME).push(audio), lastLoudFrame: Math.floor((lastLoud * 2) / FRAME) };
}

/** One candidate's browser: frames at real time, speaking again 500 ms after each agent turn's end mark. */
class Candidate {
  private sent = 0;
  private speakingFrom = -1;
  /** The end of the speech whose answer's first frame has not come yet. */
  private speechEnd: number | undefined;
  /** The latest utterance's figures: its candidate turn may be reported stored after the answer's first frame. */
  private turn: InterviewSample | undefined;
  private t0 = 0;
  ready = false;

  constructor(
    private readonly ws: WebSocket,
    private readonly speech: { frames: Buffer[]; lastLoudFrame: number },
    private readonly samples: InterviewSample[],
    private readonly interviewId: string,
    token: string,
  ) {
    ws.on('message', (data, isBinary) => (isBinary ? this.audio() : this.message(JSON.parse(String(data)))));
    ws.send(JSON.stringify({ type: 'start', token }));
  }

  private audio(): void {
    if (this.speechEnd === undefined) return;
    const now = performance.now();
    this.turn = { ...this.turn!, total: now - this.speechEnd, receivedAt: monotonic(now) };
    this.samples.push(this.turn);
    this.speechEnd = undefined;
  }

  private message(m: { type: string; name?: string; turn?: { role: string }; code?: string; message?: string }): void {
    if (m.type === 'ready') [this.ready, this.t0] = [true, performance.now()];
    else if (m.type === 'turn' && m.turn?.role === 'candidate' && this.turn && Number.isNaN(this.turn.stored))
      this.turn.stored = monotonic(performance.now()) - this.turn.endAt;
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
        if (k === this.speech.lastLoudFrame) {
          this.speechEnd = performance.now();
          this.turn = { id: this.interviewId, total: NaN, stored: NaN, endAt: monotonic(this.speechEnd), receivedAt: NaN };
        }
        if (k === this.speech.frames.length - 1) this.speakingFrom = -1;
      } else {
        this.ws.send(Buffer.alloc(FRAME));
      }
    }
  }
}

interface Run {
  sessions: number;
  samples: InterviewSample[];
  /** The API's resident memory before the run's sessions connected, in MiB. */
  apiBefore: number;
  api: { rss: number; hwm: number };
  worker: { rss: number; hwm: number };
  /** Share of one core each process used during the run, in %. */
  cpu: { api: number; worker: number; candidates: number };
  load: number[];
  /** How late the fakes' timers in the API fired, in ms. */
  timerLate: number[];
  /** The API's event-loop delay during the run. */
  eventLoop: EventLoopDelay;
}

async function main(): Promise<void> {
  await withVoiceStack('voice-interviews', 'bench/voiceInterviewApi.ts', {}, async ({ url, api, worker, timings, timerLate, eventLoop }) => {
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
      const samples: InterviewSample[] = [];
      const apiBefore = memory(api.pid!).rss;
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
        candidates.push(new Candidate(ws, speech, samples, interview.id, interview.capability));
        await sleep(1000 / sessions);
      }
      const lateFrom = timerLate.length;
      await eventLoop();
      const usage = await measureRun({ api: api.pid!, worker: worker.pid!, candidates: process.pid }, ['api', 'worker'], RUN_SECONDS, (now) => {
        for (const candidate of candidates) candidate.tick(now);
      });
      const loop = await eventLoop();
      for (const ws of sockets) ws.close();
      await Promise.all(sockets.map((ws) => (ws.readyState === WebSocket.CLOSED ? undefined : new Promise((resolve) => ws.once('close', resolve)))));
      return {
        sessions,
        samples,
        apiBefore,
        api: usage.peak.api!,
        worker: usage.peak.worker!,
        cpu: usage.cpu as Run['cpu'],
        load: usage.load,
        timerLate: timerLate.slice(lateFrom),
        eventLoop: loop,
      };
    };

    const runs = [await run(SESSIONS)];
    for (const sessions of SWEEP) runs.push(await run(sessions));

    console.log(`\nnode ${process.version}, ${os.cpus().length} cores; Temporal dev server, FerretDB (SQLite); ${RUN_SECONDS} s per run`);
    console.log(`fakes: STT final ${STT_MS} ms after the last loud frame, LLM first token ${LLM_MS} ms, TTS first audio ${TTS_MS} ms (sum ${FAKES} ms)`);
    console.log(`ends of turns: ${TURN_MODELS ? 'Silero VAD + Smart Turn (TURN_MODELS=1), the candidates speaking with the local Piper voice' : 'energy VAD'}`);
    console.log("latency: candidate's last loud frame sent -> first agent audio frame received, over the WebSocket\n");
    console.log(
      '| sessions | turns | measured p50 | p95 | p99 | overhead p50 | p95 | p99 | stored-turn overhead p50 | p99 | API event-loop delay p50 / p99 / max | API RSS (peak) | API RSS per session | worker RSS (peak) | CPU % of a core: API / worker / candidates | sessions per API core | load avg (1 min, mean / max) |',
    );
    console.log('| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
    for (const r of runs) {
      const totals = r.samples.map((s) => s.total);
      const over = totals.map((t) => t - FAKES);
      const stored = r.samples.map((s) => s.stored - STT_MS).filter(Number.isFinite);
      console.log(
        `| ${r.sessions} | ${r.samples.length} | ${ms(quantile(totals, 0.5))} | ${ms(quantile(totals, 0.95))} | ${ms(quantile(totals, 0.99))} | ` +
          `${ms(quantile(over, 0.5))} | ${ms(quantile(over, 0.95))} | ${ms(quantile(over, 0.99))} | ${ms(quantile(stored, 0.5))} | ${ms(quantile(stored, 0.99))} | ${formatDelay(r.eventLoop)} | ` +
          `${r.api.rss.toFixed(0)} (${r.api.hwm.toFixed(0)}) MiB | ${((1024 * (r.api.rss - r.apiBefore)) / r.sessions).toFixed(0)} KiB | ${r.worker.rss.toFixed(0)} (${r.worker.hwm.toFixed(0)}) MiB | ${[r.cpu.api, r.cpu.worker, r.cpu.candidates].map((c) => c.toFixed(0)).join(' / ')} | ` +
          `${((r.sessions * 100) / r.cpu.api).toFixed(0)} | ${meanLoad(r.load).toFixed(2)} / ${Math.max(...r.load).toFixed(2)} |`,
      );
    }
    stageTable(`${runs[0]!.sessions} sessions`, 'candidate', runs[0]!.samples, timings, runs[0]!.timerLate, runs[0]!.eventLoop);
    console.log(
      "\nstored-turn overhead: last loud frame -> the candidate's turn reported stored, minus STT_MS (the workflow's `voiceTurn` update and the transcript write, done while the reply is produced)",
    );
    console.log(`engine alone (media session, in-memory conversation, same delays): npm run bench:voice`);
  });
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
