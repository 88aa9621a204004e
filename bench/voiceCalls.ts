/**
 * `npm run bench:voice:calls`: the turn latency of phone calls through Twilio Media Streams and the
 * whole platform, mu-law 8 kHz in and out.
 *
 * The service's worker (CARRIER=twilio against the Twilio REST fake in this process,
 * test/fakes/twilio.ts) and API run as processes of their own over a Temporal dev server and
 * FerretDB, with the calls' media in a media process of their own (bench/voiceMedia.ts: media/
 * server.ts's Media Streams socket, whose speech engines and call LLM answer at fixed delays STT_MS,
 * LLM_MS and TTS_MS). CALLS calls are placed through `POST /calls`, answered by Twilio's signed
 * status and AMD callbacks, and each callee (a client in this process playing Twilio's side of the
 * stream: a signed handshake, `connected`, `start`, then a `media` message of 20 ms of mu-law at
 * real time) speaks once the agent's turn has played (its `.end` mark echoed, as Twilio echoes a
 * mark once the audio before it has played) and 500 ms have passed, for RUN_SECONDS. Latency is
 * taken here, from the callee's last loud chunk sent to the first agent `media` message received;
 * overhead is that minus STT_MS + LLM_MS + TTS_MS, broken down by stage with the media process's
 * own times of each turn, with its event-loop delay, CPU and memory during the run. It runs once per
 * hearing in HEARINGS (default `energy,models`: the energy VAD, then Silero VAD + Smart Turn, each
 * with CALLS calls of their own in a fresh media process) and prints them side by side.
 */
import { DEFAULT_TURN } from '../conversation/turnSettings';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import WebSocket from 'ws';
import { PIPELINE_SAMPLE_RATE, TELEPHONY_SAMPLE_RATE, TelephonyCodec } from '../lib/audio';
import { startFakeTwilio } from '../test/fakes/twilio';
import { callback, twilioMediaSocket, twilioBenchEnv } from './twilioCallback';
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
  type MediaTiming,
  type MediaUsage,
  type Sample,
} from './voiceBench';

const CALLS = Number(process.env.CALLS) || 50;
const RUN_SECONDS = Number(process.env.RUN_SECONDS) || 60;
const UTTERANCE = 'I would like to renew my plan for another year.';
/** Twilio's chunk: 20 ms of mu-law at 8 kHz; 0xff is silence. */
const CHUNK_BYTES = (TELEPHONY_SAMPLE_RATE * 20) / 1000;
const SILENCE = Buffer.alloc(CHUNK_BYTES, 0xff).toString('base64');

/** The callee's utterance as base64 mu-law chunks, and the chunk of its last loud sample. */
async function utterance(hearing: Hearing): Promise<{ chunks: string[]; lastLoudChunk: number }> {
  const { audio, lastLoud } = await spoken(UTTERANCE, hearing, DEFAULT_TURN.call.completeThreshold);
  const codec = await TelephonyCodec.create();
  // Silence after it pushes the resampler's last milliseconds out.
  const ulaw = Buffer.concat([codec.encode(audio), codec.encode(Buffer.alloc(640))]);
  codec.close();
  const chunks: string[] = [];
  for (let offset = 0; offset + CHUNK_BYTES <= ulaw.length; offset += CHUNK_BYTES) chunks.push(ulaw.subarray(offset, offset + CHUNK_BYTES).toString('base64'));
  return { chunks, lastLoudChunk: Math.floor((lastLoud * TELEPHONY_SAMPLE_RATE) / PIPELINE_SAMPLE_RATE / CHUNK_BYTES) };
}

/** One callee's phone as Twilio streams it: a chunk every 20 ms, speaking again 500 ms after each agent turn has played. */
class Callee {
  private sent = 0;
  private speakingFrom = -1;
  private sequence = 0;
  /** The end of the speech whose answer's first frame has not come yet. */
  private speechEnd: number | undefined;
  /** When the agent's audio received so far will have played, as Twilio plays it in real time. */
  private playingUntil = 0;
  private readonly pending = new Map<string, NodeJS.Timeout>();
  private readonly streamSid: string;
  /** When the first chunk was due: the first tick, since the stream's other calls may take seconds to connect. */
  private t0: number | undefined;

  constructor(
    private readonly ws: WebSocket,
    private readonly speech: { chunks: string[]; lastLoudChunk: number },
    private readonly samples: Sample[],
    private readonly callId: string,
    accountSid: string,
    callSid: string,
  ) {
    this.streamSid = `MZ${callId.padStart(32, '0')}`;
    ws.on('message', (data) => this.message(JSON.parse(String(data))));
    this.send({ event: 'connected', protocol: 'Call', version: '1.0.0' });
    this.send({
      event: 'start',
      start: {
        accountSid,
        streamSid: this.streamSid,
        callSid,
        tracks: ['inbound'],
        mediaFormat: { encoding: 'audio/x-mulaw', sampleRate: 8000, channels: 1 },
        customParameters: {},
      },
    });
  }

  private send(message: Record<string, unknown>): void {
    if (this.ws.readyState === WebSocket.OPEN) this.ws.send(JSON.stringify({ ...message, sequenceNumber: String(++this.sequence), streamSid: this.streamSid }));
  }

  private message(m: { event: string; media?: { payload: string }; mark?: { name: string } }): void {
    const now = performance.now();
    if (m.event === 'media' && m.media) {
      if (this.speechEnd !== undefined) {
        this.samples.push({ id: this.callId, total: now - this.speechEnd, endAt: monotonic(this.speechEnd), receivedAt: monotonic(now) });
        this.speechEnd = undefined;
      }
      this.playingUntil = Math.max(now, this.playingUntil) + (Buffer.byteLength(m.media.payload, 'base64') / TELEPHONY_SAMPLE_RATE) * 1000;
    } else if (m.event === 'mark' && m.mark) {
      const { name } = m.mark;
      this.pending.set(
        name,
        setTimeout(() => this.played(name), Math.max(0, this.playingUntil - now)),
      );
    } else if (m.event === 'clear') {
      this.playingUntil = now;
      for (const name of this.pending.keys()) this.played(name);
    }
  }

  private played(name: string): void {
    clearTimeout(this.pending.get(name));
    this.pending.delete(name);
    this.send({ event: 'mark', mark: { name } });
    if (name.endsWith('.end')) setTimeout(() => (this.speakingFrom = this.sent), 500).unref();
  }

  /** Sends every chunk whose 20 ms have passed since the first tick. */
  tick(now: number): void {
    if (this.ws.readyState !== WebSocket.OPEN) return;
    this.t0 ??= now;
    while (this.t0 + (this.sent + 1) * 20 <= now) {
      const k = this.speakingFrom >= 0 ? this.sent - this.speakingFrom : -1;
      this.sent++;
      const speaking = k >= 0 && k < this.speech.chunks.length;
      this.send({
        event: 'media',
        media: { track: 'inbound', chunk: String(this.sent), timestamp: String(this.sent * 20), payload: speaking ? this.speech.chunks[k]! : SILENCE },
      });
      if (speaking && k === this.speech.lastLoudChunk) this.speechEnd = performance.now();
      if (speaking && k === this.speech.chunks.length - 1) this.speakingFrom = -1;
    }
  }

  stop(): void {
    for (const timer of this.pending.values()) clearTimeout(timer);
    this.send({ event: 'stop', stop: {} });
    this.ws.close();
  }
}

interface Run {
  hearing: Hearing;
  samples: Sample[];
  timings: MediaTiming[];
  usage: MediaUsage;
}

async function main(): Promise<void> {
  const twilio = await startFakeTwilio();
  const env = twilioBenchEnv(twilio);
  try {
    await withVoiceStack('voice-calls', env, async ({ url, api, worker, media }) => {
      const { key } = await benchTenant('Bench voice calls', { creditMinutes: 10_000_000, limits: { maxConcurrentCalls: CALLS * HEARINGS.length } });
      const request = apiClient(url, key);
      const post = async (route: string, body: unknown) => {
        const res = await request('POST', route, body);
        if (res.status >= 300) throw new Error(`POST ${route} answered ${res.status}: ${res.text.slice(0, 300)}`);
        return res.body;
      };
      const agent = await post('/agents', {
        name: 'Bench caller',
        language: 'en-US',
        instructions: 'Ask about the renewal.',
        phone: { greeting: 'Hello, this is the renewals desk.' },
      });

      const run = async (hearing: Hearing, first: number): Promise<Run> => {
        const speech = await utterance(hearing);
        const mediaProcess = await media(hearing);
        const mediaBefore = memory(mediaProcess.child.pid!).rss;
        // Placed through the API, rung and answered by Twilio's callbacks: the call workflows are real.
        const calls = await Promise.all(
          Array.from({ length: CALLS }, async (_, i) => {
            const phoneNumber = `+44207946${String(200 + first + i).padStart(4, '0')}`;
            const { id } = (await post('/calls', { agentId: agent.id, phoneNumber })) as { id: string };
            const sid = twilio.created.find((d) => d.form.To === phoneNumber)!.callSid;
            for (const CallStatus of ['initiated', 'ringing', 'in-progress'])
              await callback(twilio, url, `/carrier/twilio/status/${id}`, { AccountSid: twilio.accountSid, CallSid: sid, CallStatus });
            await callback(twilio, url, `/carrier/twilio/amd/${id}`, { AccountSid: twilio.accountSid, CallSid: sid, AnsweredBy: 'human' });
            for (;;) {
              if ((await request('GET', `/calls/${id}`)).body.status === 'active') return { id, sid };
              await sleep(200);
            }
          }),
        );
        const samples: Sample[] = [];
        const callees: Callee[] = [];
        // Streams open spread over the first second, as real calls would not connect in step.
        for (const call of calls) {
          const ws = twilioMediaSocket(twilio, mediaProcess.url, call.id);
          await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
          callees.push(new Callee(ws, speech, samples, call.id, twilio.accountSid, call.sid));
          await sleep(1000 / CALLS);
        }
        const usage = await measureMedia(mediaProcess, mediaBefore, { api: api.pid!, worker: worker.pid!, clients: process.pid }, RUN_SECONDS, (now) => {
          for (const callee of callees) callee.tick(now);
        });
        for (const callee of callees) callee.stop();
        await mediaProcess.stop();
        return { hearing, samples, timings: mediaProcess.timings, usage };
      };
      const runs: Run[] = [];
      for (const [n, hearing] of HEARINGS.entries()) runs.push(await run(hearing, n * CALLS));

      console.log(`\nnode ${process.version}, ${os.cpus().length} cores; Temporal dev server, FerretDB (SQLite); ${RUN_SECONDS} s per run`);
      console.log(`fakes: STT final ${STT_MS} ms after the last loud chunk, LLM first token ${LLM_MS} ms, TTS first audio ${TTS_MS} ms (sum ${FAKES} ms)`);
      console.log(
        'the calls in a media process of their own (bench/voiceMedia.ts), a fresh one per hearing; with the turn models, the callees speak with the local Piper voice',
      );
      console.log("latency: callee's last loud mu-law chunk sent -> first agent `media` message received, over Twilio Media Streams\n");
      console.log(`| hearing | calls | turns | measured p50 | p95 | p99 | overhead p50 | p95 | p99 | ${USAGE_HEADER}`);
      console.log(`| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |${USAGE_ALIGN}`);
      for (const r of runs) {
        const totals = r.samples.map((s) => s.total);
        const over = totals.map((t) => t - FAKES);
        console.log(
          `| ${hearingName(r.hearing)} | ${CALLS} | ${r.samples.length} | ${ms(quantile(totals, 0.5))} | ${ms(quantile(totals, 0.95))} | ${ms(quantile(totals, 0.99))} | ` +
            `${ms(quantile(over, 0.5))} | ${ms(quantile(over, 0.95))} | ${ms(quantile(over, 0.99))} | ${usageCells(CALLS, r.usage)}`,
        );
      }
      for (const r of runs) stageTable(`${hearingName(r.hearing)}, ${CALLS} calls`, 'callee', r.samples, r.timings, r.usage.timerLate, r.usage.eventLoop);
      console.log(
        "\nmedia CPU per session-second: the media process's CPU time (its Media Streams sockets, mu-law codec, media sessions and transcript writes) over the run's call-seconds; sessions per media core: calls over its share of a core; RSS per session: its growth from before the calls connected, over them",
      );
    });
  } finally {
    await twilio.close();
  }
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
