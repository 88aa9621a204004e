import { WAV_HEADER_BYTES, samplesOf, wavHeader } from '../lib/audio';
import { recordsCalls, type AgentRecord } from '../models/agent';
import type { CallRecord } from '../models/call';
import { RecordingUpload } from '../models/recording';

/** What a media session tells its recorder (MediaSessionDeps.recorder): both channels' audio and the end. */
export interface SessionRecorder {
  /** A frame of the contact's audio, PCM16 LE mono at the session's rate, as it arrived. */
  heard(frame: Buffer): void;
  /** A frame of the agent's audio as it was sent to the transport, to play after the ones before. */
  sent(frame: Buffer): void;
  /** The transport dropped every agent frame not yet played (a barge-in). */
  cleared(): void;
  /** The session is over; resolves once the recording is stored (or has failed: see `onError`). */
  end(): Promise<void>;
}

/** Where a recording's bytes go (models/recording.ts's RecordingUpload): appended in order, then finished once. */
export interface RecordingSink {
  write(data: Buffer): Promise<void>;
  /** Stores what is left and puts `head` over the first bytes written. */
  finish(head: Buffer): Promise<void>;
  abort(): Promise<void>;
}

export interface CallRecorderOptions {
  sampleRate: number;
  /** Told why a recording could not be stored; the call goes on without it. */
  onError: (err: unknown) => void;
  /** Milliseconds on a monotonic clock; performance.now by default. */
  now?: () => number;
}

/**
 * How far behind now audio may still change: a contact frame arriving now covers the frame's own
 * length before now (frames are at most maxFrameMs, far less than this).
 */
const HOLD_MS = 1000;
/** Audio written to the sink at a time: 4 s of stereo PCM16 at 16 kHz, about one GridFS chunk. */
const FLUSH_MS = 4000;

/**
 * Records a call as a stereo WAV, the contact on the left and the agent on the right, on one
 * timeline measured from the recorder's creation. A contact frame was spoken before it arrived, so
 * it ends no later than now: it follows the one before it, and when a burst after a stall would
 * run past now, the frames since the last gap move back into that gap (the contact spoke them
 * during the stall), so the audio stays contiguous and never lands after agent audio sent in
 * answer to it. An agent frame plays after the one before it or now, whichever is later, as a
 * transport plays them; a clear removes what was scheduled after now, so the recording holds only
 * what the contact could hear. Audio older than HOLD_MS can no longer change and is streamed to the
 * sink every FLUSH_MS, so a call is never held whole in memory.
 */
export class CallRecorder implements SessionRecorder {
  private readonly rate: number;
  private readonly now: () => number;
  private readonly start: number;
  /** Samples before this are in the sink; the buffers hold the ones from here on. */
  private flushed = 0;
  private contact: Int16Array = new Int16Array(0);
  private agent: Int16Array = new Int16Array(0);
  private contactEnd = 0;
  /** Where the contact's frames since the last gap begin, and how far back they may move (the audio before the gap). */
  private runStart = 0;
  private runFloor = 0;
  private agentEnd = 0;
  private writing: Promise<void>;
  private failed = false;
  private ending: Promise<void> | undefined;

  constructor(
    private readonly sink: RecordingSink,
    private readonly options: CallRecorderOptions,
  ) {
    this.rate = options.sampleRate;
    this.now = options.now ?? (() => performance.now());
    this.start = this.now();
    // The header's sizes are known at the end, when `finish` puts the real one over this.
    this.writing = this.store(Buffer.alloc(WAV_HEADER_BYTES));
  }

  heard(frame: Buffer): void {
    if (this.ending) return;
    const samples = samplesOf(frame);
    const clock = this.clock();
    if (this.contactEnd < clock - samples.length) {
      this.runFloor = this.contactEnd;
      this.runStart = this.contactEnd = Math.max(0, clock - samples.length);
    } else {
      this.pullRunBack(this.contactEnd + samples.length - clock);
    }
    this.contact = this.place(this.contact, samples, this.contactEnd);
    this.contactEnd += samples.length;
    this.flush(clock - this.samples(HOLD_MS));
  }

  sent(frame: Buffer): void {
    if (this.ending) return;
    const samples = samplesOf(frame);
    const at = Math.max(this.agentEnd, this.clock());
    this.agent = this.place(this.agent, samples, at);
    this.agentEnd = at + samples.length;
    this.flush(this.clock() - this.samples(HOLD_MS));
  }

  cleared(): void {
    if (!this.ending) this.cutAgent();
  }

  end(): Promise<void> {
    this.ending ??= this.finish();
    return this.ending;
  }

  private async finish(): Promise<void> {
    // What was still queued to play when the session ended was never heard.
    this.cutAgent();
    const length = Math.max(this.contactEnd, this.agentEnd);
    this.flush(length, true);
    await this.writing;
    if (this.failed) return;
    try {
      if (length === 0) await this.sink.abort();
      else await this.sink.finish(wavHeader(length * 4, this.rate, 2));
    } catch (err) {
      this.fail(err);
    }
  }

  /** Moves the contact's current run up to `by` samples earlier, into the gap before it still held in memory. */
  private pullRunBack(by: number): void {
    const shift = Math.min(by, this.runStart - Math.max(this.runFloor, this.flushed));
    if (shift <= 0) return;
    const start = this.runStart - this.flushed;
    const end = this.contactEnd - this.flushed;
    this.contact.copyWithin(start - shift, start, end);
    this.contact.fill(0, end - shift, end);
    this.runStart -= shift;
    this.contactEnd -= shift;
  }

  /** Drops the agent's audio scheduled from now on. */
  private cutAgent(): void {
    const now = Math.max(this.clock(), this.flushed);
    if (this.agentEnd <= now) return;
    this.agent.fill(0, now - this.flushed, this.agentEnd - this.flushed);
    this.agentEnd = now;
  }

  /** Copies `samples` to absolute position `at` of a channel, growing its buffer as needed. */
  private place(channel: Int16Array, samples: Int16Array, at: number): Int16Array {
    // Older than what is already stored: only the part still held can be placed.
    const skip = Math.max(0, this.flushed - at);
    const offset = at + skip - this.flushed;
    const needed = offset + samples.length - skip;
    let buffer = channel;
    if (needed > buffer.length) {
      buffer = new Int16Array(Math.max(needed, buffer.length * 2));
      buffer.set(channel);
    }
    buffer.set(samples.subarray(skip), offset);
    return buffer;
  }

  /** Writes the samples before `upTo` interleaved (left contact, right agent), in FLUSH_MS steps unless `all`. */
  private flush(upTo: number, all = false): void {
    const count = Math.floor(upTo) - this.flushed;
    if (count <= 0 || (!all && count < this.samples(FLUSH_MS))) return;
    const stereo = new Int16Array(count * 2);
    for (let i = 0; i < count; i++) {
      stereo[2 * i] = this.contact[i] ?? 0;
      stereo[2 * i + 1] = this.agent[i] ?? 0;
    }
    this.contact = this.contact.slice(Math.min(count, this.contact.length));
    this.agent = this.agent.slice(Math.min(count, this.agent.length));
    this.flushed += count;
    this.writing = this.writing.then(() => this.store(Buffer.from(stereo.buffer)));
  }

  private async store(data: Buffer): Promise<void> {
    if (this.failed) return;
    try {
      await this.sink.write(data);
    } catch (err) {
      this.fail(err);
    }
  }

  private fail(err: unknown): void {
    if (this.failed) return;
    this.failed = true;
    // Memory is released whatever the sink does; a partial file is removed.
    this.contact = new Int16Array(0);
    this.agent = new Int16Array(0);
    void this.sink.abort().catch(() => undefined);
    this.options.onError(err);
  }

  /** Samples since the start. */
  private clock(): number {
    return Math.floor(((this.now() - this.start) * this.rate) / 1000);
  }

  private samples(ms: number): number {
    return Math.floor((ms * this.rate) / 1000);
  }
}

/**
 * The recorder for a call's media session (MediaSessionDeps.recorder), storing into the database's
 * file storage; undefined when the call's agent does not record calls (`phone.recordCalls`).
 */
export function callRecorder(
  call: Pick<CallRecord, '_id' | 'organizationId'>,
  agent: Pick<AgentRecord, 'phone'>,
  options: CallRecorderOptions,
): CallRecorder | undefined {
  if (!recordsCalls(agent)) return undefined;
  return new CallRecorder(new RecordingUpload({ organizationId: call.organizationId, callId: call._id }, 'audio/wav'), options);
}
