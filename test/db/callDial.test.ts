/**
 * The dial activity against the real database: once the carrier has the call it writes the call's
 * `created` state itself, and a write that fails never fails the dial (a retry would call the
 * person twice): it says so, and the workflow writes the state.
 */
import { Types } from 'mongoose';
import { callActivities, type CallDeps } from '../../activities/calls';
import { Call } from '../../models/call';
import { CarrierRefusedError, type Carrier, type DialRequest } from '../../providers/carrier/interface';
import { connectTestDatabase } from '../helpers/servers';

let cleanup: () => Promise<void>;
beforeAll(async () => {
  cleanup = await connectTestDatabase('call_dial');
});
afterAll(() => cleanup());

/** A carrier that accepts every dial (or refuses it with `refuse`) and counts them. */
function countingCarrier(refuse?: CarrierRefusedError): Carrier & { dials: DialRequest[] } {
  const dials: DialRequest[] = [];
  return {
    name: 'counting',
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
  const result = await callActivities({ carrier } as unknown as CallDeps).dial(request);
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
  const result = await callActivities({ carrier } as unknown as CallDeps).dial(request);
  expect(result).toEqual({ carrierCallId: `carrier-${request.callId}`, recorded: false });
  expect(carrier.dials).toHaveLength(1);
  expect(await Call.findById(request.callId).lean()).toBeNull();
});

test('a refused dial writes nothing', async () => {
  const carrier = countingCarrier(new CarrierRefusedError('rejected', 'not a number we can reach'));
  const request = dialRequest(record);
  const result = await callActivities({ carrier } as unknown as CallDeps).dial(request);
  expect(result).toEqual({ refused: { kind: 'rejected', message: 'not a number we can reach' } });
  expect(await Call.findById(request.callId).lean()).toBeNull();
});
