/** @jest-environment ./test/helpers/onnxEnvironment.ts */
/**
 * Silero VAD and Smart Turn on their real models (provisioned into the tools cache when missing),
 * fed the local TTS voice and generated noise: Silero hears speech where the energy VAD does, and
 * does not start on white noise or a tone, which the energy VAD takes for speech; Smart Turn scores
 * finished sentences higher than the same sentences stopped mid-thought; both run off the event loop.
 */
import { floatToPcm16, frameBytes } from '../../lib/audio';
import { SileroVad } from '../../conversation/sileroVad';
import { SmartTurn } from '../../conversation/smartTurn';
import { loadModel, SILERO_FILE, SMART_TURN_FILE } from '../../conversation/turnModels';
import { Tensor } from 'onnxruntime-node';
import { Worker } from 'node:worker_threads';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DEFAULT_VAD } from '../../conversation/turnSettings';
import { EnergyVad, type VoiceActivity } from '../../conversation/vad';
import { LocalTtsProvider } from '../../providers/tts/local';
import { provision, toolPaths } from '../../scripts/stack';
import { quietestGap, speak } from '../../bench/turnSet';
import { seeded } from '../../lib/seeded';

const RATE = 16_000;
let dir: string;
let tts: LocalTtsProvider;

beforeAll(() => {
  provision('local-speech');
  provision('turn-models');
  dir = toolPaths().turnModels;
  tts = new LocalTtsProvider({ dir: toolPaths().localSpeech, steady: true });
}, 600_000);

/** Whether the VAD heard speech start anywhere in `audio`, fed in 20 ms frames with 300 ms of quiet after. */
async function starts(vad: VoiceActivity, audio: Float32Array): Promise<boolean> {
  const pcm = floatToPcm16(Float32Array.from([...audio, ...new Float32Array(RATE * 0.3)]));
  let started = false;
  for (let at = 0; at + frameBytes(RATE) <= pcm.length; at += frameBytes(RATE))
    started = (await vad.push(pcm.subarray(at, at + frameBytes(RATE)))) === 'start' || started;
  return started;
}

const random = seeded(1);
const whiteNoise = Float32Array.from({ length: RATE * 2 }, () => 0.1 * (random() * 2 - 1));
const tone = Float32Array.from({ length: RATE * 2 }, (_, i) => 0.2 * Math.sin((2 * Math.PI * 440 * i) / RATE));

test.each([
  ['white noise', whiteNoise],
  ['a 440 Hz tone', tone],
])('Silero does not start on %s, where the energy VAD does', async (_name, audio) => {
  expect(await starts(new EnergyVad(RATE, DEFAULT_VAD.stopMs), audio)).toBe(true);
  expect(await starts(await SileroVad.create(dir, DEFAULT_VAD), audio)).toBe(false);
});

test('Silero hears speech start and end', async () => {
  const vad = await SileroVad.create(dir, DEFAULT_VAD);
  const speech = await speak(tts, 'Hello, I am calling about my order from last week.');
  expect(await starts(vad, speech)).toBe(true);
  expect(vad.speaking).toBe(false);
});

// Three sentences the model tells apart on this synthetic voice; on the whole generated set it does
// much less well (docs/voice.md, `npm run bench:turns`). A broken feature extraction scores all alike.
// The voice is steady: drawn afresh, its prosody alone moved the means' gap from 0.26 to 0.76 over ten
// draws, and CI once saw 0.14; steady, ten draws gave 0.55-0.76.
test('Smart Turn scores finished sentences higher than the same sentences stopped mid-thought', async () => {
  const turn = await SmartTurn.create(dir);
  const withQuiet = (a: Float32Array) => Float32Array.from([...a, ...new Float32Array(RATE * 0.2)]);
  const complete: number[] = [];
  const cut: number[] = [];
  for (const text of [
    'Well, I think it depends on how much the whole thing costs.',
    'I would like to book a table for two people tonight.',
    'The engine makes a strange noise whenever it starts in the morning.',
  ]) {
    const speech = await speak(tts, text);
    complete.push(await turn.completeProbability(withQuiet(speech)));
    cut.push(await turn.completeProbability(withQuiet(speech.subarray(0, quietestGap(speech)[0]))));
  }
  const mean = (v: number[]) => v.reduce((a, b) => a + b, 0) / v.length;
  expect(mean(complete)).toBeGreaterThan(mean(cut) + 0.2);
});

// onnxruntime-node computes a run on the calling thread; on the event loop, every session in the
// process waited for every other session's models.
test("the models run off the event loop: it keeps turning while Smart Turn's features and run and a Silero window are computed", async () => {
  const [turn, vad] = [await SmartTurn.create(dir), await SileroVad.create(dir, DEFAULT_VAD)];
  const turnsWhile = async (work: Promise<unknown>) => {
    let pending = true;
    let turns = 0;
    const spin = () => {
      if (!pending) return;
      turns++;
      setImmediate(spin);
    };
    setImmediate(spin);
    await work.finally(() => (pending = false));
    return turns;
  };
  expect(await turnsWhile(turn.completeProbability(Float32Array.from(whiteNoise.subarray(0, RATE), (v) => v * 0.1)))).toBeGreaterThan(1);
  // A second of windows: one window's round trip to the thread can be quicker than a turn of the loop.
  expect(await turnsWhile(vad.push(floatToPcm16(tone.subarray(0, RATE))))).toBeGreaterThan(1);
});

/** One quiet Silero window, as a session sends it (64 samples of context and 512 of audio). */
const sileroWindow = () => ({
  input: new Tensor('float32', new Float32Array(576), [1, 576]),
  state: new Tensor('float32', new Float32Array(256), [2, 1, 128]),
  sr: new Tensor('int64', BigInt64Array.from([16000n]), []),
});

test('a Smart Turn decision passes the Silero windows queued before it on the model thread', async () => {
  const [silero, smartTurn] = [await loadModel(dir, SILERO_FILE), await loadModel(dir, SMART_TURN_FILE)];
  const done: string[] = [];
  // 60 sessions' windows, all asked before the decision.
  const windows = Array.from({ length: 60 }, (_, i) => silero.run(sileroWindow()).then(() => done.push(`window ${i}`)));
  const decision = smartTurn.runOnLogMel('input_features', whiteNoise.subarray(0, RATE)).then(() => done.push('decision'));
  await Promise.all([...windows, decision]);
  // In arrival order it would come last; it waits only for the runs already handed to the thread (8).
  expect(done.indexOf('decision')).toBeLessThanOrEqual(8);
});

/** `body` with a fresh copy of the models' module on two threads, the messages to the threads spied on; its threads ended after. */
async function onTwoThreads(
  body: (models: typeof import('../../conversation/turnModels'), sent: jest.SpiedFunction<Worker['postMessage']>) => Promise<void>,
  nice?: number,
) {
  await jest.isolateModulesAsync(async () => {
    const models = await import('../../conversation/turnModels');
    models.useTurnModelThreads(2, nice);
    const sent = jest.spyOn(Worker.prototype, 'postMessage');
    try {
      await body(models, sent);
    } finally {
      sent.mockRestore();
      await models.closeTurnModels();
    }
  });
}

test('with two threads, a decision goes to the one not deciding, and the windows asked meanwhile to the other', () =>
  onTwoThreads(async (models, sent) => {
    const [silero, smartTurn] = [await models.loadModel(dir, SILERO_FILE), await models.loadModel(dir, SMART_TURN_FILE)];
    const audio = whiteNoise.subarray(0, RATE);
    const decide = async () => (await smartTurn.runOnLogMel('input_features', audio)).logits!.data[0];
    const alone = await decide();
    sent.mockClear();
    const first = decide();
    const windows = Array.from({ length: 4 }, () => silero.run(sileroWindow()));
    const second = decide();
    expect(await Promise.all([first, second])).toEqual([alone, alone]);
    await Promise.all(windows);
    const to = (kind: 'logMel' | 'feeds') => sent.mock.calls.flatMap(([message], i) => (message[kind] ? [sent.mock.contexts[i]] : []));
    const [deciding, other] = to('logMel');
    // Two decisions at once ran at once, one on each thread; the windows did not wait behind the first.
    expect(deciding).not.toBe(other);
    expect(to('feeds').map((worker) => worker === other)).toEqual([true, true, true, true]);
  }));

test('a burst of decisions is shared by both threads, though one is full of windows', () =>
  onTwoThreads(async (models, sent) => {
    const [silero, smartTurn] = [await models.loadModel(dir, SILERO_FILE), await models.loadModel(dir, SMART_TURN_FILE)];
    const audio = whiteNoise.subarray(0, RATE);
    sent.mockClear();
    // 60 sessions' windows fill the first thread (eight runs handed over, the rest waiting), then four decisions at once.
    const windows = Array.from({ length: 60 }, () => silero.run(sileroWindow()));
    const decisions = Array.from({ length: 4 }, () => smartTurn.runOnLogMel('input_features', audio));
    await Promise.all([...windows, ...decisions]);
    const threads = sent.mock.calls.flatMap(([message], i) => (message.logMel ? [sent.mock.contexts[i]] : []));
    // Two at once, one on each thread; each thread then takes the next as its own ends.
    expect(threads).toHaveLength(4);
    expect(threads[0]).not.toBe(threads[1]);
    expect(new Set(threads).size).toBe(2);
  }));

/** The nice value of each of this process's threads, and of its main thread (Linux's /proc). */
function niceValues(): { threads: number[]; main: number } {
  const niceOf = (tid: string) => {
    const stat = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
    // Field 19; the fields after the command name, which may hold spaces, start at field 3.
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]);
  };
  return { threads: readdirSync('/proc/self/task').map(niceOf), main: niceOf(String(process.pid)) };
}

/** How many more of this process's threads run `by` nice values below the main thread once a pool of two has run a decision. */
async function lowered(models: typeof import('../../conversation/turnModels'), by: number): Promise<{ threads: number; main: number }> {
  const { main } = niceValues();
  const lower = Math.min(19, main + by);
  const before = niceValues().threads.filter((nice) => nice === lower).length;
  const smartTurn = await models.loadModel(dir, SMART_TURN_FILE);
  await smartTurn.runOnLogMel('input_features', whiteNoise.subarray(0, RATE));
  const after = niceValues();
  return { threads: after.threads.filter((nice) => nice === lower).length - before, main: after.main - main };
}

test('the model threads run at a lower CPU priority than the event loop', () =>
  onTwoThreads(async (models) => {
    expect(models.MODEL_THREAD_NICE).toBeGreaterThan(0);
    // Both threads (and any they start); the loop keeps its own priority.
    const { threads, main } = await lowered(models, models.MODEL_THREAD_NICE);
    expect(threads).toBeGreaterThanOrEqual(2);
    expect(main).toBe(0);
  }));

test('the media process sets how much lower (TURN_MODEL_NICE)', () =>
  onTwoThreads(async (models) => {
    expect((await lowered(models, 3)).threads).toBeGreaterThanOrEqual(2);
  }, 3));

test('a model thread that ends takes its pool with it: the other ends too, and the next run starts a new pool', () =>
  onTwoThreads(async (models, sent) => {
    const smartTurn = await models.loadModel(dir, SMART_TURN_FILE);
    const decide = async () => (await smartTurn.runOnLogMel('input_features', whiteNoise.subarray(0, RATE))).logits!.data[0];
    sent.mockClear();
    const answers = await Promise.all([decide(), decide()]);
    const pool = [...new Set(sent.mock.contexts)] as Worker[];
    expect(pool).toHaveLength(2);
    const ended = pool.map((worker) => new Promise((resolve) => worker.once('exit', resolve)));
    await pool[0]!.terminate();
    // The other thread, idle, is ended with it rather than left holding its models.
    await Promise.all(ended);
    sent.mockClear();
    expect(await decide()).toBe(answers[0]);
    const fresh = sent.mock.contexts as Worker[];
    expect(fresh.some((worker) => pool.includes(worker))).toBe(false);
  }));

test('the windows of sessions waiting together run as one, and each session hears what it hears alone', async () => {
  const settings = { threshold: DEFAULT_VAD.threshold, startMs: DEFAULT_VAD.startMs, stopMs: DEFAULT_VAD.stopMs };
  // Twenty sessions, each a different second of sound: speech-like tones, noise, quiet.
  const sounds = Array.from({ length: 20 }, (_, s) =>
    Float32Array.from({ length: RATE }, (_, i) =>
      s % 3 === 2 ? 0 : 0.2 * Math.sin((2 * Math.PI * (120 + 40 * s) * i) / RATE) * (s % 3) + 0.02 * whiteNoise[i]!,
    ),
  );
  const frames = (sound: Float32Array) => Array.from({ length: RATE / 512 }, (_, w) => floatToPcm16(sound.subarray(w * 512, (w + 1) * 512)));
  const hear = async (vad: SileroVad, sound: Float32Array) => {
    const heard: number[] = [];
    for (const frame of frames(sound)) heard.push((await vad.push(frame), vad.probability));
    return heard;
  };
  const alone: number[][] = [];
  for (const sound of sounds) alone.push(await hear(await SileroVad.create(dir, settings), sound));

  const sent = jest.spyOn(Worker.prototype, 'postMessage');
  const vads = await Promise.all(sounds.map(() => SileroVad.create(dir, settings)));
  sent.mockClear();
  const together = await Promise.all(sounds.map((sound, s) => hear(vads[s]!, sound)));
  const windows = sounds.length * frames(sounds[0]!).length;
  expect(together).toEqual(alone);
  // One message a window would be 620; the windows waiting for the thread went together.
  expect(sent.mock.calls.length).toBeLessThan(windows / 2);
  sent.mockRestore();
});

test('a process stopping mid-run lets both threads finish their runs and exits cleanly, where it aborted', () => {
  // A stop mid-run (SIGTERM to the media process during calls) is what `closeTurnModels` is for;
  // the runs then in flight end in onnxruntime's native code if the thread goes with them.
  const script = path.join(mkdtempSync(path.join(os.tmpdir(), 'turn-models-')), 'stop.ts');
  const from = (file: string) => JSON.stringify(path.join(__dirname, '../../conversation', file));
  writeFileSync(
    script,
    `import { SileroVad } from ${from('sileroVad')};
import { SmartTurn } from ${from('smartTurn')};
import { closeTurnModels, useTurnModelThreads } from ${from('turnModels')};
(async () => {
  useTurnModelThreads(2);
  const vads = await Promise.all(Array.from({ length: 20 }, () => SileroVad.create(process.argv[2]!, { threshold: 0.7, startMs: 96, stopMs: 200 })));
  const turn = await SmartTurn.create(process.argv[2]!);
  let refused = 0;
  for (const vad of vads) void (async () => { for (;;) { try { await vad.push(Buffer.alloc(1024)); } catch { refused++; return; } } })();
  void (async () => { for (;;) { try { await turn.completeProbability(new Float32Array(16000)); } catch { refused++; return; } } })();
  setTimeout(async () => {
    await closeTurnModels();
    await new Promise((r) => setTimeout(r, 50));
    console.log(JSON.stringify({ refused }));
    process.exit(0);
  }, 300);
})();
`,
  );
  const child = spawnSync(process.execPath, ['--import', 'tsx', script, dir], { encoding: 'utf8', timeout: 60_000 });
  expect(child.stderr).not.toContain('terminate called');
  expect(child.status).toBe(0);
  // Every session's next window, and the next decision, was refused rather than left waiting.
  expect(JSON.parse(child.stdout.trim())).toEqual({ refused: 21 });
});
