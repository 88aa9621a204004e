import {
  ApplicationFailure,
  ParentClosePolicy,
  allHandlersFinished,
  condition,
  continueAsNew,
  getExternalWorkflowHandle,
  proxyActivities,
  setHandler,
  sleep,
  startChild,
  uuid4,
  workflowInfo,
  type ChildWorkflowHandle,
} from '@temporalio/workflow';
import { msUntilOpen } from './callingHours';
import {
  campaignCallEndedSignal,
  callWorkflowId,
  callWorkflowType,
  campaignStateQuery,
  campaignCancelSignal,
  campaignCancelUpdate,
  campaignEditUpdate,
  callHangupSignal,
  campaignArchiveUpdate,
  campaignLaunchUpdate,
  campaignPauseSignal,
  campaignPauseUpdate,
  campaignSetRecipientsUpdate,
  campaignResumeSignal,
  campaignResumeUpdate,
  searchAttributes,
  FailureType,
  type AttemptOutcome,
  type CallState,
  type CallWorkflow,
  type CampaignActivities,
  type CampaignEdit,
  type CampaignWorkflow,
  type CampaignState,
  type CampaignStatus,
  type CampaignWork,
  type CarriedCall,
  type EndedCall,
} from './definitions';

// The database may be down for a while: these keep trying rather than fail the campaign.
const { beginAttempt, abandonAttempt, recordOutcomes, fetchRetries, projectCampaign, closedCalls } = proxyActivities<CampaignActivities>({
  startToCloseTimeout: '1 minute',
  retry: { initialInterval: '1 second', maximumInterval: '30 seconds' },
});

/** Retry-queue entries read per activity. */
const RETRY_BATCH = 50;
/** History bytes after which a run continues as new whatever its event count: Temporal warns at 10 MiB. */
const HISTORY_BYTES_BUDGET = 8 * 1024 * 1024;
/** How long to wait before asking again for a slot when the organization's calls are at its limit. */
const SLOT_WAIT = '5 seconds';
/**
 * How often a run looks whether the calls it carried have closed: first soon, then less often. Their
 * signals free their places; this only finds the ones that died unheard, and the reports' end.
 */
const CARRIED_CHECK_FIRST_MS = 15_000;
const CARRIED_CHECK_MAX_MS = 5 * 60_000;

const ACTIVE: readonly CampaignStatus[] = ['scheduled', 'running'];

/**
 * One campaign: waits in `draft` for launch, then dials its recipients as child call workflows,
 * at most `settings.concurrency` at once (and within the organization's concurrent-call limit,
 * claimed by the `beginAttempt` activity from the pool direct calls use), retries unreached
 * recipients on durable timers, and ends `completed` or `cancelled`. Actions arrive as updates
 * whose validators read this workflow's own state; pause, resume and cancel also as signals.
 * The state is plain JSON and is carried across continue-as-new once every handler has finished,
 * together with the calls still open: the new run keeps dialling beside them.
 */
export const campaignWorkflow: CampaignWorkflow = async (input) => {
  const s: CampaignState = { ...input.state, queue: [...input.state.queue] };
  const carried = input.carried ?? [];
  /** Calls whose place is taken; a carried call has no handle in this run. */
  const inflight = new Map<string, CampaignWork & { handle?: ChildWorkflowHandle<CallWorkflow> }>(
    carried.filter((c) => !c.ended).map(({ callId, index, attempt }) => [callId, { index, attempt }]),
  );
  /** Calls not closed yet, this run's and carried ones: a call's report may still be on its way after its end. */
  const open = new Map<string, CampaignWork>(carried.map(({ callId, index, attempt }) => [callId, { index, attempt }]));
  const finished: EndedCall[] = [...(input.ended ?? [])];
  const now = () => new Date().toISOString();
  const inherited = workflowInfo().typedSearchAttributes.getAll();

  const project = async () => {
    s.seq += 1;
    s.inFlight = inflight.size;
    await projectCampaign({ campaignId: input.campaignId, seq: s.seq, state: { ...s } });
  };
  const snapshot = () => ({ ...s, inFlight: inflight.size });
  const refuse = (message: string): never => {
    throw ApplicationFailure.create({ type: FailureType.invalidState, message, nonRetryable: true });
  };
  // Archived here only when archived while a cancelled campaign's last calls were ending.
  const stopped = () => s.status === 'cancelled' || s.status === 'archived';
  const openNow = () => msUntilOpen(Date.now(), s.timezone, s.callingHours) === 0;

  const can = {
    pause: () => ACTIVE.includes(s.status),
    resume: () => s.status === 'paused',
    cancel: () => s.status === 'draft' || s.status === 'paused' || ACTIVE.includes(s.status),
  };
  const apply = {
    pause: () => {
      s.status = 'paused';
      s.pausedAt = now();
      s.pausedReason = 'requested';
    },
    resume: () => {
      s.status = openNow() ? 'running' : 'scheduled';
      s.pausedReason = null;
    },
    cancel: async () => {
      s.status = 'cancelled';
      s.cancelledAt = now();
      s.queue = [];
      // Calls in progress are hung up: a cancelled campaign talks to no one further.
      await Promise.all(
        [...inflight].map(([callId, c]) => (c.handle ?? getExternalWorkflowHandle(callWorkflowId(callId))).signal(callHangupSignal).catch(() => undefined)),
      );
    },
  };

  setHandler(
    campaignSetRecipientsUpdate,
    async ({ total }) => {
      s.total = total;
      await project();
      return snapshot();
    },
    {
      validator: (_recipients: { total: number }) => {
        if (s.status !== 'draft') refuse(`A ${s.status} campaign takes no recipients.`);
        if (s.total > 0) throw ApplicationFailure.create({ type: FailureType.alreadyImported, message: 'The campaign already has its recipients.', nonRetryable: true });
      },
    },
  );
  setHandler(
    campaignLaunchUpdate,
    async () => {
      s.status = openNow() ? 'running' : 'scheduled';
      s.launchedAt = now();
      await project();
      return snapshot();
    },
    {
      validator: () => {
        if (s.status !== 'draft') refuse(`A ${s.status} campaign cannot be launched.`);
        if (s.total === 0) throw ApplicationFailure.create({ type: FailureType.noRecipients, message: 'Import recipients before launching the campaign.', nonRetryable: true });
      },
    },
  );
  setHandler(
    campaignArchiveUpdate,
    async () => {
      s.status = 'archived';
      s.archivedAt = now();
      await project();
      return snapshot();
    },
    { validator: () => void (s.status === 'completed' || s.status === 'cancelled' || refuse(`A ${s.status} campaign cannot be archived.`)) },
  );
  for (const [update, signal, action] of [
    [campaignPauseUpdate, campaignPauseSignal, 'pause'],
    [campaignResumeUpdate, campaignResumeSignal, 'resume'],
    [campaignCancelUpdate, campaignCancelSignal, 'cancel'],
  ] as const) {
    setHandler(
      update,
      async () => {
        await apply[action]();
        await project();
        return snapshot();
      },
      { validator: () => void (can[action]() || refuse(`A ${s.status} campaign cannot be ${action === 'cancel' ? 'cancelled' : `${action}d`}.`)) },
    );
    // The operator's signal: the same action, ignored when it is not valid now.
    setHandler(signal, async () => {
      if (!can[action]()) return;
      await apply[action]();
      await project();
    });
  }
  setHandler(
    campaignEditUpdate,
    async (edit: CampaignEdit) => {
      if (edit.name !== undefined) s.name = edit.name;
      if (edit.description !== undefined) s.description = edit.description;
      if (edit.timezone !== undefined) s.timezone = edit.timezone;
      if (edit.callingHours !== undefined) s.callingHours = edit.callingHours;
      if (edit.settings) s.settings = { ...s.settings, ...edit.settings };
      await project();
      return snapshot();
    },
    { validator: (_edit: CampaignEdit) => void (s.status === 'draft' || s.status === 'paused' || refuse(`A ${s.status} campaign cannot be edited; pause it first.`)) },
  );
  setHandler(campaignStateQuery, snapshot);
  /** A call's end, from its signal or its result, whichever comes first; counted once. */
  const ended = (callId: string, result: CallState | null) => {
    const call = inflight.get(callId);
    if (!call || finished.some((f) => f.callId === callId)) return;
    finished.push({ index: call.index, attempt: call.attempt, callId, result });
  };
  setHandler(campaignCallEndedSignal, ({ callId, state }) => ended(callId, state));
  const closed = (callId: string, result: CallState | null) => {
    open.delete(callId);
    ended(callId, result);
  };
  // A carried call that dies without its signal (terminated, say) still frees its place.
  const carriedOpen = () => carried.filter((c) => open.has(c.callId)).map((c) => c.callId);
  const watchCarried = async () => {
    for (let wait = CARRIED_CHECK_FIRST_MS; carriedOpen().length > 0; wait = Math.min(2 * wait, CARRIED_CHECK_MAX_MS)) {
      await sleep(wait);
      for (const c of await closedCalls({ callIds: carriedOpen() })) closed(c.callId, c.result);
    }
  };
  const watching = watchCarried();

  /** Outcome records still being written, in order, each after the one before. */
  let recording: Promise<void> = Promise.resolve();
  let unrecorded = 0;
  /** Records every finished attempt: recipients, retry queue and counts in one activity. */
  const collect = async () => {
    if (finished.length === 0) return;
    const batch = finished.splice(0);
    const outcomes: AttemptOutcome[] = [];
    const retries: Array<CampaignWork & { seq: number; dueAt: string }> = [];
    for (const f of batch) {
      inflight.delete(f.callId);
      const reached = f.result?.connected === true;
      const refusedForGood = f.result?.refused === 'rejected';
      const disposition = f.result?.refused ? `carrier_${f.result.refused}` : (f.result?.disposition ?? 'failed');
      let result: AttemptOutcome['result'];
      if (reached) result = 'completed';
      else if (refusedForGood || f.attempt >= s.settings.retryLimit) result = 'failed';
      else if (stopped()) result = 'pending';
      else result = 'retry';
      if (result === 'completed') s.completed += 1;
      if (result === 'failed') s.failed += 1;
      if (result === 'retry') {
        const dueAt = Date.now() + s.settings.retryDelayMinutes * 60_000;
        if (s.retryHead === s.retryTail) s.nextRetryAt = dueAt;
        retries.push({ seq: s.retryTail, index: f.index, attempt: f.attempt + 1, dueAt: new Date(dueAt).toISOString() });
        s.retryTail += 1;
      }
      outcomes.push({ index: f.index, attempt: f.attempt, callId: f.callId, disposition, result });
    }
    s.seq += 1;
    s.inFlight = inflight.size;
    const record = { campaignId: input.campaignId, outcomes, retries, seq: s.seq, state: { ...s } };
    // The next dials need none of it: they go out beside it. What reads it (the retry queue, the
    // campaign's end, the next run) waits for it first.
    unrecorded += 1;
    recording = recording.then(async () => {
      await recordOutcomes(record);
      unrecorded -= 1;
    });
  };

  /** The next attempt to dial now: a due retry first, then the next recipient never dialled. */
  const nextWork = async (): Promise<CampaignWork | undefined> => {
    if (s.queue.length === 0 && s.retryHead < s.retryTail && s.nextRetryAt !== null && s.nextRetryAt <= Date.now()) {
      await recording;
      const fetched = await fetchRetries({
        campaignId: input.campaignId,
        from: s.retryHead,
        to: Math.min(s.retryHead + RETRY_BATCH, s.retryTail),
        now: new Date().toISOString(),
      });
      s.queue.push(...fetched.due);
      s.retryHead += fetched.due.length;
      // More may be due past this batch: look again at once.
      s.nextRetryAt = s.retryHead === s.retryTail ? null : fetched.nextDueAt === null ? Date.now() : Date.parse(fetched.nextDueAt);
    }
    if (s.queue.length > 0) return s.queue.shift();
    if (s.cursor < s.total) {
      s.cursor += 1;
      return { index: s.cursor - 1, attempt: 1 };
    }
    return undefined;
  };

  const changed = (status: CampaignStatus) => () => finished.length > 0 || s.status !== status;
  /** Waits for a finished call, a status change or, when one is queued, the next retry's time. */
  const idle = (status: CampaignStatus) =>
    s.nextRetryAt === null ? condition(changed(status)) : condition(changed(status), Math.max(1, s.nextRetryAt - Date.now()));

  /** A run goes on to its own budget, far below Temporal's limits, rather than stop at its suggestion (4,096 events). */
  const overBudget = () => {
    const info = workflowInfo();
    return info.historyLength >= input.historyBudget || info.historySize >= HISTORY_BYTES_BUDGET;
  };

  if (s.status === 'draft') await condition(() => s.status !== 'draft');

  for (;;) {
    await collect();
    if (stopped()) {
      if (inflight.size > 0) await condition(() => finished.length > 0);
      else break;
      continue;
    }
    if (s.status === 'paused') {
      await condition(changed('paused'));
      continue;
    }
    const wait = msUntilOpen(Date.now(), s.timezone, s.callingHours);
    if (wait > 0) {
      if (s.status === 'running') {
        s.status = 'scheduled';
        await project();
      }
      await condition(changed('scheduled'), wait);
      continue;
    }
    if (s.status === 'scheduled') {
      s.status = 'running';
      await project();
    }
    if (overBudget()) {
      await recording;
      await condition(allHandlersFinished);
      if (s.status !== 'running') continue;
      // In this same workflow task, so that no signal slips in between: the state, the open calls
      // and the ends heard meanwhile go to the next run, which records those first.
      const heard = new Set(finished.map((f) => f.callId));
      const stillOpen: CarriedCall[] = [...open].map(([callId, w]) => ({ callId, ...w, ended: heard.has(callId) || !inflight.has(callId) }));
      await continueAsNew<CampaignWorkflow>({ ...input, state: snapshot(), carried: stillOpen, ended: [...finished] });
    }
    if (inflight.size >= s.settings.concurrency) {
      await condition(changed('running'));
      continue;
    }
    // Every free place at once: the attempts are begun side by side and their calls started in
    // one workflow task, so pacing does not wait on one round trip per dial.
    const batch: CampaignWork[] = [];
    while (batch.length < s.settings.concurrency - inflight.size) {
      const work = await nextWork();
      if (!work) break;
      batch.push(work);
    }
    if (batch.length === 0) {
      if (inflight.size === 0 && s.retryHead === s.retryTail && s.queue.length === 0) {
        if (unrecorded > 0) {
          await recording;
          continue;
        }
        s.status = 'completed';
        s.completedAt = now();
        await project();
        break;
      }
      await idle('running');
      continue;
    }
    const attempts = batch.map((work) => ({ ...work, callId: uuid4().replace(/-/g, '').slice(0, 24) }));
    const begun = await Promise.all(
      attempts.map((a) => beginAttempt({ campaignId: input.campaignId, organizationId: input.organizationId, agentId: input.agentId, byok: input.byok, ...a })),
    );
    const blocked = attempts.filter((_, i) => 'blocked' in begun[i]!);
    // Back to the front of the queue, in their order, to be dialled first when there is room.
    s.queue.unshift(...blocked.map(({ index, attempt }) => ({ index, attempt })));
    const ready = attempts.flatMap((a, i) => {
      const b = begun[i]!;
      return 'callInput' in b ? [{ ...a, callInput: b.callInput }] : [];
    });
    if (stopped()) {
      // Cancelled while the slots were being claimed: give the attempts back undialled.
      await Promise.all(ready.map(({ callInput: _input, ...a }) => abandonAttempt({ campaignId: input.campaignId, organizationId: input.organizationId, ...a })));
      continue;
    }
    await Promise.all(
      ready.map(async ({ callId, callInput, index, attempt }) => {
        const handle = await startChild<CallWorkflow>(callWorkflowType, {
          workflowId: callWorkflowId(callId),
          args: [callInput],
          // Calls outlive a terminated campaign, so they still end, settle and free their slots.
          parentClosePolicy: ParentClosePolicy.ABANDON,
          // The campaign's own search attributes (organization, agent, campaign), and the recipient's
          // reference, so operators find a campaign's calls in the Temporal UI as they find direct ones.
          typedSearchAttributes: [...inherited, ...(inherited.length > 0 && callInput.externalRef ? [{ key: searchAttributes.externalRef, value: callInput.externalRef }] : [])],
        });
        inflight.set(callId, { index, attempt, handle });
        open.set(callId, { index, attempt });
        handle.result().then(
          (result) => closed(callId, result),
          () => closed(callId, null),
        );
      }),
    );
    const reasons = new Set(begun.flatMap((b) => ('blocked' in b ? [b.blocked] : [])));
    if (reasons.has('insufficient_credits') && s.status === 'running') {
      // Out of minutes: stop dialling as a whole rather than fail recipient after recipient.
      s.status = 'paused';
      s.pausedAt = now();
      s.pausedReason = 'insufficient_credits';
      await project();
    } else if (reasons.has('concurrency')) {
      // The organization's calls are at its limit: look again when one of ours ends, or soon.
      await condition(() => finished.length > 0 || s.status !== 'running', SLOT_WAIT);
    }
  }
  // Its last calls finish their reports, and an action that ended the campaign writes its answer.
  await recording;
  await condition(() => open.size === 0 && allHandlersFinished());
  await watching;
  return snapshot();
};
