/**
 * `npm run bench:inbound`: calls arriving on our numbers beside outbound calls, on one stack and in
 * one run: the API, the media process (bench/voiceMedia.ts: the Media Streams socket, whose TTS
 * answers its first audio after TTS_MS) and the worker with CARRIER=twilio against the Twilio REST
 * fake in this process, over a Temporal dev server and FerretDB.
 *
 * - The answer: CALLS signed voice webhooks at once (`POST /carrier/twilio/inbound`, admission,
 *   record and workflow start, TwiML back), beside CALLS `POST /calls` at once (admission, workflow,
 *   the dial to the fake and its 201).
 * - The greeting: from the media stream's `start` to the agent's first `media` message, for the
 *   CALLS inbound calls at once, beside the CALLS outbound calls once answered (status and
 *   answering-machine callbacks), also at once.
 */
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import WebSocket from 'ws';
import { startFakeTwilio, type FakeTwilio } from '../test/fakes/twilio';
import { apiClient, benchTenant } from './servers';
import { callback, twilioMediaSocket, twilioBenchEnv } from './twilioCallback';
import { TTS_MS, ms, quantile, sleep, withVoiceStack } from './voiceBench';

const CALLS = Number(process.env.CALLS) || 50;

/** Times `work` for each of `n` at once: milliseconds each took, in order. */
async function atOnce<T>(n: number, work: (i: number) => Promise<T>): Promise<{ results: T[]; took: number[] }> {
  const took: number[] = [];
  const results = await Promise.all(
    Array.from({ length: n }, async (_, i) => {
      const start = performance.now();
      const result = await work(i);
      took[i] = performance.now() - start;
      return result;
    }),
  );
  return { results, took };
}

/** Opens the call's media stream as Twilio does and times `start` to the first agent audio. */
async function firstAudio(twilio: FakeTwilio, mediaUrl: string, callId: string, callSid: string): Promise<{ ms: number; ws: WebSocket }> {
  const ws = twilioMediaSocket(twilio, mediaUrl, callId);
  await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
  const streamSid = `MZ${callSid.slice(2)}`;
  return new Promise((resolve, reject) => {
    let start = 0;
    ws.on('message', (data) => {
      const message = JSON.parse(String(data)) as { event: string };
      if (message.event === 'media' && start) {
        resolve({ ms: performance.now() - start, ws });
        start = 0;
      }
    });
    ws.once('error', reject);
    ws.send(JSON.stringify({ event: 'connected', protocol: 'Call', version: '1.0.0' }));
    start = performance.now();
    ws.send(
      JSON.stringify({
        event: 'start',
        sequenceNumber: '1',
        streamSid,
        start: {
          streamSid,
          accountSid: twilio.accountSid,
          callSid,
          tracks: ['inbound'],
          mediaFormat: { encoding: 'audio/x-mulaw', sampleRate: 8000, channels: 1 },
          customParameters: { callId },
        },
      }),
    );
  });
}

const row = (what: string, values: number[]) =>
  `| ${what} | ${values.length} | ${ms(quantile(values, 0.5))} | ${ms(quantile(values, 0.99))} | ${ms(Math.max(...values))} |`;

async function main(): Promise<void> {
  const twilio = await startFakeTwilio();
  const env = twilioBenchEnv(twilio);
  try {
    await withVoiceStack('inbound', env, async ({ url, media }) => {
      const mediaUrl = (await media('energy')).url;
      const { key } = await benchTenant('Bench inbound', { creditMinutes: 10_000_000, limits: { maxConcurrentCalls: 2 * CALLS + 2 } });
      const request = apiClient(url, key);
      const post = async (route: string, body: unknown) => {
        const res = await request('POST', route, body);
        if (res.status >= 300) throw new Error(`POST ${route} answered ${res.status}: ${res.text.slice(0, 300)}`);
        return res.body as { id: string };
      };
      const agent = await post('/agents', {
        name: 'Bench desk',
        language: 'en-US',
        instructions: 'Help.',
        phone: { direction: 'both', greeting: 'Hello, this is the help desk.' },
      });
      const numbers = Array.from({ length: CALLS }, (_, i) => `+441134960${String(i).padStart(3, '0')}`);
      for (const phoneNumber of numbers) {
        twilio.addIncomingNumber(phoneNumber);
        await post('/phone-numbers', { phoneNumber, agentId: agent.id });
      }
      // One of each first, so that neither side pays for the first request of its kind.
      await post('/calls', { agentId: agent.id, phoneNumber: '+442079460300' });
      await callback(twilio, url, '/carrier/twilio/inbound', {
        AccountSid: twilio.accountSid,
        CallSid: `CA${'f'.repeat(32)}`,
        From: '+442079460300',
        To: numbers[0]!,
        CallStatus: 'ringing',
      });
      await sleep(1000);

      const outbound = await atOnce(CALLS, (i) => post('/calls', { agentId: agent.id, phoneNumber: `+44207946${String(400 + i).padStart(4, '0')}` }));
      const sids = Array.from({ length: CALLS }, (_, i) => `CA${String(i).padStart(32, '0')}`);
      const inbound = await atOnce(CALLS, async (i) => {
        const twiml = await callback(twilio, url, '/carrier/twilio/inbound', {
          AccountSid: twilio.accountSid,
          CallSid: sids[i]!,
          From: `+44207946${String(600 + i).padStart(4, '0')}`,
          To: numbers[i]!,
          CallStatus: 'ringing',
        });
        const callId = /\/media\/([0-9a-f]{24})"/.exec(twiml)?.[1];
        if (!callId) throw new Error(`the call was not admitted: ${twiml}`);
        return callId;
      });

      // The outbound calls answered by Twilio's callbacks, then every stream of each kind started at once.
      const answered = await Promise.all(
        outbound.results.map(async ({ id }, i) => {
          const sid = twilio.created.find((d) => d.form.To === `+44207946${String(400 + i).padStart(4, '0')}`)!.callSid;
          for (const CallStatus of ['initiated', 'ringing', 'in-progress'])
            await callback(twilio, url, `/carrier/twilio/status/${id}`, { AccountSid: twilio.accountSid, CallSid: sid, CallStatus });
          await callback(twilio, url, `/carrier/twilio/amd/${id}`, { AccountSid: twilio.accountSid, CallSid: sid, AnsweredBy: 'human' });
          for (;;) {
            if ((await request('GET', `/calls/${id}`)).body.status === 'active') return { id, sid };
            await sleep(100);
          }
        }),
      );
      const outboundAudio = await Promise.all(answered.map(({ id, sid }) => firstAudio(twilio, mediaUrl, id, sid)));
      for (const { ws } of outboundAudio) ws.close();
      const inboundAudio = await Promise.all(inbound.results.map((callId, i) => firstAudio(twilio, mediaUrl, callId, sids[i]!)));
      for (const { ws } of inboundAudio) ws.close();

      console.log(
        `\nnode ${process.version}, ${os.cpus().length} cores; Temporal dev server, FerretDB (SQLite); ${CALLS} calls at once; TTS first audio after ${TTS_MS} ms; load avg ${os.loadavg()[0]!.toFixed(2)}`,
      );
      console.log('\n| answer, ms | calls | p50 | p99 | max |');
      console.log('| --- | ---: | ---: | ---: | ---: |');
      console.log(row('inbound: Twilio voice webhook -> TwiML', inbound.took));
      console.log(row('outbound: POST /calls -> 201 (baseline)', outbound.took));
      console.log('\n| greeting, ms | calls | p50 | p99 | max |');
      console.log('| --- | ---: | ---: | ---: | ---: |');
      console.log(
        row(
          'inbound: stream `start` -> first agent audio',
          inboundAudio.map((a) => a.ms),
        ),
      );
      console.log(
        row(
          'outbound: stream `start` after the answer -> first agent audio (baseline)',
          outboundAudio.map((a) => a.ms),
        ),
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
