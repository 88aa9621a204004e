/**
 * The end-of-turn decision over a VAD that hears speech where a script says and a stand-in turn model:
 * which pauses end a turn, when they are judged, which are waited for, for how long, and what audio
 * the model judges. Frames are 20 ms.
 */
import type { SmartTurn } from '../../conversation/smartTurn';
import { TurnDetector, type TurnEvent } from '../../conversation/turnDetector';
import type { VadChange, VoiceActivity } from '../../conversation/vad';

const FRAME = Buffer.alloc(640);

/**
 * A VAD that hears speech in the frames of `spans` ([from, to) frame numbers): speech starts at once,
 * with 100 ms of it heard, and ends after 200 ms (10 frames) of quiet, as Silero's stop does.
 */
function scripted(...spans: [number, number][]): VoiceActivity {
  let frame = 0;
  const vad = {
    speaking: false,
    speechMs: 0,
    quietMs: 0,
    push(): VadChange {
      const speech = spans.some(([from, to]) => frame >= from && frame < to);
      frame++;
      vad.quietMs = speech ? 0 : vad.quietMs + 20;
      if (speech && !vad.speaking) return ((vad.speaking = true), (vad.speechMs = 100), 'start');
      if (vad.speaking && vad.quietMs >= 200) return ((vad.speaking = false), (vad.speechMs = 0), 'end');
      return undefined;
    },
  };
  return vad;
}

/** A turn model answering `probabilities` in turn, recording the length of the audio it was given. */
function model(probabilities: number[], judged: number[] = []): SmartTurn {
  return { completeProbability: async (audio: Float32Array) => (judged.push(audio.length), probabilities.shift()!) } as unknown as SmartTurn;
}

async function run(detector: TurnDetector, frames: number): Promise<(TurnEvent & { at: number })[]> {
  const events: (TurnEvent & { at: number })[] = [];
  for (let at = 0; at < frames; at++) {
    const event = await detector.push(FRAME);
    if (event) events.push({ ...event, at });
  }
  return events;
}

const settings = { completeThreshold: 0.5, maxWaitMs: 1000 };
const brief = (events: (TurnEvent & { at: number })[]) =>
  events.map((e) => [e.type, e.at, e.type === 'speech' ? e.resumed : e.type === 'pause' ? e.probability : e.reason]);

test("without a turn model the VAD's end of speech ends the turn", async () => {
  const events = await run(new TurnDetector(scripted([10, 20]), undefined, settings), 40);
  expect(brief(events)).toEqual([
    ['speech', 10, false],
    // 10 frames of quiet: the VAD's 200 ms stop.
    ['end', 29, 'vad'],
  ]);
});

test("a pause judged complete ends the turn at 96 ms of quiet, before the VAD's stop, with the speech and 500 ms before it judged", async () => {
  const judged: number[] = [];
  const events = await run(new TurnDetector(scripted([50, 80]), model([0.9], judged), settings), 90);
  expect(brief(events)).toEqual([
    ['speech', 50, false],
    // Frames 80 to 84: 100 ms of quiet, the first at or over 96 ms.
    ['end', 84, 'turn_model'],
  ]);
  expect(events[1]).toMatchObject({ probability: 0.9 });
  // 100 ms of speech when the VAD started it, 500 ms before it, and the 34 frames (680 ms) after.
  expect(judged).toEqual([(0.1 + 0.5 + 0.68) * 16_000]);
});

test("an unfinished pause is judged again at the VAD's stop, which can end the turn", async () => {
  const judged: number[] = [];
  const events = await run(new TurnDetector(scripted([5, 20]), model([0.2, 0.8], judged), settings), 60);
  expect(brief(events)).toEqual([
    ['speech', 5, false],
    ['pause', 24, 0.2],
    ['end', 29, 'turn_model'],
  ]);
  // Each judgement hears the turn's audio to its frame, the quiet so far included (the clip from its
  // start here: less than 500 ms came before the speech).
  expect(judged.map((n) => n / 320)).toEqual([25, 30]);
});

test('speech after an unfinished pause continues the turn, and its own pause is judged afresh', async () => {
  const events = await run(new TurnDetector(scripted([5, 20], [40, 55]), model([0.2, 0.3, 0.9]), settings), 70);
  expect(brief(events)).toEqual([
    ['speech', 5, false],
    ['pause', 24, 0.2],
    ['pause', 29, 0.3],
    ['speech', 40, true],
    ['end', 59, 'turn_model'],
  ]);
});

test("a gap shorter than the VAD's stop judged unfinished is judged again at the next gap", async () => {
  // Seven frames of quiet (140 ms) between the spans: the VAD never ends the speech.
  const events = await run(new TurnDetector(scripted([5, 20], [27, 40]), model([0.2, 0.9]), settings), 60);
  expect(brief(events)).toEqual([
    ['speech', 5, false],
    ['pause', 24, 0.2],
    ['end', 44, 'turn_model'],
  ]);
});

test("speech again before the VAD's stop, after a turn judged complete, starts a new turn", async () => {
  // Seven frames of quiet (140 ms) between the spans: the VAD never ends the speech.
  const events = await run(new TurnDetector(scripted([5, 20], [27, 40]), model([0.9, 0.9]), settings), 60);
  expect(brief(events)).toEqual([
    ['speech', 5, false],
    ['end', 24, 'turn_model'],
    ['speech', 27, false],
    ['end', 44, 'turn_model'],
  ]);
});

test("an unfinished pause ends the turn after maxWaitMs of quiet from the VAD's stop, without judging it again", async () => {
  const events = await run(new TurnDetector(scripted([5, 20]), model([0.1, 0.1, 0.9]), settings), 100);
  expect(brief(events)).toEqual([
    ['speech', 5, false],
    ['pause', 24, 0.1],
    ['pause', 29, 0.1],
    // The VAD stopped at frame 29; 1000 ms of 20 ms frames after it.
    ['end', 79, 'timeout'],
  ]);
});

test("a pause the model judges complete is waited for while the STT's words of it read unfinished", async () => {
  let words = 'I would like to book a table for';
  const detector = new TurnDetector(scripted([5, 20], [40, 55]), model([0.9, 0.9, 0.9]), settings, () => words);
  const events: (TurnEvent & { at: number })[] = [];
  for (let at = 0; at < 70; at++) {
    if (at === 40) words = 'I would like to book a table for two people tonight.';
    const event = await detector.push(FRAME);
    if (event) events.push({ ...event, at });
  }
  expect(brief(events)).toEqual([
    ['speech', 5, false],
    ['pause', 24, 0.9],
    ['pause', 29, 0.9],
    ['speech', 40, true],
    ['end', 59, 'turn_model'],
  ]);
});

test('words that read unfinished still end the turn after maxWaitMs', async () => {
  const events = await run(new TurnDetector(scripted([5, 20]), model([0.95, 0.95]), settings, () => 'so what I need is a new...'), 100);
  expect(events.at(-1)).toMatchObject({ type: 'end', reason: 'timeout', at: 79 });
});
