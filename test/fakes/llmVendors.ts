/**
 * Local stand-ins for the Mistral, Groq and Gemini HTTP APIs, speaking each vendor's documented
 * wire format: chat completions as JSON and as server-sent events, the model listings, and the
 * error bodies each vendor sends. They record every request, so a test can check what an adapter
 * sent, and answer from a script, so a test decides what the model says.
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export type FakeVendor = 'mistral' | 'groq' | 'gemini';

export interface RecordedRequest {
  method: string;
  /** Path without the query. */
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  body: any;
}

/** A tool the fake model calls, with the arguments it writes (a string is sent as is, for arguments that are not JSON). */
export interface FakeToolCall {
  name: string;
  arguments: Record<string, unknown> | string;
}

/**
 * What the fake model answers: text (streamed in `chunks` when given and the request streams) and
 * tool calls in the vendor's format, or an HTTP error.
 */
export type FakeAnswer = { text: string; chunks?: string[]; toolCalls?: FakeToolCall[] } | { status: 401 | 403 | 429 | 500 | 503; message?: string };

export interface FakeLlmServer {
  vendor: FakeVendor;
  /** The base URL to give the adapter (MISTRAL_BASE_URL, GROQ_BASE_URL, GEMINI_BASE_URL). */
  url: string;
  /** The only key it accepts. */
  apiKey: string;
  requests: RecordedRequest[];
  /** Chat requests only (completions and generateContent), in order. */
  chatRequests(): RecordedRequest[];
  /** Answers for the next chat requests, used in order; after them, `respond` answers. */
  answers: FakeAnswer[];
  respond: (request: RecordedRequest) => FakeAnswer;
  /** When set, the model listing fails with this status. */
  modelsStatus: 429 | 500 | 503 | null;
  close(): Promise<void>;
}

const CREATED = 1_767_000_000;

function chatCompletion(model: string, text: string) {
  return {
    id: 'cmpl-fake',
    object: 'chat.completion',
    created: CREATED,
    model,
    choices: [{ index: 0, message: { role: 'assistant', content: text }, finish_reason: 'stop' }],
    usage: { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 },
  };
}

function chatChunk(model: string, delta: Record<string, unknown>, finishReason: string | null) {
  return { id: 'cmpl-fake', object: 'chat.completion.chunk', created: CREATED, model, choices: [{ index: 0, delta, finish_reason: finishReason }] };
}

function geminiResponse(model: string, text: string, finishReason?: string, toolCalls: FakeToolCall[] = []) {
  // Gemini's function calls carry their arguments as an object, and (on most models) no id.
  const calls = toolCalls.map((c) => ({ functionCall: { name: c.name, args: typeof c.arguments === 'string' ? {} : c.arguments } }));
  return {
    candidates: [{ content: { role: 'model', parts: [...(text ? [{ text }] : []), ...calls] }, index: 0, ...(finishReason ? { finishReason } : {}) }],
    usageMetadata: { promptTokenCount: 10, candidatesTokenCount: 5, totalTokenCount: 15 },
    modelVersion: model,
  };
}

const TOOL_NAME = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * What a vendor refuses in a request's tools and tool messages, by its documentation: OpenAI's
 * format for Groq and Mistral (`tools[].type` "function" with a named function whose `parameters`
 * is an object schema; a `tool` message answering a `tool_call_id` of an earlier assistant
 * `tool_calls`, whose arguments are JSON text), Gemini's function declarations and a
 * `functionResponse` answering an earlier `functionCall` of the same name.
 */
function toolProblem(vendor: FakeVendor, body: any): string | null {
  if (vendor === 'gemini') {
    const declarations = (body.tools ?? []).flatMap((t: any) => t.functionDeclarations ?? []);
    for (const d of declarations) {
      if (!TOOL_NAME.test(d.name ?? '')) return `functionDeclarations: invalid name ${d.name}`;
      if (d.parametersJsonSchema?.type !== 'object') return `functionDeclarations[${d.name}]: parametersJsonSchema must be an object schema`;
    }
    const called: string[] = [];
    for (const c of body.contents ?? []) {
      for (const part of c.parts ?? []) {
        if (part.functionCall) {
          if (c.role !== 'model') return 'a functionCall part belongs to the model';
          called.push(part.functionCall.name);
        }
        if (part.functionResponse) {
          if (c.role !== 'user') return 'a functionResponse part belongs to the user';
          if (!called.includes(part.functionResponse.name)) return `functionResponse ${part.functionResponse.name} answers no functionCall`;
          if (typeof part.functionResponse.response !== 'object' || part.functionResponse.response === null)
            return 'functionResponse.response must be an object';
        }
      }
    }
    return null;
  }
  for (const t of body.tools ?? []) {
    if (t.type !== 'function' || !TOOL_NAME.test(t.function?.name ?? '')) return `tools: each must be {type: "function", function: {name}}`;
    if (t.function.parameters?.type !== 'object') return `tools[${t.function.name}]: parameters must be an object schema`;
  }
  if (body.tool_choice !== undefined && !body.tools) return 'tool_choice without tools';
  const ids: string[] = [];
  for (const m of body.messages ?? []) {
    for (const c of m.tool_calls ?? []) {
      if (m.role !== 'assistant' || c.type !== 'function' || typeof c.id !== 'string' || typeof c.function?.arguments !== 'string')
        return 'tool_calls: malformed';
      ids.push(c.id);
    }
    if (m.role === 'tool' && !ids.includes(m.tool_call_id)) return `tool message answers unknown tool_call_id ${m.tool_call_id}`;
  }
  return null;
}

const argumentsText = (call: FakeToolCall) => (typeof call.arguments === 'string' ? call.arguments : JSON.stringify(call.arguments));

const GEMINI_STATUS: Record<number, string> = {
  400: 'INVALID_ARGUMENT',
  401: 'UNAUTHENTICATED',
  403: 'PERMISSION_DENIED',
  429: 'RESOURCE_EXHAUSTED',
  500: 'INTERNAL',
  503: 'UNAVAILABLE',
};

/** Each vendor's error body for `status`. */
function errorBody(vendor: FakeVendor, status: number, message: string): unknown {
  if (vendor === 'gemini') return { error: { code: status, message, status: GEMINI_STATUS[status] ?? 'UNKNOWN' } };
  if (vendor === 'groq') {
    const type = status === 429 ? 'tokens' : status >= 500 ? 'internal_server_error' : 'invalid_request_error';
    return { error: { message, type, ...(status === 401 ? { code: 'invalid_api_key' } : {}) } };
  }
  if (status === 401) return { message, request_id: 'req-fake' };
  return { object: 'error', message, type: status === 429 ? 'rate_limited' : 'internal_error', param: null, code: String(status === 429 ? 1300 : 3000) };
}

export async function startFakeLlmVendor(vendor: FakeVendor, apiKey = `${vendor}-test-key`): Promise<FakeLlmServer> {
  const requests: RecordedRequest[] = [];
  const isChat = (r: RecordedRequest) => r.method === 'POST';
  const fake: FakeLlmServer = {
    vendor,
    url: '',
    apiKey,
    requests,
    chatRequests: () => requests.filter(isChat),
    answers: [],
    respond: () => ({ text: 'Hello from the fake.' }),
    modelsStatus: null,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };

  const server: Server = createServer((req, res) => {
    let raw = '';
    req.setEncoding('utf8');
    req.on('data', (d: string) => (raw += d));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://fake');
      let body: unknown = undefined;
      try {
        body = raw ? JSON.parse(raw) : undefined;
      } catch {
        body = raw;
      }
      const request: RecordedRequest = { method: req.method ?? 'GET', path: url.pathname, query: url.searchParams, headers: req.headers, body };
      requests.push(request);

      const json = (status: number, payload: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(payload));
      };
      const fail = (status: number, message: string) => json(status, errorBody(vendor, status, message));
      const sse = (events: unknown[], done: boolean) => {
        res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
        for (const e of events) res.write(`data: ${JSON.stringify(e)}\n\n`);
        if (done) res.write('data: [DONE]\n\n');
        res.end();
      };

      // Authentication first, as the vendors do: Gemini answers a bad key with 400 API_KEY_INVALID.
      const presented = vendor === 'gemini' ? req.headers['x-goog-api-key'] : req.headers.authorization?.replace(/^Bearer /, '');
      if (presented !== apiKey) {
        if (vendor === 'gemini') {
          return json(400, {
            error: {
              code: 400,
              message: 'API key not valid. Please pass a valid API key.',
              status: 'INVALID_ARGUMENT',
              details: [{ '@type': 'type.googleapis.com/google.rpc.ErrorInfo', reason: 'API_KEY_INVALID', domain: 'googleapis.com' }],
            },
          });
        }
        return fail(401, vendor === 'groq' ? 'Invalid API Key' : 'Unauthorized');
      }

      if (req.method === 'GET') {
        if (fake.modelsStatus !== null) return fail(fake.modelsStatus, `fake ${fake.modelsStatus}`);
        if (vendor === 'mistral' && url.pathname === '/v1/models') {
          return json(200, {
            object: 'list',
            data: [
              {
                id: 'mistral-small-latest',
                object: 'model',
                created: CREATED,
                owned_by: 'mistralai',
                capabilities: {
                  completion_chat: true,
                  completion_fim: false,
                  function_calling: true,
                  fine_tuning: false,
                  vision: false,
                  classification: false,
                },
                type: 'base',
              },
            ],
          });
        }
        if (vendor === 'groq' && url.pathname === '/openai/v1/models') {
          return json(200, {
            object: 'list',
            data: [{ id: 'llama-3.3-70b-versatile', object: 'model', created: CREATED, owned_by: 'Meta', active: true, context_window: 131072 }],
          });
        }
        if (vendor === 'gemini' && url.pathname === '/v1beta/models') {
          return json(200, {
            models: [{ name: 'models/gemini-2.5-flash', version: '001', displayName: 'Gemini 2.5 Flash', supportedGenerationMethods: ['generateContent'] }],
          });
        }
        return fail(404, `no route ${url.pathname}`);
      }

      const problem = toolProblem(vendor, body);
      if (problem) return fail(400, problem);
      const answer = fake.answers.shift() ?? fake.respond(request);
      if ('status' in answer) return fail(answer.status, answer.message ?? `fake ${answer.status}`);
      const chunks = answer.chunks ?? [answer.text];
      const toolCalls = answer.toolCalls ?? [];

      if (vendor === 'gemini') {
        const match = /^\/v1beta\/models\/([^/:]+):(generateContent|streamGenerateContent)$/.exec(url.pathname);
        if (!match) return fail(404, `no route ${url.pathname}`);
        const [, model, method] = match;
        if (method === 'generateContent') return json(200, geminiResponse(model, answer.text, 'STOP'));
        // Gemini ends its stream when the last chunk is sent; there is no [DONE].
        return sse(
          chunks.map((c, i) => (i === chunks.length - 1 ? geminiResponse(model, c, 'STOP', toolCalls) : geminiResponse(model, c))),
          false,
        );
      }

      const path = vendor === 'groq' ? '/openai/v1/chat/completions' : '/v1/chat/completions';
      if (url.pathname !== path) return fail(404, `no route ${url.pathname}`);
      const model = (body as { model?: string })?.model ?? 'unknown';
      if (!(body as { stream?: boolean })?.stream) return json(200, chatCompletion(model, answer.text));
      // Groq streams a call's arguments in fragments after its id and name (as OpenAI does); Mistral sends each call whole.
      const callChunks = toolCalls.flatMap((call, index) => {
        const id = `call_${index}_${Math.random().toString(36).slice(2, 10)}`;
        const text = argumentsText(call);
        if (vendor === 'mistral') return [chatChunk(model, { tool_calls: [{ id, index, function: { name: call.name, arguments: text } }] }, null)];
        const half = Math.ceil(text.length / 2);
        return [
          chatChunk(model, { tool_calls: [{ index, id, type: 'function', function: { name: call.name, arguments: '' } }] }, null),
          chatChunk(model, { tool_calls: [{ index, function: { arguments: text.slice(0, half) } }] }, null),
          chatChunk(model, { tool_calls: [{ index, function: { arguments: text.slice(half) } }] }, null),
        ];
      });
      sse(
        [
          chatChunk(model, { role: 'assistant', content: '' }, null),
          ...chunks.filter((c) => c).map((c) => chatChunk(model, { content: c }, null)),
          ...callChunks,
          { ...chatChunk(model, {}, toolCalls.length > 0 ? 'tool_calls' : 'stop'), usage: { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 } },
        ],
        true,
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return fake;
}
