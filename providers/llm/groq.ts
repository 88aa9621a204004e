import Groq from 'groq-sdk';
import { ChatVendorLlm, type VendorOptions } from './chatVendor';
import type { AnalysisTask, ChatMessage, TurnRequest } from './prompts';

/** Groq's OpenAI-compatible chat completions (`POST /openai/v1/chat/completions`) through the official SDK. */
export class GroqLlm extends ChatVendorLlm {
  readonly name = 'groq';
  private readonly client: Groq;

  constructor(opts: VendorOptions) {
    super(opts, 'llama-3.3-70b-versatile');
    // No SDK retries (the activity's retry policy is the only layer), and never the GROQ_BASE_URL it would read itself.
    this.client = new Groq({ apiKey: opts.apiKey, maxRetries: 0, baseURL: opts.baseUrl || 'https://api.groq.com' });
  }

  private messages(system: string, messages: ChatMessage[]) {
    return [{ role: 'system' as const, content: system }, ...messages.map((m) => ({ role: m.role, content: m.content }))];
  }

  protected async *streamText(request: TurnRequest, timeoutMs: number): AsyncIterable<string> {
    const chunks = await this.client.chat.completions.create(
      { model: this.model, messages: this.messages(request.system, request.messages), stream: true },
      { timeout: timeoutMs },
    );
    for await (const chunk of chunks) {
      const text = chunk.choices[0]?.delta?.content;
      if (text) yield text;
    }
  }

  protected async completeJson(task: AnalysisTask<unknown>, messages: ChatMessage[], timeoutMs: number): Promise<string> {
    // JSON mode rather than json_schema: Groq's default models accept only the former; the schema is in the prompt and ajv checks it.
    const completion = await this.client.chat.completions.create(
      { model: this.model, messages: this.messages(task.system, messages), temperature: 0, response_format: { type: 'json_object' } },
      { timeout: timeoutMs },
    );
    return completion.choices[0]?.message?.content ?? '';
  }

  protected async listModels(timeoutMs: number): Promise<void> {
    await this.client.models.list({ timeout: timeoutMs });
  }

  protected statusOf(err: unknown): number | undefined {
    const status = (err as { status?: unknown } | null)?.status;
    return typeof status === 'number' ? status : undefined;
  }
}
