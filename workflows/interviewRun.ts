/**
 * One interview's state and the steps of its lifecycle, for the interview workflow
 * (workflows/interview.ts) to wire to its messages and drive: open, wait for the candidate, end.
 */
import { condition, proxyActivities, proxyLocalActivities } from '@temporalio/workflow';
import {
  FailureType,
  isAgentDeleted,
  type InterviewActivities,
  type InterviewEndedReason,
  type InterviewInput,
  type InterviewReply,
  type InterviewState,
  type InterviewStateFields,
  type InterviewTurnRequest,
  type InterviewTurnResult,
  type InterviewTurnView,
  type VoiceTurnDone,
  type VoiceTurnMore,
  type VoiceTurnRenewal,
  type VoiceTurnRequest,
  type VoiceTurnSlot,
} from './definitions';
import { iso } from '../lib/time';
import { CLOSING_LINE_AHEAD_MS, HOLD_AHEAD_MS, minutesEnd } from './creditHold';
import { refusal, refuse } from './refusal';

// Database writes that must not be lost: they keep trying through an outage of any length.
const { projectInterview, reserveInterviewReport, settleInterview } = proxyActivities<InterviewActivities>({
  startToCloseTimeout: '30 seconds',
  retry: { initialInterval: '1 second', maximumInterval: '30 seconds' },
});
const { closeInterview } = proxyActivities<InterviewActivities>({ startToCloseTimeout: '10 seconds', retry: { maximumAttempts: 3 } });
// Asked for ahead of the boundary; a ledger that cannot answer by then counts as a refusal.
const { extendInterviewHold } = proxyLocalActivities<InterviewActivities>({
  startToCloseTimeout: '5 seconds',
  retry: { maximumAttempts: 3, initialInterval: '500 milliseconds' },
});
// The candidate waits on a turn: retry soon, and give up while they can still be told to try again.
// Local, so the worker that runs the update runs the turn in the same workflow task: no second task
// and no activity dispatch between the candidate's message and the agent's reply.
const { interviewTurn } = proxyLocalActivities<InterviewActivities>({
  startToCloseTimeout: '30 seconds',
  retry: { initialInterval: '1 second', maximumInterval: '5 seconds', maximumAttempts: 5 },
});
// Makes a model that keeps failing a failed report itself (ANALYSIS_MAX_ATTEMPTS); the database is retried for ever.
// It fails for good only when the interview's agent is gone (isAgentDeleted).
const { analyzeInterview } = proxyActivities<InterviewActivities>({
  startToCloseTimeout: '2 minutes',
  retry: { initialInterval: '2 seconds', maximumInterval: '1 minute' },
});

/** Keeps a run's history far below Temporal's limits whatever the model does: about 6 events a turn. */
const MAX_INTERVIEW_TURNS = 400;

export class InterviewRun {
  private readonly state: InterviewState = { status: 'created', turns: 0 };
  /** The read model's sequence number of the last state written. */
  private seq = 0;
  /** The `created` state is in the read model. */
  private created = false;
  /** A turn is being produced: the next message waits for it, the analysis too. */
  private busy = false;
  /** The agent index of the voice turn holding the run, until it is done or its lease lapses. */
  private voiceLease: number | undefined;
  /** When the voice turn's lease lapses unless renewed (workflow time, ms). */
  private voiceLeaseEnds = 0;
  private endRequested: InterviewEndedReason | undefined;
  private startedAt: number | undefined;
  /** The agent's opening turn, once asked for: a second start answers with the same one. */
  private opening: Promise<InterviewTurnView> | undefined;
  /** Credit minutes held, from the candidate's start; undefined when the interview holds none. */
  private heldMinutes: number | undefined;
  /** The read model's last write, which the next one waits for. */
  private projecting: Promise<unknown> = Promise.resolve();
  /** When the candidate's link stops working (set with the `created` state). */
  private expiresAt = 0;
  /** The candidate's start found the agent deleted: written `active`, it never started after all. */
  private startRefused = false;
  /** The `completed` state is in the read model. */
  private completed = false;

  constructor(private readonly input: InterviewInput) {
    this.heldMinutes = input.holdsCredits && !input.byok ? 1 : undefined;
  }

  snapshot(): InterviewState {
    return { ...this.state };
  }

  /**
   * Writes `fields` to the read model after the writes before it: each carries only what changed and
   * a write with a lower sequence number than the stored one is dropped, so two in flight at once (a
   * new link while the candidate starts) could lose the first to land.
   */
  private project(fields: InterviewStateFields) {
    const seq = ++this.seq;
    const write = this.projecting.then(() => projectInterview({ interviewId: this.input.interviewId, seq, fields }));
    this.projecting = write.catch(() => undefined);
    return write;
  }

  private turnRequest(index: number, candidateText: string | null): InterviewTurnRequest {
    const { interviewId, organizationId, agentId, agentMode, language, candidateName, byok } = this.input;
    return { interviewId, index, candidateText, interview: { organizationId, agentId, agentMode, language, candidateName, byok } };
  }

  private async reportAssigned(): Promise<string> {
    await condition(() => this.state.reportId !== undefined);
    return this.state.reportId!;
  }

  // Messages.

  /** The update sent with start: answers once the `created` state is in the read model. */
  async opened(): Promise<InterviewState> {
    await condition(() => this.created);
    return { ...this.state };
  }

  /** The operator's end: a `created` or `active` interview ends as `operator_ended`. */
  operatorEnds(): void {
    if (this.state.status !== 'completed') this.endRequested ??= 'operator_ended';
  }

  validateStart(): void {
    if (this.state.status === 'completed' || this.endRequested)
      refuse(`A ${this.state.status === 'completed' ? 'completed' : 'closing'} interview cannot be started.`);
  }

  /** The candidate starts: starting again (a reloaded page) answers with the same opening; a failed opening is tried again. */
  start(): Promise<InterviewTurnView> {
    return (this.opening ??= this.open().catch((err: unknown) => {
      this.opening = undefined;
      throw err;
    }));
  }

  private async open(): Promise<InterviewTurnView> {
    this.busy = true;
    try {
      if (this.startedAt === undefined) {
        this.startedAt = Date.now();
        this.state.status = 'active';
        await this.project({ status: 'active', startedAt: iso(this.startedAt) });
      }
      const { agentTurn } = await this.turn(this.turnRequest(0, null));
      this.state.turns = Math.max(this.state.turns, 1);
      return agentTurn;
    } finally {
      this.busy = false;
    }
  }

  /**
   * One exchange. A turn that finds the agent deleted ends the interview (`agent_deleted`); found by
   * the opening, the interview never started. The update is refused once the end is in the read
   * model, so what the candidate reads next says it is over.
   */
  private async turn(request: InterviewTurnRequest): Promise<InterviewTurnResult> {
    try {
      return await interviewTurn(request);
    } catch (err) {
      if (!isAgentDeleted(err)) throw err;
      this.endRequested ??= 'agent_deleted';
      if (request.candidateText === null) {
        this.startRefused = true;
        this.startedAt = undefined;
      }
      await condition(() => this.completed);
      throw refusal(FailureType.agentDeleted, 'The agent of this interview was deleted, so the interview has ended (endedReason agent_deleted).');
    }
  }

  /** A message or a voice turn: only in an `active` interview, one at a time, below the turn limit. */
  validateTurn(): void {
    const { status, turns } = this.state;
    if (status !== 'active' || this.endRequested) refuse(`A ${status === 'active' ? 'closing' : status} interview takes no messages.`);
    if (this.busy) throw refusal(FailureType.turnBusy, 'The agent is still answering the previous message.');
    if (turns >= MAX_INTERVIEW_TURNS) refuse(`This interview has reached its limit of ${MAX_INTERVIEW_TURNS} turns; end it.`);
  }

  validateMessage(text: string): void {
    this.validateTurn();
    if (typeof text !== 'string' || text.trim() === '') refuse('A message needs text.');
  }

  /** One candidate message: answers with the agent's reply, and the report id if the agent ended the interview. */
  async message(text: string): Promise<InterviewReply> {
    this.busy = true;
    let turn;
    try {
      turn = await this.turn(this.turnRequest(this.state.turns, text));
      this.state.turns = turn.nextIndex ?? turn.agentTurn.index + 1;
    } finally {
      this.busy = false;
    }
    if (turn.ended) this.endRequested ??= 'agent_ended';
    const ended = turn.ended || this.state.status === 'completed';
    const said = turn.agentTurns ? { agentTurns: turn.agentTurns } : {};
    return { candidateTurn: turn.candidateTurn!, agentTurn: turn.agentTurn, ...said, ended, reportId: ended ? await this.reportAssigned() : null };
  }

  /**
   * A voice session's turn: hands out its indices and holds the run until `voiceTurnDone`, or until
   * the lease lapses (the process holding the socket died mid-turn), so the interview goes on.
   */
  voiceTurn({ candidate, leaseSeconds }: VoiceTurnRequest): VoiceTurnSlot {
    const candidateIndex = candidate ? this.state.turns : null;
    const agentIndex = this.state.turns + (candidate ? 1 : 0);
    this.state.turns = agentIndex + 1;
    this.hold(agentIndex, leaseSeconds);
    return { candidateIndex, agentIndex };
  }

  private hold(agentIndex: number, leaseSeconds: number): void {
    this.busy = true;
    this.voiceLease = agentIndex;
    void this.lapse(agentIndex, leaseSeconds * 1000);
  }

  /**
   * Frees the run once the lease at `agentIndex` ends unrenewed. A renewal only moves the end: the
   * timer is not restarted for it but waits again, when it fires, for what is left, so a renewal adds
   * no timer events to the history.
   */
  private async lapse(agentIndex: number, leaseMs: number): Promise<void> {
    this.voiceLeaseEnds = Date.now() + leaseMs;
    let wait = leaseMs;
    while (!(await condition(() => this.voiceLease !== agentIndex, wait))) {
      wait = this.voiceLeaseEnds - Date.now();
      if (wait <= 0) return this.releaseVoice(agentIndex);
    }
  }

  validateVoiceTurnRenewal({ heldIndex }: VoiceTurnRenewal): void {
    if (this.voiceLease !== heldIndex) refuse('This voice turn no longer holds the interview.');
  }

  /** The voice turn holding the run is still being produced: its lease runs `leaseSeconds` from now. */
  renewVoiceTurn({ leaseSeconds }: VoiceTurnRenewal): void {
    this.voiceLeaseEnds = Math.max(this.voiceLeaseEnds, Date.now() + leaseSeconds * 1000);
  }

  validateVoiceTurnMore({ heldIndex }: VoiceTurnMore): void {
    if (this.voiceLease !== heldIndex) refuse('This voice turn no longer holds the interview.');
    if (this.state.turns >= MAX_INTERVIEW_TURNS) refuse(`This interview has reached its limit of ${MAX_INTERVIEW_TURNS} turns; end it.`);
  }

  /** The next position for the voice turn's tool call or words before it; its lease starts again there. */
  voiceTurnMore({ leaseSeconds }: VoiceTurnMore): { index: number } {
    const index = this.state.turns;
    this.state.turns = index + 1;
    this.hold(index, leaseSeconds);
    return { index };
  }

  /** The voice turn is stored: the run is free again, and the interview ends if the agent ended it. */
  async voiceTurnDone({ agentIndex, ended }: VoiceTurnDone): Promise<{ reportId: string | null }> {
    this.releaseVoice(agentIndex);
    if (ended && this.state.status === 'active') this.endRequested ??= 'agent_ended';
    return { reportId: ended || this.state.status === 'completed' ? await this.reportAssigned() : null };
  }

  private releaseVoice(agentIndex: number): void {
    if (this.voiceLease !== agentIndex) return;
    this.voiceLease = undefined;
    this.busy = false;
  }

  /** The candidate stayed silent after the voice session's reprompt: answers with the report id. */
  async candidateSilent(): Promise<{ reportId: string }> {
    this.endRequested ??= 'candidate_silent';
    return { reportId: await this.reportAssigned() };
  }

  validateLink(): void {
    if (this.state.status === 'completed' || this.endRequested)
      refuse(`A ${this.state.status === 'completed' ? 'completed' : 'closing'} interview's link cannot be renewed.`);
    if (Date.now() >= this.expiresAt) refuse('An interview past its expiresAt cannot have its link renewed.');
  }

  /** A fresh link: its capability's hash is what the candidate's requests are checked against from now on. */
  async reissueLink(capabilityHash: string): Promise<{ expiresAt: string }> {
    await this.project({ capabilityHash });
    return { expiresAt: iso(this.expiresAt) };
  }

  validateCandidateEnd(): void {
    if (this.state.status !== 'active') refuse(`A ${this.state.status} interview cannot be ended by the candidate.`);
  }

  /** The candidate ends: answers with the report id. */
  async candidateEnds(): Promise<{ reportId: string }> {
    this.endRequested ??= 'candidate_ended';
    return { reportId: await this.reportAssigned() };
  }

  /** The candidate's end as a signal, which nobody waits on: applied where the update would be accepted. */
  candidateEndSignalled(): void {
    if (this.state.status === 'active') this.endRequested ??= 'candidate_ended';
  }

  // Lifecycle.

  /** Writes the `created` state, which the update sent with start waits for. */
  async create(): Promise<void> {
    // `byok` goes to the read model too: the activities that pick the interview's LLM read it there.
    const { interviewId: _id, expiresInHours, maxDurationMinutes: _max, ...record } = this.input;
    this.expiresAt = Date.now() + expiresInHours * 3_600_000;
    await this.project({ ...record, status: 'created', expiresAt: iso(this.expiresAt) });
    this.created = true;
  }

  /**
   * Why the interview ends: not started before it expires, ended before or after starting, out of
   * time, or out of credit at the end of its last held minute.
   */
  async ending(): Promise<InterviewEndedReason> {
    const moved = await condition(() => this.state.status === 'active' || this.endRequested !== undefined, `${this.input.expiresInHours} hours`);
    if (!moved) return 'expired';
    if (this.state.status !== 'active') return this.endRequested!;
    const requested = () => this.endRequested !== undefined;
    const maxEnd = minutesEnd(this.startedAt!, this.input.maxDurationMinutes);
    for (;;) {
      const heldEnd = minutesEnd(this.startedAt!, this.heldMinutes);
      if (heldEnd >= maxEnd) return (await condition(requested, Math.max(1, maxEnd - Date.now()))) ? this.endRequested! : 'max_duration';
      if (await condition(requested, Math.max(1, heldEnd - HOLD_AHEAD_MS - Date.now()))) return this.endRequested!;
      const minute = this.heldMinutes! + 1;
      const { organizationId, interviewId } = this.input;
      if (await extendInterviewHold({ organizationId, interviewId, minute }).catch(() => false)) {
        this.heldMinutes = minute;
        continue;
      }
      if (await condition(requested, Math.max(1, heldEnd - CLOSING_LINE_AHEAD_MS - Date.now()))) return this.endRequested!;
      return this.close();
    }
  }

  /** The agent's closing line, after the turn in progress, then no more turns. */
  private async close(): Promise<InterviewEndedReason> {
    this.endRequested ??= 'credits_exhausted';
    await condition(() => !this.busy, `${CLOSING_LINE_AHEAD_MS} milliseconds`);
    const index = this.state.turns;
    this.state.turns = index + 1;
    await closeInterview({ interviewId: this.input.interviewId, index }).catch(() => undefined);
    return this.endRequested;
  }

  /** The `completed` state, the charge and, for an interview that started, its report. */
  async finish(reason: InterviewEndedReason): Promise<void> {
    const { interviewId, organizationId, agentId, byok } = this.input;
    const endedAt = Date.now();
    const started = this.startedAt;
    this.state.status = 'completed';
    this.state.endedReason = reason;
    const reportId = started === undefined ? null : (await reserveInterviewReport({ interviewId })).reportId;
    const durationSeconds = started === undefined ? 0 : Math.round((endedAt - started) / 1000);
    // Per started minute of conversation, at least one once started; one that never started is free.
    const startedMinutes = started === undefined ? 0 : Math.max(1, Math.ceil(durationSeconds / 60));
    // Never more than was held: the hold is what the organization agreed to spend.
    const chargedMinutes = this.heldMinutes === undefined ? startedMinutes : Math.min(startedMinutes, this.heldMinutes);
    // A start refused for a deleted agent had written `active` with its start: it never started.
    const unstarted = this.startRefused ? { startedAt: null } : {};
    await this.project({ status: 'completed', endedReason: reason, endedAt: iso(endedAt), durationSeconds, chargedMinutes, reportId, ...unstarted });
    this.completed = true;
    if (reportId) this.state.reportId = reportId;
    // What it held, as it counted: none before its start, or for byok. A start refused for a deleted
    // agent may have held the first minute: the ledger knows.
    const held = this.input.holdsCredits === undefined || this.startRefused ? {} : { heldMinutes: started === undefined ? 0 : (this.heldMinutes ?? 0) };
    await settleInterview({ interviewId, organizationId, agentId, chargedMinutes, byok, ...held });
    if (reportId) {
      // A turn still being stored belongs in the transcript the report reads.
      await condition(() => !this.busy);
      // An agent deleted before the analysis read it leaves the interview without a report, for good.
      await analyzeInterview({ interviewId }).catch(async (err: unknown) => {
        if (!isAgentDeleted(err)) throw err;
        await this.project({ reportUnavailable: 'agent_deleted' });
      });
    }
  }
}
