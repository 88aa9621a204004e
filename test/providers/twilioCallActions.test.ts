/**
 * The Twilio carrier's transfers and keys against the local fake of its REST API, which checks the
 * TwiML as Twilio reads it: a cold transfer replaces the live call's TwiML with a `<Dial>`; a warm
 * one rings the person with the summary and a `<Conference>`, then moves the caller into it once
 * they answer, or says why not; keys go as `<Play digits>` followed by the call's stream again.
 */
import { TwilioCarrier } from '../../providers/carrier/twilio';
import { startFakeTwilio, twimlProblem, type FakeTwilio } from '../fakes/twilio';

const FROM = '+442079460100';
const PERSON = '+442079460030';
const NEVER_ANSWERS = '+442079460031';
const BUSY = '+442079460032';
const XML = '<?xml version="1.0" encoding="UTF-8"?>';

let fake: FakeTwilio;
let carrier: TwilioCarrier;

const carrierOptions = () => ({
  accountSid: fake.accountSid,
  authToken: fake.authToken,
  fromNumber: FROM,
  apiBaseUrl: fake.url,
  speech: 'streams' as const,
  requestTimeoutMs: 5_000,
  publicBaseUrl: 'https://voice.example.test',
  defaultStt: 'deepgram',
  defaultTts: 'elevenlabs',
  ringTimeoutSeconds: 60,
});

beforeAll(async () => {
  fake = await startFakeTwilio();
  fake.answersAs.set(PERSON, 'in-progress');
  fake.answersAs.set(NEVER_ANSWERS, 'no-answer');
  fake.answersAs.set(BUSY, 'busy');
  carrier = new TwilioCarrier(carrierOptions());
});
afterAll(() => fake?.close());
beforeEach(() => {
  fake.created.length = 0;
  fake.updated.length = 0;
});

/** A live call of ours to the caller, as a dial leaves it. */
async function liveCall(callId: string): Promise<string> {
  const { carrierCallId } = await carrier.dial({ callId, to: '+14155550123', callWorkflowId: `call-${callId}`, byok: false });
  fake.created.length = 0;
  return carrierCallId;
}

const transfer = (callId: string, carrierCallId: string, to: string, mode: 'cold' | 'warm') =>
  carrier.transfer({ callId, carrierCallId, to, mode, summary: 'Ada Lovelace is calling about her renewal.', language: 'en-GB', byok: false });

test('a cold transfer replaces the live call’s TwiML with a dial to the person, and places no call of its own', async () => {
  const sid = await liveCall('c-cold');
  expect(await transfer('c-cold', sid, PERSON, 'cold')).toEqual({ outcome: 'connected' });
  expect(fake.created).toEqual([]);
  expect(fake.updated).toEqual([{ callSid: sid, form: { Twiml: `${XML}<Response><Dial>${PERSON}</Dial></Response>` } }]);
});

test('a warm transfer rings the person with the summary and a conference, then moves the caller into it once they answer', async () => {
  const sid = await liveCall('c-warm');
  expect(await transfer('c-warm', sid, PERSON, 'warm')).toEqual({ outcome: 'connected' });
  expect(fake.created).toHaveLength(1);
  expect(fake.created[0]!.form).toMatchObject({
    To: PERSON,
    From: FROM,
    Timeout: '30',
    Twiml: `${XML}<Response><Say language="en-GB">Ada Lovelace is calling about her renewal.</Say><Dial><Conference endConferenceOnExit="true">transfer-c-warm</Conference></Dial></Response>`,
  });
  expect(fake.updated).toEqual([
    {
      callSid: sid,
      form: {
        Twiml: `${XML}<Response><Dial><Conference startConferenceOnEnter="false" endConferenceOnExit="true">transfer-c-warm</Conference></Dial></Response>`,
      },
    },
  ]);
});

test.each([
  [NEVER_ANSWERS, 'no_answer', `${NEVER_ANSWERS} did not answer`],
  [BUSY, 'busy', `${BUSY} is busy`],
])('a warm transfer to %s fails as %s and leaves the caller’s call as it was', async (to, reason, message) => {
  const sid = await liveCall(`c-${reason}`);
  expect(await transfer(`c-${reason}`, sid, to, 'warm')).toEqual({ outcome: 'failed', reason, message });
  expect(fake.created.map((c) => c.form.To)).toEqual([to]);
  expect(fake.updated).toEqual([]);
});

test('a warm transfer Twilio refuses to dial fails as failed, with Twilio’s words', async () => {
  const sid = await liveCall('c-refused');
  fake.rejects.add('+442079460005');
  const result = await transfer('c-refused', sid, '+442079460005', 'warm');
  expect(result).toMatchObject({ outcome: 'failed', reason: 'failed' });
  expect((result as { message: string }).message).toContain('21211');
  expect(fake.updated).toEqual([]);
});

test('keys are played with <Play digits> and the call’s audio resumes on its stream', async () => {
  const sid = await liveCall('c-keys');
  await carrier.sendDigits({ callId: 'c-keys', carrierCallId: sid, digits: 'ww1#', byok: false });
  expect(fake.updated).toEqual([
    {
      callSid: sid,
      form: {
        Twiml: `${XML}<Response><Play digits="ww1#"/><Connect action="https://voice.example.test/carrier/twilio/stream-ended/c-keys"><Stream url="wss://voice.example.test/carrier/twilio/media/c-keys"><Parameter name="callId" value="c-keys"/></Stream></Connect></Response>`,
      },
    },
  ]);
});

test('on ConversationRelay, keys are followed by the relay again in the agent’s voice, without its greeting', async () => {
  const relay = new TwilioCarrier({ ...carrierOptions(), speech: 'relay' });
  const { carrierCallId: sid } = await relay.dial({ callId: 'c-relay', to: '+14155550124', callWorkflowId: 'call-c-relay', byok: false });
  await relay.sendDigits({
    callId: 'c-relay',
    carrierCallId: sid,
    digits: '2',
    byok: false,
    voice: { language: 'en-GB', greeting: 'Hello again.', tts: 'elevenlabs' },
  });
  const [{ form }] = fake.updated;
  expect(form.Twiml).toMatch(
    /^<\?xml[^>]*><Response><Play digits="2"\/><Connect action="https:\/\/voice\.example\.test\/carrier\/twilio\/stream-ended\/c-relay"><ConversationRelay url="wss:\/\/voice\.example\.test\/carrier\/twilio\/relay\/c-relay" language="en-GB" [^>]*ttsProvider="ElevenLabs"/,
  );
  expect(form.Twiml).not.toContain('welcomeGreeting');
});

test('the fake refuses TwiML Twilio would not read, so a carrier that wrote it would fail here', () => {
  expect(twimlProblem(`${XML}<Response><Play digits="1a"/></Response>`)).toMatch(/invalid digits/);
  expect(twimlProblem(`${XML}<Response><Dial>sales</Dial></Response>`)).toMatch(/not a phone number/);
  expect(twimlProblem(`${XML}<Response><Dial><Conference endConferenceOnExit="yes">r</Conference></Dial></Response>`)).toMatch(/endConferenceOnExit/);
  expect(twimlProblem(`${XML}<Response><Dial>${PERSON}</Dial></Response>`)).toBeNull();
});
