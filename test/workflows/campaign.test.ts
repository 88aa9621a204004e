/**
 * The campaign workflow on the time-skipping server, with its children being the real call
 * workflow. Activities are mocked at the activity boundary over an in-memory world: recipients, the
 * organization's slot pool, credits and a carrier that answers, is busy or refuses by number. Calls
 * that answer last until the agent's one-minute maximum duration, so "in flight" is measurable;
 * retry delays and call lengths are skipped rather than waited for. The continue-as-new tests run
 * on the dev server in real time instead, with short calls and retry delays (see RealTime). With
 * RECORD_HISTORIES=1 each path's history is written to test/histories/campaign-<path>.json for the
 * replay test.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { Context } from '@temporalio/activity';
import { WorkflowUpdateFailedError, type WorkflowHandle } from '@temporalio/client';
import { ApplicationFailure } from '@temporalio/common';
import { historyToJSON } from '@temporalio/common/lib/proto-utils';
import { TestWorkflowEnvironment } from '@temporalio/testing';
import { Worker } from '@temporalio/worker';
import { campaignActivities } from '../../activities/campaigns';
import {
  callCarrierEventSignal,
  callWorkflowId,
  campaignArchiveUpdate,
  campaignCancelUpdate,
  campaignEditUpdate,
  campaignLaunchUpdate,
  campaignPauseSignal,
  campaignPauseUpdate,
  campaignResumeUpdate,
  campaignSetRecipientsUpdate,
  campaignStateQuery,
  campaignWorkflowId,
  campaignWorkflowType,
  draftCampaignState,
  type AttemptOutcome,
  type CallActivities,
  type CampaignActivities,
  type CampaignInput,
  type CampaignState,
  type CampaignWork,
  type CampaignWorkflow,
} from '../../workflows/definitions';
import { temporalAddress, testServerPath, uniqueName, waitFor, workflowBundle } from '../helpers/servers';

/** The campaign's activities and those of its calls, which are real call workflows. */
type Mocked = CampaignActivities & CallActivities;

const ANSWERS = '+442079460001';
const NEVER = '+442079460002';
const BUSY = '+442079460003';
const REJECTED = '+442079460005';

/** Everything the mocked activities saw and hold. */
interface World {
  phones: string[];
  /** Every dial, with the server's (skipped) time it was scheduled at. */
  dials: Array<{ callId: string; index: number; attempt: number; at: number }>;
  hangups: string[];
  inFlight: number;
  peak: number;
  slots: { capacity: number; held: Set<string> };
  /** Dials the credits still allow. */
  creditDials: number;
  outcomes: AttemptOutcome[];
  retries: Map<number, CampaignWork & { dueAt: string }>;
  states: CampaignState[];
  runIds: Set<string>;
}

/**
 * On the dev server, in real time: answered calls end after `callMs`, unanswered phones ring for
 * `ringSeconds`. The time-skipping server cannot host these runs: a child that closes after its
 * parent continued as new stops its clock.
 */
interface RealTime {
  callMs: number;
  ringSeconds: number;
}

function mockWorld(phones: string[], slotCapacity = 100, realTime?: RealTime): { world: World; activities: Mocked } {
  const server = () => (realTime ? devEnv : env);
  const world: World = {
    phones,
    dials: [],
    hangups: [],
    inFlight: 0,
    peak: 0,
    slots: { capacity: slotCapacity, held: new Set() },
    creditDials: Infinity,
    outcomes: [],
    retries: new Map(),
    states: [],
    runIds: new Set(),
  };
  const attempts = new Map<string, CampaignWork>();
  const keep = (state: CampaignState) => {
    world.states.push(state);
    world.states.sort((a, b) => a.seq - b.seq);
  };
  const activities: Mocked = {
    async dial({ callId, to }) {
      const work = attempts.get(callId)!;
      world.dials.push({ callId, ...work, at: Context.current().info.currentAttemptScheduledTimestampMs });
      if (to === REJECTED) return { refused: { kind: 'rejected' as const, message: 'rejected' } };
      world.inFlight += 1;
      world.peak = Math.max(world.peak, world.inFlight);
      const call = server().client.workflow.getHandle(callWorkflowId(callId));
      if (to === BUSY) await call.signal(callCarrierEventSignal, { type: 'busy' });
      if (to === ANSWERS) await call.signal(callCarrierEventSignal, { type: 'answered' });
      if (to === ANSWERS && realTime) setTimeout(() => void call.signal(callCarrierEventSignal, { type: 'ended', by: 'agent' }).catch(() => undefined), realTime.callMs);
      return { carrierCallId: `carrier-${callId}` };
    },
    async carrierHangup({ carrierCallId }) {
      world.hangups.push(carrierCallId);
    },
    async projectCall() {
      return true;
    },
    async settleCall({ callId }) {
      const refusedDial = world.phones[attempts.get(callId)?.index ?? -1] === REJECTED;
      if (world.slots.held.delete(callId) && !refusedDial) world.inFlight -= 1;
    },
    async analyzeCall() {
      return { reportId: '65f000000000000000000001' };
    },
    async leaveVoicemail() {},
    async beginAttempt({ callId, index, attempt, campaignId, organizationId, agentId, byok }) {
      world.runIds.add(Context.current().info.workflowExecution?.runId ?? '');
      if (world.creditDials <= 0) return { blocked: 'insufficient_credits' as const };
      if (!world.slots.held.has(callId) && world.slots.held.size >= world.slots.capacity) return { blocked: 'concurrency' as const };
      world.slots.held.add(callId);
      world.creditDials -= 1;
      attempts.set(callId, { index, attempt });
      return {
        callInput: {
          callId,
          organizationId,
          agentId,
          agentName: 'Agent',
          phoneNumber: world.phones[index]!,
          contactName: '',
          externalRef: '',
          language: 'en',
          variables: {},
          attemptNumber: attempt,
          campaignId,
          byok,
          maxDurationMinutes: 1,
          voicemailBehavior: 'hangup' as const,
          ringTimeoutSeconds: realTime?.ringSeconds ?? 30,
        },
      };
    },
    async abandonAttempt({ callId }) {
      world.slots.held.delete(callId);
    },
    async recordOutcomes({ outcomes, retries, state }) {
      world.outcomes.push(...outcomes);
      for (const r of retries) world.retries.set(r.seq, r);
      keep(state);
    },
    async fetchRetries({ from, to, now }) {
      const due: CampaignWork[] = [];
      for (let seq = from; seq < to; seq += 1) {
        const entry = world.retries.get(seq)!;
        if (Date.parse(entry.dueAt) > Date.parse(now)) return { due, nextDueAt: entry.dueAt };
        due.push({ index: entry.index, attempt: entry.attempt });
      }
      return { due, nextDueAt: null };
    },
    async projectCampaign({ state }) {
      keep(state);
      return true;
    },
    // The real activity, on the test's server.
    closedCalls: (input) => campaignActivities({ ringTimeoutSeconds: 30, workflows: server().client.workflow }).closedCalls(input),
  };
  return { world, activities };
}

let env: TestWorkflowEnvironment;
let devEnv: TestWorkflowEnvironment;

beforeAll(async () => {
  env = await TestWorkflowEnvironment.createTimeSkipping({
    server: { executable: { type: 'existing-path', path: testServerPath() } },
  });
  devEnv = await TestWorkflowEnvironment.createFromExistingServer({ address: temporalAddress() });
});
afterAll(async () => {
  await env?.teardown();
  await devEnv?.teardown();
});

function campaignInput(settings: Partial<CampaignState['settings']> = {}, historyBudget = 5000): CampaignInput {
  return {
    campaignId: uniqueName('campaign'),
    organizationId: '65f0000000000000000000aa',
    agentId: '65f0000000000000000000bb',
    byok: false,
    historyBudget,
    state: draftCampaignState({
      name: 'Test campaign',
      description: '',
      timezone: 'UTC',
      settings: { retryLimit: 3, retryDelayMinutes: 30, concurrency: 3, ...settings },
      callingHours: null,
    }),
  };
}

async function withCampaign<T>(
  input: CampaignInput,
  activities: Mocked,
  body: (handle: WorkflowHandle<CampaignWorkflow>) => Promise<T>,
  on = env,
): Promise<T> {
  const taskQueue = uniqueName('campaign');
  const worker = await Worker.create({ connection: on.nativeConnection, taskQueue, workflowBundle: await workflowBundle(), activities });
  return worker.runUntil(async () => {
    const handle = await on.client.workflow.start<CampaignWorkflow>(campaignWorkflowType, {
      workflowId: campaignWorkflowId(input.campaignId),
      taskQueue,
      args: [input],
    });
    try {
      return await body(handle);
    } catch (err) {
      await handle.terminate('test failed').catch(() => undefined);
      throw err;
    }
  });
}

async function record(name: string, handle: WorkflowHandle): Promise<void> {
  if (process.env.RECORD_HISTORIES !== '1') return;
  const file = path.resolve(__dirname, `../histories/campaign-${name}.json`);
  writeFileSync(file, `${historyToJSON(await handle.fetchHistory())}\n`);
}

/** The update is refused by the workflow's validator, with this failure type. */
async function refused(promise: Promise<unknown>, type = 'invalid_state') {
  const err = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(WorkflowUpdateFailedError);
  expect(((err as WorkflowUpdateFailedError).cause as ApplicationFailure).type).toBe(type);
}

async function launch(handle: WorkflowHandle<CampaignWorkflow>, total: number) {
  await handle.executeUpdate(campaignSetRecipientsUpdate, { args: [{ total }] });
  return handle.executeUpdate(campaignLaunchUpdate);
}

const dialsOf = (world: World, index: number) => world.dials.filter((d) => d.index === index);

test('an unreached recipient is retried after retryDelayMinutes, up to retryLimit attempts in all', async () => {
  const { world, activities } = mockWorld([BUSY, ANSWERS, REJECTED]);
  const input = campaignInput({ retryLimit: 3, retryDelayMinutes: 30 });
  const result = await withCampaign(input, activities, async (handle) => {
    await launch(handle, 3);
    const done = await handle.result();
    await record('retries', handle);
    return done;
  });
  expect(result).toMatchObject({ status: 'completed', total: 3, completed: 1, failed: 2 });
  const busy = dialsOf(world, 0);
  expect(busy.map((d) => d.attempt)).toEqual([1, 2, 3]);
  for (let i = 1; i < busy.length; i += 1) expect(busy[i]!.at - busy[i - 1]!.at).toBeGreaterThanOrEqual(30 * 60_000);
  // Reached at once; the refused number is not tried again.
  expect(dialsOf(world, 1)).toHaveLength(1);
  expect(dialsOf(world, 2)).toHaveLength(1);
  expect(world.outcomes.filter((o) => o.index === 0).map((o) => o.result)).toEqual(['retry', 'retry', 'failed']);
  expect(world.outcomes.find((o) => o.index === 2)).toMatchObject({ result: 'failed', disposition: 'carrier_rejected' });
  expect(world.states.at(-1)).toMatchObject({ status: 'completed', completedAt: expect.any(String) });
});

test('never more than settings.concurrency calls at once', async () => {
  const { world, activities } = mockWorld(Array.from({ length: 10 }, () => ANSWERS));
  const result = await withCampaign(campaignInput({ concurrency: 3 }), activities, async (handle) => {
    await launch(handle, 10);
    return handle.result();
  });
  expect(result).toMatchObject({ status: 'completed', completed: 10, failed: 0 });
  expect(world.peak).toBe(3);
  expect(world.dials.map((d) => d.index).sort((a, b) => a - b)).toEqual([...Array(10).keys()]);
});

test("the organization's slots are shared: a slot held by a direct call is not the campaign's", async () => {
  const { world, activities } = mockWorld(Array.from({ length: 4 }, () => ANSWERS), 2);
  world.slots.held.add('direct-call');
  const result = await withCampaign(campaignInput({ concurrency: 5 }), activities, async (handle) => {
    await launch(handle, 4);
    return handle.result();
  });
  expect(result).toMatchObject({ status: 'completed', completed: 4 });
  expect(world.peak).toBe(1);
  expect(world.slots.held).toEqual(new Set(['direct-call']));
});

test('actions in each state: valid ones move it, invalid ones are refused by the validators', async () => {
  const { world, activities } = mockWorld(Array.from({ length: 6 }, () => ANSWERS));
  await withCampaign(campaignInput({ concurrency: 2 }), activities, async (handle) => {
    // draft
    for (const u of [campaignPauseUpdate, campaignResumeUpdate, campaignArchiveUpdate]) await refused(handle.executeUpdate(u));
    await refused(handle.executeUpdate(campaignLaunchUpdate), 'no_recipients');
    expect((await handle.executeUpdate(campaignEditUpdate, { args: [{ name: 'Renamed', settings: { concurrency: 1 } }] })).settings).toMatchObject({ concurrency: 1 });
    await handle.executeUpdate(campaignSetRecipientsUpdate, { args: [{ total: 6 }] });
    await refused(handle.executeUpdate(campaignSetRecipientsUpdate, { args: [{ total: 6 }] }), 'already_imported');
    expect((await handle.executeUpdate(campaignLaunchUpdate)).status).toBe('running');
    // running
    for (const u of [campaignLaunchUpdate, campaignResumeUpdate, campaignArchiveUpdate]) await refused(handle.executeUpdate(u));
    await refused(handle.executeUpdate(campaignEditUpdate, { args: [{ name: 'x' }] }));
    await waitFor(async () => (world.inFlight === 1 ? true : undefined));
    expect((await handle.executeUpdate(campaignPauseUpdate)).status).toBe('paused');
    // paused
    for (const u of [campaignLaunchUpdate, campaignPauseUpdate, campaignArchiveUpdate]) await refused(handle.executeUpdate(u));
    expect((await handle.executeUpdate(campaignEditUpdate, { args: [{ settings: { concurrency: 2 } }] })).settings.concurrency).toBe(2);
    const dialsWhilePaused = world.dials.length;
    expect((await handle.executeUpdate(campaignResumeUpdate)).status).toBe('running');
    await waitFor(async () => (world.inFlight === 2 ? true : undefined));
    expect(world.dials.length).toBeGreaterThan(dialsWhilePaused);
    // The operator's signal does the same; an invalid one is ignored.
    await handle.signal(campaignPauseSignal);
    await waitFor(async () => ((await handle.query(campaignStateQuery)).status === 'paused' ? true : undefined));
    await handle.signal(campaignPauseSignal);
    expect((await handle.executeUpdate(campaignResumeUpdate)).status).toBe('running');
    // cancel hangs up the calls in progress
    const inFlight = world.inFlight;
    expect(inFlight).toBeGreaterThan(0);
    const cancelled = await handle.executeUpdate(campaignCancelUpdate);
    expect(cancelled).toMatchObject({ status: 'cancelled', cancelledAt: expect.any(String) });
    // Refused by the validators, or, once its calls have ended, by a closed workflow (the API's 409 too).
    for (const u of [campaignLaunchUpdate, campaignPauseUpdate, campaignResumeUpdate, campaignCancelUpdate]) {
      const err = await handle.executeUpdate(u).then(
        () => undefined,
        (e: unknown) => e as Error,
      );
      expect(err?.name).toMatch(/^(WorkflowUpdateFailedError|WorkflowNotFoundError)$/);
    }
    const final = await handle.result();
    expect(world.hangups).toHaveLength(inFlight);
    expect(final.status).toBe('cancelled');
    expect(final.completed + final.failed).toBeLessThan(6);
    await record('actions', handle);
  });
  const dialled = new Set(world.dials.map((d) => d.index));
  expect(dialled.size).toBe(world.dials.length);
});

test('cancel in draft ends the campaign at once', async () => {
  const { activities } = mockWorld([]);
  await withCampaign(campaignInput(), activities, async (handle) => {
    expect((await handle.executeUpdate(campaignCancelUpdate)).status).toBe('cancelled');
    expect((await handle.result()).status).toBe('cancelled');
  });
});

test('credits running out pause the campaign with a reason; resume continues where it stopped', async () => {
  const { world, activities } = mockWorld(Array.from({ length: 5 }, () => ANSWERS));
  world.creditDials = 2;
  const result = await withCampaign(campaignInput({ concurrency: 1 }), activities, async (handle) => {
    await launch(handle, 5);
    // The first two calls last their minute of skipped time; then the third finds no credits.
    let paused = await handle.query(campaignStateQuery);
    for (let i = 0; i < 10 && paused.status !== 'paused'; i += 1) {
      await env.sleep('1 minute');
      paused = await handle.query(campaignStateQuery);
    }
    expect(paused.pausedReason).toBe('insufficient_credits');
    expect(world.dials).toHaveLength(2);
    world.creditDials = Infinity;
    expect((await handle.executeUpdate(campaignResumeUpdate)).pausedReason).toBeNull();
    return handle.result();
  });
  expect(result).toMatchObject({ status: 'completed', completed: 5 });
  expect(world.dials.map((d) => d.index)).toEqual([0, 1, 2, 3, 4]);
});

test('continue-as-new keeps counts and position, and every run stays within its history budget (dev server)', async () => {
  const phones = Array.from({ length: 30 }, (_, i) => (i % 10 === 3 ? BUSY : i % 10 === 7 ? REJECTED : i % 10 === 9 ? NEVER : ANSWERS));
  const { world, activities } = mockWorld(phones, 100, { callMs: 300, ringSeconds: 1 });
  const budget = 200;
  // Retries after 3 s: real time here.
  const input = campaignInput({ concurrency: 4, retryLimit: 2, retryDelayMinutes: 0.05 }, budget);
  const result = await withCampaign(
    input,
    activities,
    async (handle) => {
      await launch(handle, phones.length);
      return handle.result();
    },
    devEnv,
  );
  const reached = phones.filter((p) => p === ANSWERS).length;
  expect(result).toMatchObject({ status: 'completed', total: 30, completed: reached, failed: 30 - reached, cursor: 30 });
  expect(world.runIds.size).toBeGreaterThan(2);
  expect(world.peak).toBeLessThanOrEqual(4);
  // Each (recipient, attempt) dialled exactly once across the runs.
  const keys = world.dials.map((d) => `${d.index}#${d.attempt}`);
  expect(new Set(keys).size).toBe(keys.length);
  phones.forEach((p, i) => expect(dialsOf(world, i)).toHaveLength(p === ANSWERS || p === REJECTED ? 1 : 2));
  await record('carried', devEnv.client.workflow.getHandle(campaignWorkflowId(input.campaignId), [...world.runIds][1]));
  for (const runId of world.runIds) {
    const history = await devEnv.client.workflow.getHandle(campaignWorkflowId(input.campaignId), runId).fetchHistory();
    // Open calls are carried, not waited for: a run ends at most one round of dials past its budget.
    expect(history.events!.length).toBeLessThan(budget + 4 * 6 + 20);
  }
});

test('a run continues as new beside its open calls; a carried call that dies unheard still frees its place (dev server)', async () => {
  const { world, activities } = mockWorld([ANSWERS, ANSWERS, ANSWERS], 100, { callMs: 5_000, ringSeconds: 1 });
  // A budget the first run passes as soon as its first two calls are dialled.
  const input = campaignInput({ concurrency: 2, retryLimit: 1 }, 30);
  const result = await withCampaign(
    input,
    activities,
    async (handle) => {
      const firstRun = (await handle.describe()).runId;
      await launch(handle, 3);
      const next = await waitFor(async () => {
        const { runId } = await handle.describe();
        return runId !== firstRun ? runId : undefined;
      });
      const started = (await devEnv.client.workflow.getHandle(handle.workflowId, next).fetchHistory()).events![0]!;
      const payload = started.workflowExecutionStartedEventAttributes!.input!.payloads![0]!;
      const carried = (JSON.parse(Buffer.from(payload.data!).toString()) as CampaignInput).carried ?? [];
      // The calls last 5 s: both are still talking, carried unended.
      expect(carried.map((c) => ({ index: c.index, ended: c.ended })).sort((a, b) => a.index - b.index)).toEqual([
        { index: 0, ended: false },
        { index: 1, ended: false },
      ]);
      // Terminated: it never signals its end, and the new run has no handle on it.
      await devEnv.client.workflow.getHandle(callWorkflowId(carried[0]!.callId)).terminate('operator');
      return handle.result();
    },
    devEnv,
  );
  expect(result).toMatchObject({ status: 'completed', total: 3, completed: 2, failed: 1, cursor: 3 });
  expect(world.dials.map((d) => d.index).sort()).toEqual([0, 1, 2]);
  expect(world.outcomes.find((o) => o.result === 'failed')?.disposition).toBe('failed');
});

test('outside its calling hours a launched campaign is scheduled, and dials once the window opens', async () => {
  const { world, activities } = mockWorld([ANSWERS, ANSWERS]);
  const input = campaignInput({ concurrency: 2 });
  const hh = (h: number) => `${String(h % 24).padStart(2, '0')}:00`;
  const nowHour = new Date(await env.currentTimeMs()).getUTCHours();
  input.state.callingHours = { start: hh(nowHour + 2), end: hh(nowHour + 3) };
  const result = await withCampaign(input, activities, async (handle) => {
    expect((await launch(handle, 2)).status).toBe('scheduled');
    expect(world.dials).toHaveLength(0);
    return handle.result();
  });
  expect(result).toMatchObject({ status: 'completed', completed: 2 });
  for (const d of world.dials) expect(new Date(d.at).getUTCHours()).toBe((nowHour + 2) % 24);
  expect(world.states.map((s) => s.status)).toContain('running');
});
