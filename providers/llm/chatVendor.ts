import {
  LlmAnalysisError,
  type AgentProfile,
  type AgentReply,
  type CallAnalysis,
  type InterviewEvaluation,
  type InterviewProfile,
  type LlmProvider,
  type ReplyStream,
  type ToolCall,
  type Turn,
  type WorkflowOutcome,
} from './interface';
import { scrubbed, withoutNul } from '../../lib/nul';
import { ProviderFailure, VendorAuthError } from '../errors';
import {
  EndMarkerFilter,
  InvalidAnswerError,
  agentTurnRequest,
  callAnalysisTask,
  interviewAnalysisTask,
  interviewTurnRequest,
  type AnalysisTask,
  type ChatMessage,
  type TurnRequest,
} from './prompts';

/** What every vendor adapter is built from: the account's key, and optionally another endpoint or model. */
export interface VendorOptions {
  apiKey: string;
  /** The vendor's API root, for a proxy, a regional endpoint or a local fake. */
  baseUrl?: string;
  model?: string;
  timeouts?: Partial<VendorTimeouts>;
}

export interface VendorTimeouts {
  /** A turn: someone on the line is waiting for it, so a vendor this slow is given up on and the turn tried again. */
  replyMs: number;
  /** One analysis request: three of them fit in the analysis activity's 2 minutes. */
  analysisMs: number;
  verifyMs: number;
}

const DEFAULT_TIMEOUTS: VendorTimeouts = { replyMs: 8_000, analysisMs: 30_000, verifyMs: 10_000 };

/** What a vendor's stream carries: the reply's text, and the tools the model calls, each once complete. */
export type StreamPiece = string | { toolCall: ToolCall };

/** A tool call's arguments as the model wrote them: the JSON they spell, or the text itself when it is not JSON. */
export function parsedArguments(raw: unknown): unknown {
  if (typeof raw !== 'string') return raw ?? {};
  if (raw.trim() === '') return {};
  try {
    return JSON.parse(raw);
  } catch {
    return raw;
  }
}

/**
 * Tool calls streamed in fragments by position (OpenAI's format, which Groq and Mistral follow):
 * the id and name come once, the arguments' text in pieces to concatenate.
 */
export class ToolCallAssembler {
  private readonly calls = new Map<number, { id: string; name: string; args: string; object?: unknown }>();

  push(index: number, delta: { id?: string | null; name?: string | null; arguments?: unknown }): void {
    const call = this.calls.get(index) ?? { id: '', name: '', args: '' };
    if (delta.id) call.id = delta.id;
    if (delta.name) call.name += delta.name;
    if (typeof delta.arguments === 'string') call.args += delta.arguments;
    else if (delta.arguments !== undefined && delta.arguments !== null) call.object = delta.arguments;
    this.calls.set(index, call);
  }

  finish(): Array<{ toolCall: ToolCall }> {
    return [...this.calls.entries()]
      .sort(([a], [b]) => a - b)
      .map(([, c]) => ({ toolCall: { id: c.id, name: c.name, arguments: c.object ?? parsedArguments(c.args) } }));
  }
}

/** Answers that fail parsing or validation are asked for again this many times in all, then the report records the failure. */
const ANALYSIS_ATTEMPTS = 3;

const MESSAGE_LIMIT = 300;

/**
 * A vendor failure as the activity retry policy must see it: rate limits, server errors, timeouts
 * and lost connections (no status) are plain errors, retried with backoff; anything else the
 * vendor refused (bad request, bad key, unknown model) would be refused again, so it is final.
 */
export function vendorFailure(provider: string, status: number | undefined, message: string): Error {
  const detail = message.length > MESSAGE_LIMIT ? `${message.slice(0, MESSAGE_LIMIT)}...` : message;
  if (status === undefined || status === 408 || status === 429 || status >= 500) {
    return new Error(`${provider} request failed${status === undefined ? '' : ` with ${status}`}: ${detail}`);
  }
  return new ProviderFailure('llm_vendor_rejected', `${provider} rejected the request with ${status}: ${detail}`);
}

export const messageOf = (err: unknown) => (err instanceof Error ? err.message : String(err));

/**
 * The part of an adapter that is the same for every chat vendor: the end-of-conversation marker,
 * the analysis attempts and the mapping of failures. A vendor supplies only its SDK calls.
 */
export abstract class ChatVendorLlm implements LlmProvider {
  abstract readonly name: string;
  readonly model: string;
  protected readonly timeouts: VendorTimeouts;

  constructor(opts: VendorOptions, defaultModel: string) {
    this.model = opts.model || defaultModel;
    this.timeouts = { ...DEFAULT_TIMEOUTS, ...opts.timeouts };
  }

  /** The reply's text as the vendor streams it, marker included, and the tools the model calls. */
  protected abstract streamText(request: TurnRequest, timeoutMs: number): AsyncIterable<StreamPiece>;
  /** The raw text of one JSON-mode answer to `task`, given the conversation so far. */
  protected abstract completeJson(task: AnalysisTask<unknown>, messages: ChatMessage[], timeoutMs: number): Promise<string>;
  /** The cheapest authenticated request the vendor has. */
  protected abstract listModels(timeoutMs: number): Promise<void>;
  /** The HTTP status of an SDK error; undefined when no response came back. */
  protected abstract statusOf(err: unknown): number | undefined;

  streamReply(agent: AgentProfile, transcript: Turn[]): ReplyStream {
    return this.turn(agentTurnRequest(agent, transcript));
  }

  reply(agent: AgentProfile, transcript: Turn[]): Promise<AgentReply> {
    return this.collect(this.streamReply(agent, transcript));
  }

  streamInterviewReply(agent: InterviewProfile, transcript: Turn[]): ReplyStream {
    return this.turn(interviewTurnRequest(agent, transcript));
  }

  interviewReply(agent: InterviewProfile, transcript: Turn[]): Promise<AgentReply> {
    return this.collect(this.streamInterviewReply(agent, transcript));
  }

  analyzeCall(agent: AgentProfile, transcript: Turn[]): Promise<CallAnalysis> {
    return this.analyze(callAnalysisTask(agent, transcript));
  }

  analyzeInterview(agent: InterviewProfile, transcript: Turn[]): Promise<InterviewEvaluation | WorkflowOutcome> {
    return this.analyze(interviewAnalysisTask(agent, transcript));
  }

  /** Checks the key with the vendor: VendorAuthError when it is refused, another error when the vendor cannot tell. */
  async verify(): Promise<void> {
    try {
      await this.listModels(this.timeouts.verifyMs);
    } catch (err) {
      const status = this.statusOf(err);
      if (status === 401 || status === 403) throw new VendorAuthError(this.name, status, messageOf(err));
      throw new Error(`${this.name} could not verify the key${status === undefined ? '' : ` (${status})`}: ${messageOf(err)}`);
    }
  }

  private failure(err: unknown): unknown {
    if (err instanceof ProviderFailure) return err;
    return vendorFailure(this.name, this.statusOf(err), messageOf(err));
  }

  private turn(request: TurnRequest): ReplyStream {
    const filter = new EndMarkerFilter();
    let finished = false;
    const toolCalls: ToolCall[] = [];
    const source = () => this.streamText(request, this.timeouts.replyMs);
    const fail = (err: unknown) => this.failure(err);
    return {
      chunks: (async function* () {
        try {
          for await (const piece of source()) {
            if (typeof piece !== 'string') {
              toolCalls.push(withoutNul(piece.toolCall));
              continue;
            }
            const text = filter.push(scrubbed(piece));
            if (text) yield text;
          }
        } catch (err) {
          throw fail(err);
        }
        const rest = filter.finish();
        if (rest) yield rest;
        finished = true;
      })(),
      done: () => {
        if (!finished) throw new Error('done() is known only once the chunks are consumed');
        return filter.ended;
      },
      toolCalls: () => {
        if (!finished) throw new Error('toolCalls() are known only once the chunks are consumed');
        return toolCalls;
      },
    };
  }

  private async collect(stream: ReplyStream): Promise<AgentReply> {
    let text = '';
    for await (const chunk of stream.chunks) text += chunk;
    text = text.trim();
    const toolCalls = stream.toolCalls?.() ?? [];
    if (toolCalls.length > 0) return { text, done: false, toolCalls };
    // Silence is not a turn; asking again is the activity retry's job.
    if (!text) throw new Error(`${this.name} returned an empty reply`);
    return { text, done: stream.done() };
  }

  /**
   * Up to ANALYSIS_ATTEMPTS answers, each checked; a refused answer goes back to the model with
   * the reason, which is what usually gets a correct one. Vendor failures are not attempts: they
   * leave at once for the activity's retry policy.
   */
  private async analyze<T>(task: AnalysisTask<T>): Promise<T> {
    const messages: ChatMessage[] = [{ role: 'user', content: task.user }];
    let problem = '';
    for (let attempt = 1; attempt <= ANALYSIS_ATTEMPTS; attempt += 1) {
      let raw: string;
      try {
        raw = await this.completeJson(task, messages, this.timeouts.analysisMs);
      } catch (err) {
        throw this.failure(err);
      }
      try {
        return withoutNul(task.parse(raw));
      } catch (err) {
        if (!(err instanceof InvalidAnswerError)) throw err;
        problem = err.message;
        messages.push(
          { role: 'assistant', content: raw },
          { role: 'user', content: `That answer was refused: ${problem}. Answer again with only the corrected JSON object.` },
        );
      }
    }
    throw new LlmAnalysisError(this.name, ANALYSIS_ATTEMPTS, problem);
  }
}
