import { Types } from 'mongoose';
import { Agent, type AgentRecord } from '../models/agent';
import { Call, type CallRecord } from '../models/call';
import { CallTurn, appendTurn, transcriptOf } from '../models/callTurn';
import type { LlmSource } from '../providers/llm';
import type { AgentProfile, LlmProvider, Turn } from '../providers/llm/interface';
import type { Conversation, ReplyTurn } from './conversation';
import { agentProfile } from './profile';
import type { AgentTurnTimings, ContactTurnTimings } from './turnTimings';
import { cutTo, speakStream } from './turnText';

/** Picks the language model for one call's agent (its own provider, the organization's key...). */
export type LlmFor = (call: CallRecord, agent: AgentRecord) => Promise<LlmProvider>;

/** The LLM of a call: its agent's (or the server's default), with the organization's own key when a byok key placed it. */
export function callLlm(llms: LlmSource, call: CallRecord, agent: AgentRecord): Promise<LlmProvider> {
  return llms.forSession({ organizationId: String(call.organizationId), byok: call.byok === true, provider: agent.providers?.llm ?? llms.defaultProvider });
}

interface StoredTurn extends Turn {
  index: number;
}

/**
 * A live call's conversation, as our media session drives it over Twilio Media Streams
 * (api/mediaStreams.ts) or Twilio's ConversationRelay drives it (api/relay.ts, TWILIO_SPEECH=relay):
 * the callee's turns arrive as text, the agent's go out as streamed text, and each turn is written
 * to the call's transcript as it is said, under the same (callId, index) keys the
 * simulated line uses, so GET /calls/{id}/transcript follows the call live.
 */
export class CallConversation implements Conversation {
  private constructor(
    readonly call: CallRecord,
    private readonly llm: LlmProvider,
    private readonly profile: AgentProfile,
    private readonly turns: StoredTurn[],
  ) {}

  /** The transcript writes so far, one after another in the order the turns were said. */
  private written: Promise<void> = Promise.resolve();

  /** The conversation of a call that is still on, picked up where its transcript stands. */
  static async open(callId: string, llmFor: LlmFor): Promise<CallConversation | undefined> {
    const call = await Call.findById(callId).lean();
    if (!call || call.status === 'completed') return undefined;
    const agent = await Agent.findById(call.agentId).lean();
    if (!agent) return undefined;
    const turns = (await transcriptOf(callId)).map((t) => ({ index: t.index, role: t.role as Turn['role'], text: t.text }));
    return new CallConversation(call, await llmFor(call, agent), agentProfile(agent, call.variables ?? {}), turns);
  }

  private get callId(): string {
    return String(this.call._id);
  }

  /** The turn is in the conversation at once; its write waits for the writes of the turns before it. */
  private record(turn: { role: 'agent' | 'contact'; text: string; timings?: ContactTurnTimings }, ends?: 'agent'): Promise<void> {
    const index = (this.turns[this.turns.length - 1]?.index ?? -1) + 1;
    this.turns.push({ index, role: turn.role, text: turn.text });
    this.written = this.written.then(() => appendTurn(this.callId, index, turn, ends));
    return this.written;
  }

  opening(): string | undefined {
    return this.turns.length === 0 && this.profile.greeting ? this.profile.greeting : undefined;
  }

  async agentSaid(text: string): Promise<void> {
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

  async reply(say: (chunk: string) => void, stopped: () => boolean): Promise<ReplyTurn> {
    const stream = this.llm.streamReply(this.profile, this.turns.map(({ role, text }) => ({ role, text })));
    const { text, done } = await speakStream(stream, say, stopped);
    return { done, stored: text ? this.record({ role: 'agent', text }, done ? 'agent' : undefined) : this.written };
  }

  async agentTimed(timings: AgentTurnTimings): Promise<void> {
    const last = this.turns[this.turns.length - 1];
    if (last?.role !== 'agent') return;
    await this.written;
    await CallTurn.updateOne({ callId: new Types.ObjectId(this.callId), index: last.index }, { $set: { timings } });
  }

  async interrupted(spoken: string): Promise<void> {
    const last = this.turns[this.turns.length - 1];
    const kept = last?.role === 'agent' ? cutTo(last.text, spoken) : undefined;
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
