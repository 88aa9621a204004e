import { Mistral } from '@mistralai/mistralai';
import { ChatVendorLlm, ToolCallAssembler, type StreamPiece, type VendorOptions } from './chatVendor';
import type { AnalysisTask, ChatMessage, TurnRequest } from './prompts';

type Messages = Parameters<Mistral['chat']['stream']>[0]['messages'][number];

/** One message as Mistral's SDK takes it (its camelCase for the wire's tool_calls and tool_call_id). */
function mistralMessage(m: ChatMessage): Messages {
  if (m.role === 'tool') return { role: 'tool', toolCallId: m.toolCallId!, name: m.name ?? null, content: m.content };
  if (m.toolCalls) {
    return {
      role: 'assistant',
      content: m.content,
      toolCalls: m.toolCalls.map((c) => ({ id: c.id, type: 'function', function: { name: c.name, arguments: JSON.stringify(c.arguments) } })),
    };
  }
  return m.role === 'assistant' ? { role: 'assistant', content: m.content } : { role: 'user', content: m.content };
}

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

  private messages(system: string, messages: ChatMessage[]): Messages[] {
    return [{ role: 'system', content: system }, ...messages.map(mistralMessage)];
  }

  protected async *streamText(request: TurnRequest, timeoutMs: number): AsyncIterable<StreamPiece> {
    const tools =
      request.tools.length === 0
        ? {}
        : {
            tools: request.tools.map((t) => ({ type: 'function' as const, function: { name: t.name, description: t.description, parameters: t.parameters } })),
            toolChoice: 'auto' as const,
          };
    const events = await this.client.chat.stream(
      { model: this.model, messages: this.messages(request.system, request.messages), ...tools },
      { timeoutMs, retries: { strategy: 'none' } },
    );
    const calls = new ToolCallAssembler();
    for await (const event of events) {
      const delta = event.data.choices[0]?.delta;
      const text = textOf(delta?.content);
      if (text) yield text;
      for (const [i, call] of (delta?.toolCalls ?? []).entries())
        calls.push(call.index ?? i, { id: call.id, name: call.function.name, arguments: call.function.arguments });
    }
    yield* calls.finish();
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
