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
import { Call } from '../../models/call';
import { CarrierRefusedError, type Carrier, type DialRequest } from '../../providers/carrier/interface';
import { DIAL_ATTEMPT_TIMEOUT_MS } from '../../workflows/definitions';
import { connectTestDatabase } from '../helpers/servers';

let cleanup: () => Promise<void>;
beforeAll(async () => {
  cleanup = await connectTestDatabase('call_dial');
});
afterAll(() => cleanup());

/** A carrier that accepts every dial (or refuses it with `refuse`) and counts them. */
function countingCarrier(refuse?: CarrierRefusedError, dialTimeoutMs = 10_000): Carrier & { dials: DialRequest[] } {
  const dials: DialRequest[] = [];
  return {
    name: 'counting',
    dialTimeoutMs,
    dials,
    async dial(request) {
      dials.push(request);
      if (refuse) throw refuse;
      return { carrierCallId: `carrier-${request.callId}` };
    },
    async hangup() {},
  };
}

function dialRequest(fields: Record<string, unknown>) {
  const callId = String(new Types.ObjectId());
  return {
    callId,
    to: '+442079460001',
    agentId: String(new Types.ObjectId()),
    variables: {},
    byok: false,
    created: { seq: 1, fields: { status: 'created', direction: 'outbound', ...fields } },
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
