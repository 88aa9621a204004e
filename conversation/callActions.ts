/**
 * What the agent does to the phone call itself rather than through a partner's server: hand the
 * caller to a person (its `transfer` tool) and press keys (its `keypad` tool). A conversation
 * reaches them through `CallActions`, put in front of its other tools by `withCallActions`: the
 * simulated text line and the media session both do.
 */
import type { WorkflowClient } from '@temporalio/client';
import { BUILT_IN_NAMES, type AgentTool, type TransferTool } from '../models/agent';
import type { ToolCall, ToolExchange, ToolOutcome, ToolSpec, Turn } from '../providers/llm/interface';
import type { ToolActions } from './tools';
import {
  KEYPAD_DIGITS,
  TRANSFER_FAILURES,
  callSendDigitsUpdate,
  callTransferUpdate,
  callWorkflowId,
  type TransferAsk,
  type TransferFailure,
  type TransferMode,
  type TransferResult,
} from '../workflows/definitions';

/** The call's own actions, as a conversation asks for them; each answers once the carrier has acted. */
export interface CallActions {
  /** A connected transfer ends our part of the call (`transferred`); a failed warm one says why, and the call goes on. */
  transfer(ask: TransferAsk): Promise<TransferResult>;
  sendDigits(digits: string): Promise<void>;
}

/** The actions of a call run by its workflow (`call-<id>`), which has the carrier carry them out and ends the call on a hand-off. */
export function callWorkflowActions(workflows: WorkflowClient, callId: string): CallActions {
  const handle = workflows.getHandle(callWorkflowId(callId));
  return {
    transfer: (ask) => handle.executeUpdate(callTransferUpdate, { args: [ask] }),
    sendDigits: (digits) => handle.executeUpdate(callSendDigitsUpdate, { args: [{ digits }] }),
  };
}

const transferToolOf = (tools: readonly AgentTool[] | undefined) => (tools ?? []).find((t): t is TransferTool => t.type === 'transfer');
const hasKeypad = (tools: readonly AgentTool[] | undefined) => (tools ?? []).some((t) => t.type === 'keypad');

/** The agent's transfer and keypad tools as the model is offered them; none it does not have. */
export function actionSpecs(tools: readonly AgentTool[] | undefined): ToolSpec[] {
  const specs: ToolSpec[] = [];
  const transfer = transferToolOf(tools);
  if (transfer) {
    const where = transfer.destinations.map((d) => `${d.phoneNumber}: ${d.description}`).join('; ');
    specs.push({
      name: BUILT_IN_NAMES.transfer,
      description: `Hands the caller to a person. Say a short hand-off line first ("I'll put you through now"). Pick the destination whose description fits what the caller needs: ${where}.`,
      parameters: {
        type: 'object',
        properties: {
          destination: { type: 'string', enum: transfer.destinations.map((d) => d.phoneNumber), description: 'The phone number of the destination chosen.' },
          summary: { type: 'string', description: 'For the person who answers: who is calling and why, in one or two short sentences.' },
        },
        required: ['destination', 'summary'],
      },
    });
  }
  if (hasKeypad(tools)) {
    specs.push({
      name: BUILT_IN_NAMES.keypad,
      description: 'Presses keys on the phone keypad, as a person answers a phone menu ("press 1 for sales").',
      parameters: {
        type: 'object',
        properties: { digits: { type: 'string', description: 'The keys in order: 0-9, * and #; w waits half a second.' } },
        required: ['digits'],
      },
    });
  }
  return specs;
}

/** The model called the transfer or keypad tool, and the agent has it. */
export const isActionCall = (tools: readonly AgentTool[] | undefined, call: ToolCall) =>
  (call.name === BUILT_IN_NAMES.transfer && transferToolOf(tools) !== undefined) || (call.name === BUILT_IN_NAMES.keypad && hasKeypad(tools));

const argument = (call: ToolCall, name: string): unknown =>
  typeof call.arguments === 'object' && call.arguments !== null ? (call.arguments as Record<string, unknown>)[name] : undefined;
const failure = (err: unknown) => (err instanceof Error ? (err.cause instanceof Error ? err.cause.message : err.message) : String(err));

/**
 * Runs an action call of the model. Arguments that do not fit are told to the model as the tool's
 * error (it may call again); a transfer that did not connect too, led by its reason
 * (`busy: ...`), which the report reads back. `handedOff`: the caller is the person's now, and
 * the agent's conversation is over.
 */
export async function runActionCall(
  actions: CallActions,
  tools: readonly AgentTool[] | undefined,
  call: ToolCall,
): Promise<ToolExchange & { durationMs: number; handedOff: boolean }> {
  const started = Date.now();
  const done = (outcome: ToolExchange['outcome'], handedOff = false) => ({ call, outcome, durationMs: Date.now() - started, handedOff });
  const transfer = transferToolOf(tools);
  if (call.name === BUILT_IN_NAMES.transfer && transfer) {
    const destination = argument(call, 'destination');
    const summary = argument(call, 'summary');
    if (!transfer.destinations.some((d) => d.phoneNumber === destination)) {
      return done({
        ok: false,
        error: `arguments.destination must be one of ${transfer.destinations.map((d) => d.phoneNumber).join(', ')}; call ${call.name} again with one of them`,
      });
    }
    const to = destination as string;
    try {
      const result = await actions.transfer({ to, mode: transfer.mode, summary: typeof summary === 'string' ? summary : '' });
      if (result.outcome === 'connected') return done({ ok: true, result: { destination: to, mode: transfer.mode, outcome: 'connected' } }, true);
      return done({ ok: false, error: `${result.reason}: ${result.message}` });
    } catch (err) {
      return done({ ok: false, error: `failed: ${failure(err)}` });
    }
  }
  if (call.name === BUILT_IN_NAMES.keypad && hasKeypad(tools)) {
    const digits = argument(call, 'digits');
    if (typeof digits !== 'string' || !KEYPAD_DIGITS.test(digits)) {
      return done({ ok: false, error: `arguments.digits must be 1-32 of 0-9, *, # and w; call ${call.name} again with keys like "1"` });
    }
    try {
      await actions.sendDigits(digits);
      return done({ ok: true, result: { pressed: digits } });
    } catch (err) {
      return done({ ok: false, error: failure(err) });
    }
  }
  return done({ ok: false, error: `there is no tool named ${call.name}` });
}

/**
 * The agent pressed keys with this tool turn: a phone menu or the person it reaches speaks next,
 * so the agent listens rather than take another turn at once.
 */
export const pressedKeys = (turn: Pick<Turn, 'tool'> | undefined) => turn?.tool?.call.name === BUILT_IN_NAMES.keypad && turn.tool.outcome.ok;

/** A call's transfer as its report gives it: the last one the carrier attempted, and how it went. */
export interface TransferReport {
  destination: string;
  mode: TransferMode;
  outcome: 'connected' | 'failed';
  reason?: TransferFailure;
}

/** The last transfer the carrier attempted in a transcript; calls with arguments that did not fit never reached it. */
export function transferOf(turns: Turn[], tools: readonly AgentTool[] | undefined): TransferReport | undefined {
  const mode = transferToolOf(tools)?.mode ?? 'cold';
  for (const turn of [...turns].reverse()) {
    const exchange = turn.tool;
    if (exchange?.call.name !== BUILT_IN_NAMES.transfer) continue;
    const destination = String(argument(exchange.call, 'destination'));
    if (exchange.outcome.ok) return { destination, mode: (exchange.outcome.result as { mode?: TransferMode }).mode ?? mode, outcome: 'connected' };
    const reason = TRANSFER_FAILURES.find((r) => exchange.outcome.ok === false && exchange.outcome.error.startsWith(`${r}: `));
    if (reason) return { destination, mode, outcome: 'failed', reason };
  }
  return undefined;
}

/** A transfer or keys as the transcript reads: "transfer_call connected +442079460030 (warm)", "press_keys pressed 1". */
function actionText(name: string, outcome: ToolOutcome): string {
  if (!outcome.ok) return `${name} failed: ${outcome.error}`;
  const result = outcome.result as { destination?: string; mode?: string; pressed?: string };
  return result.pressed !== undefined ? `${name} pressed ${result.pressed}` : `${name} connected ${result.destination} (${result.mode})`;
}

/**
 * A conversation's tool dispatch with the call's own actions in front: `transfer_call` and
 * `press_keys` go to the call (its workflow, then the carrier), any other call to `base`.
 * `onHandOff` runs once a transfer has connected the caller to a person, whose conversation is
 * no longer ours; a call the model makes after that is refused.
 */
export function withCallActions(base: ToolActions, tools: readonly AgentTool[] | undefined, actions: CallActions, onHandOff: () => void): ToolActions {
  let handedOff = false;
  return {
    run: async (call, toolCallId) => {
      if (handedOff) return { call, outcome: { ok: false, error: 'the caller was handed to a person' }, durationMs: 0 };
      if (!isActionCall(tools, call)) return base.run(call, toolCallId);
      const { handedOff: connected, ...run } = await runActionCall(actions, tools, call);
      if (connected) {
        handedOff = true;
        onHandOff();
      }
      return { ...run, text: actionText(call.name, run.outcome) };
    },
  };
}
