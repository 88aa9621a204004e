/**
 * `npm run bench:voice:e2e`: the turn latency of voice interviews through the whole platform.
 *
 * The service's worker (worker/index.ts, the simulated LLM for openings and reports) and API
 * (api/server.ts) run as processes of their own over a Temporal dev server and FerretDB, with the
 * sessions in a media process of their own (bench/voiceMedia.ts: media/server.ts's candidate audio
 * socket, whose speech engines and interview LLM answer at fixed delays STT_MS, LLM_MS and TTS_MS).
 * SESSIONS candidates (WebSocket clients in this process) each open a voice interview and stream
 * 20 ms frames at real time: silence, an utterance once the agent's turn has played and 500 ms have
 * passed, silence again, for RUN_SECONDS. Each turn goes through the socket, the media session, the
 * interview workflow's `voiceTurn` updates and the transcript writes, and the streamed reply.
 * Latency is taken here, from the moment the candidate's last loud frame was sent to the first
 * agent audio frame received; overhead is that minus STT_MS + LLM_MS + TTS_MS, broken down by stage
 * with the media process's own times of each turn (its `turn timing` lines), with its event-loop
 * delay, CPU and memory during the run. It runs once per hearing in HEARINGS (default
 * `energy,models`: the energy VAD, then Silero VAD + Smart Turn, each in a fresh media process) and
 * prints them side by side. SWEEP (e.g. `10,50,100`) runs those session counts after each main run.
 */
import { DEFAULT_TURN } from '../conversation/turnSettings';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import WebSocket from 'ws';
import { Framer, PIPELINE_SAMPLE_RATE, frameBytes } from '../lib/audio';
import { monotonic } from './fixedDelays';
import { apiClient, benchTenant } from './servers';
import {
  FAKES,
  HEARINGS,
  LLM_MS,
  STT_MS,
  TTS_MS,
  USAGE_ALIGN,
  USAGE_HEADER,
  hearingName,
  measureMedia,
  memory,
  ms,
  quantile,
  sleep,
  spoken,
  stageTable,
  usageCells,
  withVoiceStack,
  type Hearing,
  type MediaProcess,
  type MediaTiming,
  type MediaUsage,
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

/** The candidate's utterance as 20 ms frames, and the frame of its last loud sample. */
type Speech = { frames: Buffer[]; lastLoudFrame: number };

async function utterance(hearing: Hearing): Promise<Speech> {
  const { audio, lastLoud } = await spoken(UTTERANCE, hearing, DEFAULT_TURN.interview.completeThreshold);
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
    private readonly speech: Speech,
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
  hearing: Hearing;
  sessions: number;
  samples: InterviewSample[];
  timings: MediaTiming[];
  usage: MediaUsage;
}

async function main(): Promise<void> {
  await withVoiceStack('voice-interviews', {}, async ({ url, api, worker, media }) => {
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

    const run = async (mediaProcess: MediaProcess, speech: Speech, sessions: number): Promise<Run> => {
      const samples: InterviewSample[] = [];
      const mediaBefore = memory(mediaProcess.child.pid!).rss;
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
        const ws = new WebSocket(`${mediaProcess.url.replace(/^http/, 'ws')}/candidate/v1/interviews/${interview.id}/audio`);
        await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
        sockets.push(ws);
        candidates.push(new Candidate(ws, speech, samples, interview.id, interview.capability));
        await sleep(1000 / sessions);
      }
      const usage = await measureMedia(mediaProcess, mediaBefore, { api: api.pid!, worker: worker.pid!, clients: process.pid }, RUN_SECONDS, (now) => {
        for (const candidate of candidates) candidate.tick(now);
      });
      for (const ws of sockets) ws.close();
      await Promise.all(sockets.map((ws) => (ws.readyState === WebSocket.CLOSED ? undefined : new Promise((resolve) => ws.once('close', resolve)))));
      return { hearing: mediaProcess.hearing, sessions, samples, timings: mediaProcess.timings, usage };
    };

    const runs: Run[] = [];
    for (const hearing of HEARINGS) {
      const speech = await utterance(hearing);
      const mediaProcess = await media(hearing);
      for (const sessions of [SESSIONS, ...SWEEP]) runs.push(await run(mediaProcess, speech, sessions));
      await mediaProcess.stop();
    }

    console.log(`\nnode ${process.version}, ${os.cpus().length} cores; Temporal dev server, FerretDB (SQLite); ${RUN_SECONDS} s per run`);
    console.log(`fakes: STT final ${STT_MS} ms after the last loud frame, LLM first token ${LLM_MS} ms, TTS first audio ${TTS_MS} ms (sum ${FAKES} ms)`);
    console.log(
      'the sessions in a media process of their own (bench/voiceMedia.ts), a fresh one per hearing; with the turn models, the candidates speak with the local Piper voice',
    );
    console.log("latency: candidate's last loud frame sent -> first agent audio frame received, over the WebSocket\n");
    console.log(`| hearing | sessions | turns | measured p50 | p95 | p99 | overhead p50 | p95 | p99 | stored-turn overhead p50 | p99 | ${USAGE_HEADER}`);
    console.log(`| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |${USAGE_ALIGN}`);
    for (const r of runs) {
      const totals = r.samples.map((s) => s.total);
      const over = totals.map((t) => t - FAKES);
      const stored = r.samples.map((s) => s.stored - STT_MS).filter(Number.isFinite);
      console.log(
        `| ${hearingName(r.hearing)} | ${r.sessions} | ${r.samples.length} | ${ms(quantile(totals, 0.5))} | ${ms(quantile(totals, 0.95))} | ${ms(quantile(totals, 0.99))} | ` +
          `${ms(quantile(over, 0.5))} | ${ms(quantile(over, 0.95))} | ${ms(quantile(over, 0.99))} | ${ms(quantile(stored, 0.5))} | ${ms(quantile(stored, 0.99))} | ${usageCells(r.sessions, r.usage)}`,
      );
    }
    for (const r of runs.filter((r) => r.sessions === SESSIONS))
      stageTable(`${hearingName(r.hearing)}, ${r.sessions} sessions`, 'candidate', r.samples, r.timings, r.usage.timerLate, r.usage.eventLoop);
    console.log(
      "\nstored-turn overhead: last loud frame -> the candidate's turn reported stored, minus STT_MS (the workflow's `voiceTurn` update and the transcript write, done while the reply is produced)",
    );
    console.log(
      "media CPU per session-second: the media process's CPU time over the run's session-seconds; sessions per media core: sessions over its share of a core; RSS per session: its growth from before the sessions connected, over them",
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
