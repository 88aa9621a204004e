import { Types } from 'mongoose';
import type { AgentRecord } from '../models/agent';
import type { InterviewRecord } from '../models/interview';
import { InterviewTurn, appendTurn, interviewTranscript } from '../models/interviewTurn';
import type { InterviewProfile, LlmProvider, Turn } from '../providers/llm/interface';
import type { InterviewTurnView, VoiceTurnSlot } from '../workflows/definitions';
import type { Conversation, ReplyHooks, ReplyTurn } from './conversation';
import { interviewTools, interviewTurnOf } from './interviewTools';
import { interviewProfile } from './profile';
import { replyWithTools } from './toolReply';
import { toolRoundsAtEnd, type ToolActions, type ToolDeps, type ToolTurn } from './tools';
import type { AgentTurnTimings, ContactTurnTimings } from './turnTimings';
import { cutTo } from './turnText';

/**
 * The interview workflow as a voice session needs it (the API's Workflows): the workflow hands out
 * each turn's indices and holds the run while the turn is produced, so it stays the source of truth
 * for the interview's state even though the turns are stored here.
 */
export interface InterviewTurnKeeper {
  reserve(candidate: boolean): Promise<VoiceTurnSlot>;
  /** One more position for the turn holding the run at `heldIndex` (a tool call, words before it); the hold moves to it. */
  more(heldIndex: number): Promise<number>;
  done(agentIndex: number, ended: boolean): Promise<{ reportId: string | null }>;
}

/** What the transcript did, for the candidate's screen: a turn stored or cut, or removed (cut before its first word). */
export type TranscriptEvent = { type: 'turn'; turn: InterviewTurnView } | { type: 'turn_removed'; index: number };

export interface InterviewConversationDeps {
  llm: LlmProvider;
  workflow: InterviewTurnKeeper;
  tools: ToolDeps;
  onTranscript: (event: TranscriptEvent) => void;
}

type SessionTurn = InterviewTurnView & { tool?: ToolTurn['tool'] };

/**
 * The transcript positions one reply stores its turns at: its slot's, then one more from the
 * workflow for each turn after it. The workflow's hold is on the latest position handed out.
 */
class ReplyPlaces {
  private upcoming: Promise<number> | undefined;
  private last: Promise<number> | undefined;

  constructor(
    first: Promise<number>,
    private readonly more: (heldIndex: number) => Promise<number>,
  ) {
    this.upcoming = first;
  }

  /** The position the next turn takes, asked for once. */
  peek(): Promise<number> {
    return (this.upcoming ??= this.last!.then((held) => this.more(held)));
  }

  take(): Promise<number> {
    const at = this.peek();
    this.last = at;
    this.upcoming = undefined;
    return at;
  }

  held(): Promise<number> {
    return this.upcoming ?? this.last!;
  }
}

/**
 * A live voice interview's conversation: the candidate's turns arrive as text from the STT, the
 * agent's are streamed from the model, and each is written to the interview's transcript as it is
 * said, at the indices the interview workflow reserves. The opening is stored by the workflow's
 * start, after which `load` reads the transcript; a session that joins an interview already under
 * way (a reconnect) speaks the agent's last turn again without storing it twice.
 */
export class InterviewConversation implements Conversation {
  /** Set once the agent ended the interview: what the report will be. */
  reportId: string | null = null;
  /**
   * The agent's reply said goodbye: set before that turn is stored, so before the interview it ends
   * can be seen completed, and the session ends itself once the goodbye is heard.
   */
  closing = false;
  /**
   * The candidate's latest turn until the reply that answers it takes it: its indices being reserved
   * and the turn being stored, while the model already answers.
   */
  private pending: { text: string; slot: Promise<VoiceTurnSlot>; stored: Promise<void> } | undefined;
  /** The stored agent turn this session speaks first, not stored again. */
  private replay: string | undefined;

  private readonly interviewId: string;
  private readonly profile: InterviewProfile;
  private readonly turns: SessionTurn[] = [];
  private readonly tools: AgentRecord['tools'];
  private readonly actions: ToolActions;
  /** The agent turns the current reply stored: words before a tool call, a wait message, its last words. */
  private replySaid: string[] = [];

  constructor(
    interview: InterviewRecord,
    agent: AgentRecord,
    private readonly deps: InterviewConversationDeps,
  ) {
    this.interviewId = String(interview._id);
    this.tools = agent.tools;
    ({ profile: this.profile, actions: this.actions } = interviewTools(deps.tools, agent, interview, interviewProfile(agent, interview)));
  }

  /** Reads the transcript so far, once the interview has started: before the agent speaks. */
  async load(): Promise<void> {
    const stored = await interviewTranscript(this.interviewId);
    this.turns.push(
      ...stored.map((t) => ({
        index: t.index,
        role: t.role as InterviewTurnView['role'],
        text: t.text,
        ...(t.tool ? { tool: t.tool as ToolTurn['tool'] } : {}),
      })),
    );
    const last = this.turns[this.turns.length - 1];
    if (last?.role === 'agent') this.replay = last.text;
  }

  /** The transcript as the model reads it, with the candidate's turn not stored yet. */
  private history(): Turn[] {
    const stored: Turn[] = this.turns.map(interviewTurnOf);
    return this.pending ? [...stored, { role: 'contact', text: this.pending.text }] : stored;
  }

  private async store(
    index: number,
    role: InterviewTurnView['role'],
    text: string,
    ends?: boolean,
    fields: { timings?: ContactTurnTimings; tool?: ToolTurn['tool'] } = {},
  ): Promise<void> {
    await appendTurn(this.interviewId, index, role, text, ends, fields);
    const turn = { index, role, text };
    this.turns.push(fields.tool ? { ...turn, tool: fields.tool } : turn);
    // The candidate's screen shows what was said, not the agent's tool calls.
    if (role !== 'tool') this.deps.onTranscript({ type: 'turn', turn });
  }

  opening(): string | undefined {
    return this.replay;
  }

  async agentSaid(text: string): Promise<void> {
    if (this.replay !== undefined && text === this.replay) {
      this.replay = undefined;
      // Stored before this session began; the candidate's screen hears of it as it is spoken.
      this.deps.onTranscript({ type: 'turn', turn: { ...this.turns[this.turns.length - 1]! } });
      return;
    }
    const { agentIndex } = await this.deps.workflow.reserve(false);
    try {
      await this.store(agentIndex, 'agent', text);
    } finally {
      await this.deps.workflow.done(agentIndex, false);
    }
  }

  contactSaid(text: string, timings?: ContactTurnTimings): Promise<void> {
    this.replay = undefined;
    const slot = this.deps.workflow.reserve(true);
    const stored = slot.then(({ candidateIndex }) => this.store(candidateIndex!, 'candidate', text, undefined, timings ? { timings } : {}));
    this.pending = { text, slot, stored };
    return stored;
  }

  async reply(say: (chunk: string) => void, stopped: () => boolean, hooks: ReplyHooks = {}): Promise<ReplyTurn> {
    this.replay = undefined;
    this.replySaid = [];
    const heard = this.history();
    const { slot, stored } = this.pending ?? { slot: Promise.resolve(await this.deps.workflow.reserve(false)), stored: Promise.resolve() };
    this.pending = undefined;
    const places = new ReplyPlaces(
      slot.then((s) => s.agentIndex),
      (held) => this.deps.workflow.more(held),
    );
    // This reply's turns are written in the order said, after the candidate's it answers.
    let writes = stored;
    const keep = (role: 'agent' | 'tool', text: string, ends?: boolean, tool?: ToolTurn['tool']) => {
      heard.push(interviewTurnOf({ role, text, tool }));
      if (role === 'agent') this.replySaid.push(text);
      const at = places.take();
      writes = writes.then(async () => this.store(await at, role, text, ends, tool ? { tool } : {}));
      writes.catch(() => undefined);
    };
    let said: { text: string; done: boolean };
    try {
      said = await replyWithTools(
        {
          ask: (offerTools) => this.deps.llm.streamInterviewReply(offerTools ? this.profile : { ...this.profile, tools: [] }, heard),
          toolRounds: () => toolRoundsAtEnd(heard),
          tools: this.tools,
          actions: this.actions,
          nextId: async () => `tc_${this.interviewId}_${await places.peek()}`,
          spoke: (text) => keep('agent', text),
          ran: (turn, ends) => keep('tool', turn.text, ends, turn.tool),
        },
        say,
        stopped,
        hooks,
      );
    } catch (err) {
      // The run is held until the candidate's turn has landed, so a report never misses it.
      await writes.catch(() => undefined);
      await this.release(places, false);
      throw err;
    }
    if (said.text) this.replySaid.push(said.text);
    if (said.done) this.closing = true;
    return { done: said.done, stored: this.storeReply(said, places, writes) };
  }

  /** The agent's turn, stored after the candidate's it answers and the tool turns before it. */
  private async storeReply({ text, done }: { text: string; done: boolean }, places: ReplyPlaces, before: Promise<void>): Promise<void> {
    try {
      await before;
      if (text) await this.store(await places.take(), 'agent', text, done);
    } finally {
      await this.release(places, done);
    }
  }

  /** The run is free again, whether the turn was stored or not (nothing at its index): the interview goes on. */
  private async release(places: ReplyPlaces, ended: boolean): Promise<void> {
    const held = await places.held().catch(() => undefined);
    if (held !== undefined) this.reportId = (await this.deps.workflow.done(held, ended)).reportId;
  }

  async agentTimed(timings: AgentTurnTimings): Promise<void> {
    const last = this.turns[this.turns.length - 1];
    if (last?.role !== 'agent') return;
    await InterviewTurn.updateOne({ interviewId: new Types.ObjectId(this.interviewId), index: last.index }, { $set: { timings } });
  }

  /** `spoken` is all the current reply's words heard: the agent turns it stored before its last were heard whole. */
  async interrupted(spoken: string): Promise<void> {
    const last = this.turns[this.turns.length - 1];
    const before = this.replySaid.slice(0, -1).join(' ');
    const own = before && spoken.startsWith(before) ? spoken.slice(before.length).trim() : spoken;
    const kept = last?.role === 'agent' ? cutTo(last.text, own) : undefined;
    if (kept === undefined) return;
    const filter = { interviewId: new Types.ObjectId(this.interviewId), index: last!.index };
    if (!kept) {
      await InterviewTurn.deleteOne(filter);
      this.turns.pop();
      this.deps.onTranscript({ type: 'turn_removed', index: last!.index });
    } else {
      await InterviewTurn.updateOne(filter, { $set: { text: kept } });
      last!.text = kept;
      this.deps.onTranscript({ type: 'turn', turn: { ...last! } });
    }
  }
}
