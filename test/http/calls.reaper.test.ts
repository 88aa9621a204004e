/**
 * Slots never leak, on the real stack: a call admitted whose workflow never started, and a call
 * terminated from Temporal mid-conversation, are reconciled by the slot reapers (two here, as two
 * worker processes would run them): slot freed, hold given back, the call's read model ended.
 */
import { Types } from 'mongoose';
import { SCOPES } from '../../api/scopes';
import { admitCall, releaseUnconfirmedCall } from '../../domain/admission';
import { Call, callSlotPool, unconfirmedCallPool } from '../../models/call';
import { CreditEntry, creditBalance } from '../../models/creditEntry';
import { Slot, slotsInUse } from '../../models/slot';
import { SimulatedCarrier } from '../../providers/carrier/simulated';
import { callWorkflowId, simulatedLineWorkflowId } from '../../workflows/definitions';
import { startSlotReaper } from '../../worker/slotReaper';
import { createTenant, startApi } from '../helpers/app';
import { uniqueName, waitFor } from '../helpers/servers';
import { runWorker, type RunningWorker } from '../helpers/worker';

const taskQueue = uniqueName('reaper');
const env = { TEMPORAL_TASK_QUEUE: taskQueue, SIMULATED_CALL_PACE_MS: '200' };
/** Short enough for the tests, long past the few hundred milliseconds a call here takes to start. */
const TIMING = { periodMs: 500, graceMs: 3_000 };
let api: Awaited<ReturnType<typeof startApi>>;
let worker: RunningWorker;
let stopReapers: Array<() => Promise<void>> = [];
const reaperErrors: unknown[] = [];

beforeAll(async () => {
  api = await startApi('reaper', env);
  worker = await runWorker(env);
  const carrier = new SimulatedCarrier(worker.client, taskQueue, 200);
  stopReapers = [1, 2].map(() => startSlotReaper(worker.client, carrier, TIMING, (err) => reaperErrors.push(err)));
}, 120_000);
afterAll(async () => {
  await Promise.all(stopReapers.map((stop) => stop()));
  await worker?.stop();
  await api?.close();
});
afterEach(() => expect(reaperErrors).toEqual([]));

/** What POST /calls does before it starts the workflow: the call's slot and first minute, held. */
const admitOnly = (organizationId: Types.ObjectId, callId: string) =>
  admitCall({ organizationId, callId, phoneNumber: '+442079460001', byok: false, defaultCountries: null, doNotCallKey: api.config.contacts.doNotCallHashKey });

const slotOf = (organizationId: Types.ObjectId, callId: string) => Slot.findOne({ pool: callSlotPool(organizationId), holder: callId }).lean();

test('the slot and hold of a call admitted but never started are released once past the grace', async () => {
  const tenant = await createTenant({ creditMinutes: 10, limits: { maxConcurrentCalls: 2 } });
  const callId = String(new Types.ObjectId());
  // The API process dies right after the admission.
  await admitOnly(tenant.organizationId, callId);
  const claimed = await slotOf(tenant.organizationId, callId);
  expect(claimed).not.toBeNull();
  expect((await creditBalance(tenant.organizationId)).heldMinutes).toBe(1);

  await waitFor(async () => ((await slotOf(tenant.organizationId, callId)) === null ? true : undefined), 60_000);
  // Not before its grace: a call being started is never taken for one that never started.
  expect(Date.now() - claimed!.createdAt.getTime()).toBeGreaterThanOrEqual(TIMING.graceMs);
  expect(await creditBalance(tenant.organizationId)).toMatchObject({ heldMinutes: 0, usedMinutes: 0, remainingMinutes: 10 });
  // Settled once, for nothing, by whichever reaper came first; no call was ever written.
  expect(await CreditEntry.find({ reference: `call:${callId}` }).lean()).toMatchObject([{ kind: 'charge', minutes: 0, released: 1 }]);
  expect(await Call.findById(callId).lean()).toBeNull();
}, 90_000);

test('a call whose start failed without an answer gives its slot back at once and its hold once the reaper finds no workflow', async () => {
  const tenant = await createTenant({ creditMinutes: 10, limits: { maxConcurrentCalls: 1 } });
  const callId = String(new Types.ObjectId());
  await admitOnly(tenant.organizationId, callId);
  // What POST /calls does when Temporal cannot be reached: the workflow may or may not exist.
  await releaseUnconfirmedCall(tenant.organizationId, callId);
  expect(await slotsInUse(callSlotPool(tenant.organizationId))).toBe(0);
  expect((await creditBalance(tenant.organizationId)).heldMinutes).toBe(1);
  // The reaper settles the hold, then forgets the unconfirmed call: a moment apart, so both are awaited.
  const reaped = async () =>
    (await creditBalance(tenant.organizationId)).heldMinutes === 0 && (await slotsInUse(unconfirmedCallPool(tenant.organizationId))) === 0;
  await waitFor(async () => ((await reaped()) ? true : undefined), 60_000);
  expect(await CreditEntry.find({ reference: `call:${callId}` }).lean()).toMatchObject([{ kind: 'charge', minutes: 0, released: 1 }]);
}, 90_000);

test('a call terminated from Temporal mid-conversation ends failed, charged its connected time, its slot and hold released', async () => {
  const tenant = await createTenant({ creditMinutes: 10, limits: { maxConcurrentCalls: 2 } });
  const key = await tenant.key(SCOPES, { rateLimitPerMinute: 100_000 });
  const agent = await api.call('POST', '/api/v1/agents', { token: key, body: { name: 'Talker', instructions: 'Chat.', phone: { greeting: 'Hello.' } } });
  // This test number talks until the call's maximum duration.
  const placed = await api.call('POST', '/api/v1/calls', { token: key, body: { agentId: agent.body.id, phoneNumber: '+442079460007' } });
  expect(placed.status).toBe(201);
  const id: string = placed.body.id;
  const get = async () => (await api.call('GET', `/api/v1/calls/${id}`, { token: key })).body;
  await waitFor(async () => ((await get()).status === 'active' ? true : undefined), 30_000);

  // Running past its grace: the reapers leave it talking, its slot leased.
  const leased = await waitFor(async () => (await slotOf(tenant.organizationId, id))?.leaseUntil ?? undefined, 30_000);
  expect(leased.getTime()).toBeGreaterThan(Date.now() - TIMING.periodMs);
  expect(await get()).toMatchObject({ status: 'active', endedReason: null });

  const handle = worker.client.workflow.getHandle(callWorkflowId(id));
  await handle.terminate('ended by an operator from the Temporal UI');
  // The slot is freed last, once the call is written and settled.
  await waitFor(async () => ((await slotsInUse(callSlotPool(tenant.organizationId))) === 0 ? true : undefined), 60_000);
  const done = await get();
  const { closeTime } = await handle.describe();
  const connectedSeconds = Math.round((closeTime!.getTime() - Date.parse(done.startedAt)) / 1000);
  // Terminated well inside its first minute: that minute is charged, as a finished call's would be.
  expect(connectedSeconds).toBeLessThan(45);
  expect(done).toMatchObject({
    status: 'completed',
    disposition: 'failed',
    endedReason: 'terminated',
    endedAt: closeTime!.toISOString(),
    durationSeconds: connectedSeconds,
    chargedMinutes: 1,
    reportId: null,
  });

  expect(await creditBalance(tenant.organizationId)).toMatchObject({ heldMinutes: 0, usedMinutes: 1, remainingMinutes: 9 });
  expect(await CreditEntry.find({ reference: `call:${id}` }).lean()).toMatchObject([{ kind: 'charge', minutes: 1, released: 1 }]);
  // Nobody else would hang up its line: the reaper did.
  await waitFor(
    async () => ((await worker.client.workflow.getHandle(simulatedLineWorkflowId(id)).describe()).status.name === 'COMPLETED' ? true : undefined),
    30_000,
  );
}, 150_000);
