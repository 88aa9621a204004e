/** The simulated agent and callee hold whole conversations, and the analysis reads the report out of them. */
import type { AgentProfile, Turn } from '../../providers/llm/interface';
import { SimulatedLlm } from '../../providers/llm/simulated';
import { personaReply } from '../../providers/carrier/persona';

const EMAIL = /^[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}$/;
const LABELS = ['interested', 'call_back', 'not_interested'];
const SEEDS = ['+14155550100', '+14155550101', '+442079460001', '+33612345678', '+4915112345678', '+819012345678'];

const profile = (overrides: Partial<AgentProfile> = {}): AgentProfile => ({
  type: 'phone',
  instructions: 'Qualify the lead.',
  greeting: 'Hi, this is the Northwind assistant calling about your enquiry.',
  requiredContactFields: ['firstName', 'email'],
  outcomeLabels: LABELS,
  language: 'en',
  ...overrides,
});

const llm = new SimulatedLlm();

/** Alternates agent and callee the way a call does, with a hard stop far above the agent's own cap. */
async function converse(agent: AgentProfile, seed: string) {
  const transcript: Turn[] = [];
  for (let i = 0; i < 40; i++) {
    const reply = await llm.reply(agent, transcript);
    transcript.push({ role: 'agent', text: reply.text });
    if (reply.done) return { transcript, endedBy: 'agent' as const };
    const answer = personaReply(agent, transcript, seed);
    transcript.push({ role: 'contact', text: answer.text });
    if (answer.hangUp) return { transcript, endedBy: 'contact' as const };
  }
  throw new Error('conversation did not terminate');
}

const agentTexts = (t: Turn[]) => t.filter((x) => x.role === 'agent').map((x) => x.text);

/** The contact turn right after the (only) agent turn matching `asked`. */
function answerAfter(t: Turn[], asked: RegExp): string {
  const i = t.findIndex((x) => x.role === 'agent' && asked.test(x.text));
  expect(i).toBeGreaterThanOrEqual(0);
  expect(t[i + 1]?.role).toBe('contact');
  return t[i + 1].text;
}

/** Labels named as whole tokens in a text, recomputed here independently of the implementation. */
const labelsNamedIn = (text: string) => LABELS.filter((l) => new RegExp(`(^|[^\\w])${l}([^\\w]|$)`).test(text));

describe('a full simulated conversation', () => {
  test('greets, asks each field once in order, offers the labels, closes within the cap', async () => {
    const agent = profile();
    const { transcript, endedBy } = await converse(agent, SEEDS[0]);
    const said = agentTexts(transcript);

    expect(transcript[0]).toEqual({ role: 'agent', text: agent.greeting });
    expect(said.filter((s) => /first name/i.test(s))).toHaveLength(1);
    expect(said.filter((s) => /email/i.test(s))).toHaveLength(1);
    expect(said.findIndex((s) => /first name/i.test(s))).toBeLessThan(said.findIndex((s) => /email/i.test(s)));
    expect(said.filter((s) => LABELS.every((l) => s.includes(l)))).toHaveLength(1);
    expect(said.length).toBeLessThanOrEqual(agent.requiredContactFields.length + 3);
    expect(endedBy).toBe('agent');
    expect(transcript[transcript.length - 1].role).toBe('agent');
    expect(said[said.length - 1]).toMatch(/goodbye/i);
  });

  test("the analysis captures exactly the persona's answers and the label it chose", async () => {
    const agent = profile();
    for (const seed of SEEDS.slice(0, 3)) {
      const { transcript } = await converse(agent, seed);
      const report = await llm.analyzeCall(agent, transcript);

      const nameAnswer = answerAfter(transcript, /first name/i);
      const emailAnswer = answerAfter(transcript, /email/i);
      expect(Object.keys(report.capturedFields).sort()).toEqual(['email', 'firstName']);
      expect(report.capturedFields.email).toMatch(EMAIL);
      expect(emailAnswer).toContain(report.capturedFields.email);
      // The filler around the name is gone: just the name, and it is the one the persona said.
      expect(report.capturedFields.firstName).toMatch(/^[A-Z][a-z]+$/);
      expect(nameAnswer).toMatch(new RegExp(`\\b${report.capturedFields.firstName}\\b`));

      const chosen = labelsNamedIn(answerAfter(transcript, /which fits best/i));
      expect(chosen).toHaveLength(1);
      expect(report.outcome).toBe(chosen[0]);
      expect(report.summary).toContain(`${transcript.length} turns`);
      expect(report.summary).toContain(chosen[0]);
      expect(report.summary).toMatch(/first name and email/);
    }
  });

  test('the same seed replays the same call; different seeds reach different outcomes and answers', async () => {
    const agent = profile();
    const first = await converse(agent, SEEDS[1]);
    const again = await converse(agent, SEEDS[1]);
    expect(again.transcript).toEqual(first.transcript);
    expect(await llm.analyzeCall(agent, again.transcript)).toEqual(await llm.analyzeCall(agent, first.transcript));

    const reports = await Promise.all(SEEDS.map(async (s) => llm.analyzeCall(agent, (await converse(agent, s)).transcript)));
    expect(new Set(reports.map((r) => r.outcome)).size).toBeGreaterThan(1);
    expect(new Set(reports.map((r) => r.capturedFields.email)).size).toBeGreaterThan(1);
    for (const r of reports) expect(LABELS).toContain(r.outcome);
  });
});

describe('SimulatedLlm.reply', () => {
  test('an agent with no fields or labels greets, then says goodbye', async () => {
    const agent = profile({ requiredContactFields: [], outcomeLabels: [] });
    const { transcript } = await converse(agent, SEEDS[0]);
    expect(agentTexts(transcript)).toEqual([agent.greeting, expect.stringMatching(/goodbye/i)]);
    expect(await llm.reply(agent, transcript.slice(0, 2))).toEqual({ text: expect.stringMatching(/goodbye/i), done: true });
  });

  test('without a greeting it opens as an automated assistant, never as a person', async () => {
    const opening = await llm.reply(profile({ greeting: '' }), []);
    expect(opening.done).toBe(false);
    expect(opening.text).toMatch(/automated assistant/i);
  });

  test.each(['not interested, bye', 'Please stop calling me.', 'Goodbye!'])('a contact saying %p ends the call at once', async (said) => {
    const agent = profile();
    const transcript: Turn[] = [
      { role: 'agent', text: agent.greeting },
      { role: 'contact', text: 'Yes?' },
      { role: 'agent', text: 'Could you tell me your first name?' },
      { role: 'contact', text: said },
    ];
    expect(await llm.reply(agent, transcript)).toEqual({ text: expect.stringMatching(/goodbye/i), done: true });
    // Control: a cooperative answer in the same place moves on to the next field instead.
    const cooperative = await llm.reply(agent, [...transcript.slice(0, 3), { role: 'contact', text: 'Sure, it is Dana.' }]);
    expect(cooperative).toEqual({ text: expect.stringMatching(/email/i), done: false });

    const report = await llm.analyzeCall(agent, transcript);
    expect(report.capturedFields).toEqual({});
  });

  test('an early "not interested, bye" is reported as negative and not_interested, not as interested', async () => {
    const agent = profile();
    const transcript: Turn[] = [
      { role: 'agent', text: agent.greeting },
      { role: 'contact', text: 'not interested, bye' },
    ];
    expect((await llm.reply(agent, transcript)).done).toBe(true);
    const report = await llm.analyzeCall(agent, transcript);
    expect(report).toMatchObject({ capturedFields: {}, sentiment: 'negative', outcome: 'not_interested' });
  });

  test('the labels are offered once, then the agent closes', async () => {
    const agent = profile();
    const transcript: Turn[] = [
      { role: 'agent', text: 'Could you tell me your first name?' },
      { role: 'contact', text: 'Dana.' },
      { role: 'agent', text: 'Could you tell me your email?' },
      { role: 'contact', text: 'dana@example.com' },
      { role: 'agent', text: 'Which fits best: interested, call_back or not_interested?' },
      { role: 'contact', text: 'Hmm, hard to say.' },
    ];
    expect(await llm.reply(agent, transcript.slice(0, 4))).toEqual({ text: transcript[4].text, done: false });
    expect(await llm.reply(agent, transcript)).toEqual({ text: expect.stringMatching(/goodbye/i), done: true });
  });

  test('an agent that hears nothing back still closes within fields + 3 turns', async () => {
    const agent = profile();
    const transcript: Turn[] = [];
    let reply = await llm.reply(agent, transcript);
    while (!reply.done) {
      transcript.push({ role: 'agent', text: reply.text });
      expect(transcript.length).toBeLessThan(agent.requiredContactFields.length + 3);
      reply = await llm.reply(agent, transcript);
    }
    expect(transcript.length + 1).toBe(agent.requiredContactFields.length + 3);
  });
});

describe('SimulatedLlm.analyzeCall', () => {
  test('an empty transcript reports that no conversation took place', async () => {
    const report = await llm.analyzeCall(profile(), []);
    expect(report.summary).toMatch(/no conversation took place/i);
    expect(report.capturedFields).toEqual({});
    expect(report.sentiment).toBe('neutral');
    expect(report).not.toHaveProperty('outcome');
  });

  test('sentiment follows what the contact said', async () => {
    const agent = profile({ requiredContactFields: [], outcomeLabels: [] });
    const withContact = (text: string): Turn[] => [
      { role: 'agent', text: agent.greeting },
      { role: 'contact', text },
    ];
    expect((await llm.analyzeCall(agent, withContact('Yes, great, thanks!'))).sentiment).toBe('positive');
    expect((await llm.analyzeCall(agent, withContact('No. I am angry, stop this.'))).sentiment).toBe('negative');
    expect((await llm.analyzeCall(agent, withContact('I see.'))).sentiment).toBe('neutral');
  });

  test('an opt-out is heard in what the contact said, whoever the number', async () => {
    const agent = profile({ requiredContactFields: [], outcomeLabels: [] });
    const withContact = (text: string): Turn[] => [
      { role: 'agent', text: agent.greeting },
      { role: 'contact', text },
    ];
    for (const text of ["Please don't call me again.", 'Take me off your list.', 'Stop calling this number!', 'Remove me from your records.']) {
      expect((await llm.analyzeCall(agent, withContact(text))).optOut).toBe(true);
    }
    for (const text of ['Yes, call me tomorrow.', 'I will take it.', 'Sure, go ahead.']) {
      expect((await llm.analyzeCall(agent, withContact(text))).optOut).toBe(false);
    }
    expect((await llm.analyzeCall(agent, [])).optOut).toBe(false);
  });

  test('the opt-out test number asks to be removed and hangs up; the analysis hears it', async () => {
    const agent = profile();
    const greeting: Turn = { role: 'agent', text: agent.greeting };
    const answer = personaReply(agent, [greeting], '+442079460999');
    expect(answer).toEqual({ text: expect.stringMatching(/do not call me again/), hangUp: true });
    expect(personaReply(agent, [greeting], '+442079460001').hangUp).toBe(false);
    expect((await llm.analyzeCall(agent, [greeting, { role: 'contact', text: answer.text }])).optOut).toBe(true);
  });

  test('a negated label is not an outcome', async () => {
    const agent = profile({ requiredContactFields: [], outcomeLabels: ['interested', 'call_back'] });
    const said = async (text: string) =>
      (
        await llm.analyzeCall(agent, [
          { role: 'agent', text: agent.greeting },
          { role: 'contact', text },
        ])
      ).outcome;
    expect(await said("I'm not interested.")).toBeUndefined();
    expect(await said("I'm interested, actually.")).toBe('interested');
    expect(await said('Please call back tomorrow.')).toBe('call_back');
  });

  test('an email and a label read as speech-to-text writes them are still captured', async () => {
    // What the local Whisper wrote on the simulated audio line for "bruno.akifur@example.com" and "cancelling".
    const agent = profile({ requiredContactFields: ['email'], outcomeLabels: ['renew', 'cancelling'] });
    const report = await llm.analyzeCall(agent, [
      { role: 'agent', text: agent.greeting },
      { role: 'agent', text: 'Could you tell me your email?' },
      { role: 'contact', text: 'Sure, it is Bruno Dot Akifur at example.com.' },
      { role: 'agent', text: 'Which fits best: renew or cancelling?' },
      { role: 'contact', text: 'Canceling, please.' },
    ]);
    expect(report.capturedFields).toEqual({ email: 'bruno.akifur@example.com' });
    expect(report.outcome).toBe('cancelling');
    const written = await llm.analyzeCall(agent, [
      { role: 'agent', text: 'Could you tell me your email?' },
      { role: 'contact', text: 'It is Ada.Lovelace@Example.org, thanks.' },
    ]);
    // A written address is kept as written.
    expect(written.capturedFields).toEqual({ email: 'Ada.Lovelace@Example.org' });
  });

  test('a phone field is captured as E.164 from the persona answer', async () => {
    const agent = profile({ requiredContactFields: ['phone_number', 'companyName'], outcomeLabels: [] });
    const { transcript } = await converse(agent, SEEDS[2]);
    const report = await llm.analyzeCall(agent, transcript);
    expect(report.capturedFields.phone_number).toMatch(/^\+[1-9]\d{6,14}$/);
    expect(answerAfter(transcript, /phone number/i)).toContain(report.capturedFields.phone_number);
    expect(report.capturedFields.companyName).toBeTruthy();
    expect(answerAfter(transcript, /company name/i)).toMatch(new RegExp(`is ${report.capturedFields.companyName}\\.$`));
    expect(report).not.toHaveProperty('outcome');
  });
});

describe('personaReply', () => {
  const agent = profile({ requiredContactFields: ['name', 'firstName', 'email'] });
  const after = (text: string, seed = SEEDS[0]) => personaReply(agent, [{ role: 'agent', text }], seed);

  test('hangs up on goodbye and otherwise stays on the line', () => {
    expect(after('Thanks for your time. Goodbye!')).toEqual({ text: 'Goodbye.', hangUp: true });
    expect(after('Is now a good time?').hangUp).toBe(false);
  });

  test("answers another model's phrasing of a field, the most specific field first", () => {
    expect(after("What's the best email address to reach you?").text).toMatch(/[a-z.]+@example\.com/);
    const firstName = after('And your first name, please?').text;
    expect(firstName).toMatch(/^My first name is [A-Z][a-z]+\.$/);
    expect(after('And your first name, please?')).toEqual(after('And your first name, please?'));
    expect(after('What is your name?').text).toMatch(/^My name is [A-Z][a-z]+ [A-Z][a-z]+\.$/);
  });
});

describe('SimulatedLlm.streamReply', () => {
  test('streams the reply word by word and tells done once the words are out', async () => {
    const transcript: Turn[] = [];
    for (let i = 0; i < 10; i++) {
      const expected = await llm.reply(profile(), transcript);
      const stream = llm.streamReply(profile(), transcript);
      expect(() => stream.done()).toThrow();
      const chunks: string[] = [];
      for await (const chunk of stream.chunks) chunks.push(chunk);
      expect(chunks.join('')).toBe(expected.text);
      expect(chunks.length).toBe(expected.text.split(' ').length);
      expect(stream.done()).toBe(expected.done);
      transcript.push({ role: 'agent', text: expected.text });
      if (expected.done) return;
      transcript.push({ role: 'contact', text: personaReply(profile(), transcript, SEEDS[0]).text });
    }
    throw new Error('the conversation did not end');
  });
});
