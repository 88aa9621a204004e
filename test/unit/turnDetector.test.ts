/**
 * The end-of-turn decision over a scripted VAD and a stand-in turn model: which pauses end a turn,
 * which are waited for, for how long, and what audio the model judges.
 */
import type { SmartTurn } from '../../conversation/smartTurn';
import { TurnDetector, type TurnEvent } from '../../conversation/turnDetector';
import type { VadChange, VoiceActivity } from '../../conversation/vad';

const FRAME = Buffer.alloc(640);

/** A VAD that says what `script` says at each frame (`start`, `end` or nothing). */
function scripted(script: Record<number, VadChange>): VoiceActivity {
  let frame = 0;
  const vad = {
    speaking: false,
    speechMs: 0,
    push(): VadChange {
      const change = script[frame++];
      if (change) vad.speaking = change === 'start';
      vad.speechMs = vad.speaking ? 100 : 0;
      return change;
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

test('without a turn model every pause ends the turn', async () => {
  const events = await run(new TurnDetector(scripted({ 10: 'start', 30: 'end' }), undefined, settings), 40);
  expect(events).toEqual([
    { type: 'speech', resumed: false, at: 10 },
    { type: 'end', reason: 'vad', at: 30 },
  ]);
});

test('a pause the model judges complete ends the turn at once, with the speech and 500 ms before it judged', async () => {
  const judged: number[] = [];
  const events = await run(new TurnDetector(scripted({ 50: 'start', 80: 'end' }), model([0.9], judged), settings), 90);
  expect(events.map(({ type, at }) => [type, at])).toEqual([
    ['speech', 50],
    ['end', 80],
  ]);
  expect(events[1]).toMatchObject({ reason: 'turn_model', probability: 0.9 });
  // 100 ms of speech when the VAD started it, 500 ms before it, and the 30 frames (600 ms) after.
  expect(judged).toEqual([(0.1 + 0.5 + 0.6) * 16_000]);
});

test('an unfinished pause is waited for: speech again continues the turn, which the next pause can end', async () => {
  const events = await run(new TurnDetector(scripted({ 5: 'start', 20: 'end', 40: 'start', 60: 'end' }), model([0.2, 0.8]), settings), 70);
  expect(events.map((e) => [e.type, e.at, 'resumed' in e ? e.resumed : 'reason' in e ? e.reason : e.probability])).toEqual([
    ['speech', 5, false],
    ['pause', 20, 0.2],
    ['speech', 40, true],
    ['end', 60, 'turn_model'],
  ]);
});

test('an unfinished pause ends the turn after maxWaitMs of quiet', async () => {
  const events = await run(new TurnDetector(scripted({ 5: 'start', 20: 'end' }), model([0.1]), settings), 100);
  expect(events.map((e) => [e.type, e.at])).toEqual([
    ['speech', 5],
    ['pause', 20],
    // 1000 ms of 20 ms frames after the pause.
    ['end', 70],
  ]);
  expect(events[2]).toMatchObject({ reason: 'timeout' });
});

test("a pause the model judges complete is waited for when the STT's final of it reads unfinished", async () => {
  let words = 'I would like to book a table for';
  const detector = new TurnDetector(scripted({ 5: 'start', 20: 'end', 40: 'start', 60: 'end' }), model([0.9, 0.9]), settings, () => words);
  const events: (TurnEvent & { at: number })[] = [];
  for (let at = 0; at < 70; at++) {
    if (at === 40) words = 'I would like to book a table for two people tonight.';
    const event = await detector.push(FRAME);
    if (event) events.push({ ...event, at });
  }
  expect(events.map((e) => [e.type, e.at, 'reason' in e ? e.reason : e.type === 'pause' ? e.probability : e.resumed])).toEqual([
    ['speech', 5, false],
    ['pause', 20, 0.9],
    ['speech', 40, true],
    ['end', 60, 'turn_model'],
  ]);
});

test('words that read unfinished still end the turn after maxWaitMs', async () => {
  const events = await run(new TurnDetector(scripted({ 5: 'start', 20: 'end' }), model([0.95]), settings, () => 'so what I need is a new...'), 100);
  expect(events.map((e) => [e.type, e.at])).toEqual([
    ['speech', 5],
    ['pause', 20],
    ['end', 70],
  ]);
});
