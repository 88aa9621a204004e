import { GoogleGenAI, type Content } from '@google/genai';
import { ChatVendorLlm, messageOf, type VendorOptions } from './chatVendor';
import type { AnalysisTask, ChatMessage, TurnRequest } from './prompts';

/** Gemini calls the assistant side `model`, and takes the system prompt apart from the contents. */
const contents = (messages: ChatMessage[]): Content[] =>
  messages.map((m) => ({ role: m.role === 'assistant' ? 'model' : 'user', parts: [{ text: m.content }] }));

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

  protected async *streamText(request: TurnRequest, timeoutMs: number): AsyncIterable<string> {
    const responses = await this.client.models.generateContentStream({
      model: this.model,
      contents: contents(request.messages),
      config: { systemInstruction: request.system, httpOptions: { timeout: timeoutMs } },
    });
    for await (const response of responses) {
      const text = response.text;
      if (text) yield text;
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
