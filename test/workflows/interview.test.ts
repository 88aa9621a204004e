/**
 * The interview workflow's logic on the time-skipping test server, with its activities mocked at
 * the activity boundary: the test plays the candidate through the workflow's updates and skips
 * expiry and maximum durations instead of waiting for them. Interviews start the way the API
 * starts them, by update-with-start of `interviewOpenUpdate`. With RECORD_HISTORIES=1 each
 * path's history is written to test/histories/interview-<path>.json for the replay test.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { WithStartWorkflowOperation, WorkflowUpdateFailedError, type WorkflowHandle } from '@temporalio/client';
import { ApplicationFailure } from '@temporalio/common';
import { historyToJSON } from '@temporalio/common/lib/proto-utils';
import { TestWorkflowEnvironment } from '@temporalio/testing';
import { Worker } from '@temporalio/worker';
import {
  agentDeletedFailure,
  interviewCandidateEndSignal,
  interviewEndSignal,
  interviewEndUpdate,
  interviewMessageUpdate,
  interviewOpenUpdate,
  interviewLinkUpdate,
  interviewStartUpdate,
  interviewStateQuery,
  interviewVoiceTurnDoneUpdate,
  interviewVoiceTurnMoreUpdate,
  interviewVoiceTurnRenewUpdate,
  interviewVoiceTurnUpdate,
  interviewWorkflowId,
  interviewWorkflowType,
  type InterviewActivities,
  type InterviewEndedReason,
  type InterviewInput,
  type InterviewWorkflow,
} from '../../workflows/definitions';
import { testDataConverter, testServerPath, uniqueName, waitFor, workflowBundle } from '../helpers/servers';

type Projection = Parameters<InterviewActivities['projectInterview']>[0];

interface Calls {
  projections: Projection[];
  turns: Array<{ index: number; candidateText: string | null }>;
  /** The interview's fields each turn was handed. */
  subjects: Array<Parameters<InterviewActivities['interviewTurn']>[0]['interview']>;
  reserved: number;
  settled: Array<Parameters<InterviewActivities['settleInterview']>[0]>;
  analyzed: number;
  /** Each credit minute asked to be held. */
  holds: number[];
  /** The closing lines stored, with the server's (skipped) time. */
  closed: Array<{ index: number; at: number }>;
}

interface MockOptions {
  /** analyzeInterview waits for this, to keep the run open after completion. */
  analyzeGate?: Promise<void>;
  /** interviewTurn waits for this, to hold a reply in flight. */
  turnGate?: Promise<void>;
  /** The ledger holds minutes up to this number (the start's is 1); later ones are refused. */
  holdableMinutes?: number;
  /** analyzeInterview finds the interview's agent deleted. */
  agentDeletedBeforeReport?: boolean;
  /** interviewTurn finds the interview's agent deleted from this turn index on (0: the opening). */
  agentDeletedAtTurn?: number;
}

const REPORT_ID = '65f000000000000000000002';
/** The mocked agent calls a tool, a turn of its own before its answer, when the candidate says this. */
const LOOKUP = 'look it up';
const checking = (index: number) => ({ index, role: 'agent' as const, text: 'Let me check.' });
/** The mocked agent ends the interview when the candidate says this. */
const LAST_WORDS = 'that is all from me';
/**
 * The time-skipping test server answers an update sent while an activity is in flight only some 16 s
 * later, and once in a while 48 s (measured here on 2026-11-27, with a worker cache or without), so the
 * tests that hold a reply in flight and update meanwhile get room for a few such waits.
 */
const UPDATE_DURING_ACTIVITY_TIMEOUT_MS = 180_000;

/** A promise an activity waits for, and the function that lets it through. */
function gate(): [Promise<void>, () => void] {
  let open!: () => void;
  const closed = new Promise<void>((resolve) => (open = resolve));
  return [closed, open];
}

function mockActivities(options: MockOptions = {}): { activities: InterviewActivities; calls: Calls } {
  const calls: Calls = { projections: [], turns: [], subjects: [], reserved: 0, settled: [], analyzed: 0, holds: [], closed: [] };
  const activities: InterviewActivities = {
    async projectInterview(projection) {
      calls.projections.push(projection);
      return true;
    },
    async interviewTurn({ index, candidateText, interview }) {
      calls.turns.push({ index, candidateText });
      calls.subjects.push(interview);
      await options.turnGate;
      if (index >= (options.agentDeletedAtTurn ?? Infinity)) throw agentDeletedFailure(`agent ${interview.agentId} was deleted`);
      if (candidateText === null) return { candidateTurn: null, agentTurn: { index, role: 'agent' as const, text: 'Welcome, Ada.' }, ended: false };
      if (candidateText === LOOKUP) {
        // Words before the call at index + 1, the tool turn after them, then the answer.
        return {
          candidateTurn: { index, role: 'candidate' as const, text: candidateText },
          agentTurn: { index: index + 3, role: 'agent' as const, text: 'It shipped.' },
          agentTurns: [checking(index + 1), { index: index + 3, role: 'agent' as const, text: 'It shipped.' }],
          ended: false,
          nextIndex: index + 4,
        };
      }
      const ended = candidateText === LAST_WORDS;
      return {
        candidateTurn: { index, role: 'candidate' as const, text: candidateText },
        agentTurn: { index: index + 1, role: 'agent' as const, text: ended ? 'Goodbye.' : `About "${candidateText}": tell me more.` },
        ended,
      };
    },
    async reserveInterviewReport() {
      calls.reserved += 1;
      return { reportId: REPORT_ID };
    },
    async settleInterview(settlement) {
      calls.settled.push(settlement);
    },
    async analyzeInterview({ interviewId }) {
      calls.analyzed += 1;
      await options.analyzeGate;
      if (options.agentDeletedBeforeReport) throw agentDeletedFailure(`agent of interview ${interviewId} was deleted`);
    },
    async extendInterviewHold({ minute }) {
      calls.holds.push(minute);
      return minute <= (options.holdableMinutes ?? Infinity);
    },
    async closeInterview({ index }) {
      // The server's skipped time, as the workflow sees it.
      calls.closed.push({ index, at: await env.currentTimeMs() });
    },
  };
  return { activities, calls };
}

let env: TestWorkflowEnvironment;

beforeAll(async () => {
  env = await TestWorkflowEnvironment.createTimeSkipping({
    server: { executable: { type: 'existing-path', path: testServerPath() } },
    client: { dataConverter: testDataConverter() },
  });
});
afterAll(() => env?.teardown());

function interviewInput(overrides: Partial<InterviewInput> = {}): InterviewInput {
  return {
    interviewId: uniqueName('interview'),
    organizationId: '65f0000000000000000000aa',
    agentId: '65f0000000000000000000bb',
    agentName: 'Hiring agent',
    agentMode: 'interview',
    mode: 'text',
    candidateName: 'Ada',
    candidateEmail: 'ada@example.com',
    externalRef: 'ats-7',
    language: 'en-US',
    capabilityHash: 'a'.repeat(64),
    expiresInHours: 72,
    maxDurationMinutes: 15,
    byok: false,
    ...overrides,
  };
}

interface Harness {
  calls: Calls;
  handle: WorkflowHandle<InterviewWorkflow>;
}

/** Runs one interview on a fresh worker, started as the API starts it, and hands the body its handle once `created` is written. */
async function withInterview<T>(input: InterviewInput, options: MockOptions, body: (h: Harness) => Promise<T>): Promise<T> {
  const { activities, calls } = mockActivities(options);
  const taskQueue = uniqueName('interview');
  const worker = await Worker.create({
    connection: env.nativeConnection,
    taskQueue,
    workflowBundle: await workflowBundle(),
    activities,
    dataConverter: testDataConverter(),
  });
  return worker.runUntil(async () => {
    const startWorkflowOperation = new WithStartWorkflowOperation<InterviewWorkflow>(interviewWorkflowType, {
      workflowId: interviewWorkflowId(input.interviewId),
      taskQueue,
      args: [input],
      workflowIdConflictPolicy: 'FAIL',
    });
    const opened = await env.client.workflow.executeUpdateWithStart(interviewOpenUpdate, { startWorkflowOperation });
    expect(opened).toEqual({ status: 'created', turns: 0 });
    // The update answers only after the `created` state reached the read model.
    expect(calls.projections.map((p) => p.fields.status)).toEqual(['created']);
    const handle = await startWorkflowOperation.workflowHandle();
    try {
      return await body({ calls, handle });
    } catch (err) {
      await handle.terminate('test failed').catch(() => undefined);
      throw err;
    }
  });
}

async function record(name: string, handle: WorkflowHandle): Promise<void> {
  if (process.env.RECORD_HISTORIES !== '1') return;
  const file = path.resolve(__dirname, `../histories/interview-${name}.json`);
  writeFileSync(file, `${historyToJSON(await handle.fetchHistory())}\n`);
}

/** The read-model writes of a finished interview: increasing seqs, statuses in lifecycle order. */
function expectProjections(calls: Calls, statuses: string[], endedReason: InterviewEndedReason) {
  const seqs = calls.projections.map((p) => p.seq);
  expect(seqs).toEqual(seqs.map((_, i) => i + 1));
  expect(calls.projections.map((p) => p.fields.status)).toEqual(statuses);
  const completed = calls.projections.at(-1)!.fields;
  expect(completed.endedReason).toBe(endedReason);
  return completed as { durationSeconds: number; chargedMinutes: number; endedAt: string; reportId: string | null };
}

const settlement = (input: InterviewInput, chargedMinutes: number) => ({
  interviewId: input.interviewId,
  organizationId: input.organizationId,
  agentId: input.agentId,
  chargedMinutes,
  byok: input.byok,
});

async function rejection(promise: Promise<unknown>) {
  const err = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(WorkflowUpdateFailedError);
  const cause = (err as WorkflowUpdateFailedError).cause;
  expect(cause).toBeInstanceOf(ApplicationFailure);
  return cause as ApplicationFailure;
}

test('an interview nobody starts expires after expiresInHours, free and without a report', async () => {
  const input = interviewInput({ expiresInHours: 48 });
  await withInterview(input, {}, async ({ calls, handle }) => {
    const created = calls.projections[0]!.fields;
    expect(created).toMatchObject({ status: 'created', candidateName: 'Ada', agentMode: 'interview', capabilityHash: input.capabilityHash });
    // The activities read `byok` from the read model to pick the interview's LLM key.
    expect(created).toHaveProperty('byok', false);
    await env.sleep('47 hours');
    expect(await handle.query(interviewStateQuery)).toEqual({ status: 'created', turns: 0 });

    expect(await handle.result()).toEqual({ status: 'completed', endedReason: 'expired', turns: 0 });
    const { startTime, closeTime } = await handle.describe();
    expect(closeTime!.getTime() - startTime.getTime()).toBeGreaterThanOrEqual(48 * 3_600_000);
    expect(closeTime!.getTime() - startTime.getTime()).toBeLessThan(48 * 3_600_000 + 60_000);
    // expiresAt is the same instant the workflow's timer fires.
    expect(Date.parse(created.expiresAt as string) - startTime.getTime()).toBeGreaterThanOrEqual(48 * 3_600_000 - 1000);
    expect(expectProjections(calls, ['created', 'completed'], 'expired')).toMatchObject({ durationSeconds: 0, chargedMinutes: 0, reportId: null });
    expect(calls.reserved).toBe(0);
    expect(calls.analyzed).toBe(0);
    expect(calls.settled).toEqual([settlement(input, 0)]);
    await record('expired', handle);
  });
});

test('the candidate starts, talks and ends: a report id at the end, charged per started minute', async () => {
  const input = interviewInput();
  await withInterview(input, {}, async ({ calls, handle }) => {
    expect(await handle.executeUpdate(interviewStartUpdate)).toEqual({ index: 0, role: 'agent', text: 'Welcome, Ada.' });
    // Starting again (a reloaded page) gives the same opening and asks the agent nothing new.
    expect(await handle.executeUpdate(interviewStartUpdate)).toEqual({ index: 0, role: 'agent', text: 'Welcome, Ada.' });
    const reply = await handle.executeUpdate(interviewMessageUpdate, { args: ['I wrote compilers'] });
    expect(reply).toEqual({
      candidateTurn: { index: 1, role: 'candidate', text: 'I wrote compilers' },
      agentTurn: { index: 2, role: 'agent', text: 'About "I wrote compilers": tell me more.' },
      ended: false,
      reportId: null,
    });
    await handle.executeUpdate(interviewMessageUpdate, { args: ['And databases'] });
    expect(calls.turns).toEqual([
      { index: 0, candidateText: null },
      { index: 1, candidateText: 'I wrote compilers' },
      { index: 3, candidateText: 'And databases' },
    ]);
    // Each turn is handed what it needs of the interview, so it does not read the interview.
    const { organizationId, agentId, agentMode, language, candidateName, byok } = input;
    expect(calls.subjects).toEqual(Array(3).fill({ organizationId, agentId, agentMode, language, candidateName, byok }));
    await env.sleep('90 seconds');
    expect(await handle.executeUpdate(interviewEndUpdate)).toEqual({ reportId: REPORT_ID });

    expect(await handle.result()).toEqual({ status: 'completed', endedReason: 'candidate_ended', reportId: REPORT_ID, turns: 5 });
    const completed = expectProjections(calls, ['created', 'active', 'completed'], 'candidate_ended');
    expect(completed.reportId).toBe(REPORT_ID);
    expect(completed.durationSeconds).toBeGreaterThanOrEqual(90);
    expect(completed.durationSeconds).toBeLessThan(95);
    expect(completed.chargedMinutes).toBe(2);
    expect(calls.settled).toEqual([settlement(input, 2)]);
    expect(calls.reserved).toBe(1);
    expect(calls.analyzed).toBe(1);
    await record('candidate-ended', handle);
  });
});

test('an analysis that finds the agent deleted is not retried: the interview completes with its report recorded as unavailable', async () => {
  const input = interviewInput();
  await withInterview(input, { agentDeletedBeforeReport: true }, async ({ calls, handle }) => {
    await handle.executeUpdate(interviewStartUpdate);
    expect(await handle.executeUpdate(interviewEndUpdate)).toEqual({ reportId: REPORT_ID });

    expect(await handle.result()).toEqual({ status: 'completed', endedReason: 'candidate_ended', reportId: REPORT_ID, turns: 1 });
    expect(calls.analyzed).toBe(1);
    expect(calls.projections.map((p) => p.fields.status ?? p.fields)).toEqual(['created', 'active', 'completed', { reportUnavailable: 'agent_deleted' }]);
    expect(calls.settled).toEqual([settlement(input, 1)]);
    await record('agent-deleted-before-report', handle);
  });
});

test('a start whose opening finds the agent deleted is refused at once, and the interview ends without starting: free, no report, its hold the ledger’s to release', async () => {
  const input = interviewInput({ holdsCredits: true });
  await withInterview(input, { agentDeletedAtTurn: 0 }, async ({ calls, handle }) => {
    const refused = await rejection(handle.executeUpdate(interviewStartUpdate));
    expect(refused.type).toBe('agent_deleted');
    // Not retried: the candidate does not wait on attempts that cannot succeed.
    expect(calls.turns).toEqual([{ index: 0, candidateText: null }]);
    // Refused only once the interview's end is in the read model.
    expect(calls.projections.at(-1)!.fields.status).toBe('completed');

    expect(await handle.result()).toEqual({ status: 'completed', endedReason: 'agent_deleted', turns: 0 });
    const completed = expectProjections(calls, ['created', 'active', 'completed'], 'agent_deleted');
    // Written `active` by the start, it never started after all.
    expect(completed).toMatchObject({ startedAt: null, durationSeconds: 0, chargedMinutes: 0, reportId: null });
    expect(calls.reserved).toBe(0);
    expect(calls.analyzed).toBe(0);
    // The API held the start's minute before asking: the ledger, not the run, says what to give back.
    expect(calls.settled).toEqual([settlement(input, 0)]);
    await record('agent-deleted-before-start', handle);
  });
});

test('a turn of a started interview that finds the agent deleted ends it as agent_deleted: refused, charged, no report', async () => {
  const input = interviewInput();
  await withInterview(input, { agentDeletedAtTurn: 1, agentDeletedBeforeReport: true }, async ({ calls, handle }) => {
    await handle.executeUpdate(interviewStartUpdate);
    const refused = await rejection(handle.executeUpdate(interviewMessageUpdate, { args: ['Hello'] }));
    expect(refused.type).toBe('agent_deleted');

    expect(await handle.result()).toEqual({ status: 'completed', endedReason: 'agent_deleted', reportId: REPORT_ID, turns: 1 });
    expect(calls.turns).toEqual([
      { index: 0, candidateText: null },
      { index: 1, candidateText: 'Hello' },
    ]);
    expect(calls.projections.map((p) => p.fields.status ?? p.fields)).toEqual(['created', 'active', 'completed', { reportUnavailable: 'agent_deleted' }]);
    expect(calls.projections[2]!.fields).toMatchObject({ endedReason: 'agent_deleted', chargedMinutes: 1, reportId: REPORT_ID });
    expect(calls.settled).toEqual([settlement(input, 1)]);
    await record('agent-deleted-mid-interview', handle);
  });
});

test('the agent ends the interview with its last reply, which carries the report id', async () => {
  const input = interviewInput({ byok: true });
  await withInterview(input, {}, async ({ calls, handle }) => {
    await handle.executeUpdate(interviewStartUpdate);
    const reply = await handle.executeUpdate(interviewMessageUpdate, { args: [LAST_WORDS] });
    expect(reply).toMatchObject({ agentTurn: { index: 2, text: 'Goodbye.' }, ended: true, reportId: REPORT_ID });
    expect(await handle.result()).toMatchObject({ status: 'completed', endedReason: 'agent_ended', reportId: REPORT_ID });
    expect(expectProjections(calls, ['created', 'active', 'completed'], 'agent_ended').chargedMinutes).toBe(1);
    // A byok interview is settled as byok: the activity records byok usage instead of a credit charge.
    expect(calls.settled).toEqual([settlement(input, 1)]);
    expect(calls.settled[0]!.byok).toBe(true);
    await record('agent-ended', handle);
  });
});

test('tool turns take transcript positions: after a text reply’s last turn, and one by one for a voice turn, whose lease moves with them', async () => {
  const input = interviewInput({ mode: 'voice' });
  await withInterview(input, {}, async ({ calls, handle }) => {
    await handle.executeUpdate(interviewStartUpdate);
    const looked = await handle.executeUpdate(interviewMessageUpdate, { args: [LOOKUP] });
    expect(looked).toMatchObject({ agentTurn: { index: 4 }, ended: false });
    expect(looked.agentTurns).toEqual([checking(2), { index: 4, role: 'agent', text: 'It shipped.' }]);
    await handle.executeUpdate(interviewMessageUpdate, { args: ['Thanks'] });
    expect(calls.turns.map((t) => t.index)).toEqual([0, 1, 5]);

    const voiceTurn = (candidate: boolean) => handle.executeUpdate(interviewVoiceTurnUpdate, { args: [{ candidate, leaseSeconds: 30 }] });
    const more = (heldIndex: number) => handle.executeUpdate(interviewVoiceTurnMoreUpdate, { args: [{ heldIndex, leaseSeconds: 30 }] });
    expect(await voiceTurn(true)).toEqual({ candidateIndex: 7, agentIndex: 8 });
    expect(await more(8)).toEqual({ index: 9 });
    // The lease is on 9 now: 8 no longer holds the run, which is still busy.
    expect((await rejection(more(8))).message).toBe('This voice turn no longer holds the interview.');
    expect((await rejection(voiceTurn(false))).message).toBe('The agent is still answering the previous message.');
    expect(await handle.executeUpdate(interviewVoiceTurnDoneUpdate, { args: [{ agentIndex: 9, ended: false }] })).toEqual({ reportId: null });

    expect(await voiceTurn(false)).toEqual({ candidateIndex: null, agentIndex: 10 });
    expect(await more(10)).toEqual({ index: 11 });
    // A process that died holding the moved lease: the run is free once it lapses.
    await env.sleep('31 seconds');
    expect((await rejection(more(11))).message).toBe('This voice turn no longer holds the interview.');
    expect(await voiceTurn(false)).toEqual({ candidateIndex: null, agentIndex: 12 });
    await handle.executeUpdate(interviewVoiceTurnDoneUpdate, { args: [{ agentIndex: 12, ended: true }] });
    expect(await handle.result()).toMatchObject({ status: 'completed', endedReason: 'agent_ended', turns: 13 });
  });
});

test('a voice turn keeps the run while its lease is renewed, past the lease, and frees it one lease after its last renewal', async () => {
  const input = interviewInput({ mode: 'voice' });
  await withInterview(input, {}, async ({ handle }) => {
    await handle.executeUpdate(interviewStartUpdate);
    const voiceTurn = (candidate: boolean) => handle.executeUpdate(interviewVoiceTurnUpdate, { args: [{ candidate, leaseSeconds: 15 }] });
    const renew = (heldIndex: number) => handle.executeUpdate(interviewVoiceTurnRenewUpdate, { args: [{ heldIndex, leaseSeconds: 15 }] });
    const busy = async () => (await rejection(voiceTurn(false))).message;
    expect(await voiceTurn(true)).toEqual({ candidateIndex: 1, agentIndex: 2 });
    // A live, slow holder (a long reply) renews every 5 s: a minute on, four leases later, it still holds the run.
    for (let renewal = 0; renewal < 12; renewal += 1) {
      await env.sleep('5 seconds');
      await renew(2);
    }
    expect(await busy()).toBe('The agent is still answering the previous message.');
    // Its process dies: no renewal comes. Not free before a lease from the last renewal...
    await env.sleep('12 seconds');
    expect(await busy()).toBe('The agent is still answering the previous message.');
    // ...and free once it is over: the dead holder's indices stay unused, the next turn comes after them.
    await env.sleep('4 seconds');
    expect((await rejection(renew(2))).message).toBe('This voice turn no longer holds the interview.');
    expect(await voiceTurn(false)).toEqual({ candidateIndex: null, agentIndex: 3 });
    // A late done from the holder that lost its lease frees nothing: the new holder keeps the run.
    expect(await handle.executeUpdate(interviewVoiceTurnDoneUpdate, { args: [{ agentIndex: 2, ended: false }] })).toEqual({ reportId: null });
    expect(await busy()).toBe('The agent is still answering the previous message.');
    await handle.executeUpdate(interviewVoiceTurnDoneUpdate, { args: [{ agentIndex: 3, ended: true }] });
    expect(await handle.result()).toMatchObject({ status: 'completed', endedReason: 'agent_ended', turns: 4 });
    await record('voice-lease', handle);
  });
});

test('an interview still going at maxDurationMinutes ends as max_duration, charged for the maximum', async () => {
  const input = interviewInput({ maxDurationMinutes: 5 });
  await withInterview(input, {}, async ({ calls, handle }) => {
    await handle.executeUpdate(interviewStartUpdate);
    await env.sleep('4 minutes');
    expect(await handle.query(interviewStateQuery)).toEqual({ status: 'active', turns: 1 });
    expect(await handle.result()).toEqual({ status: 'completed', endedReason: 'max_duration', reportId: REPORT_ID, turns: 1 });
    const completed = expectProjections(calls, ['created', 'active', 'completed'], 'max_duration');
    expect(completed.durationSeconds).toBeGreaterThanOrEqual(5 * 60);
    expect(completed.durationSeconds).toBeLessThan(5 * 60 + 5);
    expect(completed.chargedMinutes).toBe(5);
    expect(calls.analyzed).toBe(1);
    await record('max-duration', handle);
  });
});

test('an interview holds each next minute and, refused one, stores a closing line and ends as credits_exhausted within its held minutes', async () => {
  const input = interviewInput({ holdsCredits: true });
  await withInterview(input, { holdableMinutes: 3 }, async ({ calls, handle }) => {
    await handle.executeUpdate(interviewStartUpdate);
    const startedAt = Date.parse(calls.projections.find((p) => p.fields.status === 'active')!.fields.startedAt as string);
    await env.sleep('10 minutes');
    expect(await handle.result()).toEqual({ status: 'completed', endedReason: 'credits_exhausted', reportId: REPORT_ID, turns: 2 });
    expect(calls.holds).toEqual([2, 3, 4]);
    // After the opening (turn 0), 8 s before the third minute ends.
    expect(calls.closed.map(({ index, at }) => ({ index, secondsBefore: Math.round((startedAt + 3 * 60_000 - at) / 1000) }))).toEqual([
      { index: 1, secondsBefore: 8 },
    ]);
    const completed = expectProjections(calls, ['created', 'active', 'completed'], 'credits_exhausted');
    expect(completed.durationSeconds).toBeLessThan(3 * 60);
    expect(completed.chargedMinutes).toBe(3);
    expect(calls.settled).toEqual([{ ...settlement(input, 3), heldMinutes: 3 }]);
  });
});

test('after completion every candidate update is refused by its validator, and changes nothing', async () => {
  const input = interviewInput();
  const [analyzeGate, openAnalysis] = gate();
  await withInterview(input, { analyzeGate }, async ({ calls, handle }) => {
    try {
      await handle.executeUpdate(interviewStartUpdate);
      await handle.executeUpdate(interviewEndUpdate);
      // Completed, but the run is still open in its analysis.
      await waitFor(async () => (calls.analyzed > 0 ? true : undefined));
      expect((await handle.describe()).status.name).toBe('RUNNING');
      expect(await rejection(handle.executeUpdate(interviewMessageUpdate, { args: ['hello?'] }))).toMatchObject({
        type: 'invalid_state',
        message: 'A completed interview takes no messages.',
      });
      expect(await rejection(handle.executeUpdate(interviewEndUpdate))).toMatchObject({ message: 'A completed interview cannot be ended by the candidate.' });
      expect(await rejection(handle.executeUpdate(interviewStartUpdate))).toMatchObject({ message: 'A completed interview cannot be started.' });
    } finally {
      openAnalysis();
    }
    expect(await handle.result()).toMatchObject({ status: 'completed', endedReason: 'candidate_ended', turns: 1 });
    expect(calls.turns).toEqual([{ index: 0, candidateText: null }]);
    expect(calls.settled).toHaveLength(1);
    await record('rejected-after-completion', handle);
  });
});

test(
  'a fresh link while the agent prepares its opening: its hash goes to the read model in sequence, and a completed interview’s link is not renewed',
  async () => {
    const input = interviewInput();
    const [turnGate, openTurn] = gate();
    const [analyzeGate, openAnalysis] = gate();
    await withInterview(input, { turnGate, analyzeGate }, async ({ calls, handle }) => {
      try {
        // The candidate has started and the agent's opening is on its way when the new link is issued.
        const started = handle.executeUpdate(interviewStartUpdate);
        await waitFor(async () => (calls.turns.length === 1 ? true : undefined));
        const link = await handle.executeUpdate(interviewLinkUpdate, { args: ['b'.repeat(64)] });
        expect(link).toEqual({ expiresAt: calls.projections[0]!.fields.expiresAt });
        openTurn();
        await started;
        await handle.executeUpdate(interviewEndUpdate);
        await waitFor(async () => (calls.analyzed > 0 ? true : undefined));
        expect(await rejection(handle.executeUpdate(interviewLinkUpdate, { args: ['c'.repeat(64)] }))).toMatchObject({
          type: 'invalid_state',
          message: "A completed interview's link cannot be renewed.",
        });
      } finally {
        openTurn();
        openAnalysis();
      }
      await handle.result();
      expect(calls.projections.map((p) => [p.seq, p.fields.status ?? p.fields.capabilityHash])).toEqual([
        [1, 'created'],
        [2, 'active'],
        [3, 'b'.repeat(64)],
        [4, 'completed'],
      ]);
      await record('link-reissued', handle);
    });
  },
  UPDATE_DURING_ACTIVITY_TIMEOUT_MS,
);

test(
  'before the start messages and the end are refused; a message while a reply is pending too',
  async () => {
    const input = interviewInput();
    const [turnGate, openTurn] = gate();
    await withInterview(input, { turnGate }, async ({ calls, handle }) => {
      expect(await rejection(handle.executeUpdate(interviewMessageUpdate, { args: ['too early'] }))).toMatchObject({
        message: 'A created interview takes no messages.',
      });
      expect(await rejection(handle.executeUpdate(interviewEndUpdate))).toMatchObject({ message: 'A created interview cannot be ended by the candidate.' });
      const opening = handle.executeUpdate(interviewStartUpdate);
      await waitFor(async () => (calls.turns.length > 0 ? true : undefined));
      expect(await rejection(handle.executeUpdate(interviewMessageUpdate, { args: ['hurry'] }))).toMatchObject({
        message: 'The agent is still answering the previous message.',
      });
      openTurn();
      expect((await opening).index).toBe(0);
      await handle.signal(interviewEndSignal);
      expect(await handle.result()).toMatchObject({ status: 'completed', endedReason: 'operator_ended', reportId: REPORT_ID });
    });
  },
  UPDATE_DURING_ACTIVITY_TIMEOUT_MS,
);

test('the operator’s end signal closes an unstarted interview at once, without a report', async () => {
  const input = interviewInput();
  await withInterview(input, {}, async ({ calls, handle }) => {
    await handle.signal(interviewEndSignal);
    expect(await handle.result()).toEqual({ status: 'completed', endedReason: 'operator_ended', turns: 0 });
    expect(expectProjections(calls, ['created', 'completed'], 'operator_ended')).toMatchObject({ reportId: null, chargedMinutes: 0 });
    expect(calls.reserved).toBe(0);
    await record('operator-ended-unstarted', handle);
  });
});

test('the candidate’s end as a signal ends an active interview as candidate_ended, and is ignored before the candidate starts', async () => {
  const input = interviewInput();
  await withInterview(input, {}, async ({ calls, handle }) => {
    // Not started: ignored, as the update's validator would refuse it; the operator's end then closes it.
    await handle.signal(interviewCandidateEndSignal);
    expect(await handle.query(interviewStateQuery)).toMatchObject({ status: 'created' });
    await handle.signal(interviewEndSignal);
    expect(await handle.result()).toMatchObject({ status: 'completed', endedReason: 'operator_ended' });
    expect(calls.reserved).toBe(0);
  });
  await withInterview(interviewInput(), {}, async ({ calls, handle }) => {
    await handle.executeUpdate(interviewStartUpdate);
    await handle.signal(interviewCandidateEndSignal);
    expect(await handle.result()).toEqual({ status: 'completed', endedReason: 'candidate_ended', reportId: REPORT_ID, turns: 1 });
    expect(expectProjections(calls, ['created', 'active', 'completed'], 'candidate_ended')).toMatchObject({ reportId: REPORT_ID, chargedMinutes: 1 });
    await record('candidate-end-signalled', handle);
  });
});

test('a conversation that never ends is capped at 400 turns, keeping the history small', async () => {
  const input = interviewInput({ maxDurationMinutes: 120 });
  await withInterview(input, {}, async ({ handle }) => {
    await handle.executeUpdate(interviewStartUpdate);
    // The opening and 200 exchanges make 401 turns; the next message is refused.
    for (let i = 0; i < 200; i += 1) await handle.executeUpdate(interviewMessageUpdate, { args: [`answer ${i}`] });
    expect(await rejection(handle.executeUpdate(interviewMessageUpdate, { args: ['one more'] }))).toMatchObject({
      message: 'This interview has reached its limit of 400 turns; end it.',
    });
    expect(await handle.executeUpdate(interviewEndUpdate)).toEqual({ reportId: REPORT_ID });
    expect(await handle.result()).toMatchObject({ status: 'completed', endedReason: 'candidate_ended', turns: 401 });
    expect((await handle.fetchHistory()).events!.length).toBeLessThan(5000);
  });
}, 120_000);
