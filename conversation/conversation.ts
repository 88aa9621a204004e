/**
 * A live conversation as a voice session drives it: the contact's turns arrive as text, the agent's
 * turns are produced streamed, and every turn is written to the transcript as it is said. A call
 * (CallConversation) and an interview implement it; the media session and the carrier relays use
 * only this.
 */
export interface Conversation {
  /** The agent's fixed opening line to speak first, when it has one and nothing was said yet. */
  opening(): string | undefined;
  /** The agent said `text`, not from the model: its opening line, a reprompt after silence. */
  agentSaid(text: string): Promise<void>;
  contactSaid(text: string): Promise<void>;
  /**
   * The agent's next turn, each chunk handed to `say` as the model produces it. `stopped` is asked
   * between chunks: a barge-in ends the turn with what was said so far. Resolves with whether the
   * agent ended the conversation with this turn (never after a barge-in).
   */
  reply(say: (chunk: string) => void, stopped: () => boolean): Promise<{ done: boolean }>;
  /**
   * The contact talked over the agent: its latest turn keeps only `spoken`, what was heard; a turn
   * cut before its first word leaves the transcript.
   */
  interrupted(spoken: string): Promise<void>;
}
