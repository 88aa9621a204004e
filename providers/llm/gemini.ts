import { randomUUID } from 'node:crypto';
import { GoogleGenAI, type Content, type Part } from '@google/genai';
import { ChatVendorLlm, messageOf, type StreamPiece, type VendorOptions } from './chatVendor';
import type { AnalysisTask, ChatMessage, TurnRequest } from './prompts';

/**
 * A message's parts: a call is a `functionCall` part of the model's content, a tool's answer a
 * `functionResponse` part of the user's, under `output` or `error` as Gemini's documentation asks.
 */
function parts(m: ChatMessage): Part[] {
  if (m.toolCalls) return m.toolCalls.map((c) => ({ functionCall: { id: c.id, name: c.name, args: (c.arguments ?? {}) as Record<string, unknown> } }));
  if (m.role === 'tool') {
    const value: unknown = JSON.parse(m.content);
    return [{ functionResponse: { id: m.toolCallId, name: m.name, response: m.isError ? (value as Record<string, unknown>) : { output: value } } }];
  }
  return [{ text: m.content }];
}

/** Gemini calls the assistant side `model`, and takes the system prompt apart from the contents. */
const contents = (messages: ChatMessage[]): Content[] => messages.map((m) => ({ role: m.role === 'assistant' ? 'model' : 'user', parts: parts(m) }));

/** The tools as Gemini's function declarations (their schema as standard JSON Schema), or nothing. */
const geminiTools = (request: TurnRequest) =>
  request.tools.length === 0
    ? {}
    : { tools: [{ functionDeclarations: request.tools.map((t) => ({ name: t.name, description: t.description, parametersJsonSchema: t.parameters })) }] };

/** The Gemini API (`models/{model}:generateContent`, `:streamGenerateContent`) through the official SDK. */
export class GeminiLlm extends ChatVendorLlm {
  readonly name = 'gemini';
  private readonly client: GoogleGenAI;

  constructor(opts: VendorOptions) {
    super(opts, 'gemini-2.5-flash');
    this.client = new GoogleGenAI({
      apiKey: opts.apiKey,
      // v1beta: JSON-schema output is there. No retryOptions: without them the SDK sends each request
      // once, and the activity's retry policy stays the only retry layer.
      // The platform fetch, given explicitly, keeps the SDK from attaching its own undici dispatcher, which
      // only lifts undici's 5-minute limits (far above our timeouts) and which Jest's module sandbox refuses.
      httpOptions: { apiVersion: 'v1beta', fetch: (input, init) => fetch(input, init), ...(opts.baseUrl ? { baseUrl: opts.baseUrl } : {}) },
    });
  }

  protected async *streamText(request: TurnRequest, timeoutMs: number): AsyncIterable<StreamPiece> {
    const responses = await this.client.models.generateContentStream({
      model: this.model,
      contents: contents(request.messages),
      config: { systemInstruction: request.system, httpOptions: { timeout: timeoutMs }, ...geminiTools(request) },
    });
    for await (const response of responses) {
      // The text parts as `response.text` reads them (thoughts left out), without its warning about call parts.
      const text = response.candidates?.[0]?.content?.parts?.map((p) => (p.thought ? '' : (p.text ?? ''))).join('');
      if (text) yield text;
      // Gemini sends each call whole; older models give no id, so one is made for the call's idempotency key.
      for (const call of response.functionCalls ?? [])
        yield { toolCall: { id: call.id || `call_${randomUUID()}`, name: call.name ?? '', arguments: call.args ?? {} } };
    }
  }

  protected async completeJson(task: AnalysisTask<unknown>, messages: ChatMessage[], timeoutMs: number): Promise<string> {
    const response = await this.client.models.generateContent({
      model: this.model,
      contents: contents(messages),
      config: {
        systemInstruction: task.system,
        temperature: 0,
        responseMimeType: 'application/json',
        responseJsonSchema: task.schema,
        httpOptions: { timeout: timeoutMs },
      },
    });
    return response.text ?? '';
  }

  protected async listModels(timeoutMs: number): Promise<void> {
    await this.client.models.list({ config: { pageSize: 1, httpOptions: { timeout: timeoutMs } } });
  }

  protected statusOf(err: unknown): number | undefined {
    const status = (err as { status?: unknown } | null)?.status;
    if (typeof status !== 'number') return undefined;
    // Gemini answers a wrong API key with 400 INVALID_ARGUMENT, reason API_KEY_INVALID: a refused key all the same.
    return status === 400 && /API_KEY_INVALID/.test(messageOf(err)) ? 401 : status;
  }
}
