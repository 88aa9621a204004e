/**
 * Recordings in tests: a call's recording stored as its media session would make it, and read back
 * (a stereo WAV's header checked and its channels split, a channel's words).
 */
import type { Types } from 'mongoose';
import { callRecorder } from '../../conversation/recorder';
import { Framer, PIPELINE_SAMPLE_RATE, WAV_HEADER_BYTES, frameBytes, pcmOf } from '../../lib/audio';
import { Agent } from '../../models/agent';
import { Call } from '../../models/call';
import type { SttEvent } from '../../providers/stt/interface';
import { SimulatedStt } from '../../providers/stt/simulated';

const RATE = PIPELINE_SAMPLE_RATE;

export async function completedCall(organizationId: Types.ObjectId, agentId: string) {
  return Call.create({ organizationId, agentId, agentName: 'Recorded', status: 'completed', phoneNumber: '+442079460001', language: 'en-US', seq: 1 });
}

const frame = (value: number) => pcmOf(new Int16Array(frameBytes(RATE) / 2).fill(value));

/**
 * A completed call of a recording agent, with the recording its media session would make: the
 * contact speaks (value 1000) for the first second, the agent answers (-2000) for the next half
 * second, a second of nothing after. Resolves with the call's id.
 */
export async function storeRecordedCall(organizationId: Types.ObjectId, agentId: string): Promise<string> {
  const call = await completedCall(organizationId, agentId);
  const clock = { ms: 0 };
  const errors: unknown[] = [];
  const recorder = callRecorder(call, (await Agent.findById(agentId).lean())!, { sampleRate: RATE, now: () => clock.ms, onError: (err) => errors.push(err) })!;
  // Each step: the agent's frame for [t, t + 20 ms) is sent at t, the contact's arrives at its end.
  for (let t = 0; t < 2500; t += 20) {
    clock.ms = t;
    if (t >= 1000 && t < 1500) recorder.sent(frame(-2000));
    clock.ms = t + 20;
    recorder.heard(frame(t < 1000 ? 1000 : 0));
  }
  await recorder.end();
  expect(errors).toEqual([]);
  return String(call._id);
}

/** The channels of a stereo PCM16 WAV at the pipeline's rate, after checking its header says so. */
export function stereoChannels(wav: Buffer): { left: Int16Array; right: Int16Array } {
  expect(wav.toString('ascii', 0, 4)).toBe('RIFF');
  expect(wav.readUInt32LE(4)).toBe(wav.length - 8);
  expect(wav.toString('ascii', 8, 16)).toBe('WAVEfmt ');
  expect([wav.readUInt16LE(20), wav.readUInt16LE(22), wav.readUInt32LE(24), wav.readUInt16LE(34)]).toEqual([1, 2, RATE, 16]);
  expect(wav.toString('ascii', 36, 40)).toBe('data');
  expect(wav.readUInt32LE(40)).toBe(wav.length - WAV_HEADER_BYTES);
  const samples = new Int16Array(wav.buffer.slice(wav.byteOffset + WAV_HEADER_BYTES, wav.byteOffset + wav.length));
  const left = new Int16Array(samples.length / 2);
  const right = new Int16Array(samples.length / 2);
  for (let i = 0; i < left.length; i++) [left[i], right[i]] = [samples[2 * i], samples[2 * i + 1]];
  return { left, right };
}

/** The words in one channel, read back by the simulated STT. */
export async function wordsIn(channel: Int16Array): Promise<string> {
  const stream = await new SimulatedStt().open({ language: 'en-US', sampleRate: RATE });
  const events: SttEvent[] = [];
  const reading = (async () => {
    for await (const event of stream.events) events.push(event);
  })();
  for (const frame of new Framer(frameBytes(RATE)).push(pcmOf(channel))) stream.send(frame);
  stream.send(Buffer.alloc(RATE * 2));
  stream.finish();
  await reading;
  return events
    .filter((e) => e.type === 'final')
    .map((e) => e.text)
    .join(' ');
}

/**
 * The share of `said`'s words that `heard` holds in the same order (their longest common
 * subsequence over the words of `said`): 1 when every word was heard, 0 when none was.
 */
export function wordsKept(heard: string, said: string[]): number {
  const spoken = said.join(' ').split(/\s+/).filter(Boolean);
  const read = heard.split(/\s+/).filter(Boolean);
  let row = new Array<number>(read.length + 1).fill(0);
  for (const word of spoken) {
    const next = [0];
    for (let j = 1; j <= read.length; j++) next[j] = word === read[j - 1] ? row[j - 1]! + 1 : Math.max(row[j]!, next[j - 1]!);
    row = next;
  }
  return spoken.length === 0 ? 1 : row[read.length]! / spoken.length;
}
