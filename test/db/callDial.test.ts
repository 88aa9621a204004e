/**
 * The dial activity against the real database, in an attempt of the workflow's own length: once
 * the carrier has the call it writes the call's `created` state itself, and a write that fails
 * never fails the dial (a retry would call the person twice): it says so, and the workflow writes
 * the state. Nor does a dial start that the attempt could time out in the middle of.
 */
import type { Logger } from '@temporalio/common';
import { MockActivityEnvironment } from '@temporalio/testing';
import { Types } from 'mongoose';
import { callActivities, type CallDeps } from '../../activities/calls';
import { CLOSING_LINE } from '../../domain/admission';
import { Call } from '../../models/call';
import { appendTurn, transcriptOf } from '../../models/callTurn';
import { recordDialIntent } from '../../models/dialIntent';
import { CarrierOutcomeUnknownError, CarrierRefusedError, type Carrier, type DialRequest } from '../../providers/carrier/interface';
import { DIAL_ATTEMPT_TIMEOUT_MS, type CallStateFields } from '../../workflows/definitions';
import { connectTestDatabase } from '../helpers/servers';

let cleanup: () => Promise<void>;
beforeAll(async () => {
  cleanup = await connectTestDatabase('call_dial');
});
afterAll(() => cleanup());

/**
 * A carrier that accepts every dial (or refuses it with `refuse`, or places it without saying so
 * with `unanswered`) and counts them; it knows the calls it placed, as a real carrier's call list.
 */
function countingCarrier(
  refuse?: CarrierRefusedError | CarrierOutcomeUnknownError,
  dialTimeoutMs = 10_000,
): Carrier & { dials: DialRequest[]; lookups: number } {
  const dials: DialRequest[] = [];
  const carrier = {
    name: 'counting',
    dialTimeoutMs,
    dialIsIdempotent: false,
    dials,
    lookups: 0,
    async dial(request: DialRequest) {
      dials.push(request);
      if (refuse) throw refuse;
      return { carrierCallId: `carrier-${request.callId}` };
    },
    async findCall({ callId }: { callId: string }) {
      carrier.lookups += 1;
      const placed = dials.some((d) => d.callId === callId) && !(refuse instanceof CarrierRefusedError);
      return placed ? `carrier-${callId}` : null;
    },
    async hangup() {},
  };
  return carrier;
}

function dialRequest(fields: CallStateFields) {
  const callId = String(new Types.ObjectId());
  return {
    callId,
    to: '+442079460001',
    agentId: String(new Types.ObjectId()),
    variables: {},
    byok: false,
    created: { seq: 1, fields: { status: 'created', direction: 'outbound', ...fields } satisfies CallStateFields },
  };
}

/** The worker's log of a refused attempt is noise here: the assertions say what happened. */
const quiet: Logger = { log() {}, trace() {}, debug() {}, info() {}, warn() {}, error() {} };
/** The dial as the worker runs it: in an attempt that times out after `startToCloseTimeoutMs`. */
const dial = (carrier: Carrier, request: ReturnType<typeof dialRequest>, startToCloseTimeoutMs = DIAL_ATTEMPT_TIMEOUT_MS) =>
  new MockActivityEnvironment({ startToCloseTimeoutMs }, { logger: quiet }).run(callActivities({ carrier } as unknown as CallDeps).dial, request);

const record = {
  organizationId: String(new Types.ObjectId()),
  agentId: String(new Types.ObjectId()),
  agentName: 'Reminders',
  phoneNumber: '+442079460001',
  language: 'en-US',
};

test('an accepted dial writes the call as created, with the carrier id, at the given seq', async () => {
  const carrier = countingCarrier();
  const request = dialRequest(record);
  const result = await dial(carrier, request);
  expect(result).toEqual({ carrierCallId: `carrier-${request.callId}`, recorded: true });
  expect(carrier.dials).toHaveLength(1);
  const call = await Call.findById(request.callId).lean();
  expect(call).toMatchObject({ status: 'created', seq: 1, carrierCallId: `carrier-${request.callId}`, agentName: 'Reminders' });
});

test('a dial retried after its carrier went unanswered asks the carrier first and adopts the call it placed: the person is rung once', async () => {
  const carrier = countingCarrier(new CarrierOutcomeUnknownError('no answer in time'));
  const request = dialRequest(record);
  await expect(dial(carrier, request)).rejects.toBeInstanceOf(CarrierOutcomeUnknownError);
  expect(carrier.lookups).toBe(0);
  const retried = await dial(carrier, request);
  expect(retried).toEqual({ carrierCallId: `carrier-${request.callId}`, recorded: true });
  expect(carrier.dials).toHaveLength(1);
  expect(carrier.lookups).toBe(1);
  expect(await Call.findById(request.callId).lean()).toMatchObject({ status: 'created', carrierCallId: `carrier-${request.callId}` });
});

test('a retried dial whose carrier has no call for it dials once more', async () => {
  const carrier = countingCarrier();
  const request = dialRequest(record);
  // The first attempt recorded its intent and died before the carrier heard of the call.
  await recordDialIntent(request.callId);
  expect(await dial(carrier, request)).toEqual({ carrierCallId: `carrier-${request.callId}`, recorded: true });
  expect(carrier.lookups).toBe(1);
  expect(carrier.dials).toHaveLength(1);
});

test('a write that fails leaves the dial answered and unrecorded, dialled once', async () => {
  const carrier = countingCarrier();
  // No agentName: the read model refuses the document.
  const { agentName: _name, ...incomplete } = record;
  const request = dialRequest(incomplete);
  const result = await dial(carrier, request);
  expect(result).toEqual({ carrierCallId: `carrier-${request.callId}`, recorded: false });
  expect(carrier.dials).toHaveLength(1);
  expect(await Call.findById(request.callId).lean()).toBeNull();
});

test('a refused dial writes nothing', async () => {
  const carrier = countingCarrier(new CarrierRefusedError('rejected', 'not a number we can reach'));
  const request = dialRequest(record);
  const result = await dial(carrier, request);
  expect(result).toEqual({ refused: { kind: 'rejected', message: 'not a number we can reach' } });
  expect(await Call.findById(request.callId).lean()).toBeNull();
});

test('an attempt too short for the carrier to answer and the call to be written does not dial, and says why', async () => {
  const carrier = countingCarrier(undefined, 10_000);
  const request = dialRequest(record);
  await expect(dial(carrier, request, 15_000)).rejects.toThrow(/^Not dialled: \d+ ms of this attempt left, a dial and its write need 16000 ms\.$/);
  expect(carrier.dials).toHaveLength(0);
  expect(await Call.findById(request.callId).lean()).toBeNull();
});

test('out of credit, the closing line ends the transcript after the turns stored, once, and is said by a carrier that can speak', async () => {
  const said: Array<{ carrierCallId: string; text: string }> = [];
  const carrier = { ...countingCarrier(), say: async (carrierCallId: string, text: string) => void said.push({ carrierCallId, text }) };
  const request = dialRequest(record);
  await dial(carrier, request);
  await appendTurn(request.callId, 0, { role: 'agent', text: 'Hello.' });
  await appendTurn(request.callId, 1, { role: 'contact', text: 'Hi, go on.' });
  const close = (activities: ReturnType<typeof callActivities>) =>
    new MockActivityEnvironment({}, { logger: quiet }).run(activities.closeCall, { callId: request.callId, carrierCallId: `carrier-${request.callId}` });
  const activities = callActivities({ carrier } as unknown as CallDeps);
  await close(activities);
  // A retried activity finds its line already there.
  await close(activities);
  const turns = await transcriptOf(request.callId);
  expect(turns.map((t) => [t.index, t.role, t.ends ?? null])).toEqual([
    [0, 'agent', null],
    [1, 'contact', null],
    [2, 'agent', 'agent'],
  ]);
  expect(turns[2]!.text).toBe(CLOSING_LINE);
  expect(said[0]).toEqual({ carrierCallId: `carrier-${request.callId}`, text: CLOSING_LINE });
});
