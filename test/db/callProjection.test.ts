/** The call read model only moves forward: a stale or repeated write never undoes a newer state. */
import { Types } from 'mongoose';
import { Call, projectCall } from '../../models/call';
import { connectTestDatabase } from '../helpers/servers';

let cleanup: () => Promise<void>;
beforeAll(async () => {
  cleanup = await connectTestDatabase('call_projection');
});
afterAll(() => cleanup());

const base = {
  organizationId: new Types.ObjectId(),
  agentId: new Types.ObjectId(),
  agentName: 'A',
  phoneNumber: '+442079460001',
  language: 'en-US',
};

test('states apply in sequence; older and repeated sequence numbers are ignored', async () => {
  const id = String(new Types.ObjectId());
  expect(await projectCall(id, 1, { ...base, status: 'created' })).toBe(true);
  expect(await projectCall(id, 2, { status: 'active', startedAt: new Date() })).toBe(true);
  expect(await projectCall(id, 3, { status: 'completed', disposition: 'completed' })).toBe(true);
  // A late retry of state 2 and a repeat of state 3 change nothing.
  expect(await projectCall(id, 2, { status: 'active' })).toBe(false);
  expect(await projectCall(id, 3, { status: 'completed', disposition: 'busy' })).toBe(false);
  // A retried first write must not insert a second document or reset the call.
  expect(await projectCall(id, 1, { ...base, status: 'created' })).toBe(false);
  const doc = await Call.findById(id).lean();
  expect(doc).toMatchObject({ status: 'completed', disposition: 'completed', seq: 3, agentName: 'A' });
  expect(await Call.countDocuments({ _id: id })).toBe(1);
});

test('concurrent retries of the first write leave one document', async () => {
  const id = String(new Types.ObjectId());
  const results = await Promise.all(Array.from({ length: 5 }, () => projectCall(id, 1, { ...base, status: 'created' })));
  expect(results.filter(Boolean)).toHaveLength(1);
  expect(await Call.countDocuments({ _id: id })).toBe(1);
});
