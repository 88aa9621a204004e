/**
 * The credit ledger on the real provisioned database: numbered entries that each carry the totals
 * after them, written by concurrent writers without a lost or doubled minute, read back by a lookup
 * of the newest entry, and starting from the entries written before the numbering.
 */
import { Types } from 'mongoose';
import { CreditEntry, byokUsedMinutes, creditBalance, grantCredits, holdMinute, recordUsage } from '../../models/creditEntry';
import { connectTestDatabase } from '../helpers/servers';

let cleanup: () => Promise<void>;
beforeAll(async () => {
  cleanup = await connectTestDatabase('credit_ledger');
});
afterAll(() => cleanup());

const newOrganization = () => String(new Types.ObjectId());
const numbered = (organizationId: string) =>
  CreditEntry.find({ organizationId, seq: { $exists: true } })
    .sort({ seq: 1 })
    .lean();

test('concurrent writers number the entries without gaps, each carrying the totals after it', async () => {
  const org = newOrganization();
  await grantCredits(org, 100, 'admin:first');
  await Promise.all([
    ...Array.from({ length: 30 }, (_, i) => recordUsage({ organizationId: org, minutes: (i % 3) + 1, reference: `call:${i}`, byok: false })),
    ...Array.from({ length: 5 }, (_, i) => recordUsage({ organizationId: org, minutes: 2, reference: `interview:${i}`, byok: true })),
    grantCredits(org, 50, 'admin:second'),
  ]);
  const entries = await numbered(org);
  expect(entries.map((e) => e.seq)).toEqual(Array.from({ length: 37 }, (_, i) => i + 1));
  const running = { grant: 0, charge: 0, byok_usage: 0, hold: 0 };
  for (const e of entries) {
    running[e.kind as keyof typeof running] += e.minutes;
    expect(e._id).toBe(`${org}:${e.seq}`);
    expect(e.totals).toEqual(running);
  }
  expect(running).toEqual({ grant: 150, charge: 60, byok_usage: 10, hold: 0 });
  expect(await creditBalance(org)).toEqual({ allocatedMinutes: 150, usedMinutes: 60, heldMinutes: 0, remainingMinutes: 90 });
  expect(await byokUsedMinutes(org)).toBe(10);
});

test('a charge retried, at once or later, is recorded once', async () => {
  const org = newOrganization();
  await grantCredits(org, 10, 'admin:grant');
  const charge = () => recordUsage({ organizationId: org, minutes: 4, reference: 'call:retried', byok: false });
  await Promise.all([charge(), charge(), charge()]);
  await charge();
  await grantCredits(org, 10, 'admin:grant');
  expect((await numbered(org)).map((e) => [e.kind, e.reference])).toEqual([
    ['grant', 'admin:grant'],
    ['charge', 'call:retried'],
  ]);
  expect(await creditBalance(org)).toEqual({ allocatedMinutes: 10, usedMinutes: 4, heldMinutes: 0, remainingMinutes: 6 });
});

test('a balance finds the newest entry from nothing known, and sees what another process wrote', async () => {
  // Written straight into the collection, as another process would: this process has not seen this organization.
  const org = newOrganization();
  const entry = (seq: number) => ({
    _id: `${org}:${seq}`,
    organizationId: new Types.ObjectId(org),
    kind: 'grant',
    minutes: 1,
    reference: `admin:${seq}`,
    seq,
    totals: { grant: seq, charge: 0, byok_usage: 0 },
  });
  await CreditEntry.collection.insertMany(Array.from({ length: 37 }, (_, i) => entry(i + 1)) as never[]);
  expect((await creditBalance(org)).allocatedMinutes).toBe(37);
  await CreditEntry.collection.insertMany([entry(38), entry(39)] as never[]);
  expect((await creditBalance(org)).allocatedMinutes).toBe(39);
  await recordUsage({ organizationId: org, minutes: 5, reference: 'call:after', byok: false });
  expect(await CreditEntry.findById(`${org}:40`).lean()).toMatchObject({ kind: 'charge', totals: { grant: 39, charge: 5, byok_usage: 0, hold: 0 } });
  expect(await creditBalance(org)).toEqual({ allocatedMinutes: 39, usedMinutes: 5, heldMinutes: 0, remainingMinutes: 34 });
});

test('a process that has not looked for a while finds the newest entry in a few lookups, not one per entry since', async () => {
  const org = newOrganization();
  await grantCredits(org, 1, 'admin:1');
  const entry = (seq: number) => ({
    _id: `${org}:${seq}`,
    organizationId: new Types.ObjectId(org),
    kind: 'charge',
    minutes: 1,
    reference: `call:${seq}`,
    seq,
    totals: { grant: 1, charge: seq - 1, byok_usage: 0 },
  });
  await CreditEntry.collection.insertMany(Array.from({ length: 999 }, (_, i) => entry(i + 2)) as never[]);
  const lookups = jest.spyOn(CreditEntry, 'findById');
  try {
    expect((await creditBalance(org)).usedMinutes).toBe(999);
    expect(lookups.mock.calls.length).toBeLessThanOrEqual(2 * Math.ceil(Math.log2(1000)) + 1);
    lookups.mockClear();
    expect((await creditBalance(org)).usedMinutes).toBe(999);
    expect(lookups).toHaveBeenCalledTimes(1);
  } finally {
    lookups.mockRestore();
  }
});

test('entries written before the numbering are where the totals start', async () => {
  const org = newOrganization();
  const legacy = (kind: string, minutes: number, reference: string) => ({
    organizationId: new Types.ObjectId(org),
    kind,
    minutes,
    reference,
    createdAt: new Date(),
  });
  await CreditEntry.collection.insertMany([
    legacy('grant', 60, 'admin:old'),
    legacy('charge', 7, 'call:old-1'),
    legacy('charge', 3, 'call:old-2'),
    legacy('byok_usage', 4, 'call:old-3'),
  ] as never[]);
  expect(await creditBalance(org)).toEqual({ allocatedMinutes: 60, usedMinutes: 10, heldMinutes: 0, remainingMinutes: 50 });
  await recordUsage({ organizationId: org, minutes: 2, reference: 'call:new', byok: false });
  // A charge recorded before the numbering is still recorded once.
  await recordUsage({ organizationId: org, minutes: 7, reference: 'call:old-1', byok: false });
  expect(await numbered(org)).toEqual([expect.objectContaining({ seq: 1, reference: 'call:new', totals: { grant: 60, charge: 12, byok_usage: 4, hold: 0 } })]);
  expect(await creditBalance(org)).toEqual({ allocatedMinutes: 60, usedMinutes: 12, heldMinutes: 0, remainingMinutes: 48 });
  expect(await byokUsedMinutes(org)).toBe(4);
});

test('holds never take the balance below zero: of ten concurrent holds on three minutes left, three are taken', async () => {
  const org = newOrganization();
  await grantCredits(org, 3, 'admin:grant');
  const held = await Promise.all(Array.from({ length: 10 }, (_, i) => holdMinute(org, `call:${i}`, 1)));
  expect(held.filter(Boolean)).toHaveLength(3);
  expect(await creditBalance(org)).toEqual({ allocatedMinutes: 3, usedMinutes: 0, heldMinutes: 3, remainingMinutes: 0 });
  // A retried hold finds its own, even with nothing left.
  const holder = held.indexOf(true);
  expect(await holdMinute(org, `call:${holder}`, 1)).toBe(true);
  expect(await holdMinute(org, `call:${holder}`, 2)).toBe(false);
  expect((await creditBalance(org)).heldMinutes).toBe(3);
});

test('a settlement charges and releases every minute its conversation held, once, in one entry', async () => {
  const org = newOrganization();
  await grantCredits(org, 5, 'admin:grant');
  expect(await holdMinute(org, 'call:a', 1)).toBe(true);
  expect(await holdMinute(org, 'call:a', 2)).toBe(true);
  expect(await holdMinute(org, 'call:b', 1)).toBe(true);
  expect(await creditBalance(org)).toEqual({ allocatedMinutes: 5, usedMinutes: 0, heldMinutes: 3, remainingMinutes: 2 });
  await Promise.all([
    recordUsage({ organizationId: org, minutes: 2, reference: 'call:a', byok: false }),
    recordUsage({ organizationId: org, minutes: 2, reference: 'call:a', byok: false }),
  ]);
  expect(await CreditEntry.findOne({ organizationId: org, reference: 'call:a' }).lean()).toMatchObject({ kind: 'charge', minutes: 2, released: 2 });
  expect(await creditBalance(org)).toEqual({ allocatedMinutes: 5, usedMinutes: 2, heldMinutes: 1, remainingMinutes: 2 });
  // An unanswered call: nothing charged, its minute given back.
  await recordUsage({ organizationId: org, minutes: 0, reference: 'call:b', byok: false });
  expect(await creditBalance(org)).toEqual({ allocatedMinutes: 5, usedMinutes: 2, heldMinutes: 0, remainingMinutes: 3 });
});

test('a burst of holds and charges for one organization is written in batches, numbered without gaps, never below zero', async () => {
  const org = newOrganization();
  await grantCredits(org, 50, 'admin:grant');
  for (let i = 0; i < 20; i += 1) expect(await holdMinute(org, `interview:${i}`, 1)).toBe(true);
  const inserts = jest.spyOn(CreditEntry.collection, 'insertMany');
  try {
    const held = await Promise.all([
      ...Array.from({ length: 80 }, (_, i) => holdMinute(org, `call:${i}`, 1)),
      // Each interview's settlement charges the minute it held and releases it: the balance does not move.
      ...Array.from({ length: 20 }, (_, i) => recordUsage({ organizationId: org, minutes: 1, reference: `interview:${i}`, byok: false }).then(() => 'charged')),
    ]);
    // 50 minutes: 20 charged and 30 held, whatever order the burst was written in.
    expect(held.filter((h) => h === true)).toHaveLength(30);
    expect(inserts.mock.calls.length).toBeLessThan(20);
  } finally {
    inserts.mockRestore();
  }
  const entries = await numbered(org);
  expect(entries.map((e) => e.seq)).toEqual(Array.from({ length: entries.length }, (_, i) => i + 1));
  expect(entries.every((e) => (e.totals?.grant ?? 0) - (e.totals?.charge ?? 0) - (e.totals?.hold ?? 0) >= 0)).toBe(true);
  expect(await creditBalance(org)).toEqual({ allocatedMinutes: 50, usedMinutes: 20, heldMinutes: 30, remainingMinutes: 0 });
});

test('a batch whose number another process took first is placed again after the new head', async () => {
  const org = newOrganization();
  await grantCredits(org, 5, 'admin:grant');
  // Another process's writer takes the next number behind this process's back.
  await CreditEntry.collection.insertOne({
    _id: `${org}:2`,
    organizationId: new Types.ObjectId(org),
    kind: 'grant',
    minutes: 1,
    reference: 'admin:elsewhere',
    seq: 2,
    totals: { grant: 6, charge: 0, byok_usage: 0, hold: 0 },
  } as never);
  const held = await Promise.all(Array.from({ length: 8 }, (_, i) => holdMinute(org, `call:${i}`, 1)));
  expect(held.filter(Boolean)).toHaveLength(6);
  expect(await creditBalance(org)).toEqual({ allocatedMinutes: 6, usedMinutes: 0, heldMinutes: 6, remainingMinutes: 0 });
  expect((await numbered(org)).map((e) => e.seq)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
});
