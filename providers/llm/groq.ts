import Groq from 'groq-sdk';
import { ChatVendorLlm, ToolCallAssembler, type StreamPiece, type VendorOptions } from './chatVendor';
import type { AnalysisTask, ChatMessage, TurnRequest } from './prompts';

/** One message in Groq's OpenAI-compatible format: tool calls carry their arguments as JSON text. */
function groqMessage(m: ChatMessage): Groq.Chat.ChatCompletionMessageParam {
  if (m.role === 'tool') return { role: 'tool', tool_call_id: m.toolCallId!, content: m.content };
  if (m.toolCalls) {
    return {
      role: 'assistant',
      content: m.content || null,
      tool_calls: m.toolCalls.map((c) => ({ id: c.id, type: 'function' as const, function: { name: c.name, arguments: JSON.stringify(c.arguments) } })),
    };
  }
  return m.role === 'assistant' ? { role: 'assistant', content: m.content } : { role: 'user', content: m.content };
}

/** The tools as Groq's `tools` and `tool_choice`, or nothing when the agent has none. */
const groqTools = (request: TurnRequest) =>
  request.tools.length === 0
    ? {}
    : {
        tools: request.tools.map((t) => ({ type: 'function' as const, function: { name: t.name, description: t.description, parameters: t.parameters } })),
        tool_choice: 'auto' as const,
      };

/** Groq's OpenAI-compatible chat completions (`POST /openai/v1/chat/completions`) through the official SDK. */
export class GroqLlm extends ChatVendorLlm {
  readonly name = 'groq';
  private readonly client: Groq;

  constructor(opts: VendorOptions) {
    super(opts, 'llama-3.3-70b-versatile');
    // No SDK retries (the activity's retry policy is the only layer), and never the GROQ_BASE_URL it would read itself.
    this.client = new Groq({ apiKey: opts.apiKey, maxRetries: 0, baseURL: opts.baseUrl || 'https://api.groq.com' });
  }

  private messages(system: string, messages: ChatMessage[]): Groq.Chat.ChatCompletionMessageParam[] {
    return [{ role: 'system', content: system }, ...messages.map(groqMessage)];
  }

  protected async *streamText(request: TurnRequest, timeoutMs: number): AsyncIterable<StreamPiece> {
    const chunks = await this.client.chat.completions.create(
      { model: this.model, messages: this.messages(request.system, request.messages), stream: true, ...groqTools(request) },
      { timeout: timeoutMs },
    );
    const calls = new ToolCallAssembler();
    for await (const chunk of chunks) {
      const delta = chunk.choices[0]?.delta;
      if (delta?.content) yield delta.content;
      for (const call of delta?.tool_calls ?? []) calls.push(call.index, { id: call.id, name: call.function?.name, arguments: call.function?.arguments });
    }
    yield* calls.finish();
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
