/*
 * The audio thread's half of voice mode, loaded by voice.js with audioWorklet.addModule into an
 * AudioContext running at 16 kHz, so the browser has already resampled the microphone into it
 * and resamples what is played out of it.
 *
 * 'microphone' cuts its input into 20 ms frames of PCM16 and posts each with its level. With
 * nothing connected (the microphone released while muted) its input is silence, and it still
 * posts a frame every 20 ms: the stream to the server never goes idle.
 *
 * 'speaker' plays the agent's PCM16 chunks in order. After running dry it waits for a small
 * jitter buffer (or the end of a chunk) before playing again, and it posts a mark's name once the
 * samples before it have been rendered. 'clear' drops every queued sample and every mark not yet
 * reached, whose audio will now never play.
 */
const FRAME_MS = 20;
const JITTER_MS = 60;
const PROGRESS_EVERY = 12;

class Microphone extends AudioWorkletProcessor {
  constructor() {
    super();
    this.size = (sampleRate * FRAME_MS) / 1000;
    this.frame = new Int16Array(this.size);
    this.filled = 0;
    this.energy = 0;
  }

  process(inputs) {
    const input = inputs[0] && inputs[0][0];
    const length = input ? input.length : 128;
    for (let i = 0; i < length; i++) {
      const sample = input ? Math.max(-1, Math.min(1, input[i])) : 0;
      this.energy += sample * sample;
      this.frame[this.filled++] = sample < 0 ? sample * 0x8000 : sample * 0x7fff;
      if (this.filled === this.size) {
        const level = Math.sqrt(this.energy / this.size);
        // Transferred, so the view is empty afterwards: a new one per frame.
        this.port.postMessage({ frame: this.frame.buffer, level: level }, [this.frame.buffer]);
        this.frame = new Int16Array(this.size);
        this.filled = 0;
        this.energy = 0;
      }
    }
    return true;
  }
}

class Speaker extends AudioWorkletProcessor {
  constructor() {
    super();
    this.chunks = [];
    this.offset = 0;
    this.marks = [];
    this.queued = 0;
    this.played = 0;
    this.playing = false;
    this.quanta = 0;
    this.port.onmessage = (event) => this.receive(event.data);
  }

  receive(message) {
    if (message.audio) {
      const samples = new Int16Array(message.audio);
      this.chunks.push(samples);
      this.queued += samples.length;
    } else if (message.mark !== undefined) {
      this.marks.push({ name: message.mark, at: this.queued });
    } else if (message.clear) {
      this.chunks = [];
      this.offset = 0;
      this.marks = [];
      this.queued = this.played;
      this.setPlaying(false);
    }
  }

  setPlaying(playing) {
    if (playing === this.playing) return;
    this.playing = playing;
    this.port.postMessage({ playing: playing, progress: this.played });
  }

  process(_inputs, outputs) {
    const out = outputs[0][0];
    const buffered = this.queued - this.played;
    const chunkEnds = this.marks.length > 0 && this.marks[this.marks.length - 1].at === this.queued;
    if (!this.playing && buffered > 0 && (buffered >= (sampleRate * JITTER_MS) / 1000 || chunkEnds)) this.setPlaying(true);
    let written = 0;
    while (this.playing && written < out.length && this.chunks.length > 0) {
      const chunk = this.chunks[0];
      const take = Math.min(out.length - written, chunk.length - this.offset);
      for (let i = 0; i < take; i++) out[written + i] = chunk[this.offset + i] / 0x8000;
      written += take;
      this.offset += take;
      this.played += take;
      if (this.offset === chunk.length) {
        this.chunks.shift();
        this.offset = 0;
      }
    }
    out.fill(0, written);
    while (this.marks.length > 0 && this.marks[0].at <= this.played) this.port.postMessage({ played: this.marks.shift().name });
    if (this.played === this.queued) this.setPlaying(false);
    else if (this.playing && ++this.quanta % PROGRESS_EVERY === 0) this.port.postMessage({ progress: this.played });
    return true;
  }
}

registerProcessor('microphone', Microphone);
registerProcessor('speaker', Speaker);
