/**
 * One run of a campaign workflow: its state, the actions its messages take and the decisions its
 * loop (workflows/campaign.ts) asks for. A run ends with the campaign or continues as new; what it
 * carries over is plain JSON.
 *
 * The statuses: `draft` -launch-> `running`, or `scheduled` while no recipient left to dial is
 * inside its calling hours (the two follow the hours); `running` | `scheduled` -pause, or the credits running out-> `paused`
 * -resume-> `running` | `scheduled`; any of those -cancel-> `cancelled`; `running` with nothing
 * left to dial -> `completed`; `completed` | `cancelled` -archive-> `archived`.
 */
import {
  ParentClosePolicy,
  allHandlersFinished,
  condition,
  proxyActivities,
  proxyLocalActivities,
  startChild,
  uuid4,
  workflowInfo,
  type RetryPolicy,
} from '@temporalio/workflow';
import { CampaignCalls } from './campaignCalls';
import { CampaignLanes } from './campaignLanes';
import { attemptOutcome } from './campaignOutcome';
import {
  FailureType,
  callWorkflowId,
  callWorkflowType,
  searchAttributes,
  type AttemptOutcome,
  type CallWorkflow,
  type CampaignActivities,
  type CampaignEdit,
  type CampaignInput,
  type CampaignState,
  type CampaignStatus,
  type CampaignWork,
  type RetryEntryInput,
  type ZoneCount,
} from './definitions';
import { iso } from '../lib/time';
import { refusal, refuse } from './refusal';

// The database may be down for a while: these keep trying rather than fail the campaign.
const retry: RetryPolicy = { initialInterval: '1 second', maximumInterval: '30 seconds' };
const { abandonAttempt, recordOutcomes, fetchDue, projectCampaign, closedCalls } = proxyActivities<CampaignActivities>({
  startToCloseTimeout: '1 minute',
  retry,
});
// Local: an attempt begins in the workflow task that found a free place and its call starts in that
// task's answer, with no activity dispatch and no second task between a call's end and the next dial.
const { beginAttempt } = proxyLocalActivities<CampaignActivities>({ startToCloseTimeout: '1 minute', retry });

/** Lane entries read per activity. */
const LANE_BATCH = 50;
/** History bytes after which a run continues as new whatever its event count: Temporal warns at 10 MiB. */
const HISTORY_BYTES_BUDGET = 8 * 1024 * 1024;
/** How long to wait before asking again for a slot when the organization's calls are at its limit. */
const SLOT_WAIT = '5 seconds';

/** What an operator may also ask by signal: the same action as the API's update of that name. */
export type OperatorAction = 'pause' | 'resume' | 'cancel';

const ACTIVE: readonly CampaignStatus[] = ['scheduled', 'running'];
const PAST_TENSE: Record<OperatorAction, string> = { pause: 'paused', resume: 'resumed', cancel: 'cancelled' };
const now = () => iso(Date.now());

export class CampaignRun {
  readonly state: CampaignState;
  readonly calls: CampaignCalls;
  private readonly lanes: CampaignLanes;
  /** Outcome records being written, each after the one before, and how many. */
  private recording: Promise<void> = Promise.resolve();
  private recordsInFlight = 0;
  /** The campaign's own search attributes, which its calls inherit. */
  private readonly inherited = workflowInfo().typedSearchAttributes.getAll();

  constructor(private readonly input: CampaignInput) {
    this.state = { ...input.state, queue: [...input.state.queue], lanes: input.state.lanes.map((l) => ({ ...l })) };
    this.calls = new CampaignCalls(input.carried ?? [], input.ended ?? [], closedCalls);
    this.lanes = new CampaignLanes(this.state);
  }

  /** The state as the API and the query see it. */
  snapshot(): CampaignState {
    return { ...this.state, inFlight: this.calls.onLineCount() };
  }

  private async project(): Promise<void> {
    this.state.seq += 1;
    this.state.inFlight = this.calls.onLineCount();
    await projectCampaign({ campaignId: this.input.campaignId, seq: this.state.seq, state: { ...this.state } });
  }

  // Actions, from the API's updates (after their validators) and the operator's signals.

  validateRecipients(): void {
    if (this.state.status !== 'draft') refuse(`A ${this.state.status} campaign takes no recipients.`);
    if (this.state.total > 0) throw refusal(FailureType.alreadyImported, 'The campaign already has its recipients.');
  }

  async setRecipients({ total, suppressed, zones }: { total: number; suppressed: number; zones: ZoneCount[] }): Promise<CampaignState> {
    this.state.total = total;
    // Final at once: the import kept them out of the lanes.
    this.state.suppressed = suppressed;
    this.state.failed = suppressed;
    this.lanes.setZones(zones);
    await this.project();
    return this.snapshot();
  }

  validateLaunch(): void {
    if (this.state.status !== 'draft') refuse(`A ${this.state.status} campaign cannot be launched.`);
    if (this.state.total === 0) throw refusal(FailureType.noRecipients, 'Import recipients before launching the campaign.');
  }

  async launch(): Promise<CampaignState> {
    this.state.status = this.msUntilCallingHours() === 0 ? 'running' : 'scheduled';
    this.state.launchedAt = now();
    await this.project();
    return this.snapshot();
  }

  validateEdit(): void {
    const { status } = this.state;
    if (status !== 'draft' && status !== 'paused') refuse(`A ${status} campaign cannot be edited; pause it first.`);
  }

  async edit(edit: CampaignEdit): Promise<CampaignState> {
    if (edit.name !== undefined) this.state.name = edit.name;
    if (edit.description !== undefined) this.state.description = edit.description;
    if (edit.timezone !== undefined) this.state.timezone = edit.timezone;
    if (edit.callingHours !== undefined) this.state.callingHours = edit.callingHours;
    if (edit.settings) this.state.settings = { ...this.state.settings, ...edit.settings };
    await this.project();
    return this.snapshot();
  }

  validateArchive(): void {
    const { status } = this.state;
    if (status !== 'completed' && status !== 'cancelled') refuse(`A ${status} campaign cannot be archived.`);
  }

  async archive(): Promise<CampaignState> {
    this.state.status = 'archived';
    this.state.archivedAt = now();
    await this.project();
    return this.snapshot();
  }

  private allows(action: OperatorAction): boolean {
    const { status } = this.state;
    if (action === 'pause') return ACTIVE.includes(status);
    if (action === 'resume') return status === 'paused';
    return status === 'draft' || status === 'paused' || ACTIVE.includes(status);
  }

  validate(action: OperatorAction): void {
    if (!this.allows(action)) refuse(`A ${this.state.status} campaign cannot be ${PAST_TENSE[action]}.`);
  }

  async act(action: OperatorAction): Promise<CampaignState> {
    await this.apply(action);
    await this.project();
    return this.snapshot();
  }

  /** The operator's signal: the same action, ignored when it is not valid now. */
  async actIfAllowed(action: OperatorAction): Promise<void> {
    if (!this.allows(action)) return;
    await this.apply(action);
    await this.project();
  }

  private async apply(action: OperatorAction): Promise<void> {
    const s = this.state;
    if (action === 'pause') {
      s.status = 'paused';
      s.pausedAt = now();
      s.pausedReason = 'requested';
    } else if (action === 'resume') {
      s.status = this.msUntilCallingHours() === 0 ? 'running' : 'scheduled';
      s.pausedReason = null;
    } else {
      s.status = 'cancelled';
      s.cancelledAt = now();
      s.queue = [];
      // Calls on the line are hung up: a cancelled campaign talks to no one further.
      await this.calls.hangUp();
    }
  }

  // What the loop asks.

  /** Cancelled, or archived while a cancelled campaign's last calls were ending. */
  stopped(): boolean {
    return this.state.status === 'cancelled' || this.state.status === 'archived';
  }

  /** What the loop waits for in `status`: an end heard, or the status changed. */
  changedFrom(status: CampaignStatus): () => boolean {
    return () => this.calls.endsHeard() || this.state.status !== status;
  }

  /**
   * Milliseconds until the calling hours of some recipient still to dial open: 0 while one's are
   * open, while calls are on the line, or when no one is left. The campaign is `scheduled` meanwhile.
   */
  msUntilCallingHours(): number {
    return this.calls.onLineCount() > 0 ? 0 : this.lanes.msUntilAnyOpen(Date.now());
  }

  /** A run goes on to its own budget, far below Temporal's limits, rather than stop at its suggestion (4,096 events). */
  overHistoryBudget(): boolean {
    const info = workflowInfo();
    return info.historyLength >= this.input.historyBudget || info.historySize >= HISTORY_BYTES_BUDGET;
  }

  placesTaken(): boolean {
    return this.calls.onLineCount() >= this.state.settings.concurrency;
  }

  /** Every recipient dialled, no retry waiting and no call on the line. */
  nothingLeft(): boolean {
    return this.calls.onLineCount() === 0 && this.lanes.empty();
  }

  recordsPending(): boolean {
    return this.recordsInFlight > 0;
  }

  /** Until every outcome record begun so far is written. */
  recorded(): Promise<void> {
    return this.recording;
  }

  // The loop's steps.

  /** Moves between `running` and `scheduled` with the calling hours, and writes the change. */
  async follow(status: 'running' | 'scheduled'): Promise<void> {
    if (this.state.status === status) return;
    this.state.status = status;
    await this.project();
  }

  /** Waits for an end, a status change or the time the next attempt may be dialled: due, inside its recipient's hours. */
  idle(): Promise<unknown> {
    const wait = this.lanes.msUntilNextDue(Date.now());
    return wait === Infinity ? condition(this.changedFrom('running')) : condition(this.changedFrom('running'), Math.max(1, wait));
  }

  /** Records every end heard: recipients, retry queue and counts in one activity, beside the next dials. */
  async recordEnds(): Promise<void> {
    if (!this.calls.endsHeard()) return;
    const s = this.state;
    const outcomes: AttemptOutcome[] = [];
    const retries: RetryEntryInput[] = [];
    const nowMs = Date.now();
    for (const ended of this.calls.takeEnds()) {
      const { disposition, result, retryAt, callback } = attemptOutcome(ended, s.settings, this.stopped(), nowMs);
      if (result === 'completed') s.completed += 1;
      if (result === 'failed') s.failed += 1;
      if (retryAt !== undefined) {
        // A callback outside the recipient's calling hours is due when they next open.
        const opening = callback ? this.lanes.openingFor(ended.zone, retryAt) : retryAt;
        const dueAt = Number.isFinite(opening) ? opening : retryAt;
        const place = this.lanes.retry(ended.zone, dueAt - nowMs, dueAt);
        retries.push({ ...place, index: ended.index, attempt: ended.attempt + 1, dueAt: iso(dueAt) });
      }
      outcomes.push({ index: ended.index, attempt: ended.attempt, zone: ended.zone, callId: ended.callId, disposition, result });
    }
    s.seq += 1;
    s.inFlight = this.calls.onLineCount();
    const record = { campaignId: this.input.campaignId, outcomes, retries, seq: s.seq, state: { ...s } };
    // The next dials need none of it. What reads it (the retry queue, the campaign's end, the next
    // run) waits for it first.
    this.recordsInFlight += 1;
    this.recording = this.recording.then(async () => {
      await recordOutcomes(record);
      this.recordsInFlight -= 1;
    });
  }

  /**
   * The attempts to dial now, at most one per free place, each inside its recipient's calling
   * hours: queued ones first, then read from the lanes (due retries before first attempts).
   */
  async nextAttempts(): Promise<CampaignWork[]> {
    const free = this.state.settings.concurrency - this.calls.onLineCount();
    const batch = this.lanes.takeOpen(Date.now(), free);
    for (let lane = this.lanes.dueLane(Date.now()); batch.length < free && lane !== undefined; lane = this.lanes.dueLane(Date.now())) {
      // A retry's entry is written by the record of its outcome.
      await this.recording;
      const { head, tail } = this.state.lanes[lane]!;
      const fetched = await fetchDue({ campaignId: this.input.campaignId, lane, from: head, to: Math.min(head + LANE_BATCH, tail), now: now() });
      this.lanes.fetched(lane, fetched.due, fetched.nextDueAt === null ? null : Date.parse(fetched.nextDueAt), Date.now());
      batch.push(...this.lanes.takeOpen(Date.now(), free - batch.length));
    }
    return batch;
  }

  /**
   * Begins the attempts side by side (a slot each) and starts their calls in one workflow task, so
   * pacing does not wait on one round trip per dial. Attempts without a slot go back to the front
   * of the queue; out of credits, the campaign pauses as a whole.
   */
  async dial(batch: CampaignWork[]): Promise<void> {
    const { campaignId, organizationId, agentId, byok } = this.input;
    const attempts = batch.map((work) => ({ ...work, callId: uuid4().replace(/-/g, '').slice(0, 24) }));
    const begun = await Promise.all(attempts.map((a) => beginAttempt({ campaignId, organizationId, agentId, byok, ...a })));
    const suppressedNow = begun.filter((b) => 'suppressed' in b && b.suppressed === 'now').length;
    if (suppressedNow > 0) {
      // Final without a call; those suppressed at import were counted then.
      this.state.suppressed += suppressedNow;
      this.state.failed += suppressedNow;
      await this.project();
    }
    const blocked = attempts.filter((_, i) => 'blocked' in begun[i]!);
    this.lanes.putBack(blocked.map(({ index, attempt, zone }) => ({ index, attempt, zone })));
    const ready = attempts.flatMap((a, i) => {
      const b = begun[i]!;
      return 'callInput' in b ? [{ ...a, callInput: b.callInput }] : [];
    });
    if (this.stopped() || this.state.status === 'paused') {
      // Cancelled or paused while the slots were being claimed: give the attempts back undialled;
      // a paused campaign dials them first when it resumes.
      await Promise.all(ready.map(({ callInput: _input, ...a }) => abandonAttempt({ campaignId, organizationId, ...a })));
      if (!this.stopped()) this.lanes.putBack(ready.map(({ index, attempt, zone }) => ({ index, attempt, zone })));
      return;
    }
    await Promise.all(
      ready.map(async ({ callId, callInput, index, attempt, zone }) => {
        const handle = await startChild<CallWorkflow>(callWorkflowType, {
          workflowId: callWorkflowId(callId),
          args: [callInput],
          // Calls outlive a terminated campaign, so they still end, settle and free their slots.
          parentClosePolicy: ParentClosePolicy.ABANDON,
          // The campaign's own search attributes (organization, agent, campaign), and the recipient's
          // reference, so operators find a campaign's calls in the Temporal UI as they find direct ones.
          typedSearchAttributes: [
            ...this.inherited,
            ...(this.inherited.length > 0 && callInput.externalRef ? [{ key: searchAttributes.externalRef, value: callInput.externalRef }] : []),
          ],
        });
        this.calls.started(callId, { index, attempt, zone }, handle);
      }),
    );
    const reasons = new Set(begun.flatMap((b) => ('blocked' in b ? [b.blocked] : [])));
    if (reasons.has('insufficient_credits') && this.state.status === 'running') {
      // Out of minutes: stop dialling as a whole rather than fail recipient after recipient.
      this.state.status = 'paused';
      this.state.pausedAt = now();
      this.state.pausedReason = 'insufficient_credits';
      await this.project();
    } else if (reasons.has('concurrency')) {
      // The organization's calls are at its limit: look again when one of ours ends, or soon.
      await condition(this.changedFrom('running'), SLOT_WAIT);
    }
  }

  async complete(): Promise<void> {
    this.state.status = 'completed';
    this.state.completedAt = now();
    await this.project();
  }

  /** Before continuing as new: every record written and every handler done. */
  async quiesce(): Promise<void> {
    await this.recording;
    await condition(allHandlersFinished);
  }

  /**
   * The next run's input. Taken in the workflow task that continues as new, so that no signal slips
   * in between: the state, the calls not closed and the ends heard meanwhile.
   */
  nextRunInput(): CampaignInput {
    return { ...this.input, state: this.snapshot(), ...this.calls.carryOver() };
  }
}
