/** @jest-environment ./test/helpers/onnxEnvironment.ts */
/**
 * The media session on Silero VAD and Smart Turn (VOICE_VAD=silero), on their real models: a
 * television's hiss over the agent interrupts it on the energy VAD and not on Silero, and a person
 * talking over the agent (the local TTS voice) interrupts it on Silero too; a turn the turn model
 * decided stores how.
 */
import { floatToPcm16, Framer, frameBytes, PIPELINE_SAMPLE_RATE } from '../../lib/audio';
import { seeded } from '../../lib/seeded';
import { LocalTtsProvider } from '../../providers/tts/local';
import { provision, toolPaths } from '../../scripts/stack';
import { speak } from '../../bench/turnSet';
import { Registry } from 'prom-client';
import { registerVoiceMetrics, type ContactTurnTimings } from '../../conversation/turnTimings';
import type { SttProvider } from '../../providers/stt/interface';
import { testSession } from '../fakes/voice';

let turnModelsDir: string;
let tts: LocalTtsProvider;

beforeAll(() => {
  provision('turn-models');
  provision('local-speech');
  turnModelsDir = toolPaths().turnModels;
  tts = new LocalTtsProvider({ dir: toolPaths().localSpeech, steady: true });
}, 600_000);

async function until(condition: () => boolean | Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

const metrics = new Registry();
registerVoiceMetrics(metrics);
/** The turn model's runs so far in this process, pauses judged unfinished included. */
async function inferences(): Promise<number> {
  const text = await metrics.getSingleMetricAsString('voice_turn_model_inference_seconds');
  return Number(/_count (\d+)/.exec(text)?.[1] ?? 0);
}

const random = seeded(3);
/** 1.5 s of white noise at about -25 dBFS, as loud as speech on a phone line, in 20 ms frames. */
const noise = new Framer(frameBytes(PIPELINE_SAMPLE_RATE)).push(
  floatToPcm16(Float32Array.from({ length: PIPELINE_SAMPLE_RATE * 1.5 }, () => 0.1 * (random() * 2 - 1))),
);

/** Whether `frames` over the agent's opening made the session stop it. */
async function interrupted(vad: 'energy' | 'silero', frames: Buffer[]): Promise<boolean> {
  const { transport, media } = testSession({ autoPlay: false, settings: { vad, turnModelsDir } });
  await media.start();
  await until(() => transport.marks.includes('t0.end'));
  for (const frame of frames) {
    media.audio(frame);
    // Paced as a line delivers them, so Silero's runs keep up as they would live.
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
  await new Promise((resolve) => setTimeout(resolve, 300));
  media.end();
  await media.ended;
  return transport.log.includes('clear');
}

test.each([
  ['energy', true],
  ['silero', false],
] as const)('noise over the agent on the %s VAD interrupts it: %s', async (vad, interrupts) => {
  expect(await interrupted(vad, noise)).toBe(interrupts);
});

test('speech over the agent interrupts it on Silero', async () => {
  const speech = await speak(tts, 'Sorry, I have to stop you there, I am driving right now.');
  expect(await interrupted('silero', new Framer(frameBytes(PIPELINE_SAMPLE_RATE)).push(floatToPcm16(speech)))).toBe(true);
});

/**
 * An STT whose one final the test hands over when it likes (the local voice is not what the
 * simulated STT reads), after `partial` when one is given, at once.
 */
function heldStt(partial?: string): { stt: SttProvider; settle(text: string): void } {
  let settle!: (text: string) => void;
  const said = new Promise<string>((resolve) => (settle = resolve));
  const stt: SttProvider = {
    name: 'held',
    open: async () => ({
      send: () => undefined,
      finish: () => undefined,
      close: () => undefined,
      events: (async function* () {
        if (partial) yield { type: 'partial' as const, text: partial };
        yield { type: 'final' as const, text: await said };
        await new Promise(() => undefined);
      })(),
    }),
  };
  return { stt, settle };
}

test('a turn Smart Turn decided stores who ended it, with its probability and inference, even when the STT settled it before the detector heard it', async () => {
  const { stt, settle } = heldStt();
  const { conversation, transport, media } = testSession({ stt, settings: { vad: 'silero', turnModelsDir } });
  await media.start();
  await until(() => transport.marks.includes('t0.end'));
  const speech = await speak(tts, 'Where is my order?');
  // The words, then two seconds of quiet: more than a call's longest wait for an unfinished turn.
  const frames = new Framer(frameBytes(PIPELINE_SAMPLE_RATE)).push(Buffer.concat([floatToPcm16(speech), Buffer.alloc(PIPELINE_SAMPLE_RATE * 2 * 2)]));
  // All at once, and the STT settles before the detector has caught up with them (a loaded machine).
  for (const frame of frames) media.audio(frame);
  settle('Where is my order?');
  await until(() => conversation.timings.has(1));
  media.end();
  await media.ended;
  const { endOfTurn, sttFinalMs, takenMs } = conversation.timings.get(1) as ContactTurnTimings;
  expect(['turn_model', 'timeout']).toContain(endOfTurn.by);
  expect(endOfTurn.probability).toBeGreaterThanOrEqual(0);
  expect(endOfTurn.inferenceMs).toBeGreaterThan(0);
  // A timeout waited the longest wait in audio after the pause; the model's decision only its run.
  if (endOfTurn.by === 'timeout') expect(endOfTurn.waitedMs).toBeGreaterThanOrEqual(endOfTurn.inferenceMs!);
  // Taken at the later of the two, in the same turn of the event loop or the next.
  expect(takenMs - Math.max(endOfTurn.atMs, sttFinalMs!)).toBeGreaterThanOrEqual(0);
  expect(takenMs - Math.max(endOfTurn.atMs, sttFinalMs!)).toBeLessThan(50);
});

test("a pause the model judges complete is waited for while the STT's partial of it reads unfinished", async () => {
  const { stt, settle } = heldStt('Where is my order for');
  const { conversation, transport, media } = testSession({ stt, settings: { vad: 'silero', turnModelsDir } });
  await media.start();
  await until(() => transport.marks.includes('t0.end'));
  const speech = await speak(tts, 'Where is my order?');
  const frames = new Framer(frameBytes(PIPELINE_SAMPLE_RATE)).push(Buffer.concat([floatToPcm16(speech), Buffer.alloc(PIPELINE_SAMPLE_RATE * 2 * 2)]));
  const judged = await inferences();
  for (const frame of frames) {
    media.audio(frame);
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
  // The final only once the model has judged the pause: the detector reads the words after its run,
  // and on a loaded machine a final that came during the run would rightly end the turn at once.
  await until(async () => (await inferences()) > judged);
  settle('Where is my order?');
  await until(() => conversation.timings.has(1));
  media.end();
  await media.ended;
  const { endOfTurn } = conversation.timings.get(1) as ContactTurnTimings;
  // The model judged the question complete, and the words before it held the turn to the longest wait.
  expect(endOfTurn.by).toBe('timeout');
  expect(endOfTurn.probability).toBeGreaterThanOrEqual(0.5);
});
