/** The analytics rollups' exactly-once folding, against the real database (FerretDB's non-atomic updates included). */
import { Types } from 'mongoose';
import { AnalyticsDay, AnalyticsEntry, cellsOf, countCallEnded, dayId } from '../../models/analytics';
import { sectionsOf, type Cell } from '../../models/analyticsCells';
import type { CallRecord } from '../../models/call';
import { connectTestDatabase } from '../helpers/servers';

let cleanup: () => Promise<void>;
beforeAll(async () => {
  cleanup = await connectTestDatabase('analytics');
});
afterAll(() => cleanup());

const organizationId = new Types.ObjectId();
const agentId = new Types.ObjectId();
const at = new Date('2026-03-10T10:20:00Z');

const ended = (durationSeconds: number) =>
  ({
    _id: new Types.ObjectId(),
    organizationId,
    agentId,
    campaignId: null,
    createdAt: at,
    startedAt: at,
    disposition: 'completed',
    durationSeconds,
    chargedMinutes: Math.ceil(durationSeconds / 60),
  }) as unknown as CallRecord;

const sumsOf = async (day = '2026-03-10') => {
  const [{ cells }] = await cellsOf('calls', String(organizationId), [{ day, section: 'fine' }]);
  const sums = new Map<string, number>();
  for (const c of cells) for (const [name, n] of c.v) sums.set(name, (sums.get(name) ?? 0) + n);
  return { cells, sums };
};

test('concurrent ends of many calls, each counted twice at once, are each counted exactly once', async () => {
  const calls = Array.from({ length: 30 }, (_, i) => ended(30 + i));
  await Promise.all(calls.flatMap((call) => [countCallEnded(call), countCallEnded(call)]));
  const { cells, sums } = await sumsOf();
  // Every call falls in one quarter-hour (10:15-10:30) of the UTC day, with the same dimensions.
  expect(cells).toHaveLength(1);
  expect(cells[0]).toMatchObject({ q: 41, k: 'end', agent: String(agentId), campaign: null, disposition: 'completed' });
  expect(sums.get('calls')).toBe(30);
  expect(sums.get('connected')).toBe(30);
  expect(sums.get('seconds')).toBe(calls.reduce((s, c) => s + c.durationSeconds!, 0));
  expect(sums.get('chargedMinutes')).toBe(calls.reduce((s, c) => s + c.chargedMinutes!, 0));
  expect(await AnalyticsEntry.countDocuments({ organizationId, folded: false })).toBe(0);
}, 60_000);

test('a fold interrupted between its two writes is finished by the next fold, not repeated', async () => {
  const day = '2026-03-11';
  const id = dayId('calls', String(organizationId), day);
  const call = { ...ended(90), createdAt: new Date(`${day}T08:00:00Z`) } as CallRecord;
  const cell: Cell = {
    q: 32,
    k: 'end',
    agent: String(agentId),
    campaign: null,
    disposition: 'completed',
    outcome: null,
    v: [
      ['calls', 1],
      ['seconds', 90],
    ],
  };
  // As a crash leaves it: the entry recorded and added to its day, not yet marked folded.
  await AnalyticsEntry.create({ _id: `call:${call._id}`, organizationId, day, cell: JSON.stringify(cell) });
  await AnalyticsDay.create({ _id: id, fine: sectionsOf([cell]).fine, pending: [`call:${call._id}`] });

  await countCallEnded(call);
  expect((await sumsOf(day)).sums.get('calls')).toBe(1);
  expect(await AnalyticsEntry.findById(`call:${call._id}`).lean()).toMatchObject({ folded: true });

  // Another call's fold moves `pending` on; the first call's retry still adds nothing.
  await countCallEnded({ ...ended(10), createdAt: new Date(`${day}T08:05:00Z`) } as CallRecord);
  await countCallEnded(call);
  const { sums } = await sumsOf(day);
  expect(sums.get('calls')).toBe(2);
  expect(sums.get('seconds')).toBe(100);
});
