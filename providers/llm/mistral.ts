import { Mistral } from '@mistralai/mistralai';
import { ChatVendorLlm, type VendorOptions } from './chatVendor';
import type { AnalysisTask, ChatMessage, TurnRequest } from './prompts';

/** Message content is a string or a list of typed chunks; only text chunks carry what the model said. */
function textOf(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content.map((c: { type?: string; text?: unknown }) => (c?.type === 'text' && typeof c.text === 'string' ? c.text : '')).join('');
}

/** Mistral's chat completions (`POST /v1/chat/completions`) through the official SDK. */
export class MistralLlm extends ChatVendorLlm {
  readonly name = 'mistral';
  private readonly client: Mistral;

  constructor(opts: VendorOptions) {
    super(opts, 'mistral-small-latest');
    // The activity's retry policy is the only retry layer, so the SDK must not retry on its own.
    this.client = new Mistral({ apiKey: opts.apiKey, retryConfig: { strategy: 'none' }, ...(opts.baseUrl ? { serverURL: opts.baseUrl } : {}) });
  }

  private messages(system: string, messages: ChatMessage[]) {
    return [{ role: 'system' as const, content: system }, ...messages.map((m) => ({ role: m.role, content: m.content }))];
  }

  protected async *streamText(request: TurnRequest, timeoutMs: number): AsyncIterable<string> {
    const events = await this.client.chat.stream(
      { model: this.model, messages: this.messages(request.system, request.messages) },
      { timeoutMs, retries: { strategy: 'none' } },
    );
    for await (const event of events) {
      const text = textOf(event.data.choices[0]?.delta.content);
      if (text) yield text;
    }
  }

  protected async completeJson(task: AnalysisTask<unknown>, messages: ChatMessage[], timeoutMs: number): Promise<string> {
    const response = await this.client.chat.complete(
      {
        model: this.model,
        messages: this.messages(task.system, messages),
        temperature: 0,
        responseFormat: { type: 'json_schema', jsonSchema: { name: task.name, schemaDefinition: task.schema, strict: true } },
      },
      { timeoutMs, retries: { strategy: 'none' } },
    );
    return textOf(response.choices?.[0]?.message?.content);
  }

  protected async listModels(timeoutMs: number): Promise<void> {
    await this.client.models.list(undefined, { timeoutMs, retries: { strategy: 'none' } });
  }

  protected statusOf(err: unknown): number | undefined {
    const status = (err as { statusCode?: unknown } | null)?.statusCode;
    return typeof status === 'number' ? status : undefined;
  }
}
