/**
 * A campaign's read model only moves forward, also when its workflow has two states in flight at
 * once: FerretDB checks `seq` and writes as two steps, so the two writes take turns.
 */
import { Types } from 'mongoose';
import { Campaign, projectCampaign } from '../../models/campaign';
import { connectTestDatabase } from '../helpers/servers';

let cleanup: () => Promise<void>;
beforeAll(async () => {
  cleanup = await connectTestDatabase('campaign_projection');
});
afterAll(() => cleanup());

const stats = (completed: number) => ({ total: 10, pending: 10 - completed, completed, failed: 0, suppressed: 0 });
const created = () => ({
  organizationId: new Types.ObjectId(),
  agentId: new Types.ObjectId(),
  agentName: 'A',
  name: 'Renewals',
  timezone: 'Europe/London',
  status: 'running' as const,
  settings: { retryLimit: 1, retryDelayMinutes: 60, concurrency: 2, retryPolicy: {} },
  stats: stats(0),
});

test('of two states written at once, the newer is the one kept, every time', async () => {
  for (let round = 0; round < 20; round += 1) {
    const id = String(new Types.ObjectId());
    expect(await projectCampaign(id, 1, created())).toBe(true);
    // The outcomes (state 2, still running) and the change of status (state 3) land together.
    const [outcomes, status] = await Promise.all([
      projectCampaign(id, 2, { status: 'running', stats: stats(5) }),
      projectCampaign(id, 3, { status: 'scheduled', stats: stats(5) }),
    ]);
    expect(status).toBe(true);
    expect(typeof outcomes).toBe('boolean');
    expect(await Campaign.findById(id).lean()).toMatchObject({ status: 'scheduled', seq: 3, stats: stats(5) });
  }
});
