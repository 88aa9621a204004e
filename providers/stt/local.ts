/**
 * The `local` STT engine, for trying voice offline: Whisper tiny.en on faster-whisper, in a Python
 * worker process (providers/stt/localWhisper.py) that scripts/tools.sh provisions with its model
 * from PyPI. Whisper is not a streaming model, so a stream buffers the current utterance, decodes it
 * again about once a second for a partial, and settles it as a final at an endpoint (trailing
 * silence after speech) or at `finish()`. One worker serves every stream, one decode at a time: on
 * two cores, parallel decodes would only slow each other down. English only.
 */
import { spawn, type ChildProcessByStdio } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { PassThrough, type Readable, type Writable } from 'node:stream';
import { Resampler } from '../../lib/audio';
import { scrubbed } from '../../lib/nul';
import { SpeechVendorError } from '../errors';
import type { SttEvent, SttOptions, SttProvider, SttStream } from './interface';

const NAME = 'local';
const WHISPER_RATE = 16_000;
/** New audio between two partials of one utterance. */
const PARTIAL_EVERY_MS = 1_000;
/** Trailing quiet after speech that ends an utterance. */
const ENDPOINT_SILENCE_MS = 700;
/** Whisper hears 30 s windows: an utterance this long is settled as it stands. */
const MAX_UTTERANCE_MS = 28_000;
/** A 10 ms window louder than this RMS (about -40 dBFS) counts as sound, for endpointing only; Whisper's own VAD decides what is speech. */
const SOUND_RMS = 0.01;
const READY_TIMEOUT_MS = 60_000;

const SCRIPT = [path.join(__dirname, 'localWhisper.py'), path.resolve(__dirname, '../../../providers/stt/localWhisper.py')].find((file) => existsSync(file));

interface Pending {
  resolve(text: string): void;
  reject(error: Error): void;
}

/** The Python worker: requests are answered in the order they were sent. */
class WhisperWorker {
  private readonly pending: Pending[] = [];
  private failure?: Error;
  readonly ready: Promise<void>;

  constructor(private readonly child: ChildProcessByStdio<Writable, Readable, Readable>) {
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-2_000)));
    const lines = createInterface({ input: child.stdout });
    this.ready = new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(this.fail('the Whisper worker did not load its model in time', false)), READY_TIMEOUT_MS);
      lines.once('line', () => {
        clearTimeout(timer);
        resolve();
      });
      child.once('exit', (code) => {
        clearTimeout(timer);
        reject(this.fail(`the Whisper worker exited (${code ?? 'signal'}): ${stderr.trim().split('\n').pop() ?? ''}`, true));
      });
      child.once('error', (error) => {
        clearTimeout(timer);
        reject(this.fail(`the Whisper worker did not start: ${error.message}`, false));
      });
    });
    this.ready.then(
      () => lines.on('line', (line) => this.pending.shift()?.resolve(scrubbed((JSON.parse(line) as { text: string }).text))),
      () => {},
    );
  }

  get alive(): boolean {
    return !this.failure;
  }

  transcribe(pcm16k: Buffer, final: boolean): Promise<string> {
    if (this.failure) return Promise.reject(this.failure);
    return new Promise((resolve, reject) => {
      this.pending.push({ resolve, reject });
      const header = Buffer.alloc(5);
      header.writeUInt32LE(pcm16k.length, 0);
      header.writeUInt8(final ? 1 : 0, 4);
      this.child.stdin.write(Buffer.concat([header, pcm16k]));
    });
  }

  stop(): void {
    this.fail('the local STT engine was stopped', false);
    this.child.kill();
  }

  private fail(message: string, retryable: boolean): Error {
    this.failure ??= new SpeechVendorError(NAME, retryable, message);
    for (const request of this.pending.splice(0)) request.reject(this.failure);
    return this.failure;
  }
}

export interface LocalSttConfig {
  /** The folder scripts/tools.sh provisions (`localSpeech` in `scripts/tools.sh paths`). */
  dir: string;
}

export class LocalSttProvider implements SttProvider {
  readonly name = NAME;
  private worker?: WhisperWorker;

  constructor(private readonly config: LocalSttConfig) {}

  async open(options: SttOptions): Promise<SttStream> {
    if (!/^en\b/i.test(options.language)) {
      throw new SpeechVendorError(NAME, false, `the local engine understands English only, not ${options.language}`);
    }
    const worker = this.startWorker();
    await worker.ready;
    return new LocalSttStream(worker, await Resampler.create(options.sampleRate, WHISPER_RATE));
  }

  /** One decode of 16 kHz PCM16 audio as a settled utterance, outside any stream: the AMD benchmark scores a clip's prefixes with it. */
  async transcribe(pcm: Buffer): Promise<string> {
    const worker = this.startWorker();
    await worker.ready;
    return worker.transcribe(pcm, true);
  }

  /** Ends the worker process (the next `open` starts another); its owner calls this at shutdown. */
  stop(): void {
    this.worker?.stop();
    this.worker = undefined;
  }

  private startWorker(): WhisperWorker {
    if (this.worker?.alive) return this.worker;
    const python = path.join(this.config.dir, 'venv', 'bin', 'python');
    if (!SCRIPT || !existsSync(python)) {
      throw new SpeechVendorError(NAME, false, `the local STT engine is not provisioned in ${this.config.dir}: run scripts/tools.sh local-speech`);
    }
    const child = spawn(python, [SCRIPT], { stdio: ['pipe', 'pipe', 'pipe'] });
    this.worker = new WhisperWorker(child);
    return this.worker;
  }
}

class LocalSttStream implements SttStream {
  private readonly out = new PassThrough({ objectMode: true });
  readonly events: AsyncIterable<SttEvent> = this.out;
  /** The current utterance at 16 kHz, and what we know of it. */
  private utterance: Buffer[] = [];
  private utteranceMs = 0;
  private heardSound = false;
  private quietMs = 0;
  private sinceDecodeMs = 0;
  private partialInFlight = false;
  /** Numbers utterances, so a partial that comes back after its utterance settled is dropped. */
  private utteranceNo = 0;
  /** Finals settle in order; `finish` ends the events after the last one. */
  private settled: Promise<void> = Promise.resolve();
  private ended = false;

  constructor(
    private readonly worker: WhisperWorker,
    /** Released when the stream ends (finish, close or failure): it holds WASM memory. */
    private readonly resampler: Resampler,
  ) {}

  send(audio: Buffer): void {
    if (this.ended) return;
    const pcm = this.resampler.push(audio);
    this.utterance.push(pcm);
    const ms = (pcm.length / 2 / WHISPER_RATE) * 1_000;
    this.utteranceMs += ms;
    this.sinceDecodeMs += ms;
    this.trackSound(pcm);
    if (!this.heardSound) {
      // Quiet before any sound is not worth keeping: it would only lengthen every decode.
      this.resetUtterance();
    } else if (this.quietMs >= ENDPOINT_SILENCE_MS || this.utteranceMs >= MAX_UTTERANCE_MS) {
      this.settle();
    } else if (this.sinceDecodeMs >= PARTIAL_EVERY_MS && !this.partialInFlight) {
      this.partial();
    }
  }

  finish(): void {
    if (this.ended) return;
    this.ended = true;
    this.resampler.close();
    if (this.heardSound) this.settle();
    void this.settled.then(() => this.out.end());
  }

  close(): void {
    this.ended = true;
    this.resampler.close();
    this.utteranceNo++;
    this.out.end();
  }

  private trackSound(pcm: Buffer): void {
    const window = (WHISPER_RATE / 100) * 2;
    for (let offset = 0; offset + window <= pcm.length; offset += window) {
      let sum = 0;
      for (let i = offset; i < offset + window; i += 2) sum += (pcm.readInt16LE(i) / 32768) ** 2;
      if (Math.sqrt(sum / (window / 2)) > SOUND_RMS) {
        this.heardSound = true;
        this.quietMs = 0;
      } else if (this.heardSound) {
        this.quietMs += 10;
      }
    }
  }

  private partial(): void {
    const no = this.utteranceNo;
    this.partialInFlight = true;
    this.sinceDecodeMs = 0;
    this.worker.transcribe(Buffer.concat(this.utterance), false).then(
      (text) => {
        this.partialInFlight = false;
        if (text && no === this.utteranceNo && !this.out.writableEnded) this.out.write({ type: 'partial', text });
      },
      (error: Error) => this.fail(error),
    );
  }

  private settle(): void {
    const audio = Buffer.concat(this.utterance);
    this.resetUtterance();
    const decoded = this.worker.transcribe(audio, true);
    this.settled = this.settled.then(() =>
      decoded.then(
        (text) => {
          if (text && !this.out.writableEnded) this.out.write({ type: 'final', text });
        },
        (error: Error) => this.fail(error),
      ),
    );
  }

  private resetUtterance(): void {
    this.utterance = [];
    this.utteranceMs = 0;
    this.sinceDecodeMs = 0;
    this.quietMs = 0;
    this.heardSound = false;
    this.partialInFlight = false;
    this.utteranceNo++;
  }

  private fail(error: Error): void {
    this.ended = true;
    this.resampler.close();
    if (!this.out.destroyed) this.out.destroy(error);
  }
}
