/**
 * The work the fault tests interrupt, and what they check once it is over: a campaign running on the
 * simulated carrier beside a few direct calls; afterwards every call completed, each recipient
 * dialled once per attempt, the ledger charging exactly the calls' minutes, the stats adding up.
 */
import { SCOPES } from '../../api/scopes';
import { callSlotPool } from '../../models/call';
import { CreditEntry, creditBalance } from '../../models/creditEntry';
import { slotsInUse } from '../../models/slot';
import { createTenant, startApi, type ApiResponse, type TestApi, type Tenant } from './app';
import type { PrivateServer } from './privateServers';
import { uniqueName, waitFor } from './servers';
import { workerProcesses } from './workerProcess';

export interface OutageSuite {
  /**
   * Starts the worker (as its own process) and the scenario, crashes the file's server for
   * `outageMs`, runs `during` meanwhile (its checks; it returns how many requests it checked), then
   * starts the server again and checks that /readyz followed, nothing was lost, and the worker
   * process rode the outage out rather than crash. With `readyWithinMs`, /readyz must answer 200
   * that soon after the server is back.
   */
  outage(outageMs: number, during: (api: TestApi, s: Scenario, outageEnds: number) => Promise<number>, readyWithinMs?: number): Promise<void>;
}

/**
 * Registers a test file's beforeAll and afterAll: its own server from `start`, named by `variable`
 * to everything the file starts (the app, the worker process) instead of the suite's, and an app.
 */
export function outageSuite(prefix: string, variable: 'MONGODB_URI' | 'TEMPORAL_ADDRESS', start: () => Promise<PrivateServer>): OutageSuite {
  const env = { TEMPORAL_TASK_QUEUE: uniqueName(prefix), SIMULATED_CALL_PACE_MS: '200' };
  const workers = workerProcesses(env);
  let server: PrivateServer | undefined;
  let api: Awaited<ReturnType<typeof startApi>> | undefined;
  beforeAll(async () => {
    server = await start();
    process.env[variable] = server.address;
    api = await startApi(prefix.replace(/-/g, '_'), env);
  });
  afterAll(async () => {
    workers.killAll();
    await api?.close();
    await server?.stop();
  });
  return {
    async outage(outageMs, during, readyWithinMs) {
      const worker = await workers.start();
      const scenario = await startScenario(api!, { recipients: 12, concurrency: 3, directCalls: 3 });
      await server!.crash();
      const outageEnds = Date.now() + outageMs;
      expect(await during(api!, scenario, outageEnds)).toBeGreaterThanOrEqual(4);
      expect((await api!.call('GET', '/readyz')).status).toBe(503);
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, outageEnds - Date.now())));
      await server!.restart();
      if (readyWithinMs !== undefined) await waitFor(async () => ((await api!.call('GET', '/readyz')).status === 200 ? true : undefined), readyWithinMs);

      await expectNothingLost(api!, scenario).catch((err: Error) => {
        // The worker's own account is the only record of what it waited on: its output is otherwise dropped.
        err.message += `\n\nThe worker's last log lines:\n${workers.logTail(worker)}`;
        throw err;
      });
      expect((await api!.call('GET', '/readyz')).status).toBe(200);
      expect([worker.exitCode, worker.signalCode]).toEqual([null, null]);
    },
  };
}

export interface Scenario {
  tenant: Tenant;
  key: string;
  agentId: string;
  campaignId: string;
  recipients: string[];
  directCallIds: string[];
}

const CREDITS = 200;

/** Numbers the simulated carrier answers and talks on (any valid number not among its test numbers). */
const numbers = (block: string, count: number) => Array.from({ length: count }, (_, i) => `+44207946${block}${String(i).padStart(2, '0')}`);

/** Launches a campaign of `recipients` at `concurrency`, places `directCalls` calls, and waits until the campaign is under way. */
async function startScenario(api: TestApi, options: { recipients: number; concurrency: number; directCalls: number }): Promise<Scenario> {
  // One slot beyond the scenario's own calls: they hold theirs through an outage, and a call the
  // outage's checks place must meet the unreachable server, not the concurrency limit.
  const tenant = await createTenant({ creditMinutes: CREDITS, limits: { maxConcurrentCalls: options.concurrency + options.directCalls + 1 } });
  const key = await tenant.key(SCOPES, { rateLimitPerMinute: 100_000 });
  const agent = await api.call('POST', '/api/v1/agents', { token: key, body: { name: 'Steady', instructions: 'Remind them.', phone: { greeting: 'Hello.' } } });
  expect(agent.status).toBe(201);
  const campaign = await api.call('POST', '/api/v1/campaigns', {
    token: key,
    body: { name: 'Through the outage', agentId: agent.body.id, settings: { concurrency: options.concurrency, retryLimit: 1 } },
  });
  expect(campaign.status).toBe(201);
  const campaignId = campaign.body.id;
  const recipients = numbers('01', options.recipients);
  const imported = await api.call('POST', `/api/v1/campaigns/${campaignId}/recipients`, {
    token: key,
    body: { recipients: recipients.map((phoneNumber) => ({ phoneNumber })) },
  });
  expect(imported.status).toBe(201);
  expect((await api.call('POST', `/api/v1/campaigns/${campaignId}/launch`, { token: key })).status).toBe(200);

  const directCallIds: string[] = [];
  for (const phoneNumber of numbers('02', options.directCalls)) {
    const placed = await api.call('POST', '/api/v1/calls', { token: key, body: { agentId: agent.body.id, phoneNumber } });
    expect(placed.status).toBe(201);
    directCallIds.push(placed.body.id);
  }
  await waitFor(async () => ((await getCampaign(api, key, campaignId)).stats.completed >= 1 ? true : undefined), 60_000);
  return { tenant, key, agentId: agent.body.id, campaignId, recipients, directCallIds };
}

async function getCampaign(api: TestApi, key: string, id: string) {
  const res = await api.call('GET', `/api/v1/campaigns/${id}`, { token: key });
  expect(res.status).toBe(200);
  return res.body;
}

/** Waits for the campaign and the direct calls to finish, then checks that nothing was lost or done twice. */
async function expectNothingLost(api: TestApi, s: Scenario): Promise<void> {
  let last: Record<string, any> | undefined;
  const done = await waitFor(async () => {
    const c = await getCampaign(api, s.key, s.campaignId);
    last = c;
    return c.status === 'completed' ? c : undefined;
  }, 150_000).catch(async (err: Error) => {
    const open = ((await api.call('GET', '/api/v1/calls?limit=100', { token: s.key })).body.data as Array<Record<string, any>>).filter(
      (c) => c.status !== 'completed',
    );
    err.message += `: the campaign is ${last?.status} with ${JSON.stringify(last?.stats)}; calls not completed: ${JSON.stringify(open.map((c) => [c.id, c.status, c.phoneNumber, c.createdAt]))}`;
    throw err;
  });
  const total = s.recipients.length;
  expect(done.stats).toEqual({ total, pending: 0, completed: total, failed: 0, suppressed: 0 });

  const calls = await waitFor(async () => {
    const list = await api.call('GET', '/api/v1/calls?limit=100', { token: s.key });
    const data = list.body.data as Array<Record<string, any>>;
    return data.length === total + s.directCallIds.length && data.every((c) => c.status === 'completed') ? data : undefined;
  }, 60_000);

  // Each recipient dialled once for its one attempt, and each direct call is the one placed.
  const campaignCalls = calls.filter((c) => c.campaignId === s.campaignId);
  expect(campaignCalls.map((c) => `${c.phoneNumber}#${c.attemptNumber}`).sort()).toEqual(s.recipients.map((n) => `${n}#1`));
  expect(
    calls
      .filter((c) => c.campaignId === null)
      .map((c) => c.id)
      .sort(),
  ).toEqual([...s.directCallIds].sort());
  const listed = (await api.call('GET', `/api/v1/campaigns/${s.campaignId}/recipients?limit=100`, { token: s.key })).body.data as Array<Record<string, any>>;
  expect(listed).toHaveLength(total);
  for (const r of listed) {
    expect(r).toMatchObject({ status: 'completed', attempts: 1 });
    expect(campaignCalls.map((c) => c.id)).toContain(r.lastCallId);
  }

  // One charge per connected call, of exactly its minutes, and the balance says the same.
  const charged = calls.reduce((sum, c) => sum + c.chargedMinutes, 0);
  expect(charged).toBeGreaterThan(0);
  const charges = await CreditEntry.find({ organizationId: s.tenant.organizationId, kind: 'charge' }).lean();
  expect(charges.map((e) => e.reference).sort()).toEqual(
    calls
      .filter((c) => c.chargedMinutes > 0)
      .map((c) => `call:${c.id}`)
      .sort(),
  );
  // A POST /calls refused 503 mid-outage may have held a minute that no workflow settles: the
  // worker's reaper gives it back once it finds no workflow for the call. A settlement frees the
  // call's slot just after its minutes, so both are awaited.
  const settled = async () =>
    (await creditBalance(s.tenant.organizationId)).heldMinutes === 0 && (await slotsInUse(callSlotPool(s.tenant.organizationId))) === 0;
  await waitFor(async () => ((await settled()) ? true : undefined), 120_000);
  const usage = await api.call('GET', '/api/v1/usage', { token: s.key });
  expect(usage.body.credits).toEqual({ allocatedMinutes: CREDITS, usedMinutes: charged, heldMinutes: 0, remainingMinutes: CREDITS - charged });
}

/** Sends a request and checks it was answered 503 in the error envelope within `withinMs`. */
export async function expectUnavailable(send: () => Promise<ApiResponse>, withinMs: number): Promise<void> {
  const began = Date.now();
  const res = await send();
  expect(Date.now() - began).toBeLessThan(withinMs);
  expect(res.status).toBe(503);
  expect(res.headers.get('retry-after')).toBe('5');
  expect(res.body).toEqual({
    error: { type: 'api_error', code: 'SERVICE_UNAVAILABLE', message: expect.any(String) },
    request_id: expect.any(String),
  });
}
