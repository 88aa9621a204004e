/**
 * The Mistral, Groq and Gemini adapters against local fakes of each vendor's HTTP API: what they
 * send (model, system prompt, transcript as messages, JSON-output settings, key header), how they
 * read streams and analyses, and how vendor failures surface to the activity retry policy.
 */
import { agentProfile } from '../../conversation/profile';
import type { AgentRecord } from '../../models/agent';
import { createLlmProvider } from '../../providers/llm';
import type { ChatVendorLlm } from '../../providers/llm/chatVendor';
import { ProviderFailure, VendorAuthError } from '../../providers/errors';
import { LlmAnalysisError, type InterviewProfile, type ToolExchange, type ToolSpec, type Turn } from '../../providers/llm/interface';
import { startFakeLlmVendor, type FakeLlmServer, type FakeVendor, type RecordedRequest } from '../fakes/llmVendors';

const agentRecord = {
  type: 'phone',
  instructions: 'You call {{firstName}} about the renewal of their {{product}}.',
  language: 'en-GB',
  phone: { greeting: 'Hi {{firstName}}, this is the renewals desk.', requiredContactFields: ['email'], outcomeLabels: ['renew', 'cancel'] },
} as unknown as AgentRecord;
const agent = agentProfile(agentRecord, { firstName: 'Ada', product: 'broadband' });

const transcript: Turn[] = [
  { role: 'agent', text: 'Hi Ada, this is the renewals desk.' },
  { role: 'contact', text: 'Hello, yes?' },
  { role: 'agent', text: 'Could you tell me your email?' },
  { role: 'contact', text: 'It is ada@example.com.' },
];

const interviewer: InterviewProfile = {
  mode: 'interview',
  instructions: 'Interview for a backend role.',
  goal: 'Hire a backend engineer',
  opening: 'Welcome, Grace.',
  evaluationCriteria: ['TypeScript', 'databases'],
  evaluationStyle: 'strict',
  difficulty: 'hard',
  language: 'en-US',
  candidateName: 'Grace',
};

const DEFAULT_MODELS: Record<FakeVendor, string> = { mistral: 'mistral-small-latest', groq: 'llama-3.3-70b-versatile', gemini: 'gemini-2.5-flash' };

/** What a recorded request carries, read the way each vendor's wire format puts it. */
const wire = {
  model: (v: FakeVendor, r: RecordedRequest) => (v === 'gemini' ? /\/models\/([^:]+):/.exec(r.path)![1] : r.body.model),
  system: (v: FakeVendor, r: RecordedRequest): string =>
    v === 'gemini'
      ? r.body.systemInstruction.parts.map((p: { text: string }) => p.text).join('')
      : r.body.messages[0].role === 'system' && r.body.messages[0].content,
  turns: (v: FakeVendor, r: RecordedRequest): [string, string][] =>
    v === 'gemini'
      ? r.body.contents.map((c: { role: string; parts: { text: string }[] }) => [c.role === 'model' ? 'assistant' : c.role, c.parts[0].text])
      : r.body.messages.slice(1).map((m: { role: string; content: string }) => [m.role, m.content]),
  key: (v: FakeVendor, r: RecordedRequest) => (v === 'gemini' ? r.headers['x-goog-api-key'] : r.headers.authorization),
  streamed: (v: FakeVendor, r: RecordedRequest) =>
    v === 'gemini' ? r.path.endsWith(':streamGenerateContent') && r.query.get('alt') === 'sse' : r.body.stream === true,
};

describe.each(['mistral', 'groq', 'gemini'] as const)('%s adapter', (vendor) => {
  let fake: FakeLlmServer;
  let llm: ChatVendorLlm;
  beforeAll(async () => {
    fake = await startFakeLlmVendor(vendor);
  });
  afterAll(() => fake.close());
  beforeEach(() => {
    fake.requests.length = 0;
    fake.answers.length = 0;
    fake.modelsStatus = null;
    llm = createLlmProvider(vendor, { apiKey: fake.apiKey, baseUrl: fake.url }) as ChatVendorLlm;
  });

  test('a turn sends the model, the filled-in system prompt, the transcript in order and the key', async () => {
    fake.answers.push({ text: 'Thank you. Would you like to renew or cancel?' });
    const reply = await llm.reply(agent, transcript);
    expect(reply).toEqual({ text: 'Thank you. Would you like to renew or cancel?', done: false });

    expect(fake.chatRequests()).toHaveLength(1);
    const [request] = fake.chatRequests();
    expect(wire.model(vendor, request)).toBe(DEFAULT_MODELS[vendor]);
    expect(wire.key(vendor, request)).toBe(vendor === 'gemini' ? fake.apiKey : `Bearer ${fake.apiKey}`);
    expect(wire.streamed(vendor, request)).toBe(true);
    const system = wire.system(vendor, request);
    expect(system).toContain('You call Ada about the renewal of their broadband.');
    expect(system).toContain('"Hi Ada, this is the renewals desk."');
    expect(system).toContain('- email');
    expect(system).toContain('- renew\n- cancel');
    expect(system).toContain('en-GB');
    expect(system).toContain('[[END]]');
    expect(system).not.toContain('{{');
    expect(wire.turns(vendor, request)).toEqual([
      ['assistant', 'Hi Ada, this is the renewals desk.'],
      ['user', 'Hello, yes?'],
      ['assistant', 'Could you tell me your email?'],
      ['user', 'It is ada@example.com.'],
    ]);
  });

  test('the opening turn asks the model to speak first, and another model can be configured', async () => {
    llm = createLlmProvider(vendor, { apiKey: fake.apiKey, baseUrl: fake.url, model: 'custom-model' }) as ChatVendorLlm;
    fake.answers.push({ text: 'Hi Ada, this is the renewals desk.' });
    await llm.reply(agent, []);
    const [request] = fake.chatRequests();
    expect(wire.model(vendor, request)).toBe('custom-model');
    const turns = wire.turns(vendor, request);
    expect(turns).toHaveLength(1);
    expect(turns[0][0]).toBe('user');
    expect(turns[0][1]).toMatch(/you speak first/i);
  });

  test('a streamed turn yields the chunks in order and hides the end marker, even split across chunks', async () => {
    fake.answers.push({ text: '', chunks: ['Thanks, ', 'goodbye.', ' [[E', 'ND]]'] });
    const stream = llm.streamReply(agent, transcript);
    expect(() => stream.done()).toThrow();
    const chunks: string[] = [];
    for await (const chunk of stream.chunks) chunks.push(chunk);
    expect(chunks).toEqual(['Thanks,', ' goodbye.']);
    expect(stream.done()).toBe(true);

    fake.answers.push({ text: '', chunks: ['Could you ', 'tell me ', 'your [[email]]?'] });
    const open = llm.streamReply(agent, transcript);
    const more: string[] = [];
    for await (const chunk of open.chunks) more.push(chunk);
    expect(more).toEqual(['Could you', ' tell me', ' your [[email]]?']);
    expect(open.done()).toBe(false);

    fake.answers.push({ text: '', chunks: ['Goodbye', ' [[END]]'] });
    expect(await llm.reply(agent, transcript)).toEqual({ text: 'Goodbye', done: true });
  });

  const LOOKUP: ToolSpec = {
    name: 'lookup_order',
    description: 'Finds an order by its number.',
    parameters: { type: 'object', properties: { orderNumber: { type: 'string' } }, required: ['orderNumber'] },
  };
  const withTools = { ...agent, tools: [LOOKUP] };

  /** The tool declarations a request carries, read the way each vendor's wire format puts them. */
  const sentTools = (r: RecordedRequest) =>
    vendor === 'gemini'
      ? r.body.tools?.[0]?.functionDeclarations.map((d: { name: string; description: string; parametersJsonSchema: unknown }) => [
          d.name,
          d.description,
          d.parametersJsonSchema,
        ])
      : r.body.tools?.map((t: { type: string; function: { name: string; description: string; parameters: unknown } }) => [
          t.function.name,
          t.function.description,
          t.function.parameters,
        ]);

  test('an agent with tools sends them in the vendor’s format, and the model’s call comes back parsed after its words', async () => {
    fake.answers.push({ text: '', chunks: ['Let me check that.'], toolCalls: [{ name: 'lookup_order', arguments: { orderNumber: 'A-17' } }] });
    const stream = llm.streamReply(withTools, transcript);
    expect(() => stream.toolCalls!()).toThrow();
    const chunks: string[] = [];
    for await (const chunk of stream.chunks) chunks.push(chunk);
    expect(chunks.join('')).toBe('Let me check that.');
    const calls = stream.toolCalls!();
    expect(calls).toEqual([{ id: expect.stringMatching(/.+/), name: 'lookup_order', arguments: { orderNumber: 'A-17' } }]);

    const [request] = fake.chatRequests();
    expect(sentTools(request)).toEqual([['lookup_order', 'Finds an order by its number.', LOOKUP.parameters]]);
    if (vendor !== 'gemini') expect(request.body.tool_choice).toBe('auto');

    // A call with no words is a turn all the same.
    fake.answers.push({ text: '', toolCalls: [{ name: 'lookup_order', arguments: { orderNumber: 'B-2' } }] });
    expect(await llm.reply(withTools, transcript)).toEqual({
      text: '',
      done: false,
      toolCalls: [{ id: expect.any(String), name: 'lookup_order', arguments: { orderNumber: 'B-2' } }],
    });
  });

  test('an agent without tools sends none', async () => {
    fake.answers.push({ text: 'Hello.' });
    await llm.reply(agent, transcript);
    expect(fake.chatRequests()[0].body.tools).toBeUndefined();
    expect(fake.chatRequests()[0].body.tool_choice).toBeUndefined();
  });

  test('a tool’s result and a tool’s error go back to the model as the vendor documents them', async () => {
    const exchange = (id: string, outcome: ToolExchange['outcome']): Turn => ({
      role: 'tool',
      text: 'lookup_order',
      tool: { call: { id, name: 'lookup_order', arguments: { orderNumber: 'A-17' } }, outcome },
    });
    const withExchanges: Turn[] = [
      ...transcript,
      exchange('call_1', { ok: false, error: 'the tool answered 503' }),
      exchange('call_2', { ok: true, result: { status: 'shipped' } }),
    ];
    fake.answers.push({ text: 'It has shipped.' });
    expect(await llm.reply(withTools, withExchanges)).toEqual({ text: 'It has shipped.', done: false });
    const [request] = fake.chatRequests();
    if (vendor === 'gemini') {
      const tail = request.body.contents.slice(-4);
      expect(tail).toEqual([
        { role: 'model', parts: [{ functionCall: { id: 'call_1', name: 'lookup_order', args: { orderNumber: 'A-17' } } }] },
        { role: 'user', parts: [{ functionResponse: { id: 'call_1', name: 'lookup_order', response: { error: 'the tool answered 503' } } }] },
        { role: 'model', parts: [{ functionCall: { id: 'call_2', name: 'lookup_order', args: { orderNumber: 'A-17' } } }] },
        { role: 'user', parts: [{ functionResponse: { id: 'call_2', name: 'lookup_order', response: { output: { status: 'shipped' } } } }] },
      ]);
    } else {
      const tail = request.body.messages.slice(-4);
      expect(tail[0]).toMatchObject({
        role: 'assistant',
        tool_calls: [{ id: 'call_1', type: 'function', function: { name: 'lookup_order', arguments: '{"orderNumber":"A-17"}' } }],
      });
      expect(tail[1]).toMatchObject({ role: 'tool', tool_call_id: 'call_1', content: '{"error":"the tool answered 503"}' });
      expect(tail[3]).toMatchObject({ role: 'tool', tool_call_id: 'call_2', content: '{"status":"shipped"}' });
    }
  });

  if (vendor !== 'gemini') {
    test('arguments that are not JSON come back as the text the model wrote', async () => {
      fake.answers.push({ text: '', toolCalls: [{ name: 'lookup_order', arguments: '{"orderNumber": A-17' }] });
      const reply = await llm.reply(withTools, transcript);
      expect(reply.toolCalls?.[0].arguments).toBe('{"orderNumber": A-17');
    });
  }

  test('U+0000 the model writes comes back as U+FFFD: in its words, a tool call and an analysis (the production database refuses it)', async () => {
    fake.answers.push({
      text: '',
      chunks: ['Your code is \u0000', 'A-17.'],
      toolCalls: [{ name: 'lookup_order', arguments: { 'order\u0000': 'A-\u000017' } }],
    });
    const reply = await llm.reply(withTools, transcript);
    expect(reply.text).toBe('Your code is \uFFFDA-17.');
    expect(reply.toolCalls?.[0].arguments).toEqual({ 'order\uFFFD': 'A-\uFFFD17' });

    fake.answers.push({
      text: JSON.stringify({
        summary: 'Ada said \u0000.',
        outcome: 'renew',
        capturedFields: { email: 'ada\u0000@example.com' },
        sentiment: 'neutral',
        optOut: false,
      }),
    });
    const analysis = await llm.analyzeCall(agent, transcript);
    expect(analysis.summary).toBe('Ada said \uFFFD.');
    expect(analysis.capturedFields).toEqual({ email: 'ada\uFFFD@example.com' });
  });

  test('an interview turn carries the interview prompt', async () => {
    fake.answers.push({ text: 'Welcome, Grace.' });
    await llm.interviewReply(interviewer, []);
    const system = wire.system(vendor, fake.chatRequests()[0]);
    expect(system).toContain('Interview for a backend role.');
    expect(system).toContain('Grace');
    expect(system).toContain('- TypeScript\n- databases');
    expect(system).toContain('"Welcome, Grace."');
  });

  test('the call analysis asks for JSON output and returns what the model found, nulls dropped', async () => {
    fake.answers.push({
      text: JSON.stringify({
        summary: 'Ada gave her email.',
        outcome: null,
        capturedFields: { email: 'ada@example.com' },
        sentiment: 'positive',
        optOut: false,
      }),
    });
    const analysis = await llm.analyzeCall(agent, transcript);
    expect(analysis).toEqual({ summary: 'Ada gave her email.', capturedFields: { email: 'ada@example.com' }, sentiment: 'positive', optOut: false });

    const [request] = fake.chatRequests();
    if (vendor === 'mistral') {
      expect(request.body.response_format.type).toBe('json_schema');
      expect(request.body.response_format.json_schema.strict).toBe(true);
      expect(request.body.response_format.json_schema.schema.properties.outcome.enum).toEqual(['renew', 'cancel', null]);
    } else if (vendor === 'groq') {
      expect(request.body.response_format).toEqual({ type: 'json_object' });
    } else {
      expect(request.body.generationConfig.responseMimeType).toBe('application/json');
      expect(request.body.generationConfig.responseJsonSchema.required).toEqual(['summary', 'outcome', 'capturedFields', 'sentiment', 'optOut']);
    }
    expect(wire.streamed(vendor, request)).toBe(false);
    expect(wire.system(vendor, request)).toContain('JSON Schema');
    expect(wire.system(vendor, request)).toContain('asked not to be called again');
    const [[role, user]] = wire.turns(vendor, request);
    expect(role).toBe('user');
    expect(user).toContain('4. Contact: It is ada@example.com.');
    // The transcript goes inside the fence the system prompt names as untrusted data.
    const boundary = /^Transcript:\n<<<(TRANSCRIPT-[0-9a-f]{24})>>>\n[^]*\n<<<END \1>>>$/.exec(user)?.[1];
    expect(wire.system(vendor, request)).toContain(`between the line <<<${boundary}>>> and the line <<<END ${boundary}>>>`);
  });

  test('an opt-out the model hears is in the analysis; an answer that leaves optOut out is asked for again', async () => {
    const answer = { summary: 'Ada asked to be removed.', outcome: null, capturedFields: { email: null }, sentiment: 'negative' };
    fake.answers.push({ text: JSON.stringify(answer) }, { text: JSON.stringify({ ...answer, optOut: true }) });
    expect(await llm.analyzeCall(agent, transcript)).toEqual({ summary: 'Ada asked to be removed.', capturedFields: {}, sentiment: 'negative', optOut: true });
    const requests = fake.chatRequests();
    expect(requests).toHaveLength(2);
    expect(wire.turns(vendor, requests[1])[2][1]).toMatch(/refused: .*optOut/);
  });

  test('an answer outside the schema is asked for again with the reason, then accepted', async () => {
    fake.answers.push(
      { text: JSON.stringify({ summary: 'x', outcome: 'maybe', capturedFields: { email: 'a@b.c' }, sentiment: 'positive', optOut: false }) },
      { text: JSON.stringify({ summary: 'Renewing.', outcome: 'renew', capturedFields: { email: 'a@b.c' }, sentiment: 'neutral', optOut: false }) },
    );
    expect(await llm.analyzeCall(agent, transcript)).toEqual({
      outcome: 'renew',
      summary: 'Renewing.',
      capturedFields: { email: 'a@b.c' },
      sentiment: 'neutral',
      optOut: false,
    });
    const requests = fake.chatRequests();
    expect(requests).toHaveLength(2);
    const retry = wire.turns(vendor, requests[1]);
    expect(retry).toHaveLength(3);
    expect(retry[1][0]).toBe('assistant');
    expect(retry[2][1]).toMatch(/refused: .*outcome/);
  });

  test('three invalid answers raise LlmAnalysisError: unparsable, an unknown field, a score out of range', async () => {
    fake.answers.push(
      { text: 'not json at all' },
      { text: JSON.stringify({ summary: 's', outcome: null, capturedFields: { email: null, phone: '+1' }, sentiment: 'neutral', optOut: false }) },
      { text: JSON.stringify({ summary: 's', outcome: null, capturedFields: {}, sentiment: 'happy', optOut: false }) },
    );
    const error = await llm.analyzeCall(agent, transcript).catch((err: unknown) => err);
    expect(error).toBeInstanceOf(LlmAnalysisError);
    expect(fake.chatRequests()).toHaveLength(3);

    fake.requests.length = 0;
    const evaluation = (score: number, criteria = ['TypeScript', 'databases']) =>
      JSON.stringify({ summary: 's', evaluations: criteria.map((criterion) => ({ criterion, score, rationale: 'r' })), recommendation: 'hold' });
    fake.answers.push({ text: evaluation(6) }, { text: evaluation(3.5) }, { text: evaluation(3, ['TypeScript', 'TypeScript']) });
    await expect(llm.analyzeInterview(interviewer, transcript)).rejects.toBeInstanceOf(LlmAnalysisError);
    expect(fake.chatRequests()).toHaveLength(3);
  });

  test('an interview evaluation keeps the criteria order and computes the aggregates itself', async () => {
    fake.answers.push({
      text: JSON.stringify({
        summary: 'Solid.',
        evaluations: [
          { criterion: 'databases', score: 2, rationale: 'Vague on indexes.' },
          { criterion: 'TypeScript', score: 5, rationale: 'Explained generics well.' },
        ],
        recommendation: 'hold',
      }),
    });
    expect(await llm.analyzeInterview(interviewer, transcript)).toEqual({
      family: 'interview',
      summary: 'Solid.',
      evaluations: [
        { criterion: 'TypeScript', score: 5, rationale: 'Explained generics well.' },
        { criterion: 'databases', score: 2, rationale: 'Vague on indexes.' },
      ],
      overallScore: 3.5,
      recommendation: 'hold',
      strengths: ['TypeScript'],
      concerns: ['databases'],
    });

    fake.answers.push({ text: JSON.stringify({ summary: 'Partly.', capturedFields: { TypeScript: 'yes', databases: null } }) });
    expect(await llm.analyzeInterview({ ...interviewer, mode: 'workflow' }, transcript)).toEqual({
      family: 'workflow',
      outcome: 'incomplete',
      summary: 'Partly.',
      capturedFields: { TypeScript: 'yes' },
    });
  });

  test.each([429, 500])('a %i is a retryable failure, sent once (no SDK retries)', async (status) => {
    fake.answers.push({ status: status as 429 | 500 });
    const error = await llm.reply(agent, transcript).catch((err: unknown) => err);
    expect(error).toBeInstanceOf(Error);
    expect(error).not.toBeInstanceOf(ProviderFailure);
    expect((error as Error).message).toContain(String(status));
    expect(fake.chatRequests()).toHaveLength(1);

    fake.answers.push({ status: status as 429 | 500 });
    await expect(llm.analyzeCall(agent, transcript)).rejects.not.toBeInstanceOf(ProviderFailure);
    expect(fake.chatRequests()).toHaveLength(2);
  });

  test('a refused key is a non-retryable failure', async () => {
    llm = createLlmProvider(vendor, { apiKey: 'wrong', baseUrl: fake.url }) as ChatVendorLlm;
    const error = await llm.reply(agent, transcript).catch((err: unknown) => err);
    expect(error).toBeInstanceOf(ProviderFailure);
    expect((error as ProviderFailure).type).toBe('llm_vendor_rejected');
    expect(fake.chatRequests()).toHaveLength(1);

    fake.answers.push({ status: 401 });
    llm = createLlmProvider(vendor, { apiKey: fake.apiKey, baseUrl: fake.url }) as ChatVendorLlm;
    const streamed = llm.streamReply(agent, transcript);
    const failure = await (async () => {
      for await (const _ of streamed.chunks);
    })().catch((err: unknown) => err);
    expect(failure).toBeInstanceOf(ProviderFailure);
  });

  test('verify() lists the models with the key: VendorAuthError when refused, another error when the vendor fails', async () => {
    await expect(llm.verify()).resolves.toBeUndefined();
    const listing = fake.requests[fake.requests.length - 1];
    expect(listing.method).toBe('GET');
    expect(listing.path).toBe({ mistral: '/v1/models', groq: '/openai/v1/models', gemini: '/v1beta/models' }[vendor]);
    expect(wire.key(vendor, listing)).toBe(vendor === 'gemini' ? fake.apiKey : `Bearer ${fake.apiKey}`);

    const wrong = createLlmProvider(vendor, { apiKey: 'wrong', baseUrl: fake.url }) as ChatVendorLlm;
    await expect(wrong.verify()).rejects.toBeInstanceOf(VendorAuthError);

    fake.modelsStatus = 500;
    const error = await llm.verify().catch((err: unknown) => err);
    expect(error).toBeInstanceOf(Error);
    expect(error).not.toBeInstanceOf(VendorAuthError);
  });

  test('a vendor that does not answer in time is a retryable failure', async () => {
    const silent = await import('node:http').then(
      ({ createServer }) =>
        new Promise<import('node:http').Server>((resolve) => {
          const server = createServer(() => undefined);
          server.listen(0, '127.0.0.1', () => resolve(server));
        }),
    );
    try {
      const port = (silent.address() as import('node:net').AddressInfo).port;
      const slow = createLlmProvider(vendor, { apiKey: fake.apiKey, baseUrl: `http://127.0.0.1:${port}`, timeouts: { replyMs: 300 } }) as ChatVendorLlm;
      const error = await slow.reply(agent, transcript).catch((err: unknown) => err);
      expect(error).toBeInstanceOf(Error);
      expect(error).not.toBeInstanceOf(ProviderFailure);
    } finally {
      silent.closeAllConnections();
      await new Promise((resolve) => silent.close(resolve));
    }
  });
});
