/**
 * The call recorder fed by a media session: both channels on one timeline, only what was played of
 * the agent, streamed to its sink in pieces. The recorder's clock is the test's, advanced as a
 * caller in real time would: 20 ms per frame they send.
 */
import type { MediaSession } from '../../conversation/mediaSession';
import { CallRecorder, type RecordingSink } from '../../conversation/recorder';
import { PIPELINE_SAMPLE_RATE, WAV_HEADER_BYTES, frameBytes, pcmOf } from '../../lib/audio';
import { wordAudio } from '../../providers/simulatedSpeech';
import { spoken, testSession } from '../fakes/voice';
import { stereoChannels, wordsIn } from '../helpers/recording';

const RATE = PIPELINE_SAMPLE_RATE;

/** A sink that keeps the file in memory, as GridFS would store it. */
class MemorySink implements RecordingSink {
  readonly writes: Buffer[] = [];
  head: Buffer | undefined;
  aborted = false;
  failWrites = false;

  async write(data: Buffer): Promise<void> {
    if (this.failWrites) throw new Error('storage is down');
    this.writes.push(Buffer.from(data));
  }

  async finish(head: Buffer): Promise<void> {
    this.head = head;
  }

  async abort(): Promise<void> {
    this.aborted = true;
  }

  file(): Buffer {
    const file = Buffer.concat(this.writes);
    this.head!.copy(file, 0);
    return file;
  }
}

/** Which side is loud in each 20 ms of the recording, runs collapsed: `A` agent, `C` contact, `X` both. */
function turnTaking(left: Int16Array, right: Int16Array): string {
  const step = (RATE * 20) / 1000;
  const loud = (channel: Int16Array, at: number) => channel.subarray(at, at + step).some((s) => Math.abs(s) > 1000);
  let sequence = '';
  for (let at = 0; at < left.length; at += step) {
    const side = loud(left, at) ? (loud(right, at) ? 'X' : 'C') : loud(right, at) ? 'A' : '';
    if (side && !sequence.endsWith(side)) sequence += side;
  }
  return sequence;
}

async function until(condition: () => boolean, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

function recorded(options: { autoPlay?: boolean } = {}) {
  const clock = { ms: 0 };
  const sink = new MemorySink();
  const errors: unknown[] = [];
  const recorder = new CallRecorder(sink, { sampleRate: RATE, now: () => clock.ms, onError: (err) => errors.push(err) });
  const { conversation, transport, media } = testSession({ recorder, ...options });
  /** The caller says `text` in real time: the clock moves 20 ms a frame. */
  const say = async (text: string) => {
    for (const frame of await spoken(text)) {
      clock.ms += 20;
      media.audio(frame);
    }
  };
  return { clock, sink, errors, recorder, conversation, transport, media: media as MediaSession, say };
}

const msOf = (samples: number) => (samples * 1000) / RATE;
const wordsMs = (words: string[]) => msOf(words.reduce((sum, word) => sum + wordAudio(word, RATE).length, 0));

describe('call recording', () => {
  it('holds a whole exchange in stereo: the contact on the left, the agent on the right, taking turns', async () => {
    const { clock, sink, errors, recorder, conversation, transport, media, say } = recorded({ autoPlay: false });
    /** The listener hears agent turn `turn` to its end, which takes less than 10 s. */
    const hear = async (turn: string) => {
      await until(() => transport.marks.includes(`${turn}.end`));
      clock.ms += 10_000;
      for (const mark of transport.marks.filter((m) => m.startsWith(`${turn}.`))) media.played(mark);
    };
    await media.start();
    await hear('t0');
    await say('Hi, who is this?');
    await hear('t1');
    await say('It is ada@example.com');
    await hear('t2');
    expect(await media.ended).toEqual({ reason: 'agent_ended' });
    await recorder.end();

    expect(errors).toEqual([]);
    const { left, right } = stereoChannels(sink.file());
    const said = (role: string) => conversation.turns.filter((t) => t.role === role).map((t) => t.text);
    expect(await wordsIn(left)).toBe(said('contact').join(' '));
    expect(await wordsIn(right)).toBe(said('agent').join(' '));
    expect(turnTaking(left, right)).toBe('ACACA');
  });

  it('keeps only what was played of an agent turn a barge-in cleared', async () => {
    const { clock, sink, recorder, conversation, transport, media, say } = recorded({ autoPlay: false });
    let clearedAt: number | undefined;
    const clear = transport.clear.bind(transport);
    transport.clear = () => {
      clearedAt = clock.ms;
      clear();
    };
    await media.start();
    await until(() => transport.marks.includes('t0.end'));
    // The whole greeting was sent at once; the listener had heard its first two words when the contact spoke.
    clock.ms = wordsMs(['Hello', 'there.']);
    await say('wait a moment please');
    await until(() => conversation.turns.some((t) => t.role === 'contact'));
    media.end();
    await media.ended;
    await recorder.end();

    expect(clearedAt).toBeDefined();
    const cut = Math.round((clearedAt! * RATE) / 1000);
    const sent = new Int16Array(Buffer.concat(transport.frames).buffer.slice(0));
    // Sent: the whole greeting; recorded: its part played before the clear, then nothing.
    expect(sent.length).toBeGreaterThan(cut + RATE);
    const { left, right } = stereoChannels(sink.file());
    expect(right.subarray(0, cut)).toEqual(sent.subarray(0, cut));
    expect(right.subarray(cut).every((s) => s === 0)).toBe(true);
    expect(await wordsIn(right)).toMatch(/^Hello there\./);
    expect(await wordsIn(left)).toBe('wait a moment please');
  });

  it('streams to storage in pieces while the call goes on, holding about a second', async () => {
    const clock = { ms: 0 };
    const sink = new MemorySink();
    const recorder = new CallRecorder(sink, { sampleRate: RATE, now: () => clock.ms, onError: (err) => expect(err).toBeUndefined() });
    const frame = pcmOf(new Int16Array(frameBytes(RATE) / 2).fill(1234));
    for (let i = 0; i < 3000; i++) {
      clock.ms += 20;
      recorder.heard(frame);
      if (i % 2 === 0) recorder.sent(frame);
    }
    await new Promise((resolve) => setImmediate(resolve));
    // A minute of audio, written in 4-second pieces as it went: only the last seconds wait for the end.
    const written = sink.writes.reduce((sum, w) => sum + w.length, 0);
    expect(sink.writes.length).toBeGreaterThan(10);
    expect(written).toBeGreaterThan(WAV_HEADER_BYTES + 50 * RATE * 4);
    expect(Math.max(...sink.writes.map((w) => w.length))).toBeLessThanOrEqual(4 * RATE * 4);
    await recorder.end();

    const { left, right } = stereoChannels(sink.file());
    expect(msOf(left.length)).toBe(60_000);
    expect(left.every((s) => s === 1234)).toBe(true);
    // The agent's frames, one every 40 ms, each played at once: half the time is its voice.
    expect(right.filter((s) => s === 1234).length).toBe(left.length / 2);
  });

  it('places a burst after a stall back into the stall, contiguous, before the agent audio sent in answer to it', async () => {
    const clock = { ms: 0 };
    const sink = new MemorySink();
    const recorder = new CallRecorder(sink, { sampleRate: RATE, now: () => clock.ms, onError: (err) => expect(err).toBeUndefined() });
    const frame = (value: number) => pcmOf(new Int16Array(frameBytes(RATE) / 2).fill(value));
    for (let i = 1; i <= 5; i++) {
      clock.ms += 20;
      recorder.heard(frame(i));
    }
    // The line stalls for 100 ms, then the five frames spoken meanwhile arrive at once; the agent answers the last.
    clock.ms += 100;
    for (let i = 6; i <= 10; i++) recorder.heard(frame(i));
    recorder.sent(frame(99));
    clock.ms += 20;
    await recorder.end();

    const { left, right } = stereoChannels(sink.file());
    const step = frameBytes(RATE) / 2;
    const frames = Array.from({ length: left.length / step }, (_, i) => left[i * step]);
    expect(frames).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 0]);
    expect(right.findIndex((s) => s === 99)).toBe(10 * step);
  });

  it('a storage failure drops the recording and is reported; the session goes on', async () => {
    const { sink, errors, recorder, transport, media, say } = recorded();
    sink.failWrites = true;
    await media.start();
    await until(() => transport.marks.includes('t0.end'));
    await say('Hi, who is this?');
    await until(() => transport.marks.includes('t1.end'));
    media.end();
    await recorder.end();

    expect(errors).toEqual([new Error('storage is down')]);
    expect(sink.aborted).toBe(true);
    expect(sink.head).toBeUndefined();
  });

  it('a session that heard and said nothing stores nothing', async () => {
    const sink = new MemorySink();
    const recorder = new CallRecorder(sink, { sampleRate: RATE, now: () => 0, onError: (err) => expect(err).toBeUndefined() });
    await recorder.end();
    expect(sink.aborted).toBe(true);
    expect(sink.head).toBeUndefined();
  });
});
