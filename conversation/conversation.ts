import type { ToolActions } from './tools';

/**
 * A live conversation as a voice session drives it: the contact's turns arrive as text, the agent's
 * turns are produced streamed, and every turn is written to the transcript as it is said. A call
 * (CallConversation) and an interview implement it; the media session and the carrier relays use
 * only this.
 */
import type { AgentTurnTimings, ContactTurnTimings } from './turnTimings';

export interface Conversation {
  /** The agent's fixed opening line to speak first, when it has one and nothing was said yet. */
  opening(): string | undefined;
  /** Nothing to say as a session starts: the agent is waiting to hear the contact (after pressing keys). */
  awaitsContact?(): boolean;
  /** The agent said `text`, not from the model: its opening line, a reprompt after silence. */
  agentSaid(text: string): Promise<void>;
  /**
   * The contact said `text`: it is part of the conversation at once, so the reply asked for next
   * answers it without waiting for the transcript; the promise settles once the turn is stored.
   * `timings`: how its end was decided, where a media session heard it.
   */
  contactSaid(text: string, timings?: ContactTurnTimings): Promise<void>;
  /**
   * The agent's next turn, each chunk handed to `say` as the model produces it. `stopped` is asked
   * between chunks: a barge-in ends the turn with what was said so far. Resolves as soon as the
   * model has finished, so its last words are spoken without waiting for the transcript. The
   * model's tool calls are run through `hooks.actions` (the conversation's own when absent), each
   * stored as it is done, and the model asked again with their outcomes.
   */
  reply(say: (chunk: string) => void, stopped: () => boolean, hooks?: ReplyHooks): Promise<ReplyTurn>;
  /**
   * The contact talked over the agent: its latest turn keeps only `spoken`, what was heard; a turn
   * cut before its first word leaves the transcript.
   */
  interrupted(spoken: string): Promise<void>;
  /** The agent's latest turn (when one was stored for it) was produced and heard with these stage times. */
  agentTimed(timings: AgentTurnTimings): Promise<void>;
}

/** An agent turn the model has finished. */
export interface ReplyTurn {
  /** The agent ended the conversation with it (never after a barge-in). */
  done: boolean;
  /** Its write to the transcript, after the contact's turn it answers even when the model answered first. */
  stored: Promise<void>;
}

/** What the voice session lends a reply that calls tools. */
export interface ReplyHooks {
  actions?: ToolActions;
  /**
   * A tool is running (true) or has answered (false): no words come meanwhile, which is not the
   * model stalling, and what was said before it is a whole sentence to speak now.
   */
  toolRunning?: (running: boolean) => void;
}
