/**
 * The call workflow's logic on the time-skipping test server, with its activities mocked at the
 * activity boundary: the test plays the carrier by sending carrier events, and skips ring timeouts,
 * connected time and maximum durations instead of waiting for them. Calls start the way the API
 * starts them, by update-with-start of `callDialUpdate`. With RECORD_HISTORIES=1 each path's history is
 * written to test/histories/call-<path>.json for the replay test.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { Context } from '@temporalio/activity';
import { WithStartWorkflowOperation, WorkflowUpdateFailedError, type WorkflowHandle } from '@temporalio/client';
import { ApplicationFailure, WorkflowExecutionAlreadyStartedError } from '@temporalio/common';
import { historyToJSON } from '@temporalio/common/lib/proto-utils';
import { TestWorkflowEnvironment } from '@temporalio/testing';
import { Worker } from '@temporalio/worker';
import {
  agentDeletedFailure,
  callAbandonSignal,
  callCarrierEventSignal,
  callDialUpdate,
  callHangupSignal,
  callHangupUpdate,
  callSendDigitsUpdate,
  callStateQuery,
  callTransferUpdate,
  callWorkflowId,
  callWorkflowType,
  type CallActivities,
  type CallInput,
  type CallState,
  type CallWorkflow,
  type CarrierEvent,
  type DialAccepted,
  type Disposition,
  type TransferResult,
} from '../../workflows/definitions';
import { testDataConverter, testServerPath, uniqueName, waitFor, workflowBundle } from '../helpers/servers';

type Projection = Parameters<CallActivities['projectCall']>[0];
type Settlement = Parameters<CallActivities['settleCall']>[0];

/** Everything the mocked activities were asked to do, in order. */
interface Calls {
  dial: Array<Parameters<CallActivities['dial']>[0]>;
  carrierHangup: string[];
  /** Every attempt, failed ones included. */
  projectAttempts: Array<Projection & { attempt: number }>;
  /** Only the attempts that succeeded: what the read model received. */
  projections: Projection[];
  settleCall: Settlement[];
  analyzeCall: Array<{ callId: string; disposition: Disposition }>;
  leaveVoicemail: string[];
  /** Each minute asked to be held, with the server's (skipped) time it was asked at. */
  extendHold: Array<{ minute: number; at: number }>;
  closeCall: Array<{ callId: string; at: number }>;
  transferCall: Array<Parameters<CallActivities['transferCall']>[0] & { at: number }>;
  sendDigits: Array<Parameters<CallActivities['sendDigits']>[0]>;
}

interface MockOptions {
  /** The carrier refuses the dial. */
  refuse?: { kind: 'rejected' | 'unavailable'; message: string };
  /** projectCall throws on this many first attempts of every write, and the dial cannot write the call. */
  projectFailures?: number;
  /** analyzeCall waits for this before answering, to keep the run open. */
  analyzeGate?: Promise<void>;
  /** analyzeCall finds the call's agent deleted. */
  agentDeleted?: boolean;
  /** dial waits for this before the carrier answers, to keep the call dialling. */
  dialGate?: Promise<void>;
  /** The ledger holds minutes up to this number (the admission's is 1); later ones are refused. */
  holdableMinutes?: number;
  /** What the carrier makes of a transfer; connected when absent. */
  transfer?: TransferResult;
  /** transferCall waits for this before the carrier answers. */
  transferGate?: Promise<void>;
}

const CARRIER_CALL_ID = 'carrier-call-1';
const REPORT_ID = '65f000000000000000000001';

function mockActivities(options: MockOptions = {}): { activities: CallActivities; calls: Calls } {
  const calls: Calls = {
    dial: [],
    carrierHangup: [],
    projectAttempts: [],
    projections: [],
    settleCall: [],
    analyzeCall: [],
    leaveVoicemail: [],
    extendHold: [],
    closeCall: [],
    transferCall: [],
    sendDigits: [],
  };
  const activities: CallActivities = {
    async dial(request) {
      calls.dial.push(request);
      await options.dialGate;
      // A direct call's dial holds its first minute before the carrier is asked.
      if (request.holdFirstMinute && (options.holdableMinutes ?? Infinity) < 1)
        return { refused: { kind: 'insufficient_credits' as const, message: 'No minute left.' } };
      if (options.refuse) return { refused: options.refuse };
      // The dial writes the `created` state itself unless the read model is failing.
      if (options.projectFailures) return { carrierCallId: CARRIER_CALL_ID, recorded: false };
      calls.projections.push({ callId: request.callId, seq: request.created.seq, fields: { ...request.created.fields, carrierCallId: CARRIER_CALL_ID } });
      return { carrierCallId: CARRIER_CALL_ID, recorded: true };
    },
    async carrierHangup({ carrierCallId }) {
      calls.carrierHangup.push(carrierCallId);
    },
    async projectCall(projection) {
      const { attempt } = Context.current().info;
      calls.projectAttempts.push({ ...projection, attempt });
      if (attempt <= (options.projectFailures ?? 0)) throw new Error(`read model unavailable (attempt ${attempt})`);
      calls.projections.push(projection);
      return true;
    },
    async settleCall(settlement) {
      calls.settleCall.push(settlement);
    },
    async analyzeCall({ callId, disposition }) {
      calls.analyzeCall.push({ callId, disposition });
      await options.analyzeGate;
      if (options.agentDeleted) throw agentDeletedFailure(`agent of call ${callId} was deleted`);
      return { reportId: REPORT_ID };
    },
    async leaveVoicemail({ callId }) {
      calls.leaveVoicemail.push(callId);
    },
    async extendHold({ minute }) {
      // The server's skipped time, as the workflow sees it.
      calls.extendHold.push({ minute, at: await env.currentTimeMs() });
      return minute <= (options.holdableMinutes ?? Infinity);
    },
    async closeCall({ callId }) {
      calls.closeCall.push({ callId, at: await env.currentTimeMs() });
    },
    async transferCall(request) {
      calls.transferCall.push({ ...request, at: await env.currentTimeMs() });
      await options.transferGate;
      return options.transfer ?? { outcome: 'connected' };
    },
    async sendDigits(request) {
      calls.sendDigits.push(request);
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

function callInput(overrides: Partial<CallInput> = {}): CallInput {
  return {
    callId: uniqueName('call'),
    organizationId: '65f0000000000000000000aa',
    agentId: '65f0000000000000000000bb',
    agentName: 'Reminder agent',
    phoneNumber: '+14155550123',
    contactName: 'Ada',
    externalRef: 'crm-42',
    language: 'en',
    variables: { name: 'Ada' },
    attemptNumber: 1,
    campaignId: null,
    byok: false,
    maxDurationMinutes: 10,
    voicemailBehavior: 'hangup',
    ringTimeoutSeconds: 30,
    ...overrides,
  };
}

interface Harness {
  input: CallInput;
  calls: Calls;
  handle: WorkflowHandle<CallWorkflow>;
  /** The dial update's answer, or what it failed with. */
  dialed: Promise<DialAccepted>;
  carrier: (event: CarrierEvent) => Promise<void>;
}

/** A worker of the call workflow on `taskQueue`, with the mocked activities. */
async function callWorker(taskQueue: string, activities: CallActivities): Promise<Worker> {
  return Worker.create({ connection: env.nativeConnection, taskQueue, workflowBundle: await workflowBundle(), activities, dataConverter: testDataConverter() });
}

/**
 * Runs one call on a fresh worker: starts it as the API does (update-with-start of `callDialUpdate`,
 * conflict policy FAIL) and hands the body the handle as soon as the run has started; `dialed` is
 * the dial update's outcome.
 */
async function withCall<T>(input: CallInput, options: MockOptions, body: (h: Harness) => Promise<T>): Promise<T> {
  const { activities, calls } = mockActivities(options);
  const taskQueue = uniqueName('call');
  const worker = await callWorker(taskQueue, activities);
  return worker.runUntil(async () => {
    const startWorkflowOperation = new WithStartWorkflowOperation<CallWorkflow>(callWorkflowType, {
      workflowId: callWorkflowId(input.callId),
      taskQueue,
      args: [input],
      workflowIdConflictPolicy: 'FAIL',
    });
    const dialed = env.client.workflow.executeUpdateWithStart(callDialUpdate, { startWorkflowOperation });
    // Observed either way below; keeps a refused dial from surfacing as an unhandled rejection.
    dialed.catch(() => undefined);
    const handle = await startWorkflowOperation.workflowHandle();
    const carrier = (event: CarrierEvent) => handle.signal(callCarrierEventSignal, event);
    try {
      return await body({ input, calls, handle, dialed, carrier });
    } catch (err) {
      // Best effort: a run left open with no worker can hold back time skipping for later tests.
      await handle.terminate('test failed').catch(() => undefined);
      throw err;
    }
  });
}

async function record(name: string, handle: WorkflowHandle): Promise<void> {
  if (process.env.RECORD_HISTORIES !== '1') return;
  const file = path.resolve(__dirname, `../histories/call-${name}.json`);
  writeFileSync(file, `${historyToJSON(await handle.fetchHistory())}\n`);
}

/** Waits until the mocks have applied a projection with this status (the workflow has moved past it). */
const projected = (calls: Calls, status: string) => waitFor(async () => (calls.projections.some((p) => p.fields.status === status) ? true : undefined));

/** The read-model writes of a finished call: increasing seqs, statuses in lifecycle order, the report last. */
function expectProjections(calls: Calls, statuses: string[], disposition: Disposition) {
  const seqs = calls.projections.map((p) => p.seq);
  expect(seqs).toEqual(seqs.map((_, i) => i + 1));
  expect(calls.projections.filter((p) => p.fields.status !== undefined).map((p) => p.fields.status)).toEqual(statuses);
  expect(calls.projections.at(-1)!.fields).toEqual({ reportId: REPORT_ID });
  expect(calls.projections.find((p) => p.fields.status === 'created')!.fields).toMatchObject({
    carrierCallId: CARRIER_CALL_ID,
    direction: 'outbound',
    phoneNumber: '+14155550123',
    organizationId: '65f0000000000000000000aa',
    // The activities read it from the read model to pick the call's LLM key.
    byok: expect.any(Boolean),
  });
  const completed = calls.projections.find((p) => p.fields.status === 'completed')!.fields;
  expect(completed.disposition).toBe(disposition);
  return completed as { durationSeconds: number; chargedMinutes: number; endedAt: string };
}

/** Settled once with the charge, analysed once with the disposition. */
function expectSettled(calls: Calls, input: CallInput, chargedMinutes: number, disposition: Disposition) {
  // A call placed with holds tells what it held; one placed before them leaves it to the ledger.
  const held = input.heldMinutes === undefined ? {} : { heldMinutes: Math.max(input.heldMinutes, chargedMinutes) };
  expect(calls.settleCall).toEqual([
    { callId: input.callId, organizationId: input.organizationId, agentId: input.agentId, chargedMinutes, byok: input.byok, ...held },
  ]);
  expect(calls.analyzeCall).toEqual([{ callId: input.callId, disposition }]);
}

/** A finished call's state; `connected` unless it never answered (a hangup while active passes true). */
const completedState = (disposition: Disposition, connected = ['completed', 'contact_hung_up', 'max_duration'].includes(disposition)): CallState => ({
  status: 'completed',
  disposition,
  carrierCallId: CARRIER_CALL_ID,
  connected,
});

test('an answered call the agent ends is completed and charged per started minute of connected time', async () => {
  const input = callInput();
  await withCall(input, {}, async ({ calls, handle, dialed, carrier }) => {
    expect(await dialed).toEqual({ carrierCallId: CARRIER_CALL_ID });
    const { callId: _c, maxDurationMinutes: _m, voicemailBehavior: _v, ringTimeoutSeconds: _r, ...callRecord } = input;
    expect(calls.dial).toEqual([
      {
        callId: input.callId,
        to: input.phoneNumber,
        agentId: input.agentId,
        variables: input.variables,
        byok: false,
        // What the dial writes as the call's first state once the carrier has it.
        created: { seq: 1, fields: { ...callRecord, status: 'created', direction: 'outbound' } },
      },
    ]);
    // The dial wrote the `created` state: no projectCall for it.
    expect(calls.projectAttempts).toEqual([]);
    expect(await handle.query(callStateQuery)).toEqual({ status: 'created', carrierCallId: CARRIER_CALL_ID });

    await carrier({ type: 'answered' });
    await projected(calls, 'active');
    expect(await handle.query(callStateQuery)).toEqual({ status: 'active', carrierCallId: CARRIER_CALL_ID });
    await env.sleep('90 seconds');
    await carrier({ type: 'ended', by: 'agent' });

    expect(await handle.result()).toEqual(completedState('completed'));
    const completed = expectProjections(calls, ['created', 'active', 'completed'], 'completed');
    const active = calls.projections.find((p) => p.fields.status === 'active')!.fields;
    expect(completed.durationSeconds).toBeGreaterThanOrEqual(90);
    expect(completed.durationSeconds).toBeLessThan(95);
    expect(Date.parse(completed.endedAt) - Date.parse(active.startedAt as string)).toBeGreaterThanOrEqual(90_000);
    expect(completed.chargedMinutes).toBe(2);
    expectSettled(calls, input, 2, 'completed');
    // The carrier ended it: nothing to hang up.
    expect(calls.carrierHangup).toEqual([]);
    expect(calls.leaveVoicemail).toEqual([]);
    await record('answered-completed', handle);
  });
});

test('a callee who hangs up ends the call as contact_hung_up; a byok call is settled as byok', async () => {
  const input = callInput({ byok: true });
  await withCall(input, {}, async ({ calls, handle, dialed, carrier }) => {
    await dialed;
    await carrier({ type: 'answered' });
    await projected(calls, 'active');
    await env.sleep('61 seconds');
    await carrier({ type: 'ended', by: 'contact' });

    expect(await handle.result()).toEqual(completedState('contact_hung_up'));
    const completed = expectProjections(calls, ['created', 'active', 'completed'], 'contact_hung_up');
    // 61 s is two started minutes: a ceiling, not rounding.
    expect(completed.chargedMinutes).toBe(2);
    expectSettled(calls, input, 2, 'contact_hung_up');
    expect(calls.settleCall[0]!.byok).toBe(true);
    expect(calls.carrierHangup).toEqual([]);
    await record('contact-hung-up', handle);
  });
});

test('an analysis that finds the agent deleted is not retried: the call completes with its report recorded as unavailable', async () => {
  const input = callInput();
  await withCall(input, { agentDeleted: true }, async ({ calls, handle, dialed, carrier }) => {
    await dialed;
    await carrier({ type: 'answered' });
    await projected(calls, 'active');
    await env.sleep('20 seconds');
    await carrier({ type: 'ended', by: 'contact' });

    expect(await handle.result()).toEqual(completedState('contact_hung_up'));
    expect(calls.analyzeCall).toEqual([{ callId: input.callId, disposition: 'contact_hung_up' }]);
    expect(calls.projections.map((p) => p.fields.status ?? p.fields)).toEqual(['created', 'active', 'completed', { reportUnavailable: 'agent_deleted' }]);
    expect(calls.settleCall).toHaveLength(1);
    await record('agent-deleted-before-report', handle);
  });
});

test('a call nobody answers rings out after ringTimeoutSeconds as no_answer, hung up and free', async () => {
  const input = callInput({ ringTimeoutSeconds: 45 });
  await withCall(input, {}, async ({ calls, handle, dialed }) => {
    await dialed;
    await env.sleep('40 seconds');
    // Still ringing before the timeout.
    expect(await handle.query(callStateQuery)).toEqual({ status: 'created', carrierCallId: CARRIER_CALL_ID });
    expect(calls.carrierHangup).toEqual([]);

    expect(await handle.result()).toEqual(completedState('no_answer'));
    const { startTime, closeTime } = await handle.describe();
    expect(closeTime!.getTime() - startTime.getTime()).toBeGreaterThanOrEqual(45_000);
    expect(closeTime!.getTime() - startTime.getTime()).toBeLessThan(55_000);
    const completed = expectProjections(calls, ['created', 'completed'], 'no_answer');
    expect(completed).toMatchObject({ durationSeconds: 0, chargedMinutes: 0 });
    expectSettled(calls, input, 0, 'no_answer');
    expect(calls.carrierHangup).toEqual([CARRIER_CALL_ID]);
    await record('ring-timeout', handle);
  });
});

test('a busy line ends the call as busy without hanging up and without a charge', async () => {
  const input = callInput();
  await withCall(input, {}, async ({ calls, handle, dialed, carrier }) => {
    await dialed;
    await carrier({ type: 'busy' });
    expect(await handle.result()).toEqual(completedState('busy'));
    expect(expectProjections(calls, ['created', 'completed'], 'busy')).toMatchObject({ durationSeconds: 0, chargedMinutes: 0 });
    expectSettled(calls, input, 0, 'busy');
    expect(calls.carrierHangup).toEqual([]);
    await record('busy', handle);
  });
});

test.each([
  { behavior: 'hangup', disposition: 'voicemail', leavesMessage: false },
  { behavior: 'mark_no_answer', disposition: 'no_answer', leavesMessage: false },
  { behavior: 'leave_message', disposition: 'voicemail_left', leavesMessage: true },
] as const)('voicemail with behaviour $behavior ends as $disposition', async ({ behavior, disposition, leavesMessage }) => {
  const input = callInput({ voicemailBehavior: behavior });
  await withCall(input, {}, async ({ calls, handle, dialed, carrier }) => {
    await dialed;
    await carrier({ type: 'voicemail' });
    expect(await handle.result()).toEqual(completedState(disposition));
    expect(expectProjections(calls, ['created', 'completed'], disposition)).toMatchObject({ durationSeconds: 0, chargedMinutes: 0 });
    expectSettled(calls, input, 0, disposition);
    expect(calls.leaveVoicemail).toEqual(leavesMessage ? [input.callId] : []);
    // We end a voicemail call ourselves, whatever the behaviour.
    expect(calls.carrierHangup).toEqual([CARRIER_CALL_ID]);
    await record(`voicemail-${behavior.replace(/_/g, '-')}`, handle);
  });
});

test.each([
  { machine: 'voicemail', behavior: 'leave_message', disposition: 'voicemail_left' },
  { machine: 'voicemail', behavior: 'hangup', disposition: 'voicemail' },
  { machine: 'voicemail', behavior: 'mark_no_answer', disposition: 'no_answer' },
  { machine: 'phone_menu', behavior: 'leave_message', disposition: 'no_answer' },
] as const)(
  'our media session hanging up on a $machine (behaviour $behavior): $disposition, charged but not connected',
  async ({ machine, behavior, disposition }) => {
    const input = callInput({ voicemailBehavior: behavior });
    await withCall(input, {}, async ({ calls, handle, dialed, carrier }) => {
      await dialed;
      await carrier({ type: 'answered' });
      await projected(calls, 'active');
      await carrier({ type: 'ended', by: 'agent', machine });
      // Nobody was reached, so a campaign retries it; its connected time is still charged.
      expect(await handle.result()).toEqual(completedState(disposition, false));
      expect(expectProjections(calls, ['created', 'active', 'completed'], disposition).chargedMinutes).toBe(1);
      // The session left the message itself and the line is closed: no carrier voicemail, no hangup.
      expect(calls.leaveVoicemail).toEqual([]);
      expect(calls.carrierHangup).toEqual([]);
    });
  },
);

test('a hangup signal while ringing ends the call as hangup_requested', async () => {
  const input = callInput();
  await withCall(input, {}, async ({ calls, handle, dialed }) => {
    await dialed;
    await handle.signal(callHangupSignal);
    expect(await handle.result()).toEqual(completedState('hangup_requested'));
    expect(expectProjections(calls, ['created', 'completed'], 'hangup_requested')).toMatchObject({ chargedMinutes: 0 });
    // Well before the ring timeout: the hangup ended it, not the timer.
    const { startTime, closeTime } = await handle.describe();
    expect(closeTime!.getTime() - startTime.getTime()).toBeLessThan(input.ringTimeoutSeconds * 1000);
    expectSettled(calls, input, 0, 'hangup_requested');
    expect(calls.carrierHangup).toEqual([CARRIER_CALL_ID]);
    await record('hangup-while-ringing', handle);
  });
});

test.each([
  // A campaign's cancel reaches its call in this instant.
  ['a hangup signal', callHangupSignal, 'hangup-while-dialing'],
  // The API gave up waiting (504 DIAL_TIMEOUT) just before the carrier accepted.
  ['the abandon signal', callAbandonSignal, 'abandoned-while-dialing'],
] as const)('%s while the carrier is still dialling hangs the call up as soon as the carrier has it', async (_name, signal, history) => {
  const input = callInput();
  let answerDial!: () => void;
  const dialGate = new Promise<void>((resolve) => (answerDial = resolve));
  await withCall(input, { dialGate }, async ({ calls, handle, dialed }) => {
    await waitFor(async () => (calls.dial.length === 1 ? true : undefined));
    await handle.signal(signal);
    answerDial();
    await dialed;
    expect(await handle.result()).toEqual(completedState('hangup_requested'));
    expect(expectProjections(calls, ['created', 'completed'], 'hangup_requested')).toMatchObject({ chargedMinutes: 0 });
    const { startTime, closeTime } = await handle.describe();
    expect(closeTime!.getTime() - startTime.getTime()).toBeLessThan(input.ringTimeoutSeconds * 1000);
    expectSettled(calls, input, 0, 'hangup_requested');
    expect(calls.carrierHangup).toEqual([CARRIER_CALL_ID]);
    await record(history, handle);
  });
});

test('abandoned before any worker ran it, the call is never dialled: nothing written, the slot given back, the dial update refused', async () => {
  const input = callInput();
  const { activities, calls } = mockActivities();
  const taskQueue = uniqueName('call-unworked');
  const workflowId = callWorkflowId(input.callId);
  // As the API does: the dial is asked for with start, and with no worker to run it the API gives
  // up and signals the abandon with start.
  const dialed = env.client.workflow.executeUpdateWithStart(callDialUpdate, {
    startWorkflowOperation: new WithStartWorkflowOperation<CallWorkflow>(callWorkflowType, {
      workflowId,
      taskQueue,
      args: [input],
      workflowIdConflictPolicy: 'FAIL',
    }),
  });
  dialed.catch(() => undefined);
  const handle = env.client.workflow.getHandle<CallWorkflow>(workflowId);
  await waitFor(async () => ((await handle.describe().catch(() => undefined)) ? true : undefined));
  await env.client.workflow.signalWithStart<CallWorkflow, []>(callWorkflowType, {
    workflowId,
    taskQueue,
    args: [input],
    workflowIdConflictPolicy: 'USE_EXISTING',
    signal: callAbandonSignal,
  });

  const worker = await callWorker(taskQueue, activities);
  await worker.runUntil(async () => {
    expect(await handle.result()).toEqual({ status: 'dialing', abandoned: true });
    const failure = await dialed.then(
      () => undefined,
      (err: unknown) => err,
    );
    expect(failure).toBeInstanceOf(WorkflowUpdateFailedError);
    expect((failure as WorkflowUpdateFailedError).cause).toMatchObject({ type: 'dial_abandoned' });
    expect(calls.dial).toEqual([]);
    expect(calls.projectAttempts).toEqual([]);
    expect(calls.settleCall).toEqual([
      { callId: input.callId, organizationId: input.organizationId, agentId: input.agentId, chargedMinutes: 0, byok: input.byok },
    ]);
    expect(calls.carrierHangup).toEqual([]);
    await record('abandoned-before-dial', handle);
  });
});

test('an inbound call hung up as it starts: the update that comes with the start finds it active and ends it as hangup_requested', async () => {
  const input = callInput({ direction: 'inbound', carrierCallId: CARRIER_CALL_ID, answeredAt: new Date().toISOString(), heldMinutes: 1 });
  const { activities, calls } = mockActivities();
  const taskQueue = uniqueName('call-inbound');
  // As when the API's hangup reaches the server before any worker has run the call: the run's
  // first task carries the start and the update.
  const handle = await env.client.workflow.start<CallWorkflow>(callWorkflowType, { workflowId: callWorkflowId(input.callId), taskQueue, args: [input] });
  const hungUp = handle.executeUpdate(callHangupUpdate);
  hungUp.catch(() => undefined);
  // Time for the update to reach the server before the worker polls (without the client's word for it).
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const worker = await callWorker(taskQueue, activities);
  await worker.runUntil(async () => {
    expect(await hungUp).toEqual({ status: 'active', carrierCallId: CARRIER_CALL_ID });
    expect(await handle.result()).toEqual(completedState('hangup_requested', true));
    expect(calls.carrierHangup).toEqual([CARRIER_CALL_ID]);
  });
});

test('a hangup signal while active ends the call as hangup_requested and hangs up the carrier', async () => {
  const input = callInput();
  await withCall(input, {}, async ({ calls, handle, dialed, carrier }) => {
    await dialed;
    await carrier({ type: 'answered' });
    await projected(calls, 'active');
    await env.sleep('3 minutes');
    expect(calls.carrierHangup).toEqual([]);
    await handle.signal(callHangupSignal);

    expect(await handle.result()).toEqual(completedState('hangup_requested', true));
    const completed = expectProjections(calls, ['created', 'active', 'completed'], 'hangup_requested');
    expect(completed.chargedMinutes).toBe(3);
    expectSettled(calls, input, 3, 'hangup_requested');
    expect(calls.carrierHangup).toEqual([CARRIER_CALL_ID]);
    await record('hangup-while-active', handle);
  });
});

test('a connected transfer ends the call as transferred, charged up to the hand-off, and never hangs up the caller', async () => {
  const input = callInput();
  await withCall(input, {}, async ({ calls, handle, dialed, carrier }) => {
    await dialed;
    await carrier({ type: 'answered' });
    await projected(calls, 'active');
    await env.sleep('70 seconds');
    await handle.executeUpdate(callSendDigitsUpdate, { args: [{ digits: '1w#' }] });
    expect(calls.sendDigits).toEqual([{ callId: input.callId, carrierCallId: CARRIER_CALL_ID, digits: '1w#' }]);
    const result = await handle.executeUpdate(callTransferUpdate, { args: [{ to: '+442079460030', mode: 'cold', summary: 'Ada wants a person.' }] });
    expect(result).toEqual({ outcome: 'connected' });
    // The person talks on with the caller for as long as they like: none of it is ours to charge.
    await env.sleep('5 minutes');

    expect(await handle.result()).toEqual(completedState('transferred', true));
    expect(calls.transferCall).toEqual([
      { callId: input.callId, carrierCallId: CARRIER_CALL_ID, to: '+442079460030', mode: 'cold', summary: 'Ada wants a person.', at: expect.any(Number) },
    ]);
    const completed = expectProjections(calls, ['created', 'active', 'completed'], 'transferred');
    expect(completed.chargedMinutes).toBe(2);
    expectSettled(calls, input, 2, 'transferred');
    expect(calls.carrierHangup).toEqual([]);
    await record('transferred', handle);
  });
});

test('the line closing while the carrier hands the caller over is the hand-off, not the caller hanging up', async () => {
  const input = callInput();
  let connect!: () => void;
  const transferGate = new Promise<void>((resolve) => (connect = resolve));
  await withCall(input, { transferGate }, async ({ calls, handle, dialed, carrier }) => {
    await dialed;
    await carrier({ type: 'answered' });
    await projected(calls, 'active');
    const transferred = handle.executeUpdate(callTransferUpdate, { args: [{ to: '+442079460030', mode: 'cold', summary: '' }] });
    await waitFor(async () => (calls.transferCall.length === 1 ? true : undefined));
    await carrier({ type: 'ended', by: 'contact' });
    connect();
    expect(await transferred).toEqual({ outcome: 'connected' });
    expect(await handle.result()).toEqual(completedState('transferred', true));
    expect(calls.carrierHangup).toEqual([]);
  });
});

test('a warm transfer nobody answers leaves the call with the agent; asks before the answer or out of form are refused', async () => {
  const input = callInput();
  const noAnswer: TransferResult = { outcome: 'failed', reason: 'no_answer', message: '+442079460031 did not answer' };
  await withCall(input, { transfer: noAnswer }, async ({ calls, handle, dialed, carrier }) => {
    await dialed;
    const refusedBeforeAnswer = await handle
      .executeUpdate(callTransferUpdate, { args: [{ to: '+442079460031', mode: 'warm', summary: 's' }] })
      .catch((err: unknown) => err);
    expect((refusedBeforeAnswer as WorkflowUpdateFailedError).cause).toMatchObject({ type: 'invalid_state' });
    await carrier({ type: 'answered' });
    await projected(calls, 'active');
    expect(await handle.executeUpdate(callTransferUpdate, { args: [{ to: '+442079460031', mode: 'warm', summary: 'Ada wants a person.' }] })).toEqual(noAnswer);
    const badDigits = await handle.executeUpdate(callSendDigitsUpdate, { args: [{ digits: '1a' }] }).catch((err: unknown) => err);
    expect(badDigits).toBeInstanceOf(WorkflowUpdateFailedError);
    const badMode = await handle
      .executeUpdate(callTransferUpdate, { args: [{ to: '+442079460030', mode: 'hot' as 'warm', summary: '' }] })
      .catch((err: unknown) => err);
    expect(badMode).toBeInstanceOf(WorkflowUpdateFailedError);
    expect(calls.sendDigits).toEqual([]);
    await carrier({ type: 'ended', by: 'agent' });

    expect(await handle.result()).toEqual(completedState('completed'));
    expect(calls.transferCall).toHaveLength(1);
    expectSettled(calls, input, 1, 'completed');
    await record('transfer-not-answered', handle);
  });
});

test('a line that fails while active (its media stream dropped) ends the call as failed, hung up, charged up to the failure', async () => {
  const input = callInput();
  await withCall(input, {}, async ({ calls, handle, dialed, carrier }) => {
    await dialed;
    await carrier({ type: 'answered' });
    await projected(calls, 'active');
    await env.sleep('70 seconds');
    await carrier({ type: 'failed', reason: 'the media stream closed without a stop message' });

    expect(await handle.result()).toEqual(completedState('failed', true));
    const completed = expectProjections(calls, ['created', 'active', 'completed'], 'failed');
    const active = calls.projections.find((p) => p.fields.status === 'active')!.fields;
    expect(Date.parse(completed.endedAt) - Date.parse(active.startedAt as string)).toBeLessThan(75_000);
    expect(completed.chargedMinutes).toBe(2);
    expectSettled(calls, input, 2, 'failed');
    // Nobody is speaking on the line any more: it is hung up rather than left open.
    expect(calls.carrierHangup).toEqual([CARRIER_CALL_ID]);
  });
});

test('the hangup update ends an active call and returns its state; on a completed call its validator rejects it', async () => {
  const input = callInput();
  let openAnalysis!: () => void;
  const analyzeGate = new Promise<void>((resolve) => (openAnalysis = resolve));
  await withCall(input, { analyzeGate }, async (h) => {
    const { calls, handle } = h;
    const failure = await hangupThenReject(h).then(
      () => undefined,
      (err: unknown) => err,
    );
    openAnalysis();
    if (failure) {
      // Let the run finish first: a run terminated while its activity completes leaves the test
      // server's time skipping locked, and every later test in this file would hang in env.sleep.
      await handle.result().catch(() => undefined);
      throw failure;
    }
    expect(await handle.result()).toEqual(completedState('hangup_requested', true));
    // A rejected update is not in the history and changed nothing: one hangup, one charge.
    expect(calls.carrierHangup).toEqual([CARRIER_CALL_ID]);
    expect(expectProjections(calls, ['created', 'active', 'completed'], 'hangup_requested').chargedMinutes).toBe(1);
    expectSettled(calls, input, 1, 'hangup_requested');
    await record('hangup-update', handle);
  });
});

/** Hangs up an active call by update, then sends the update again while the run is in its final activities. */
async function hangupThenReject({ calls, handle, dialed, carrier }: Harness) {
  await dialed;
  await carrier({ type: 'answered' });
  await projected(calls, 'active');
  await env.sleep('20 seconds');
  expect(await handle.executeUpdate(callHangupUpdate)).toEqual({ status: 'active', carrierCallId: CARRIER_CALL_ID });

  // The call is completed, but the run is still open in its final activities (analyzeCall waits).
  await waitFor(async () => (calls.analyzeCall.length > 0 ? true : undefined));
  expect((await handle.describe()).status.name).toBe('RUNNING');
  expect(await handle.query(callStateQuery)).toEqual(completedState('hangup_requested', true));
  const rejected = await handle.executeUpdate(callHangupUpdate).catch((err: unknown) => err);
  expect(rejected).toBeInstanceOf(WorkflowUpdateFailedError);
  const cause = (rejected as WorkflowUpdateFailedError).cause;
  expect(cause).toBeInstanceOf(ApplicationFailure);
  expect(cause).toMatchObject({ type: 'invalid_state', message: 'A completed call cannot be hung up.' });
}

test('a call holds each next minute ahead of it and, refused one, closes with a line before its last held minute ends, charged only what was held', async () => {
  const input = callInput({ heldMinutes: 1 });
  await withCall(input, { holdableMinutes: 2 }, async ({ calls, handle, dialed, carrier }) => {
    await dialed;
    await carrier({ type: 'answered' });
    await projected(calls, 'active');
    await env.sleep('5 minutes');

    expect(await handle.result()).toEqual(completedState('credits_exhausted', true));
    const completed = expectProjections(calls, ['created', 'active', 'completed'], 'credits_exhausted');
    const active = calls.projections.find((p) => p.fields.status === 'active')!.fields;
    const answeredAt = Date.parse(active.startedAt as string);
    // Minute 2 held 15 s before minute 1 ended, minute 3 refused 15 s before minute 2 ended.
    const secondsBefore = (boundary: number, at: number) => Math.round((answeredAt + boundary - at) / 1000);
    expect(calls.extendHold.map((h) => ({ minute: h.minute, before: secondsBefore((h.minute - 1) * 60_000, h.at) }))).toEqual([
      { minute: 2, before: 15 },
      { minute: 3, before: 15 },
    ]);
    expect(calls.closeCall).toHaveLength(1);
    expect(secondsBefore(120_000, calls.closeCall[0]!.at)).toBe(8);
    // Hung up within the second minute: connected under 120 s, charged the two minutes held.
    expect(completed.durationSeconds).toBeLessThan(120);
    expect(completed.chargedMinutes).toBe(2);
    expect(calls.carrierHangup).toEqual([CARRIER_CALL_ID]);
    expectSettled(calls, input, 2, 'credits_exhausted');
  });
});

test('a direct call’s dial holds its first minute: with none left it is refused as insufficient credits, nothing written, nothing held', async () => {
  const input = callInput({ heldMinutes: 0 });
  await withCall(input, { holdableMinutes: 0 }, async ({ calls, handle, dialed }) => {
    const failure = await dialed.then(
      () => undefined,
      (err: unknown) => err,
    );
    expect(failure).toBeInstanceOf(WorkflowUpdateFailedError);
    expect((failure as WorkflowUpdateFailedError).cause).toMatchObject({ type: 'insufficient_credits' });
    expect(await handle.result()).toEqual({ status: 'dialing', refused: 'insufficient_credits' });
    expect(calls.dial[0]!.holdFirstMinute).toEqual({ organizationId: input.organizationId });
    expect(calls.projections).toEqual([]);
    // Settled for nothing, holding nothing to release; no report for a call that never was.
    expect(calls.settleCall).toEqual([
      { callId: input.callId, organizationId: input.organizationId, agentId: input.agentId, chargedMinutes: 0, byok: false, heldMinutes: 0 },
    ]);
    expect(calls.analyzeCall).toEqual([]);
  });
});

test('a direct call whose dial held its first minute holds each next one as a campaign’s does', async () => {
  const input = callInput({ heldMinutes: 0 });
  await withCall(input, { holdableMinutes: 1 }, async ({ calls, handle, dialed, carrier }) => {
    await dialed;
    await carrier({ type: 'answered' });
    await projected(calls, 'active');
    await env.sleep('3 minutes');
    expect(await handle.result()).toEqual(completedState('credits_exhausted', true));
    expect(calls.extendHold.map((h) => h.minute)).toEqual([2]);
    expect(calls.settleCall).toEqual([expect.objectContaining({ chargedMinutes: 1, heldMinutes: 1 })]);
  });
});

test('a call that ends before its held minute runs out asks for no other', async () => {
  const input = callInput({ heldMinutes: 1 });
  await withCall(input, { holdableMinutes: 1 }, async ({ calls, handle, dialed, carrier }) => {
    await dialed;
    await carrier({ type: 'answered' });
    await projected(calls, 'active');
    await env.sleep('30 seconds');
    await carrier({ type: 'ended', by: 'agent' });
    expect(await handle.result()).toEqual(completedState('completed'));
    expect(calls.extendHold).toEqual([]);
    expect(calls.closeCall).toEqual([]);
    expectSettled(calls, input, 1, 'completed');
  });
});

test('a call still connected at maxDurationMinutes ends as max_duration, hung up and charged for the maximum', async () => {
  const input = callInput({ maxDurationMinutes: 5 });
  await withCall(input, {}, async ({ calls, handle, dialed, carrier }) => {
    await dialed;
    await carrier({ type: 'answered' });
    await projected(calls, 'active');
    await env.sleep('4 minutes');
    expect(await handle.query(callStateQuery)).toEqual({ status: 'active', carrierCallId: CARRIER_CALL_ID });
    expect(calls.carrierHangup).toEqual([]);

    expect(await handle.result()).toEqual(completedState('max_duration'));
    const completed = expectProjections(calls, ['created', 'active', 'completed'], 'max_duration');
    expect(completed.durationSeconds).toBeGreaterThanOrEqual(5 * 60);
    expect(completed.durationSeconds).toBeLessThan(5 * 60 + 5);
    expect(completed.chargedMinutes).toBe(5);
    expectSettled(calls, input, 5, 'max_duration');
    expect(calls.carrierHangup).toEqual([CARRIER_CALL_ID]);
    await record('max-duration', handle);
  });
});

test.each(['rejected', 'unavailable'] as const)('a dial the carrier refuses as %s fails the dial update and writes nothing', async (kind) => {
  const input = callInput({ byok: kind === 'unavailable' });
  const message = `carrier says no (${kind})`;
  await withCall(input, { refuse: { kind, message } }, async ({ calls, handle, dialed }) => {
    const failure = await dialed.then(
      () => undefined,
      (err: unknown) => err,
    );
    expect(failure).toBeInstanceOf(WorkflowUpdateFailedError);
    const cause = (failure as WorkflowUpdateFailedError).cause;
    expect(cause).toBeInstanceOf(ApplicationFailure);
    expect(cause).toMatchObject({ type: `carrier_${kind}`, message, nonRetryable: true });

    expect(await handle.result()).toEqual({ status: 'dialing', refused: kind });
    expect(calls.projectAttempts).toEqual([]);
    expect(calls.settleCall).toEqual([
      { callId: input.callId, organizationId: input.organizationId, agentId: input.agentId, chargedMinutes: 0, byok: input.byok },
    ]);
    expect(calls.analyzeCall).toEqual([]);
    expect(calls.carrierHangup).toEqual([]);
    await record(`carrier-${kind}`, handle);
  });
});

test('a read model that fails twice per write is retried by Temporal until every seq is applied', async () => {
  const input = callInput();
  await withCall(input, { projectFailures: 2 }, async ({ calls, handle, dialed, carrier }) => {
    // The dial could not write the `created` state: the workflow writes it, and the dial update
    // answers only once that went through, retries included.
    expect(await dialed).toEqual({ carrierCallId: CARRIER_CALL_ID });
    expect(calls.projectAttempts.map((a) => [a.seq, a.attempt])).toEqual([
      [1, 1],
      [1, 2],
      [1, 3],
    ]);
    expect(calls.projections.map((p) => p.seq)).toEqual([1]);

    await carrier({ type: 'answered' });
    await projected(calls, 'active');
    await env.sleep('30 seconds');
    await carrier({ type: 'ended', by: 'agent' });

    expect(await handle.result()).toEqual(completedState('completed'));
    expect(calls.projectAttempts.map((a) => [a.seq, a.attempt])).toEqual(
      [1, 2, 3, 4].flatMap((seq) => [
        [seq, 1],
        [seq, 2],
        [seq, 3],
      ]),
    );
    const completed = expectProjections(calls, ['created', 'active', 'completed'], 'completed');
    // Retrying the `active` write (1 s + 2 s backoff) counts as connected time: still one started minute.
    expect(completed.chargedMinutes).toBe(1);
    expectSettled(calls, input, 1, 'completed');
    expect(calls.carrierHangup).toEqual([]);
    await record('projection-retries', handle);
  });
});

test('a second start with the same call id is refused by the FAIL conflict policy', async () => {
  const input = callInput();
  await withCall(input, {}, async ({ calls, handle, dialed }) => {
    await dialed;
    const again = env.client.workflow.executeUpdateWithStart(callDialUpdate, {
      startWorkflowOperation: new WithStartWorkflowOperation<CallWorkflow>(callWorkflowType, {
        workflowId: callWorkflowId(input.callId),
        taskQueue: (await handle.describe()).taskQueue,
        args: [input],
        workflowIdConflictPolicy: 'FAIL',
      }),
    });
    await expect(again).rejects.toBeInstanceOf(WorkflowExecutionAlreadyStartedError);
    expect(calls.dial).toHaveLength(1);
    await handle.signal(callHangupSignal);
    expect(await handle.result()).toEqual(completedState('hangup_requested'));
  });
});
