import { allHandlersFinished, condition, continueAsNew, setHandler } from '@temporalio/workflow';
import { CampaignRun } from './campaignRun';
import {
  campaignArchiveUpdate,
  campaignCallEndedSignal,
  campaignCancelSignal,
  campaignCancelUpdate,
  campaignEditUpdate,
  campaignLaunchUpdate,
  campaignPauseSignal,
  campaignPauseUpdate,
  campaignResumeSignal,
  campaignResumeUpdate,
  campaignSetRecipientsUpdate,
  campaignStateQuery,
  type CampaignEdit,
  type CampaignWorkflow,
} from './definitions';

/**
 * One campaign: waits in `draft` for launch, then dials its recipients as child call workflows,
 * at most `settings.concurrency` at once (and within the organization's concurrent-call limit,
 * claimed by the `beginAttempt` activity from the pool direct calls use), each inside its own
 * calling hours, retries unreached recipients on durable timers, and ends `completed` or `cancelled`. Actions arrive as updates
 * whose validators read this workflow's own state; pause, resume and cancel also as signals.
 * The state is plain JSON and is carried across continue-as-new once every handler has finished,
 * together with the calls still open: the new run keeps dialling beside them.
 *
 * The run's state and decisions are in CampaignRun (its calls in CampaignCalls, its dial queues and
 * windows in CampaignLanes, what an attempt's end means in campaignOutcome); this function wires
 * the messages to it and drives the loop.
 */
export const campaignWorkflow: CampaignWorkflow = async (input) => {
  const run = new CampaignRun(input);
  setHandler(campaignSetRecipientsUpdate, (recipients) => run.setRecipients(recipients), { validator: (_recipients: unknown) => run.validateRecipients() });
  setHandler(campaignLaunchUpdate, () => run.launch(), { validator: () => run.validateLaunch() });
  setHandler(campaignArchiveUpdate, () => run.archive(), { validator: () => run.validateArchive() });
  for (const [update, signal, action] of [
    [campaignPauseUpdate, campaignPauseSignal, 'pause'],
    [campaignResumeUpdate, campaignResumeSignal, 'resume'],
    [campaignCancelUpdate, campaignCancelSignal, 'cancel'],
  ] as const) {
    setHandler(update, () => run.act(action), { validator: () => run.validate(action) });
    setHandler(signal, () => run.actIfAllowed(action));
  }
  setHandler(campaignEditUpdate, (edit) => run.edit(edit), { validator: (_edit: CampaignEdit) => run.validateEdit() });
  setHandler(campaignStateQuery, () => run.snapshot());
  setHandler(campaignCallEndedSignal, ({ callId, state }) => run.calls.ended(callId, state));
  const watching = run.calls.watchCarried();

  if (run.state.status === 'draft') await condition(() => run.state.status !== 'draft');
  for (;;) {
    await run.recordEnds();
    if (run.stopped()) {
      // Cancelled: the calls hung up end, their ends are recorded, then the campaign closes.
      if (run.calls.onLineCount() === 0) break;
      await condition(() => run.calls.endsHeard());
      continue;
    }
    if (run.state.status === 'paused') {
      await condition(run.changedFrom('paused'));
      continue;
    }
    const closedFor = run.msUntilCallingHours();
    if (closedFor > 0) {
      await run.follow('scheduled');
      await (closedFor === Infinity ? condition(run.changedFrom('scheduled')) : condition(run.changedFrom('scheduled'), closedFor));
      continue;
    }
    await run.follow('running');
    if (run.overHistoryBudget()) {
      await run.quiesce();
      if (run.state.status === 'running') await continueAsNew<CampaignWorkflow>(run.nextRunInput());
      continue;
    }
    if (run.placesTaken()) {
      await condition(run.changedFrom('running'));
      continue;
    }
    const batch = await run.nextAttempts();
    if (batch.length > 0) {
      await run.dial(batch);
    } else if (!run.nothingLeft()) {
      await run.idle();
    } else if (run.recordsPending()) {
      await run.recorded();
    } else {
      await run.complete();
      break;
    }
  }
  // Its last calls finish their reports, and an action that ended the campaign writes its answer.
  await run.recorded();
  await condition(() => run.calls.allClosed() && allHandlersFinished());
  await watching;
  return run.snapshot();
};
