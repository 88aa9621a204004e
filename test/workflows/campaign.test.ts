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
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { Context } from '@temporalio/activity';
import { WorkflowUpdateFailedError, type WorkflowHandle } from '@temporalio/client';
import { ApplicationFailure } from '@temporalio/common';
import { historyToJSON } from '@temporalio/common/lib/proto-utils';
import { TestWorkflowEnvironment } from '@temporalio/testing';
import { Worker } from '@temporalio/worker';
import { campaignActivities } from '../../activities/campaigns';
import { zoneLanes } from '../../models/recipient';
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
  type CampaignWorkflow,
  type RetryEntryInput,
} from '../../workflows/definitions';
import { temporalAddress, testDataConverter, testServerPath, uniqueName, waitFor, workflowBundle } from '../helpers/servers';

/** The campaign's activities and those of its calls, which are real call workflows. */
type Mocked = CampaignActivities & CallActivities;

const ANSWERS = '+442079460001';
const NEVER = '+442079460002';
const BUSY = '+442079460003';
const REJECTED = '+442079460005';

/** Everything the mocked activities saw and hold. */
interface World {
  phones: string[];
  /** Each recipient's own time zone, as the import stores it (null: the campaign's). */
  zones: Array<string | null>;
  /** Recipients whose number is do-not-call at import: stored suppressed, in no lane. */
  doNotCall: Set<number>;
  /** Recipients whose number becomes do-not-call after launch, before this attempt. */
  doNotCallBefore: Map<number, number>;
  /** Every dial, with the server's (skipped) time it was scheduled at. */
  dials: Array<{ callId: string; index: number; attempt: number; at: number }>;
  hangups: string[];
  inFlight: number;
  peak: number;
  slots: { capacity: number; held: Set<string> };
  /** Dials the credits still allow. */
  creditDials: number;
  outcomes: AttemptOutcome[];
  /** The lanes' entries by `<lane>:<seq>`: first attempts from the import, then retries. */
  entries: Map<string, Omit<RetryEntryInput, 'lane' | 'seq'>>;
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

function mockWorld(
  phones: string[],
  slotCapacity = 100,
  realTime?: RealTime,
  zones: Array<string | null> = phones.map(() => null),
): { world: World; activities: Mocked } {
  const server = () => (realTime ? devEnv : env);
  const world: World = {
    phones,
    zones,
    doNotCall: new Set(),
    doNotCallBefore: new Map(),
    dials: [],
    hangups: [],
    inFlight: 0,
    peak: 0,
    slots: { capacity: slotCapacity, held: new Set() },
    creditDials: Infinity,
    outcomes: [],
    entries: new Map(),
    states: [],
    runIds: new Set(),
  };
  const attempts = new Map<string, { index: number; attempt: number }>();
  const keep = (state: CampaignState) => {
    world.states.push(state);
    world.states.sort((a, b) => a.seq - b.seq);
  };
  const activities: Mocked = {
    async dial({ callId, to }) {
      const work = attempts.get(callId)!;
      // The dial is a local activity, whose own times are the worker's clock: the server's is the one skipped.
      world.dials.push({ callId, ...work, at: await server().currentTimeMs() });
      if (to === REJECTED) return { refused: { kind: 'rejected' as const, message: 'rejected' } };
      world.inFlight += 1;
      world.peak = Math.max(world.peak, world.inFlight);
      const call = server().client.workflow.getHandle(callWorkflowId(callId));
      if (to === BUSY) await call.signal(callCarrierEventSignal, { type: 'busy' });
      if (to === ANSWERS) await call.signal(callCarrierEventSignal, { type: 'answered' });
      if (to === ANSWERS && realTime)
        setTimeout(() => void call.signal(callCarrierEventSignal, { type: 'ended', by: 'agent' }).catch(() => undefined), realTime.callMs);
      return { carrierCallId: `carrier-${callId}`, recorded: true };
    },
    async carrierHangup({ carrierCallId }) {
      world.hangups.push(carrierCallId);
    },
    transferCall: () => Promise.reject(new Error('campaign calls here never transfer')),
    sendDigits: () => Promise.reject(new Error('campaign calls here never press keys')),
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
    async extendHold() {
      return true;
    },
    async closeCall() {},
    async beginAttempt({ callId, index, attempt, campaignId, organizationId, agentId, byok }) {
      world.runIds.add(Context.current().info.workflowExecution?.runId ?? '');
      if (attempt >= (world.doNotCallBefore.get(index) ?? Infinity)) return { suppressed: 'now' as const };
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
      for (const { lane, seq, ...entry } of retries) world.entries.set(`${lane}:${seq}`, entry);
      keep(state);
    },
    async fetchDue({ lane, from, to, now }) {
      const due: Array<{ index: number; attempt: number }> = [];
      for (let seq = from; seq < to; seq += 1) {
        const entry = world.entries.get(`${lane}:${seq}`)!;
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
    closedCalls: (input) =>
      campaignActivities({ ringTimeoutSeconds: 30, allowedCountries: null, workflows: server().client.workflow, doNotCallKey: randomBytes(32) }).closedCalls(
        input,
      ),
  };
  return { world, activities };
}

let env: TestWorkflowEnvironment;
let devEnv: TestWorkflowEnvironment;

beforeAll(async () => {
  env = await TestWorkflowEnvironment.createTimeSkipping({
    server: { executable: { type: 'existing-path', path: testServerPath() } },
    client: { dataConverter: testDataConverter() },
  });
  devEnv = await TestWorkflowEnvironment.createFromExistingServer({ address: temporalAddress(), client: { dataConverter: testDataConverter() } });
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
      settings: { retryLimit: 3, retryDelayMinutes: 30, concurrency: 3, retryPolicy: {}, ...settings },
      callingHours: null,
    }),
  };
}

async function withCampaign<T>(input: CampaignInput, activities: Mocked, body: (handle: WorkflowHandle<CampaignWorkflow>) => Promise<T>, on = env): Promise<T> {
  const taskQueue = uniqueName('campaign');
  const worker = await Worker.create({
    connection: on.nativeConnection,
    taskQueue,
    workflowBundle: await workflowBundle(),
    activities,
    dataConverter: testDataConverter(),
  });
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

/** The import's part: each zone's first-attempt entries into the world, and what the workflow is told. */
function imported(world: World) {
  const { zones, places } = zoneLanes(world.zones.map((timezone, index) => ({ timezone, suppressed: world.doNotCall.has(index) })));
  places.forEach((place, index) => {
    if (place) world.entries.set(`${place.lane}:${place.seq}`, { index, attempt: 1, dueAt: new Date(0).toISOString() });
  });
  return { total: world.phones.length, suppressed: world.doNotCall.size, zones };
}

async function launch(handle: WorkflowHandle<CampaignWorkflow>, world: World) {
  await handle.executeUpdate(campaignSetRecipientsUpdate, { args: [imported(world)] });
  return handle.executeUpdate(campaignLaunchUpdate);
}

const dialsOf = (world: World, index: number) => world.dials.filter((d) => d.index === index);

test('an unreached recipient is retried after retryDelayMinutes, up to retryLimit attempts in all', async () => {
  const { world, activities } = mockWorld([BUSY, ANSWERS, REJECTED]);
  const input = campaignInput({ retryLimit: 3, retryDelayMinutes: 30 });
  const result = await withCampaign(input, activities, async (handle) => {
    await launch(handle, world);
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
    await launch(handle, world);
    return handle.result();
  });
  expect(result).toMatchObject({ status: 'completed', completed: 10, failed: 0 });
  expect(world.peak).toBe(3);
  expect(world.dials.map((d) => d.index).sort((a, b) => a - b)).toEqual([...Array(10).keys()]);
});

test("the organization's slots are shared: a slot held by a direct call is not the campaign's", async () => {
  const { world, activities } = mockWorld(
    Array.from({ length: 4 }, () => ANSWERS),
    2,
  );
  world.slots.held.add('direct-call');
  const result = await withCampaign(campaignInput({ concurrency: 5 }), activities, async (handle) => {
    await launch(handle, world);
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
    expect((await handle.executeUpdate(campaignEditUpdate, { args: [{ name: 'Renamed', settings: { concurrency: 1 } }] })).settings).toMatchObject({
      concurrency: 1,
    });
    await handle.executeUpdate(campaignSetRecipientsUpdate, { args: [imported(world)] });
    await refused(handle.executeUpdate(campaignSetRecipientsUpdate, { args: [imported(world)] }), 'already_imported');
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
    await launch(handle, world);
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
      await launch(handle, world);
      return handle.result();
    },
    devEnv,
  );
  const reached = phones.filter((p) => p === ANSWERS).length;
  expect(result).toMatchObject({ status: 'completed', total: 30, completed: reached, failed: 30 - reached, queue: [] });
  // Every first attempt and every retry read from its lane.
  expect(result.lanes.map(({ delayMs, head, tail }) => ({ delayMs, head, tail }))).toEqual([
    { delayMs: null, head: 30, tail: 30 },
    { delayMs: 3000, head: 6, tail: 6 },
  ]);
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
      await launch(handle, world);
      const next = await waitFor(async () => {
        const { runId } = await handle.describe();
        return runId !== firstRun ? runId : undefined;
      });
      const started = (await devEnv.client.workflow.getHandle(handle.workflowId, next).fetchHistory()).events![0]!;
      const [payload] = await testDataConverter().payloadCodecs![0]!.decode(started.workflowExecutionStartedEventAttributes!.input!.payloads!);
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
  expect(result).toMatchObject({ status: 'completed', total: 3, completed: 2, failed: 1, lanes: [expect.objectContaining({ head: 3, tail: 3 })], queue: [] });
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
    expect((await launch(handle, world)).status).toBe('scheduled');
    expect(world.dials).toHaveLength(0);
    return handle.result();
  });
  expect(result).toMatchObject({ status: 'completed', completed: 2 });
  for (const d of world.dials) expect(new Date(d.at).getUTCHours()).toBe((nowHour + 2) % 24);
  expect(world.states.map((s) => s.status)).toContain('running');
});

/** The zone's local weekday, hour and minute at an instant: the test's own reading of the clock. */
function localClock(t: number, zone: string): { weekday: string; hour: number; minute: number } {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone: zone, weekday: 'short', hour: 'numeric', minute: 'numeric', hourCycle: 'h23' }).formatToParts(
    new Date(t),
  );
  const get = (type: string) => parts.find((p) => p.type === type)!.value;
  return { weekday: get('weekday'), hour: Number(get('hour')), minute: Number(get('minute')) };
}

/** 09:00-17:00 local, on `weekdays` (en-US short names). */
const officeOpen = (t: number, zone: string, weekdays = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun']) => {
  const { weekday, hour } = localClock(t, zone);
  return weekdays.includes(weekday) && hour >= 9 && hour < 17;
};

/** The first whole minute from `from` on at which `open` holds, found by walking the clock. */
function firstOpenMinute(from: number, open: (t: number) => boolean): number {
  let t = Math.ceil(from / 60_000) * 60_000;
  while (!open(t)) t += 60_000;
  return t;
}

const OFFICE = { start: '09:00', end: '17:00' };
const WORLD_ZONES = ['America/New_York', 'Europe/Berlin', 'Asia/Tokyo'];

test('recipients in three zones are each dialled in their own local hours, as soon as those open', async () => {
  const zones = WORLD_ZONES.flatMap((z) => [z, z]);
  const { world, activities } = mockWorld(
    zones.map(() => ANSWERS),
    100,
    undefined,
    zones,
  );
  const input = campaignInput({ concurrency: 6 });
  const weekdays = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri'];
  input.state.callingHours = { ...OFFICE, days: ['mon', 'tue', 'wed', 'thu', 'fri'] };
  const launchedAt = await env.currentTimeMs();
  const result = await withCampaign(input, activities, async (handle) => {
    const launched = await launch(handle, world);
    expect(launched.status).toBe(WORLD_ZONES.some((z) => officeOpen(launchedAt, z, weekdays)) ? 'running' : 'scheduled');
    return handle.result();
  });
  expect(result).toMatchObject({ status: 'completed', completed: 6 });
  expect(world.dials.map((d) => d.index).sort()).toEqual([0, 1, 2, 3, 4, 5]);
  for (const d of world.dials) {
    const zone = zones[d.index]!;
    expect({ zone, open: officeOpen(d.at, zone, weekdays) }).toEqual({ zone, open: true });
    // Not a minute later than the zone's window first opened after the launch.
    expect(d.at - firstOpenMinute(launchedAt, (t) => officeOpen(t, zone, weekdays))).toBeLessThan(60_000);
  }
});

test('a retry due inside the window is dialled on time; one due after it closes waits for the next opening; retryPolicy per outcome', async () => {
  const zone = 'Asia/Tokyo';
  const { world, activities } = mockWorld([BUSY, NEVER, BUSY], 100, undefined, [zone, zone, null]);
  // Busy: again after 20 minutes; unanswered: final at once; 4 attempts at most.
  const input = campaignInput({
    concurrency: 3,
    retryLimit: 4,
    retryDelayMinutes: 600,
    retryPolicy: { busy: { delayMinutes: 20 }, no_answer: { retry: false } },
  });
  const nowHour = localClock(await env.currentTimeMs(), zone).hour;
  const hh = (h: number) => `${String(h % 24).padStart(2, '0')}:00`;
  // A one-hour window opening at the next full hour but one, Tokyo time; the campaign's own zone (UTC) is never open then.
  input.state.callingHours = { start: hh(nowHour + 2), end: hh(nowHour + 3) };
  input.state.timezone = 'Etc/GMT+12';
  const result = await withCampaign(input, activities, async (handle) => {
    expect((await launch(handle, world)).status).toBe('scheduled');
    const done = await handle.result();
    await record('windows', handle);
    return done;
  });
  expect(result).toMatchObject({ status: 'completed', completed: 0, failed: 3 });
  const [first, ...retries] = dialsOf(world, 0).map((d) => d.at);
  expect(localClock(first!, zone)).toMatchObject({ hour: (nowHour + 2) % 24, minute: 0 });
  // 20 and 40 minutes in: inside. 60 minutes in is the window's end: the next day's opening instead.
  // (To the minute: the busy signal and the dials take real milliseconds besides the skipped time.)
  expect(retries.map((t) => Math.round((t - first!) / 60_000))).toEqual([20, 40, 24 * 60]);
  expect(localClock(retries[2]!, zone)).toMatchObject({ hour: (nowHour + 2) % 24, minute: 0 });
  expect(dialsOf(world, 1)).toHaveLength(1);
  expect(world.outcomes.find((o) => o.index === 1)).toMatchObject({ disposition: 'no_answer', result: 'failed' });
  // The recipient in the campaign's zone, twelve hours behind UTC, waits for its own 1-hour window.
  for (const d of dialsOf(world, 2)) expect(localClock(d.at, 'Etc/GMT+12').hour).toBe((nowHour + 2) % 24);
  expect(dialsOf(world, 2)).toHaveLength(4);
});

test('across a daylight-saving change each recipient is dialled when its local clock shows the opening', async () => {
  const ny = 'America/New_York';
  const offset = (t: number) => {
    const { hour, minute } = localClock(t, ny);
    return (((hour * 60 + minute - (new Date(t).getUTCHours() * 60 + new Date(t).getUTCMinutes())) % 1440) + 1440) % 1440;
  };
  // The next change of New York's offset, found by walking the clock an hour at a time.
  let change = Math.ceil((await env.currentTimeMs()) / 3_600_000) * 3_600_000;
  const before = offset(change);
  while (offset(change) === before) change += 3_600_000;
  // Three hours before it, at night in New York: its window is shut.
  await env.sleep(change - 3 * 3_600_000 - (await env.currentTimeMs()));
  const zones = [ny, 'Europe/Berlin', 'Asia/Tokyo'];
  const { world, activities } = mockWorld(
    zones.map(() => ANSWERS),
    100,
    undefined,
    zones,
  );
  const input = campaignInput({ concurrency: 3 });
  input.state.callingHours = OFFICE;
  const launchedAt = await env.currentTimeMs();
  await withCampaign(input, activities, async (handle) => {
    await launch(handle, world);
    return handle.result();
  });
  const nyDial = dialsOf(world, 0)[0]!.at;
  expect(localClock(nyDial, ny)).toMatchObject({ hour: 9, minute: 0 });
  // 09:00 after the change, not an hour early or late by the offset before it.
  expect(offset(nyDial)).not.toBe(before);
  for (const d of world.dials) expect(d.at - firstOpenMinute(launchedAt, (t) => officeOpen(t, zones[d.index]!))).toBeLessThan(60_000);
});

test('do-not-call: recipients suppressed at import are final at once, even in a closed zone; one found so before a retry is final undialled', async () => {
  const zones = [null, 'Etc/GMT-12', null, null];
  const { world, activities } = mockWorld([ANSWERS, ANSWERS, BUSY, ANSWERS], 100, undefined, zones);
  world.doNotCall.add(1);
  world.doNotCallBefore.set(2, 2);
  const input = campaignInput({ concurrency: 3, retryDelayMinutes: 30 });
  const hh = (h: number) => `${String(h % 24).padStart(2, '0')}:00`;
  // Open for three hours from this hour in the campaign's zone (UTC); shut in UTC+12, where only the suppressed recipient lives.
  const nowHour = new Date(await env.currentTimeMs()).getUTCHours();
  input.state.callingHours = { start: hh(nowHour), end: hh(nowHour + 3) };
  const result = await withCampaign(input, activities, async (handle) => {
    await handle.executeUpdate(campaignSetRecipientsUpdate, { args: [imported(world)] });
    expect(await handle.query(campaignStateQuery)).toMatchObject({ total: 4, failed: 1, suppressed: 1 });
    expect((await handle.executeUpdate(campaignLaunchUpdate)).status).toBe('running');
    const done = await handle.result();
    await record('suppressed', handle);
    return done;
  });
  expect(result).toMatchObject({ status: 'completed', total: 4, completed: 2, failed: 2, suppressed: 2 });
  expect(dialsOf(world, 1)).toEqual([]);
  // Busy once, then do-not-call by its retry: not dialled again, and no outcome recorded for it.
  expect(dialsOf(world, 2).map((d) => d.attempt)).toEqual([1]);
  expect(world.outcomes.filter((o) => o.index === 2).map((o) => o.result)).toEqual(['retry']);
  // The suppressed recipient's shut zone never held the campaign: done with the retry, never scheduled.
  expect(world.states.map((s) => s.status)).not.toContain('scheduled');
  expect(Date.parse(result.completedAt!) - Date.parse(result.launchedAt!)).toBeLessThan(60 * 60_000);
  expect(world.states.at(-1)).toMatchObject({ status: 'completed', failed: 2, suppressed: 2 });
});
