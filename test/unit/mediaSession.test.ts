import type { MediaSession } from '../../conversation/mediaSession';
import { PIPELINE_SAMPLE_RATE } from '../../lib/audio';
import type { SttEvent } from '../../providers/stt/interface';
import { SimulatedStt } from '../../providers/stt/simulated';
import { PROFILE, spoken, testSession } from '../fakes/voice';

const session = testSession;

async function until(condition: () => boolean, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

async function say(media: MediaSession, text: string): Promise<void> {
  for (const frame of await spoken(text)) media.audio(frame);
}

/** The words in the agent's audio, read back by the simulated STT. */
async function heardFrom(frames: Buffer[]): Promise<string> {
  const stream = await new SimulatedStt().open({ language: 'en-US', sampleRate: PIPELINE_SAMPLE_RATE });
  const events: SttEvent[] = [];
  const reading = (async () => {
    for await (const event of stream.events) events.push(event);
  })();
  for (const frame of frames) stream.send(frame);
  stream.finish();
  await reading;
  return events
    .filter((e) => e.type === 'final')
    .map((e) => e.text)
    .join(' ');
}

describe('media session', () => {
  it('holds a whole exchange: the opening, each utterance answered in audio, the agent ends it', async () => {
    const { conversation, transport, media } = session();
    await media.start();
    await until(() => transport.marks.includes('t0.end'));
    await say(media, 'Hi, who is this?');
    await until(() => transport.marks.includes('t1.end'));
    await say(media, 'It is ada@example.com');

    expect(await media.ended).toEqual({ reason: 'agent_ended' });
    expect(transport.closed).toEqual({ reason: 'agent_ended' });
    expect(conversation.turns).toEqual([
      { role: 'agent', text: PROFILE.greeting },
      { role: 'contact', text: 'Hi, who is this?' },
      { role: 'agent', text: 'Could you tell me your email?' },
      { role: 'contact', text: 'It is ada@example.com' },
      { role: 'agent', text: "Thank you, that's everything I needed. Goodbye." },
    ]);
    // What went out is real audio of exactly the agent's words, in 20 ms frames.
    expect(transport.frames.every((f) => f.length === 640)).toBe(true);
    const agentWords = conversation.turns.filter((t) => t.role === 'agent').map((t) => t.text);
    expect(await heardFrom(transport.frames)).toBe(agentWords.join(' '));
  });

  it('a barge-in clears the audio at once and cuts the stored agent turn to what was played', async () => {
    const { conversation, transport, media } = session({ autoPlay: false });
    await media.start();
    await until(() => transport.marks.includes('t0.end'));
    // The listener heard "Hello there." and "I am": one mark per word of audio.
    for (const mark of ['t0.0', 't0.1', 't0.2', 't0.3']) media.played(mark);
    await say(media, 'wait a moment please');
    await until(() => conversation.turns.length === 3);

    expect(transport.log.filter((entry) => entry === 'clear')).toHaveLength(1);
    expect(conversation.turns.slice(0, 2)).toEqual([
      { role: 'agent', text: 'Hello there. I am' },
      { role: 'contact', text: 'wait a moment please' },
    ]);
    // Marks the transport reports after the clear do not extend what was heard.
    media.played('t0.8');
    expect(conversation.turns[0].text).toBe('Hello there. I am');
    media.end();
    expect(await media.ended).toEqual({ reason: 'ended_by_host' });
  });

  it('a key pressed while the agent speaks interrupts it like speech and is the contact’s turn, answered', async () => {
    const { conversation, transport, media } = session({ autoPlay: false });
    await media.start();
    await until(() => transport.marks.includes('t0.end'));
    for (const mark of ['t0.0', 't0.1']) media.played(mark);
    media.keyed('[DTMF 5]');
    await until(() => conversation.turns.length === 3);

    expect(transport.log.filter((entry) => entry === 'clear')).toHaveLength(1);
    expect(conversation.turns).toEqual([
      { role: 'agent', text: 'Hello there.' },
      { role: 'contact', text: '[DTMF 5]' },
      { role: 'agent', text: 'Could you tell me your email?' },
    ]);
    media.end();
    await media.ended;
  });

  it('an agent turn interrupted before its first word was heard leaves the transcript', async () => {
    const { conversation, transport, media } = session({ autoPlay: false });
    await media.start();
    await until(() => transport.marks.includes('t0.end'));
    await say(media, 'sorry, who is calling?');
    await until(() => conversation.turns.length === 2);
    expect(conversation.turns[0]).toEqual({ role: 'contact', text: 'sorry, who is calling?' });
    media.end();
    await media.ended;
  });

  it('the contact already talking when the opening is ready: the opening is said whole, and all their words are their turn after it', async () => {
    const { conversation, transport, media } = session();
    let produced!: () => void;
    await media.start(() => new Promise<void>((resolve) => (produced = resolve)));
    const frames = await spoken('I have written TypeScript for six years');
    // Their first words while the opening is still being produced, the rest while it is spoken.
    for (const frame of frames.slice(0, 40)) media.audio(frame);
    produced();
    await until(() => transport.marks.length > 0);
    for (const frame of frames.slice(40)) media.audio(frame);
    await until(() => conversation.turns.length === 3);

    expect(transport.log).not.toContain('clear');
    expect(conversation.turns).toEqual([
      { role: 'agent', text: PROFILE.greeting },
      { role: 'contact', text: 'I have written TypeScript for six years' },
      { role: 'agent', text: 'Could you tell me your email?' },
    ]);
    media.end();
    await media.ended;
  });

  it('a backchannel over the agent does not interrupt it and is not a turn', async () => {
    const { conversation, transport, media } = session({ autoPlay: false });
    await media.start();
    await until(() => transport.marks.includes('t0.end'));
    media.played('t0.0');
    await say(media, 'mm-hm');
    await say(media, 'yeah okay');
    await new Promise((resolve) => setTimeout(resolve, 100));
    transport.marks.forEach((mark) => media.played(mark));
    await new Promise((resolve) => setTimeout(resolve, 50));

    expect(transport.log).not.toContain('clear');
    expect(conversation.turns).toEqual([{ role: 'agent', text: PROFILE.greeting }]);
    media.end();
    await media.ended;
  });

  it('a backchannel said while the agent is silent is an answer: the contact’s turn, answered', async () => {
    const { conversation, transport, media } = session();
    await media.start();
    await until(() => transport.marks.includes('t0.end'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    await say(media, 'yeah');
    await until(() => transport.marks.includes('t1.end'));
    expect(conversation.turns.slice(1)).toEqual([
      { role: 'contact', text: 'yeah' },
      { role: 'agent', text: 'Could you tell me your email?' },
    ]);
    media.end();
    await media.ended;
  });

  it('a backchannel said over the agent is not a turn even when its final comes after the agent finished', async () => {
    const { conversation, transport, media } = session({ autoPlay: false });
    await media.start();
    await until(() => transport.marks.includes('t0.end'));
    for (const frame of await spoken('mm-hm', 0)) media.audio(frame);
    // The agent's last words are played while the STT has not yet settled the "mm-hm".
    transport.marks.forEach((mark) => media.played(mark));
    for (const frame of await spoken('', 600)) media.audio(frame);
    await new Promise((resolve) => setTimeout(resolve, 100));

    expect(transport.log).not.toContain('clear');
    expect(conversation.turns).toEqual([{ role: 'agent', text: PROFILE.greeting }]);
    media.end();
    await media.ended;
  });

  it('reprompts after a silence, then ends after a second one', async () => {
    const { conversation, media } = session({ settings: { silenceRepromptMs: 150, silenceEndMs: 150, reprompt: 'Are you still there?' } });
    await media.start();
    expect(await media.ended).toEqual({ reason: 'silence' });
    expect(conversation.turns).toEqual([
      { role: 'agent', text: PROFILE.greeting },
      { role: 'agent', text: 'Are you still there?' },
    ]);
  });

  it('without a greeting the model opens, and speaking resets the silence clock', async () => {
    const { conversation, transport, media } = session({ greeting: '', settings: { silenceRepromptMs: 400, silenceEndMs: 150 } });
    await media.start();
    await until(() => transport.marks.includes('t0.end'));
    await new Promise((resolve) => setTimeout(resolve, 250));
    await say(media, 'hello');
    await until(() => transport.marks.includes('t1.end'));
    expect(conversation.turns.map((t) => t.text)).toEqual(['Hello, this is an automated assistant calling.', 'hello', 'Could you tell me your email?']);
    expect(await media.ended).toEqual({ reason: 'silence' });
    expect(conversation.turns.at(-1)).toEqual({ role: 'agent', text: 'Are you still there?' });
  });
});
