import Ajv, { type ValidateFunction } from 'ajv';
import type { Types } from 'mongoose';
import type { Config, CredentialKey } from '../config';
import { BUILT_IN_NAMES, type AgentTool, type HttpTool } from '../models/agent';
import { rotateToolSigningSecret, toolSigningSecret } from '../models/toolSigningSecret';
import type { ToolCall, ToolExchange, ToolSpec } from '../providers/llm/interface';
import { callHttpTool, type ToolRequest } from '../providers/tools/httpTool';
import { callbackSpec, runCallback, type CallbackContext } from './callback';

/** What running an agent's tools needs of the server. */
export interface ToolDeps {
  /** CREDENTIALS_ENCRYPTION_KEY and its predecessors: the signing secret is sealed under them. */
  encryptionKeys: readonly CredentialKey[];
  allowLoopback: boolean;
}

/** The server's ToolDeps from its configuration: the worker's and the API's sessions sign alike. */
export const toolDepsOf = (config: Pick<Config, 'byok' | 'tools'>): ToolDeps => ({
  encryptionKeys: config.byok.encryptionKeys,
  allowLoopback: config.tools.allowLoopback,
});

/** The conversation a tool is called from, as the tool's request names it; `timezone` is where the person is, for `callback`. */
export type ToolConversation = ToolRequest['conversation'] & { organizationId: Types.ObjectId | string; timezone?: string };

const httpTools = (tools: readonly AgentTool[] | undefined) => (tools ?? []).filter((t): t is HttpTool => t.type === 'http');

const END_CALL: ToolSpec = {
  name: BUILT_IN_NAMES.end_call,
  description: 'Hangs up. Call it once the conversation is over, after saying goodbye.',
  parameters: { type: 'object', properties: {} },
};

const hasBuiltIn = (tools: readonly AgentTool[] | undefined, type: AgentTool['type']) => (tools ?? []).some((t) => t.type === type);

/**
 * The agent's tools as the model is offered them: its http tools first, in its order (the
 * simulated model calls the first), then the built-ins the conversation acts on; `callback` where
 * the person's zone is known.
 */
export const toolSpecs = (tools: readonly AgentTool[] | undefined, callback?: CallbackContext): ToolSpec[] => [
  ...httpTools(tools).map(({ name, description, parameters }) => ({ name, description, parameters })),
  ...(hasBuiltIn(tools, 'end_call') ? [END_CALL] : []),
  ...(callback && hasBuiltIn(tools, 'callback') ? [callbackSpec(callback, Date.now())] : []),
];

/** The model asked to hang up, with a tool the agent has. */
export const endsCall = (tools: readonly AgentTool[] | undefined, call: ToolCall) =>
  call.name === BUILT_IN_NAMES.end_call && (tools ?? []).some((t) => t.type === 'end_call');

const ajv = new Ajv({ allErrors: false, strict: false });
const validators = new WeakMap<object, ValidateFunction>();

/** The tool's schema compiled once per stored definition. */
function validatorOf(tool: HttpTool): ValidateFunction {
  let validate = validators.get(tool.parameters);
  if (!validate) {
    validate = ajv.compile(tool.parameters);
    validators.set(tool.parameters, validate);
  }
  return validate;
}

/** Why the model's arguments do not fit the tool's schema, in words the model can correct; null when they fit. */
export function argumentsProblem(tool: HttpTool, args: unknown): string | null {
  if (typeof args !== 'object' || args === null || Array.isArray(args))
    return `the arguments must be a JSON object, got ${typeof args === 'string' ? `"${args.slice(0, 200)}"` : JSON.stringify(args)}`;
  const validate = validatorOf(tool);
  if (validate(args)) return null;
  const [error] = validate.errors ?? [];
  const where = `arguments${(error?.instancePath ?? '').replace(/\//g, '.')}`;
  return `${where} ${error?.message ?? 'is invalid'}; call ${tool.name} again with arguments that fit its parameters`;
}

/**
 * The organization's signing secret; one is made on the first tool call of an organization that
 * has none yet (its tool servers then see signatures under a secret nobody has read, until an
 * admin rotates it and installs the new one).
 */
async function signingSecret(deps: ToolDeps, organizationId: Types.ObjectId | string): Promise<string> {
  const existing = await toolSigningSecret(deps.encryptionKeys, organizationId);
  if (existing) return existing;
  const [key] = deps.encryptionKeys;
  if (!key) throw new Error('this server has no CREDENTIALS_ENCRYPTION_KEY, so it cannot sign tool requests');
  return (await rotateToolSigningSecret(key, organizationId as Types.ObjectId)).secret;
}

/**
 * Runs one tool call of the model: an unknown tool or arguments that do not fit are told to the
 * model as the tool's error (it may call again), an http tool is POSTed to. `toolCallId` is ours,
 * stable for the turn it is made in, so a retried turn sends the same Idempotency-Key.
 */
export async function runToolCall(
  deps: ToolDeps,
  tools: readonly AgentTool[] | undefined,
  call: ToolCall,
  toolCallId: string,
  conversation: ToolConversation,
): Promise<ToolExchange & { durationMs: number }> {
  if (endsCall(tools, call)) return { call, outcome: { ok: true, result: { ended: true } }, durationMs: 0 };
  if (call.name === BUILT_IN_NAMES.callback && hasBuiltIn(tools, 'callback') && conversation.timezone) {
    const args = typeof call.arguments === 'object' && call.arguments !== null ? (call.arguments as Record<string, unknown>) : {};
    return { call, outcome: runCallback(args, { timezone: conversation.timezone }, Date.now()), durationMs: 0 };
  }
  const tool = httpTools(tools).find((t) => t.name === call.name);
  if (!tool) return { call, outcome: { ok: false, error: `there is no tool named ${call.name}` }, durationMs: 0 };
  const problem = argumentsProblem(tool, call.arguments);
  if (problem) return { call, outcome: { ok: false, error: problem }, durationMs: 0 };
  const { organizationId, timezone: _zone, ...named } = conversation;
  const outcome = await callHttpTool(
    { toolCallId, name: tool.name, arguments: call.arguments as Record<string, unknown>, conversation: named },
    { url: tool.url, timeoutSeconds: tool.timeoutSeconds, secret: await signingSecret(deps, organizationId), allowLoopback: deps.allowLoopback },
  );
  const { durationMs, ...rest } = outcome;
  return { call, outcome: rest.ok ? { ok: true, result: rest.result } : { ok: false, error: rest.error }, durationMs };
}

// ---- Tool turns in a conversation: the text line and the media session run the model's calls alike.

/** Tool turns in a row after which the model is offered no tool and must speak: a wrong call may be corrected, not repeated forever. */
export const MAX_TOOL_ROUNDS = 3;
/** How long an `async` tool may take before the agent says its wait message rather than leave dead air. */
export const ASYNC_WAIT_MS = 1000;
/** What an `async` tool without a `waitMessage` has the agent say. */
export const DEFAULT_WAIT_MESSAGE = 'One moment while I check that.';

/** A tool call run: what the model is told, and how long it took. */
/** A tool call's outcome; `text`, how its transcript turn reads when not the usual "<name> answered". */
export type ToolRun = ToolExchange & { durationMs: number; text?: string };

/**
 * What the model's tool calls do in one conversation. The media session is given one, so a
 * built-in that acts on the line itself can be added by wrapping the conversation's own.
 */
export interface ToolActions {
  run(call: ToolCall, toolCallId: string): Promise<ToolRun>;
}

/** The agent's http tools and `end_call`, run for one conversation. */
export const agentToolActions = (deps: ToolDeps, tools: readonly AgentTool[] | undefined, conversation: ToolConversation): ToolActions => ({
  run: (call, toolCallId) => runToolCall(deps, tools, call, toolCallId, conversation),
});

/** A tool turn as the transcript stores it. */
export interface ToolTurn {
  role: 'tool';
  text: string;
  tool: { toolCallId: string; call: ToolCall; outcome: ToolExchange['outcome']; durationMs: number };
}

/** Tool turns at the end of the transcript: the model has been answering with tools this long. */
export function toolRoundsAtEnd(turns: readonly { role: string }[]): number {
  let rounds = 0;
  while (rounds < turns.length && turns[turns.length - 1 - rounds].role === 'tool') rounds += 1;
  return rounds;
}

/** What the agent says while an `async` tool is slow; undefined for any other call. */
export function waitMessageOf(tools: readonly AgentTool[] | undefined, call: ToolCall): string | undefined {
  const tool = httpTools(tools).find((t) => t.name === call.name);
  return tool?.async ? tool.waitMessage?.trim() || DEFAULT_WAIT_MESSAGE : undefined;
}

export interface ToolRound {
  actions: ToolActions;
  tools: readonly AgentTool[] | undefined;
  /** The id of the call about to be made (stable for its place in the transcript, which an interview's workflow may hand out first). */
  nextId(): string | Promise<string>;
  /** An `async` tool has not answered within ASYNC_WAIT_MS: the agent says `message`. */
  waiting(message: string): Promise<void>;
  /** A call is done: its turn is stored at once, ending the conversation when the model hung up. */
  ran(turn: ToolTurn, ends: boolean): Promise<void>;
}

/** Runs the model's tool calls in order; true when one of them ended the conversation. */
export async function runToolCalls(calls: readonly ToolCall[], round: ToolRound): Promise<boolean> {
  let ended = false;
  for (const [i, call] of calls.entries()) {
    const toolCallId = await round.nextId();
    const running = round.actions.run(call, toolCallId);
    const message = waitMessageOf(round.tools, call);
    if (message !== undefined) {
      let timer: NodeJS.Timeout | undefined;
      const slow = new Promise<'slow'>((resolve) => (timer = setTimeout(() => resolve('slow'), ASYNC_WAIT_MS)));
      const first = await Promise.race([running.catch(() => undefined), slow]);
      clearTimeout(timer);
      if (first === 'slow') await round.waiting(message);
    }
    const { outcome, durationMs, text: told } = await running;
    const ends = endsCall(round.tools, call);
    ended ||= ends;
    const text = told ?? (outcome.ok ? `${call.name} answered` : `${call.name} failed: ${outcome.error}`);
    await round.ran({ role: 'tool', text, tool: { toolCallId, call, outcome, durationMs } }, ended && i === calls.length - 1);
  }
  return ended;
}
