/**
 * The media session with answering-machine detection on the simulated engines: the screen hears
 * the callee before the opening, and the session acts on what it decided.
 */
import { AnswerScreen } from '../../conversation/machineDetection';
import { PIPELINE_SAMPLE_RATE } from '../../lib/audio';
import { PROFILE, spoken, testSession } from '../fakes/voice';

const INTRODUCTION = 'Hello, this is Ada from Acme, calling about your renewal.';
const MESSAGE = 'Please call the renewals desk back.';

function screened(voicemailBehavior: 'leave_message' | 'hangup' = 'leave_message') {
  const decisions: string[] = [];
  const answering = new AnswerScreen({
    sampleRate: PIPELINE_SAMPLE_RATE,
    voicemailBehavior,
    voicemailMessage: MESSAGE,
    introduction: INTRODUCTION,
    onDecision: (d) => decisions.push(d.answeredBy),
  });
  // A reprompt after 150 ms of quiet would show at once if the screen's waits let one through.
  return { decisions, ...testSession({ answering, settings: { silenceRepromptMs: 150, silenceEndMs: 60_000, reprompt: 'Are you still there?' } }) };
}

async function until(condition: () => boolean, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/** The callee's words (or quiet) as frames in real time's order, a little at a time, as a line sends them. */
async function hear(media: { audio(frame: Buffer): void }, text: string, quietMs: number): Promise<void> {
  const frames = await spoken(text, quietMs);
  for (let i = 0; i < frames.length; i += 10) {
    for (const frame of frames.slice(i, i + 10)) media.audio(frame);
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
}

test('a person who says "Hello?" is greeted after it; the "Hello?" is no turn of theirs', async () => {
  const { conversation, transport, media, decisions } = screened();
  await media.start();
  await hear(media, 'Hello?', 400);
  // The line goes on sending its quiet, as a phone does while the person waits.
  await hear(media, '', 1500);
  await until(() => transport.marks.includes('t0.end'));
  expect(decisions).toEqual(['person']);
  expect(conversation.turns).toEqual([{ role: 'agent', text: PROFILE.greeting }]);
  media.end();
  await media.ended;
});

test('a voicemail: nothing is said over the greeting, the message after it, and the session ends as a voicemail', async () => {
  const { conversation, transport, media, decisions } = screened();
  await media.start();
  await hear(media, "Hi, you've reached Dana, please leave a message after the tone", 1000);
  expect(decisions).toEqual(['voicemail']);
  expect(transport.frames).toHaveLength(0);
  await hear(media, '', 2000);
  expect(await media.ended).toEqual({ reason: 'voicemail' });
  expect(conversation.turns).toEqual([{ role: 'agent', text: MESSAGE }]);
});

test('a call screener: the introduction once, no reprompt while the person takes their time, then the greeting', async () => {
  const { conversation, transport, media, decisions } = screened();
  await media.start();
  await hear(media, 'Please say your name and why you are calling', 1200);
  await until(() => transport.marks.includes('t0.end'));
  // Longer than the reprompt's delay: the screen waits for the person itself.
  await new Promise((resolve) => setTimeout(resolve, 400));
  await hear(media, '', 1500);
  await hear(media, 'Hello, Dana speaking.', 1200);
  await until(() => transport.marks.includes('t1.end'));
  await new Promise((resolve) => setTimeout(resolve, 100));
  expect(decisions).toEqual(['call_screener']);
  expect(conversation.turns).toEqual([
    { role: 'agent', text: INTRODUCTION },
    { role: 'agent', text: PROFILE.greeting },
  ]);
  media.end();
  await media.ended;
});

test('a phone menu ends the session at once, with nothing said', async () => {
  const { conversation, media } = screened();
  await media.start();
  await hear(media, 'For sales, press one', 200);
  expect(await media.ended).toEqual({ reason: 'phone_menu' });
  expect(conversation.turns).toEqual([]);
});
