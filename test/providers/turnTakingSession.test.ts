/** @jest-environment ./test/helpers/onnxEnvironment.ts */
/**
 * The media session on Silero VAD and Smart Turn (VOICE_VAD=silero), on their real models: a
 * television's hiss over the agent interrupts it on the energy VAD and not on Silero, and a person
 * talking over the agent (the local TTS voice) interrupts it on Silero too.
 */
import { floatToPcm16, Framer, frameBytes, PIPELINE_SAMPLE_RATE } from '../../lib/audio';
import { seeded } from '../../lib/seeded';
import { LocalTtsProvider } from '../../providers/tts/local';
import { provision, toolPaths } from '../../scripts/stack';
import { speak } from '../../bench/turnSet';
import { testSession } from '../fakes/voice';

let turnModelsDir: string;

beforeAll(() => {
  provision('turn-models');
  provision('local-speech');
  turnModelsDir = toolPaths().turnModels;
}, 600_000);

async function until(condition: () => boolean, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

const random = seeded(3);
/** 1.5 s of white noise at about -25 dBFS, as loud as speech on a phone line, in 20 ms frames. */
const noise = new Framer(frameBytes(PIPELINE_SAMPLE_RATE)).push(floatToPcm16(Float32Array.from({ length: PIPELINE_SAMPLE_RATE * 1.5 }, () => 0.1 * (random() * 2 - 1))));

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
  const speech = await speak(new LocalTtsProvider({ dir: toolPaths().localSpeech }), 'Sorry, I have to stop you there, I am driving right now.');
  expect(await interrupted('silero', new Framer(frameBytes(PIPELINE_SAMPLE_RATE)).push(floatToPcm16(speech)))).toBe(true);
});
