import { Types } from 'mongoose';
import type { AgentRecord } from '../models/agent';
import type { InterviewRecord } from '../models/interview';
import { InterviewTurn, appendTurn, interviewTranscript } from '../models/interviewTurn';
import type { InterviewProfile, LlmProvider, Turn } from '../providers/llm/interface';
import type { InterviewTurnView, VoiceTurnSlot } from '../workflows/definitions';
import type { Conversation } from './conversation';
import { interviewProfile } from './profile';
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
  /** The agent index reserved with the candidate's turn, for the reply that follows. */
  private replyIndex: number | undefined;
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

  /** The transcript as the model reads it. */
  private history(): Turn[] {
    return this.turns.map((t) => ({ role: t.role === 'agent' ? 'agent' : 'contact', text: t.text }));
  }

  private async store(index: number, role: InterviewTurnView['role'], text: string, ends?: boolean): Promise<void> {
    await appendTurn(this.interviewId, index, role, text, ends);
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

  async contactSaid(text: string): Promise<void> {
    this.replay = undefined;
    const { candidateIndex, agentIndex } = await this.deps.workflow.reserve(true);
    this.replyIndex = agentIndex;
    await this.store(candidateIndex!, 'candidate', text);
  }

  async reply(say: (chunk: string) => void, stopped: () => boolean): Promise<{ done: boolean }> {
    this.replay = undefined;
    const agentIndex = this.replyIndex ?? (await this.deps.workflow.reserve(false)).agentIndex;
    this.replyIndex = undefined;
    let done = false;
    try {
      const said = await speakStream(this.deps.llm.streamInterviewReply(this.profile, this.history()), say, stopped);
      done = said.done;
      if (said.text) await this.store(agentIndex, 'agent', said.text, done);
    } finally {
      // Released on failure too, with nothing stored at the index: the interview goes on.
      const { reportId } = await this.deps.workflow.done(agentIndex, done);
      this.reportId = reportId;
    }
    return { done };
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
