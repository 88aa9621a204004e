/** Proves the Mongoose patterns the service relies on against the real provisioned database. */
import { Slot, claimSlot, releaseSlot, renewSlotLease, slotsInUse, unleasedSlots } from '../../models/slot';
import { connectTestDatabase } from '../helpers/servers';

let cleanup: () => Promise<void>;
beforeAll(async () => {
  cleanup = await connectTestDatabase('slot');
});
afterAll(() => cleanup());
beforeEach(() => Slot.deleteMany({}));

test('the unique index rejects a second document for the same pool and number', async () => {
  await Slot.create({ pool: 'calls:org-1', number: 0, holder: 'call-a' });
  await expect(Slot.create({ pool: 'calls:org-1', number: 0, holder: 'call-b' })).rejects.toMatchObject({ code: 11000 });
  expect(await Slot.countDocuments({ pool: 'calls:org-1' })).toBe(1);
});

test('concurrent claims never take more slots than the capacity', async () => {
  const holders = Array.from({ length: 20 }, (_, i) => `call-${i}`);
  const results = await Promise.all(holders.map((h) => claimSlot('calls:org-2', h, 5)));
  expect(results.filter((r) => r !== null).sort()).toEqual([0, 1, 2, 3, 4]);
  expect(await slotsInUse('calls:org-2')).toBe(5);
});

test('a retried claim returns the holder its own slot instead of a second one', async () => {
  const first = await claimSlot('calls:org-3', 'call-x', 3);
  const again = await Promise.all([claimSlot('calls:org-3', 'call-x', 3), claimSlot('calls:org-3', 'call-x', 3)]);
  expect(again).toEqual([first, first]);
  expect(await slotsInUse('calls:org-3')).toBe(1);
});

test('concurrent first claims by one holder all get the same single slot', async () => {
  const claims = await Promise.all(Array.from({ length: 6 }, () => claimSlot('calls:org-5', 'call-y', 3)));
  expect(new Set(claims).size).toBe(1);
  expect(claims[0]).not.toBeNull();
  expect(await slotsInUse('calls:org-5')).toBe(1);
});

test('a full pool refuses, and a released slot is reused', async () => {
  const numbers: Record<string, number | null> = {};
  for (const h of ['a', 'b', 'c']) numbers[h] = await claimSlot('calls:org-4', h, 3);
  expect(Object.values(numbers).sort()).toEqual([0, 1, 2]);
  expect(await claimSlot('calls:org-4', 'd', 3)).toBeNull();
  expect(await releaseSlot('calls:org-4', 'a')).toBe(true);
  expect(await releaseSlot('calls:org-4', 'a')).toBe(false);
  expect(await claimSlot('calls:org-4', 'd', 3)).toBe(numbers.a);
  expect(await claimSlot('calls:org-4', 'e', 3)).toBeNull();
});

test('countDocuments with sort, skip and limit pages through a filtered set', async () => {
  await Slot.insertMany(Array.from({ length: 12 }, (_, i) => ({ pool: 'paged', number: i, holder: `h${i}` })));
  await Slot.create({ pool: 'other', number: 0, holder: 'h' });
  const page = (n: number, limit: number) =>
    Slot.find({ pool: 'paged' })
      .sort({ number: -1 })
      .skip((n - 1) * limit)
      .limit(limit)
      .lean();
  expect(await Slot.countDocuments({ pool: 'paged' })).toBe(12);
  expect((await page(1, 5)).map((d) => d.number)).toEqual([11, 10, 9, 8, 7]);
  expect((await page(3, 5)).map((d) => d.number)).toEqual([1, 0]);
  expect(await page(4, 5)).toEqual([]);
});

test('slots due a check: those of the named pools taken before the grace, unless under lease', async () => {
  const now = new Date();
  const old = new Date(now.getTime() - 60_000);
  await Slot.insertMany([
    { pool: 'calls:org-6', number: 0, holder: 'old', createdAt: old },
    { pool: 'calls:org-7', number: 0, holder: 'leased', createdAt: old },
    { pool: 'calls:org-7', number: 1, holder: 'lease-over', createdAt: old, leaseUntil: new Date(now.getTime() - 1) },
    { pool: 'calls:org-7', number: 2, holder: 'young', createdAt: now },
    { pool: 'agents:org-6', number: 0, holder: 'other-pool', createdAt: old },
  ]);
  await renewSlotLease('calls:org-7', 'leased', new Date(now.getTime() + 20_000));
  // A lease renewed for a slot released meanwhile brings nothing back.
  await renewSlotLease('calls:org-7', 'released', new Date(now.getTime() + 20_000));
  const due = await unleasedSlots('calls:', new Date(now.getTime() - 30_000), now);
  expect(due.map((s) => s.holder).sort()).toEqual(['lease-over', 'old']);
  expect(await slotsInUse('calls:org-7')).toBe(3);
});
