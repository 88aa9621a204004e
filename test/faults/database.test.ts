/**
 * The database down for 30 s in the middle of a running campaign and direct calls. While it is
 * down the API answers 503 `SERVICE_UNAVAILABLE` in the envelope within its deadline, and the worker
 * process rides it out; once it is back every call completes and nothing is lost or done twice.
 * The file runs its own FerretDB, so crashing it disturbs no other test file.
 */
import { DATABASE_TIMEOUT_MS } from '../../models/connection';
import { expectUnavailable, outageSuite } from '../helpers/faultScenario';
import { privateFerret } from '../helpers/privateServers';

/** What the API does besides waiting for the database, on two busy cores. */
const DEADLINE_MS = DATABASE_TIMEOUT_MS + 3_000;

const suite = outageSuite('faults-db', 'MONGODB_URI', () => privateFerret('faults'));

test('a 30 s database outage mid-campaign: 503s while it lasts, nothing lost after', async () => {
  await suite.outage(30_000, async (api, { key, campaignId, agentId }, outageEnds) => {
    let answered = 0;
    while (Date.now() < outageEnds - DEADLINE_MS) {
      await Promise.all([
        expectUnavailable(() => api.call('GET', '/api/v1/calls', { token: key }), DEADLINE_MS),
        expectUnavailable(() => api.call('GET', `/api/v1/campaigns/${campaignId}`, { token: key }), DEADLINE_MS),
        expectUnavailable(() => api.call('POST', '/api/v1/calls', { token: key, body: { agentId, phoneNumber: '+442079460399' } }), DEADLINE_MS),
      ]);
      answered += 3;
    }
    return answered;
  });
}, 300_000);
