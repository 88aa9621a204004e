/**
 * The Temporal server crashed in the middle of a running campaign and direct calls, and started
 * again on its state on disk. While it is down reads (the read model) still answer and what needs
 * a workflow answers 503 `SERVICE_UNAVAILABLE` in the envelope within seconds; the worker process
 * rides it out, and once the server is back every call completes with nothing lost or done twice.
 * The file runs its own Temporal dev server, so crashing it disturbs no other test file.
 */
import { expectUnavailable, outageSuite } from '../helpers/faultScenario';
import { privateTemporal } from '../helpers/privateServers';

/** The API's client gives up on an unreachable server after about 3 s of retries (api/temporal.ts). */
const DEADLINE_MS = 8_000;
/**
 * Ready again within seconds of the server's return: with gRPC's default reconnect backoff the API's
 * channel stayed down for about 11 s after it (lib/temporalChannel.ts).
 */
const READY_WITHIN_MS = 5_000;

const suite = outageSuite('faults-temporal', 'TEMPORAL_ADDRESS', privateTemporal);

test('a Temporal server restart mid-campaign: 503s for workflow messages, nothing lost after', async () => {
  await suite.outage(
    20_000,
    async (api, { key, campaignId, agentId }, outageEnds) => {
      let answered = 0;
      while (Date.now() < outageEnds - DEADLINE_MS) {
        const [calls, campaign] = await Promise.all([
          // The read model answers without Temporal.
          api.call('GET', '/api/v1/calls', { token: key }),
          api.call('GET', `/api/v1/campaigns/${campaignId}`, { token: key }),
          expectUnavailable(() => api.call('POST', '/api/v1/calls', { token: key, body: { agentId, phoneNumber: '+442079460399' } }), DEADLINE_MS),
          expectUnavailable(() => api.call('POST', `/api/v1/campaigns/${campaignId}/pause`, { token: key }), DEADLINE_MS),
        ]);
        expect([calls.status, campaign.status, campaign.body.status]).toEqual([200, 200, 'running']);
        answered += 2;
      }
      return answered;
    },
    READY_WITHIN_MS,
  );
}, 300_000);
