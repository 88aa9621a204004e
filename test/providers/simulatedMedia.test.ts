/**
 * The simulated audio line's phone against a media endpoint of the test's own (a `ws` server): how
 * it hears the agent's paced audio through a stall of its process, and how it ends: the service
 * hanging up while the phone still speaks its opening (a voicemail greeting, a menu), and the
 * stream dropping with no close at all (the media process died).
 */
import type { AddressInfo } from 'node:net';
import { WebSocketServer, type WebSocket } from 'ws';
import { Playback } from '../../conversation/playback';
import { PIPELINE_SAMPLE_RATE, TelephonyCodec, pcmOf } from '../../lib/audio';
import { phoneCatchUp, simulatedCallee, type SimulatedCalleeOptions } from '../../providers/carrier/simulatedMedia';
import { wordAudio } from '../../providers/simulatedSpeech';
import { SimulatedStt } from '../../providers/stt/simulated';
import { SimulatedTts } from '../../providers/tts/simulated';
import { MEDIA_STREAM_LOST } from '../../workflows/definitions';

const GREETING = 'You have reached the voicemail of Ada. Please leave a message after the tone and she will call you back.';

let server: WebSocketServer;
/** What the endpoint does with each stream once the phone has sent `start`. */
let onStart: (ws: WebSocket) => void;

beforeAll(async () => {
  server = new WebSocketServer({ port: 0, host: '127.0.0.1' });
  await new Promise((resolve) => server.once('listening', resolve));
  server.on('connection', (ws) =>
    ws.on('message', (data) => {
      if ((JSON.parse(String(data)) as { event: string }).event === 'start') onStart(ws);
    }),
  );
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

const phone = (): SimulatedCalleeOptions => ({
  url: `ws://127.0.0.1:${(server.address() as AddressInfo).port}/carrier/simulated/media/c1`,
  signature: 'unused',
  callSid: 'CA1',
  profile: { type: 'phone', instructions: '', greeting: '', requiredContactFields: [], outcomeLabels: [], language: 'en-GB' },
  seed: '+442079460004',
  hangsUpEarly: false,
  silent: true,
  opening: [{ say: GREETING }, { quietMs: 2_000 }],
  hear: new SimulatedStt(),
  speak: new SimulatedTts(),
  signal: new AbortController().signal,
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

test('the service hangs up while the phone speaks its opening: the phone stops, and nothing of it keeps running', async () => {
  const timers = jest.spyOn(global, 'setTimeout');
  try {
    onStart = (ws) => setTimeout(() => ws.close(1000), 100);
    await expect(simulatedCallee(phone())).resolves.toBe('agent');
    // The opening's words were still queued: a phone waiting for them to go out would poll for them
    // every 20 ms tick forever, and keep its process (the worker) running.
    const polls = () => timers.mock.calls.filter(([, ms]) => ms === 20).length;
    await sleep(100);
    const settled = polls();
    await sleep(300);
    expect(polls()).toBe(settled);
  } finally {
    timers.mockRestore();
  }
});

test('a stream dropped with no close from the service is the media lost, which the line reports as such', async () => {
  onStart = (ws) => setTimeout(() => ws.terminate(), 100);
  const lost = await simulatedCallee(phone()).then(
    () => new Error('resolved'),
    (err: Error) => err,
  );
  // Temporal names an activity's failure after its error's class.
  expect([lost.constructor.name, lost.message]).toEqual([MEDIA_STREAM_LOST, 'the media stream closed (1006)']);
});

/** Blocks this process (the endpoint's and the phone's) as a starved machine's pause does. */
function stall(ms: number): void {
  const until = Date.now() + ms;
  while (Date.now() < until);
}

test.each([
  { behind: 1, queued: 0, lastPlayed: true, play: 1, waitMs: 0 },
  { behind: 2, queued: 0, lastPlayed: false, play: 2, waitMs: 0 },
  { behind: 2, queued: 5, lastPlayed: true, play: 2, waitMs: 0 },
  { behind: 11, queued: 12, lastPlayed: true, play: 11, waitMs: 0 },
  { behind: 12, queued: 10, lastPlayed: false, play: 10, waitMs: 140 },
  { behind: 8, queued: 0, lastPlayed: false, play: 0, waitMs: 160 },
  // Its timer late on a starved machine, the agent's next words not read yet: a tick of silence
  // here cut "option" in two, and the phone keyed nothing.
  { behind: 2, queued: 1, lastPlayed: true, play: 1, waitMs: 120 },
  { behind: 2, queued: 0, lastPlayed: true, play: 0, waitMs: 140 },
  // Held up just as long as it had queued: the next tick, on time, played silence mid-word.
  { behind: 12, queued: 12, lastPlayed: true, play: 12, waitMs: 100 },
])(
  "a phone $behind ticks late with $queued of the agent's queued (the last played some: $lastPlayed) plays $play and waits $waitMs ms more",
  ({ behind, queued, lastPlayed, play, waitMs }) => {
    expect(phoneCatchUp(behind, queued, lastPlayed)).toEqual({ play, waitMs });
  },
);

test.each([210, 230, 250])(
  'a phone held up %i ms, a little longer than the audio it has queued, hears the question whole and keys its answer',
  async (stallMs) => {
    const codec = await TelephonyCodec.create();
    const words = 'Could you tell me your option digit?'.split(' ');
    const question = Buffer.concat(words.map((word) => pcmOf(wordAudio(word, PIPELINE_SAMPLE_RATE))));
    // The frames sent as the middle of "option" and of "digit?" are due: the agent's side, paced 200
    // ms ahead as the service paces it, stalls there with the phone, which wakes behind its clock
    // with a little less queued than the stall. Playing the rest of the stall as silence cut the word.
    const stallAtFrames = new Set([91, 115]);
    let answered: (event: string) => void = () => undefined;
    const answer = new Promise<string>((resolve) => (answered = resolve));
    onStart = (ws) => {
      let frames = 0;
      const playback = new Playback(
        {
          sendAudio: (frame) => {
            ws.send(JSON.stringify({ event: 'media', media: { payload: codec.encode(frame).toString('base64') } }));
            if (stallAtFrames.has(++frames)) stall(stallMs);
          },
          clear: () => undefined,
          mark: (name) => ws.send(JSON.stringify({ event: 'mark', mark: { name } })),
          close: () => undefined,
        },
        PIPELINE_SAMPLE_RATE,
        200,
      );
      playback.play(question);
      playback.mark('asked');
      playback.finish();
      ws.on('message', (data) => {
        const event = (JSON.parse(String(data)) as { event: string }).event;
        if (event === 'dtmf') answered('dtmf');
      });
      // The phone answers 600 ms after the question's end: keys by then, or it heard something else.
      setTimeout(() => answered('no key'), 2_640 + 2 * stallMs + 2_000);
    };
    const done = simulatedCallee({
      ...phone(),
      profile: { type: 'phone', instructions: '', greeting: '', requiredContactFields: ['optionDigit'], outcomeLabels: [], language: 'en-GB' },
      silent: false,
      opening: undefined,
    });
    try {
      expect(await answer).toBe('dtmf');
    } finally {
      for (const ws of server.clients) ws.close(1000);
      await done;
      codec.close();
    }
  },
  20_000,
);
