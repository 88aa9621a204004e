import type { AgentTool } from '../models/agent';
import type { ReplyStream } from '../providers/llm/interface';
import type { ReplyHooks } from './conversation';
import { pressedKeys } from './callActions';
import { MAX_TOOL_ROUNDS, runToolCalls, type ToolActions, type ToolTurn } from './tools';
import { speakStream } from './turnText';

/** What a live conversation lends a reply that may call tools: its model, its tools and its transcript. */
export interface ToolReplyHost {
  /** The model's turn on the transcript so far, offered the agent's tools or, after MAX_TOOL_ROUNDS of them, none. */
  ask(offerTools: boolean): ReplyStream;
  /** Tool turns in a row at the end of the transcript. */
  toolRounds(): number;
  tools: readonly AgentTool[] | undefined;
  actions: ToolActions;
  /** The id of the tool call about to be made, from its place in the transcript. */
  nextId(): string | Promise<string>;
  /** An agent turn that the reply goes on after: words before a tool call, a slow tool's wait message. */
  spoke(text: string): void;
  /** A tool call done; `ends` when the model hung up with it. */
  ran(turn: ToolTurn, ends: boolean): void;
}

/**
 * The agent's streamed turn, the model asked again after each round of tool calls with their
 * outcomes: words before a call are spoken at once (the `toolRunning` hook), a slow `async` tool's
 * wait message is said, and each call is stored as it is done. Keys pressed end the turn: a menu
 * or a person answers them, not the agent. Answers the last words, which the conversation stores,
 * and whether the turn ends the conversation.
 */
export async function replyWithTools(
  host: ToolReplyHost,
  say: (chunk: string) => void,
  stopped: () => boolean,
  hooks: ReplyHooks = {},
): Promise<{ text: string; done: boolean }> {
  for (;;) {
    const stream = host.ask(host.toolRounds() < MAX_TOOL_ROUNDS);
    const { text, done } = await speakStream(stream, say, stopped);
    const calls = stopped() ? [] : (stream.toolCalls?.() ?? []);
    if (calls.length === 0) return { text, done };
    if (text) host.spoke(text);
    hooks.toolRunning?.(true);
    let ended: boolean;
    let pressed = false;
    try {
      ended = await runToolCalls(calls, {
        actions: hooks.actions ?? host.actions,
        tools: host.tools,
        nextId: () => host.nextId(),
        waiting: async (message) => {
          say(message);
          hooks.toolRunning?.(true);
          host.spoke(message);
        },
        ran: async (turn, ends) => {
          pressed ||= pressedKeys(turn);
          host.ran(turn, ends);
        },
      });
    } finally {
      hooks.toolRunning?.(false);
    }
    if (ended || pressed || stopped()) return { text: '', done: ended };
  }
}
