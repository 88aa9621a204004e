/**
 * The do-not-call registry is keyed by the key each caller passes, not by one installed in the
 * process: entries written under one key are found under it and under no other, hold no number in
 * the clear, and a contact created under the key finds its number's suppression.
 */
import { randomBytes } from 'node:crypto';
import mongoose, { Types } from 'mongoose';
import { createContact, doNotCallAmong, isDoNotCall, markDoNotCall } from '../../models/contact';
import { connectTestDatabase } from '../helpers/servers';

let cleanup: () => Promise<void>;
beforeAll(async () => {
  cleanup = await connectTestDatabase('do_not_call_key');
});
afterAll(() => cleanup());

const serviceKey = randomBytes(32);
const otherKey = randomBytes(32);

test('an entry is found under the key it was written with, and under no other', async () => {
  const organizationId = new Types.ObjectId();
  await markDoNotCall(serviceKey, organizationId, '+442079460123', 'manual');

  expect(await isDoNotCall(serviceKey, organizationId, '+442079460123')).toBe(true);
  expect(await isDoNotCall(otherKey, organizationId, '+442079460123')).toBe(false);
  expect(await isDoNotCall(serviceKey, new Types.ObjectId(), '+442079460123')).toBe(false);
  expect(await doNotCallAmong(serviceKey, organizationId, ['+442079460123', '+442079460124'])).toEqual(new Set(['+442079460123']));
  expect(await doNotCallAmong(otherKey, organizationId, ['+442079460123'])).toEqual(new Set());

  const entries = await mongoose.connection.collection('donotcallentries').find({ organizationId }).toArray();
  expect(entries).toHaveLength(1);
  expect(JSON.stringify(entries)).not.toContain('442079460123');
});

test('a contact erased while suppressed comes back suppressed only under the same key', async () => {
  const organizationId = new Types.ObjectId();
  await markDoNotCall(serviceKey, organizationId, '+442079460125', 'opted_out_in_call', String(new Types.ObjectId()));
  await mongoose.connection.collection('contacts').deleteMany({ organizationId });

  const again = await createContact(serviceKey, organizationId, '+442079460125', {});
  expect(again).toMatchObject({ doNotCall: true, doNotCallReason: 'opted_out_in_call' });
  await mongoose.connection.collection('contacts').deleteMany({ organizationId });
  const underAnotherKey = await createContact(otherKey, organizationId, '+442079460125', {});
  expect(underAnotherKey).toMatchObject({ doNotCall: false, doNotCallReason: null });
});
