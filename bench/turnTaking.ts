/**
 * Who is speaking, and have they finished, scored on the labelled set bench/turnSet.ts generates:
 * today's energy VAD, Silero VAD alone, Silero with Smart Turn, and Silero with Smart Turn and the
 * STT's finals (`+words`: conversation/unfinishedText.ts reads them), in one run, at 20, 10 and 5 dB
 * SNR, on the web's 16 kHz and on a phone line's 8 kHz mu-law (encoded and decoded back to 16 kHz as
 * the Media Streams transport does). Each clip streams through a fresh detector in 20 ms frames.
 *
 *   false starts   non-speech clips in which the detector heard speech start (a barge-in that should not be)
 *   missed         speech clips (sentences, cut sentences, backchannels) in which it heard none
 *   premature      cut sentences whose turn it ended before the speaker went on
 *   delay          from the real end of a complete sentence to the end-of-turn decision (the turn
 *                  model's inference included), p50 and p99; `-` when it never decided. The decision
 *                  is the end after the last speech the detector heard start: it can come before
 *                  the sentence's last sample, when its faint tail (a final fricative) is under
 *                  the noise, and then counts negative
 *
 * The `+words` rows' finals are the local STT's (Whisper tiny.en) of each clip's audio up to its
 * pause (a cut sentence's first part) and of the whole clip, given to the detector as if the STT
 * settled them before the decision: the local STT's own endpoint waits 700 ms, a streaming vendor's less.
 *
 * Run: npm run bench:turns [-- --snr 20 --line 16k]   (a subset, while iterating; both repeatable)
 *      npm run bench:turns -- --voices FILE        (the set's speech from FILE, synthesized into it
 *                                                   the first time: runs that compare settings hear the same voice)
 *      npm run bench:turns -- --export DIR         (also writes every clip scored as
 *                                                   DIR/<line>-<snr>dB-<n>.wav and DIR/labels.json, for
 *                                                   bench/pipecatReference.py to score the same clips)
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { floatToPcm16, frameBytes, wavHeader } from '../lib/audio';
import { SileroVad } from '../conversation/sileroVad';
import { SmartTurn } from '../conversation/smartTurn';
import { TurnDetector } from '../conversation/turnDetector';
import { soundsUnfinished } from '../conversation/unfinishedText';
import { EnergyVad } from '../conversation/vad';
import { DEFAULT_TURN, DEFAULT_VAD } from '../conversation/turnSettings';
import { LocalSttProvider } from '../providers/stt/local';
import { provision, toolPaths } from '../scripts/stack';
import { RATE, SET_SEED, SNRS, clips, overPhone, voicesFor, type Clip } from './turnSet';

const LINES = { '16k': '16 kHz', mulaw: 'mu-law 8 kHz' } as const;
/** Silero with the turn model on a call's defaults, and on an interview's (more patient) ones, without and with the STT's finals. */
const DETECTORS = ['energy', 'silero', 'silero+turn call', 'silero+turn interview', 'silero+turn+words call', 'silero+turn+words interview'] as const;
type Detector = (typeof DETECTORS)[number];
const FRAME = frameBytes(RATE);

interface Scores {
  falseStarts: [number, number];
  missed: [number, number];
  premature: [number, number];
  delays: number[];
  undecided: number;
  inference: number[];
}

/** The STT's finals of a clip: of its first part (a cut sentence's, up to its pause) and of all of it. */
interface Finals {
  before: string;
  all: string;
}

async function detector(kind: Detector, dir: string, turn: SmartTurn, words: () => string): Promise<TurnDetector> {
  const settings = DEFAULT_TURN[kind.endsWith('interview') ? 'interview' : 'call'];
  if (kind === 'energy') return new TurnDetector(new EnergyVad(RATE, DEFAULT_VAD.stopMs), undefined, settings);
  const withWords = kind.startsWith('silero+turn+words') ? words : undefined;
  return new TurnDetector(await SileroVad.create(dir, DEFAULT_VAD), kind.startsWith('silero+turn') ? turn : undefined, settings, withWords);
}

/** What the STT settles of `audio`, from its start to `end`. */
async function transcribe(stt: LocalSttProvider, audio: Float32Array, end: number): Promise<string> {
  const stream = await stt.open({ language: 'en-US', sampleRate: RATE });
  stream.send(floatToPcm16(audio.subarray(0, end)));
  stream.finish();
  const finals: string[] = [];
  for await (const event of stream.events) if (event.type === 'final') finals.push(event.text.trim());
  return finals.join(' ');
}

/** A cut sentence's final before its pause takes the audio to 300 ms into it, as the STT would have it at the decision. */
async function finalsOf(stt: LocalSttProvider, clip: Clip): Promise<Finals | undefined> {
  if (clip.kind !== 'cut' && clip.kind !== 'complete') return undefined;
  const all = await transcribe(stt, clip.audio, clip.audio.length);
  return { before: clip.kind === 'cut' ? await transcribe(stt, clip.audio, clip.pauseStart + (RATE * 3) / 10) : all, all };
}

async function score(kind: Detector, set: Clip[], finals: (Finals | undefined)[], dir: string, turn: SmartTurn): Promise<Scores> {
  const s: Scores = { falseStarts: [0, 0], missed: [0, 0], premature: [0, 0], delays: [], undecided: 0, inference: [] };
  for (const [i, clip] of set.entries()) {
    let sample = 0;
    const words = () => (clip.kind === 'cut' && sample < clip.pauseEnd ? finals[i]?.before : finals[i]?.all) ?? '';
    const d = await detector(kind, dir, turn, words);
    const pcm = floatToPcm16(clip.audio);
    let heard = false;
    let lastStart = 0;
    const ends: number[] = [];
    for (let at = 0; at + FRAME <= pcm.length; at += FRAME) {
      sample = (at + FRAME) / 2;
      const event = await d.push(pcm.subarray(at, at + FRAME));
      if (event?.type === 'speech') [heard, lastStart] = [true, sample];
      if (event && event.type !== 'speech' && event.inferenceMs !== undefined) s.inference.push(event.inferenceMs);
      if (event?.type === 'end') ends.push(sample + ((event.inferenceMs ?? 0) * RATE) / 1000);
    }
    if (clip.kind === 'noise') {
      s.falseStarts[0] += heard ? 1 : 0;
      s.falseStarts[1]++;
      continue;
    }
    s.missed[0] += heard ? 0 : 1;
    s.missed[1]++;
    if (clip.kind === 'cut') {
      s.premature[0] += ends.some((t) => t < clip.pauseEnd) ? 1 : 0;
      s.premature[1]++;
    }
    if (clip.kind === 'complete') {
      const decided = ends.find((t) => t > lastStart);
      if (decided === undefined) s.undecided++;
      else s.delays.push(((decided - clip.speechEnd) / RATE) * 1000);
    }
  }
  return s;
}

function percentile(values: number[], p: number): number | undefined {
  if (values.length === 0) return undefined;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

const pct = ([n, of]: [number, number]) => `${((100 * n) / Math.max(1, of)).toFixed(0).padStart(3)}% (${n}/${of})`;
const ms = (v: number | undefined) => (v === undefined ? '-' : `${v.toFixed(0)} ms`);

/** Every clip as a 16 kHz WAV, with what bench/pipecatReference.py needs to score it, in samples. */
function exportClips(dir: string, line: string, snr: number, set: Clip[], labels: object[]): void {
  set.forEach((clip, n) => {
    const file = `${line === LINES['16k'] ? '16k' : 'mulaw'}-${snr}dB-${n}.wav`;
    const pcm = floatToPcm16(clip.audio);
    writeFileSync(path.join(dir, file), Buffer.concat([wavHeader(pcm.length, RATE, 1), pcm]));
    const { audio: _audio, ...label } = clip;
    labels.push({ file, line, snr, ...label });
  });
}

async function main(): Promise<void> {
  const { values: args } = parseArgs({
    options: { snr: { type: 'string', multiple: true }, line: { type: 'string', multiple: true }, export: { type: 'string' }, voices: { type: 'string' } },
  });
  const snrs = args.snr?.map(Number) ?? SNRS;
  const lines = (args.line ?? Object.keys(LINES)).map((l) => LINES[l as keyof typeof LINES]);
  if (lines.includes(undefined as never) || snrs.some((snr) => !SNRS.includes(snr)))
    throw new Error(`--line is one of ${Object.keys(LINES).join(', ')}; --snr one of ${SNRS.join(', ')}`);
  provision('local-speech');
  provision('turn-models');
  const paths = toolPaths();
  const turn = await SmartTurn.create(paths.turnModels);
  const voices = await voicesFor(args.voices, paths.localSpeech);
  const labels: object[] = [];
  if (args.export) mkdirSync(args.export, { recursive: true });
  const stt = new LocalSttProvider({ dir: paths.localSpeech });
  const rows: string[][] = [];
  const inference: number[] = [];
  const energyFalseStarts: Record<string, number> = {};
  for (const line of lines) {
    for (const snr of snrs) {
      let set = clips(voices, snr, SET_SEED + snr);
      if (line !== LINES['16k']) set = await Promise.all(set.map(async (clip) => ({ ...clip, audio: await overPhone(clip.audio) })));
      if (args.export) exportClips(args.export, line, snr, set, labels);
      const finals: (Finals | undefined)[] = [];
      for (const clip of set) finals.push(await finalsOf(stt, clip));
      const cuts = set.flatMap((clip, i) => (clip.kind === 'cut' ? [finals[i]!.before] : []));
      console.error(
        `${line} ${snr} dB: cut sentences' finals before the pause reading unfinished ${cuts.filter(soundsUnfinished).length}/${cuts.length}: ${JSON.stringify(cuts)}`,
      );
      for (const kind of DETECTORS) {
        const started = performance.now();
        const s = await score(kind, set, finals, paths.turnModels, turn);
        console.error(`${line} ${snr} dB ${kind}: ${((performance.now() - started) / 1000).toFixed(0)} s`);
        inference.push(...s.inference);
        const falseRate = s.falseStarts[0] / s.falseStarts[1];
        if (kind === 'energy') energyFalseStarts[`${line} ${snr}`] = falseRate;
        const versus = kind === 'energy' ? '' : ` (x${(falseRate / (energyFalseStarts[`${line} ${snr}`] || 1)).toFixed(2)})`;
        rows.push([
          line,
          `${snr} dB`,
          kind,
          pct(s.falseStarts) + versus,
          pct(s.missed),
          pct(s.premature),
          ms(percentile(s.delays, 50)),
          ms(percentile(s.delays, 99)),
          String(s.undecided),
        ]);
      }
    }
  }
  stt.stop();
  if (args.export) {
    writeFileSync(path.join(args.export, 'labels.json'), JSON.stringify({ rate: RATE, clips: labels }, null, 1));
    console.log(`${labels.length} clips and labels.json in ${args.export}`);
  }
  const header = ['line', 'SNR', 'detector', 'false starts (vs energy)', 'missed', 'premature end', 'delay p50', 'delay p99', 'undecided'];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const print = (r: string[]) => console.log(r.map((c, i) => c.padEnd(widths[i])).join(' | '));
  print(header);
  console.log(widths.map((w) => '-'.repeat(w)).join('-|-'));
  rows.forEach(print);
  console.log("\ntargets: false starts at 10 dB at most x0.25 the energy VAD's; premature end on cut sentences at most 5%; delay p50 at most 300 ms");
  console.log(`turn model inference per decision: p50 ${ms(percentile(inference, 50))}, p99 ${ms(percentile(inference, 99))} (${inference.length} decisions)`);
  console.log(`settings: VAD ${JSON.stringify(DEFAULT_VAD)}, energy hangover ${DEFAULT_VAD.stopMs} ms, turn ${JSON.stringify(DEFAULT_TURN)}`);
}

void main();
