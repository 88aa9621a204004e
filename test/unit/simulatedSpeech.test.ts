import { Framer, PIPELINE_SAMPLE_RATE, TelephonyCodec, frameBytes, pcmDurationMs } from '../../lib/audio';
import type { SttEvent } from '../../providers/stt/interface';
import { SimulatedStt } from '../../providers/stt/simulated';
import { SimulatedTts } from '../../providers/tts/simulated';

const options = { language: 'en-US', sampleRate: PIPELINE_SAMPLE_RATE };
const TEXT = "Hello, I'm Ada López: ada@example.com, +442079460001. Mm-hm!";

async function speak(text: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of new SimulatedTts().synthesize(text, options)) chunks.push(chunk);
  return Buffer.concat(chunks);
}

/** Feeds audio in 20 ms frames, then a second of silence, then finish; collects every event. */
async function transcribe(audio: Buffer, endpointMs = 300): Promise<SttEvent[]> {
  const stream = await new SimulatedStt({ endpointMs }).open(options);
  const events: SttEvent[] = [];
  const reading = (async () => {
    for await (const event of stream.events) events.push(event);
  })();
  for (const frame of new Framer(frameBytes(PIPELINE_SAMPLE_RATE)).push(Buffer.concat([audio, Buffer.alloc(32_000)]))) stream.send(frame);
  stream.finish();
  await reading;
  return events;
}

describe('simulated speech engines', () => {
  it('speak at about 150 words a minute, one chunk per word', async () => {
    const text = 'the quick brown fox jumps over the lazy dog again and again';
    const chunks: Buffer[] = [];
    for await (const chunk of new SimulatedTts().synthesize(text, options)) chunks.push(chunk);
    expect(chunks).toHaveLength(12);
    const minutes = pcmDurationMs(Buffer.concat(chunks).length, PIPELINE_SAMPLE_RATE) / 60_000;
    expect(12 / minutes).toBeGreaterThan(120);
    expect(12 / minutes).toBeLessThan(200);
  });

  it('recovers every word exactly: a partial after each word, then one final', async () => {
    const events = await transcribe(await speak(TEXT));
    const words = TEXT.split(' ');
    expect(events).toEqual([...words.map((_, i) => ({ type: 'partial', text: words.slice(0, i + 1).join(' ') })), { type: 'final', text: TEXT }]);
  });

  it('settles each utterance on its own once the speaker pauses longer than the endpoint', async () => {
    const audio = Buffer.concat([await speak('first part'), Buffer.alloc(16_000), await speak('second part')]);
    const finals = (await transcribe(audio)).filter((e) => e.type === 'final').map((e) => e.text);
    expect(finals).toEqual(['first part', 'second part']);
  });

  it('recovers the words after the telephony round trip (16 kHz -> 8 kHz mu-law -> 16 kHz)', async () => {
    const line = await TelephonyCodec.create();
    const frames = new Framer(frameBytes(PIPELINE_SAMPLE_RATE)).push(await speak(TEXT));
    const roundTrip = Buffer.concat(frames.map((frame) => line.decode(line.encode(frame))));
    line.close();
    const finals = (await transcribe(roundTrip)).filter((e) => e.type === 'final');
    expect(finals).toEqual([{ type: 'final', text: TEXT }]);
  });

  it('stops synthesizing when aborted', async () => {
    const abort = new AbortController();
    const chunks: Buffer[] = [];
    for await (const chunk of new SimulatedTts().synthesize('one two three four', options, abort.signal)) {
      chunks.push(chunk);
      if (chunks.length === 2) abort.abort();
    }
    expect(chunks).toHaveLength(2);
  });

  it('close drops what was not settled', async () => {
    const stream = await new SimulatedStt().open(options);
    stream.send(await speak('unsettled words'));
    stream.close();
    const events: SttEvent[] = [];
    for await (const event of stream.events) events.push(event);
    expect(events.map((e) => e.type)).toEqual(['partial', 'partial']);
  });
});
