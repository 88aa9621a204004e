import { Types } from 'mongoose';
import type { AgentRecord } from '../models/agent';
import type { InterviewRecord } from '../models/interview';
import { InterviewTurn, appendTurn, interviewTranscript } from '../models/interviewTurn';
import type { InterviewProfile, LlmProvider, Turn } from '../providers/llm/interface';
import type { InterviewTurnView, VoiceTurnSlot } from '../workflows/definitions';
import type { Conversation, ReplyTurn } from './conversation';
import { interviewProfile } from './profile';
import type { AgentTurnTimings, ContactTurnTimings } from './turnTimings';
import { cutTo, speakStream } from './turnText';

/**
 * The interview workflow as a voice session needs it (the API's Workflows): the workflow hands out
 * each turn's indices and holds the run while the turn is produced, so it stays the source of truth
 * for the interview's state even though the turns are stored here.
 */
export interface InterviewTurnKeeper {
  reserve(candidate: boolean): Promise<VoiceTurnSlot>;
  done(agentIndex: number, ended: boolean): Promise<{ reportId: string | null }>;
}

/** What the transcript did, for the candidate's screen: a turn stored or cut, or removed (cut before its first word). */
export type TranscriptEvent = { type: 'turn'; turn: InterviewTurnView } | { type: 'turn_removed'; index: number };

export interface InterviewConversationDeps {
  llm: LlmProvider;
  workflow: InterviewTurnKeeper;
  onTranscript: (event: TranscriptEvent) => void;
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
   * The candidate's latest turn until the reply that answers it takes it: its indices being reserved
   * and the turn being stored, while the model already answers.
   */
  private pending: { text: string; slot: Promise<VoiceTurnSlot>; stored: Promise<void> } | undefined;
  /** The stored agent turn this session speaks first, not stored again. */
  private replay: string | undefined;

  private readonly interviewId: string;
  private readonly profile: InterviewProfile;
  private readonly turns: InterviewTurnView[] = [];

  constructor(
    interview: InterviewRecord,
    agent: AgentRecord,
    private readonly deps: InterviewConversationDeps,
  ) {
    this.interviewId = String(interview._id);
    this.profile = interviewProfile(agent, interview);
  }

  /** Reads the transcript so far, once the interview has started: before the agent speaks. */
  async load(): Promise<void> {
    const stored = await interviewTranscript(this.interviewId);
    this.turns.push(...stored.map((t) => ({ index: t.index, role: t.role as InterviewTurnView['role'], text: t.text })));
    const last = this.turns[this.turns.length - 1];
    if (last?.role === 'agent') this.replay = last.text;
  }

  /** The transcript as the model reads it, with the candidate's turn not stored yet. */
  private history(): Turn[] {
    const stored: Turn[] = this.turns.map((t) => ({ role: t.role === 'agent' ? 'agent' : 'contact', text: t.text }));
    return this.pending ? [...stored, { role: 'contact', text: this.pending.text }] : stored;
  }

  private async store(index: number, role: InterviewTurnView['role'], text: string, ends?: boolean, timings?: ContactTurnTimings): Promise<void> {
    await appendTurn(this.interviewId, index, role, text, ends, timings);
    const turn = { index, role, text };
    this.turns.push(turn);
    this.deps.onTranscript({ type: 'turn', turn });
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
    const stored = slot.then(({ candidateIndex }) => this.store(candidateIndex!, 'candidate', text, undefined, timings));
    this.pending = { text, slot, stored };
    return stored;
  }

  async reply(say: (chunk: string) => void, stopped: () => boolean): Promise<ReplyTurn> {
    this.replay = undefined;
    const history = this.history();
    const { slot, stored } = this.pending ?? { slot: Promise.resolve(await this.deps.workflow.reserve(false)), stored: Promise.resolve() };
    this.pending = undefined;
    let said: { text: string; done: boolean };
    try {
      said = await speakStream(this.deps.llm.streamInterviewReply(this.profile, history), say, stopped);
    } catch (err) {
      // The run is held until the candidate's turn has landed, so a report never misses it.
      await stored.catch(() => undefined);
      await this.release(slot, false);
      throw err;
    }
    return { done: said.done, stored: this.storeReply(said, slot, stored) };
  }

  /** The agent's turn, stored after the candidate's it answers. */
  private async storeReply({ text, done }: { text: string; done: boolean }, slot: Promise<VoiceTurnSlot>, candidateStored: Promise<void>): Promise<void> {
    try {
      await candidateStored;
      if (text) await this.store((await slot).agentIndex, 'agent', text, done);
    } finally {
      await this.release(slot, done);
    }
  }

  /** The run is free again, whether the turn was stored or not (nothing at its index): the interview goes on. */
  private async release(slot: Promise<VoiceTurnSlot>, ended: boolean): Promise<void> {
    const held = await slot.catch(() => undefined);
    if (held) this.reportId = (await this.deps.workflow.done(held.agentIndex, ended)).reportId;
  }

  async agentTimed(timings: AgentTurnTimings): Promise<void> {
    const last = this.turns[this.turns.length - 1];
    if (last?.role !== 'agent') return;
    await InterviewTurn.updateOne({ interviewId: new Types.ObjectId(this.interviewId), index: last.index }, { $set: { timings } });
  }

  async interrupted(spoken: string): Promise<void> {
    const last = this.turns[this.turns.length - 1];
    const kept = last?.role === 'agent' ? cutTo(last.text, spoken) : undefined;
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
