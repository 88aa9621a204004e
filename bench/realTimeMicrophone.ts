import type { MediaSession } from '../conversation/mediaSession';
import { Framer, PIPELINE_SAMPLE_RATE, frameBytes, samplesOf } from '../lib/audio';
import { SimulatedTts } from '../providers/tts/simulated';

const FRAME = frameBytes(PIPELINE_SAMPLE_RATE);

/** An utterance as 20 ms frames, and the byte offset of its last loud sample (where the speech ends). */
export async function utteranceFrames(text: string): Promise<{ frames: Buffer[]; lastLoud: number }> {
  const chunks: Buffer[] = [];
  for await (const chunk of new SimulatedTts().synthesize(text, { language: 'en-US', sampleRate: PIPELINE_SAMPLE_RATE })) chunks.push(chunk);
  const audio = Buffer.concat(chunks);
  const samples = samplesOf(audio);
  let last = samples.length - 1;
  while (last > 0 && Math.abs(samples[last]) < 1600) last--;
  return { frames: new Framer(FRAME).push(audio), lastLoud: last * 2 };
}

/**
 * A caller's microphone at real time: a frame every 20 ms from `t0` (silence, or the utterance once
 * `speak` is called), and when their speech ended, for the latency from there.
 */
export class RealTimeMicrophone {
  private sent = 0;
  private speakingFrom = -1;
  /** The real time (performance.now()) the latest utterance's speech ended, once its last loud frame is sent. */
  speechEnd: number | undefined;

  constructor(
    private readonly t0: number,
    private readonly utterance: { frames: Buffer[]; lastLoud: number },
  ) {}

  /** The utterance starts with the next frame. */
  speak(): void {
    this.speakingFrom = this.sent;
  }

  /** Sends every frame whose 20 ms have passed; frame i covers [t0 + 20 i, t0 + 20 (i + 1)). */
  tick(now: number, session: MediaSession): void {
    const { frames, lastLoud } = this.utterance;
    while (this.t0 + (this.sent + 1) * 20 <= now) {
      const i = this.sent++;
      const k = this.speakingFrom >= 0 ? i - this.speakingFrom : -1;
      if (k >= 0 && k < frames.length) {
        session.audio(frames[k]);
        if (k === frames.length - 1) this.speakingFrom = -1;
        // The caller stopped speaking at the last loud sample's place in real time.
        if (k === Math.floor(lastLoud / FRAME)) this.speechEnd = this.t0 + 20 * i + ((lastLoud % FRAME) / FRAME) * 20;
      } else {
        session.audio(Buffer.alloc(FRAME));
      }
    }
  }
}
