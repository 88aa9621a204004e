import { Types } from 'mongoose';
import { Agent, type AgentRecord } from '../models/agent';
import { Call, type CallRecord } from '../models/call';
import { CallTurn, appendTurn, transcriptOf, type StoredToolTurn } from '../models/callTurn';
import type { LlmSource } from '../providers/llm';
import type { AgentProfile, LlmProvider, Turn } from '../providers/llm/interface';
import type { Conversation, ReplyHooks, ReplyTurn } from './conversation';
import { actionSpecs, pressedKeys, withCallActions, type CallActions } from './callActions';
import { callZone, recordedCallback } from './callback';
import { agentProfile } from './profile';
import { agentToolActions, toolRoundsAtEnd, toolSpecs, type ToolActions, type ToolConversation, type ToolDeps } from './tools';
import { replyWithTools } from './toolReply';
import type { AgentTurnTimings, ContactTurnTimings } from './turnTimings';
import { cutTo } from './turnText';

/** Picks the language model for one call's agent (its own provider, the organization's key...). */
export type LlmFor = (call: CallRecord, agent: AgentRecord) => Promise<LlmProvider>;

/** The LLM of a call: its agent's (or the server's default), with the organization's own key when a byok key placed it. */
export function callLlm(llms: LlmSource, call: CallRecord, agent: AgentRecord): Promise<LlmProvider> {
  return llms.forSession({ organizationId: String(call.organizationId), byok: call.byok === true, provider: agent.providers?.llm ?? llms.defaultProvider });
}

/** A call's stored transcript as the model reads it, tool turns with their call and outcome. */
export const turnsOf = (stored: Awaited<ReturnType<typeof transcriptOf>>): Turn[] =>
  stored.map((t) => {
    const tool = t.tool as StoredToolTurn | undefined;
    return { role: t.role as Turn['role'], text: t.text, ...(tool ? { tool: { call: tool.call, outcome: tool.outcome } } : {}) };
  });

interface StoredTurn extends Turn {
  index: number;
}

/** The call a tool is called from, as the tool's request names it; `timezone` is the callee's, for `callback`. */
export const callToolConversation = (call: CallRecord, timezone: string): ToolConversation => ({
  type: 'call',
  id: String(call._id),
  agentId: String(call.agentId),
  externalRef: call.externalRef || null,
  direction: call.direction,
  organizationId: call.organizationId,
  timezone,
});

type NewTurn = { role: 'agent' | 'contact'; text: string; timings?: ContactTurnTimings } | { role: 'tool'; text: string; tool: StoredToolTurn };

/**
 * A live call's conversation, as our media session drives it over Twilio Media Streams
 * (api/mediaStreams.ts) or Twilio's ConversationRelay drives it (api/relay.ts, TWILIO_SPEECH=relay):
 * the callee's turns arrive as text, the agent's go out as streamed text, and each turn is written
 * to the call's transcript as it is said, under the same (callId, index) keys the
 * simulated line uses, so GET /calls/{id}/transcript follows the call live. The agent's tools are
 * offered to the model and its calls run as the text line runs them; its transfer and keypad
 * too, where the line offers the call's actions (`offerCallActions`).
 */
export class CallConversation implements Conversation {
  private constructor(
    readonly call: CallRecord,
    private readonly agent: AgentRecord,
    private readonly llm: LlmProvider,
    private profile: AgentProfile,
    private readonly turns: StoredTurn[],
    private toolActions: ToolActions,
  ) {}

  /** The agent's http tools and built-ins, as this call runs them. */
  get actions(): ToolActions {
    return this.toolActions;
  }

  /**
   * Offers the model the agent's transfer and keypad, run by `actions` in front of its other tools;
   * `onHandOff` once a transfer has put the caller through to a person.
   */
  offerCallActions(actions: CallActions, onHandOff: () => void): void {
    this.profile = { ...this.profile, tools: [...(this.profile.tools ?? []), ...actionSpecs(this.agent.tools)] };
    this.toolActions = withCallActions(this.toolActions, this.agent.tools, actions, onHandOff);
  }

  /** The agent's last move pressed keys: a new stream after them (Twilio's) listens for the menu or person first. */
  awaitsContact(): boolean {
    return pressedKeys(this.turns[this.turns.length - 1]);
  }

  /** The transcript writes so far, one after another in the order the turns were said. */
  private written: Promise<void> = Promise.resolve();
  /** The agent turns the current reply stored: words before a tool call, a wait message, its last words. */
  private replySaid: string[] = [];

  /** The conversation of a call that is still on, picked up where its transcript stands. */
  static async open(callId: string, llmFor: LlmFor, tools: ToolDeps): Promise<CallConversation | undefined> {
    const call = await Call.findById(callId).lean();
    if (!call || call.status === 'completed') return undefined;
    const agent = await Agent.findById(call.agentId).lean();
    if (!agent) return undefined;
    const stored = await transcriptOf(callId);
    const turns = turnsOf(stored).map((t, i) => ({ ...t, index: stored[i].index }));
    const timezone = await callZone(call);
    const profile = { ...agentProfile(agent, call.variables ?? {}), tools: toolSpecs(agent.tools, { timezone }) };
    return new CallConversation(
      call,
      agent,
      await llmFor(call, agent),
      profile,
      turns,
      agentToolActions(tools, agent.tools, callToolConversation(call, timezone)),
    );
  }

  private get callId(): string {
    return String(this.call._id);
  }

  private get nextIndex(): number {
    return (this.turns[this.turns.length - 1]?.index ?? -1) + 1;
  }

  /** The turn is in the conversation at once; its write waits for the writes of the turns before it. */
  private record(turn: NewTurn, ends?: 'agent'): Promise<void> {
    const index = this.nextIndex;
    this.turns.push({
      index,
      role: turn.role,
      text: turn.text,
      ...(turn.role === 'tool' ? { tool: { call: turn.tool.call, outcome: turn.tool.outcome } } : {}),
    });
    this.written = this.written.then(() => appendTurn(this.callId, index, turn, ends));
    return this.written;
  }

  /** When the person asked to be called back, as the `callback` tool recorded it last. */
  callbackAt(): string | undefined {
    return recordedCallback(this.turns)?.at;
  }

  /** The greeting, before the contact's first word and once: a call screener may have heard the agent introduce itself before it. */
  opening(): string | undefined {
    const { greeting } = this.profile;
    return greeting && !this.turns.some((t) => t.role === 'contact' || t.text === greeting) ? greeting : undefined;
  }

  async agentSaid(text: string): Promise<void> {
    this.replySaid = [text];
    await this.record({ role: 'agent', text });
  }

  /**
   * The carrier speaks the greeting itself as the call connects; it is the agent's first turn. False
   * when the agent has none, and the agent's opening has to be produced like any other turn.
   */
  async greeted(): Promise<boolean> {
    if (this.turns.length > 0) return true;
    const greeting = this.opening();
    if (greeting) await this.agentSaid(greeting);
    return greeting !== undefined;
  }

  contactSaid(text: string, timings?: ContactTurnTimings): Promise<void> {
    return this.record({ role: 'contact', text, ...(timings ? { timings } : {}) });
  }

  async reply(say: (chunk: string) => void, stopped: () => boolean, hooks: ReplyHooks = {}): Promise<ReplyTurn> {
    this.replySaid = [];
    const { text, done } = await replyWithTools(
      {
        ask: (offerTools) =>
          this.llm.streamReply(
            offerTools ? this.profile : { ...this.profile, tools: [] },
            this.turns.map(({ role, text, tool }) => ({ role, text, ...(tool ? { tool } : {}) })),
          ),
        toolRounds: () => toolRoundsAtEnd(this.turns),
        tools: this.agent.tools,
        actions: this.actions,
        nextId: () => `tc_${this.callId}_${this.nextIndex}`,
        spoke: (said) => this.spokeBefore(said),
        ran: (turn, ends) => void this.record(turn, ends ? 'agent' : undefined).catch(() => undefined),
      },
      say,
      stopped,
      hooks,
    );
    if (!text) return { done, stored: this.written };
    this.replySaid.push(text);
    return { done, stored: this.record({ role: 'agent', text }, done ? 'agent' : undefined) };
  }

  /** An agent turn of the reply under way that another of its turns will follow. */
  private spokeBefore(text: string): void {
    this.replySaid.push(text);
    this.record({ role: 'agent', text }).catch(() => undefined);
  }

  async agentTimed(timings: AgentTurnTimings): Promise<void> {
    const last = this.turns[this.turns.length - 1];
    if (last?.role !== 'agent') return;
    await this.written;
    await CallTurn.updateOne({ callId: new Types.ObjectId(this.callId), index: last.index }, { $set: { timings } });
  }

  /** `spoken` is all the current reply's words heard: the agent turns it stored before its last were heard whole. */
  async interrupted(spoken: string): Promise<void> {
    const last = this.turns[this.turns.length - 1];
    const before = this.replySaid.slice(0, -1).join(' ');
    const own = before && spoken.startsWith(before) ? spoken.slice(before.length).trim() : spoken;
    const kept = last?.role === 'agent' ? cutTo(last.text, own) : undefined;
    if (kept === undefined) return;
    const filter = { callId: new Types.ObjectId(this.callId), index: last!.index };
    if (!kept) {
      await CallTurn.deleteOne(filter);
      this.turns.pop();
    } else {
      await CallTurn.updateOne(filter, { $set: { text: kept } });
      last!.text = kept;
    }
  }
}
