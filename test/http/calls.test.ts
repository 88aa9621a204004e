/**
 * Calls end to end on the real stack: the API, a worker running the call and simulated-line
 * workflows on the Temporal dev server, the simulated carrier and LLM, and FerretDB.
 */
import { WorkflowNotFoundError } from '@temporalio/common';
import { SCOPES } from '../../api/scopes';
import { Agent } from '../../models/agent';
import { callSlotPool } from '../../models/call';
import { grantCredits } from '../../models/creditEntry';
import { slotsInUse } from '../../models/slot';
import { answeredAtDeadline, createTenant, settledReport, startApi, type Tenant } from '../helpers/app';
import { uniqueName, waitFor } from '../helpers/servers';
import { runWorker, signalsIn, type RunningWorker } from '../helpers/worker';
import { callHangupSignal, callWorkflowId, simulatedLineWorkflowId } from '../../workflows/definitions';

// The tests poll calls until they complete: keys get a rate limit the polling cannot reach.
const POLLING = [SCOPES, { rateLimitPerMinute: 100_000 }] as const;
const taskQueue = uniqueName('calls');
const env = { TEMPORAL_TASK_QUEUE: taskQueue, SIMULATED_CALL_PACE_MS: '50', RING_TIMEOUT_SECONDS: '2' };
let api: Awaited<ReturnType<typeof startApi>>;
let worker: RunningWorker;
let tenant: Tenant;
let key: string;
let agentId: string;

beforeAll(async () => {
  api = await startApi('calls', env);
  worker = await runWorker(env);
  tenant = await createTenant({ creditMinutes: 100, limits: { maxConcurrentCalls: 3 } });
  key = await tenant.key(...POLLING);
  const agent = await api.call('POST', '/api/v1/agents', {
    token: key,
    body: {
      name: 'Renewals',
      instructions: 'You call {{firstName}} about the renewal of their {{product}}.',
      phone: { greeting: 'Hi {{firstName}}, this is the renewals desk.', requiredContactFields: ['email'], outcomeLabels: ['renew', 'cancel'] },
    },
  });
  agentId = agent.body.id;
}, 120_000);
afterAll(async () => {
  await worker?.stop();
  await api?.close();
});

const place = (body: Record<string, unknown>, token = key) =>
  api.call('POST', '/api/v1/calls', { token, body: { agentId, variables: { firstName: 'Ada', product: 'plan' }, ...body } });

async function untilCompleted(id: string) {
  return waitFor(async () => {
    const res = await api.call('GET', `/api/v1/calls/${id}`, { token: key });
    return res.body.status === 'completed' ? res.body : undefined;
  }, 30_000);
}

test('an answered call completes with a transcript, a charge and a report derived from it', async () => {
  const placed = await place({ phoneNumber: '+442079460001', externalRef: 'crm-1', contactName: 'Ada' });
  expect(placed.status).toBe(201);
  expect(placed.body).toMatchObject({
    object: 'call',
    status: 'created',
    agentId,
    agentName: 'Renewals',
    phoneNumber: '+442079460001',
    externalRef: 'crm-1',
    disposition: null,
    reportId: null,
  });

  const done = await untilCompleted(placed.body.id);
  expect(done).toMatchObject({ disposition: 'completed', startedAt: expect.any(String), endedAt: expect.any(String) });
  // A connected call has started its first minute, however short.
  expect(done.chargedMinutes).toBe(Math.max(1, Math.ceil(done.durationSeconds / 60)));

  const transcript = await api.call('GET', `/api/v1/calls/${placed.body.id}/transcript`, { token: key });
  expect(transcript.body.object).toBe('call_transcript');
  expect(transcript.body.data[0]).toMatchObject({ role: 'agent', text: 'Hi Ada, this is the renewals desk.' });
  expect(transcript.body.data.some((t: { role: string }) => t.role === 'contact')).toBe(true);

  const report = await waitFor(async () => {
    const res = await api.call('GET', `/api/v1/calls/${placed.body.id}/report`, { token: key });
    return res.status === 200 ? res.body : undefined;
  }, 30_000);
  const contactText = transcript.body.data
    .filter((t: { role: string }) => t.role === 'contact')
    .map((t: { text: string }) => t.text)
    .join(' ');
  expect(report).toMatchObject({ object: 'call_report', callId: placed.body.id, externalRef: 'crm-1', disposition: 'completed' });
  expect(contactText).toContain(report.capturedFields.email);
  expect(['renew', 'cancel']).toContain(report.outcome);
  expect(contactText.toLowerCase()).toContain(report.outcome);

  const usage = await api.call('GET', '/api/v1/usage', { token: key });
  expect(usage.body.credits.usedMinutes).toBeGreaterThanOrEqual(done.chargedMinutes);
  // The agent's first completed call, counted shortly after it ended.
  await waitFor(async () => ((await api.call('GET', `/api/v1/agents/${agentId}`, { token: key })).body.sessionsCount === 1 ? true : undefined));
});

test.each([
  ['+442079460002', 'no_answer'],
  ['+442079460003', 'busy'],
  ['+442079460004', 'voicemail'],
  ['+442079460006', 'contact_hung_up'],
  ['+442079460008', 'failed'],
])('%s ends as %s and charges nothing unless it connected', async (phoneNumber, disposition) => {
  const placed = await place({ phoneNumber });
  expect(placed.status).toBe(201);
  const done = await untilCompleted(placed.body.id);
  expect(done.disposition).toBe(disposition);
  if (disposition !== 'contact_hung_up') expect(done.chargedMinutes).toBe(0);
});

test('a carrier refusal is 400 or 502 and leaves no call behind', async () => {
  const rejected = await place({ phoneNumber: '+442079460005' });
  expect(rejected.status).toBe(400);
  expect(rejected.body.error).toMatchObject({ code: 'CARRIER_REJECTED', param: 'body.phoneNumber' });
  const unavailable = await place({ phoneNumber: '+442079460009' });
  expect(unavailable.status).toBe(502);
  expect(unavailable.body.error).toMatchObject({ type: 'api_error', code: 'CARRIER_UNAVAILABLE' });
  const list = await api.call('GET', '/api/v1/calls?limit=100', { token: key });
  expect(list.body.data.map((c: { phoneNumber: string }) => c.phoneNumber)).not.toContain('+442079460005');
});

test('hangup ends an active call; a completed call answers 409', async () => {
  const placed = await place({ phoneNumber: '+442079460007' });
  await waitFor(async () => ((await api.call('GET', `/api/v1/calls/${placed.body.id}`, { token: key })).body.status === 'active' ? true : undefined));
  const hung = await api.call('POST', `/api/v1/calls/${placed.body.id}/hangup`, { token: key });
  expect(hung.status).toBe(200);
  const done = await untilCompleted(placed.body.id);
  expect(done.disposition).toBe('hangup_requested');
  const again = await api.call('POST', `/api/v1/calls/${placed.body.id}/hangup`, { token: key });
  expect(again.status).toBe(409);
  expect(again.body.error).toMatchObject({ type: 'conflict_error', code: 'INVALID_STATE_TRANSITION' });
});

test('an agent with a call in progress cannot be deleted: 409 AGENT_IN_USE naming the call, until the call has ended', async () => {
  const agent = await api.call('POST', '/api/v1/agents', { token: key, body: { name: uniqueName('Busy line'), instructions: 'You call about a parcel.' } });
  const placed = await place({ agentId: agent.body.id, phoneNumber: '+442079460007', variables: {} });
  expect(placed.status).toBe(201);
  const remove = () => api.call('DELETE', `/api/v1/agents/${agent.body.id}`, { token: key });
  const inUse = {
    type: 'conflict_error',
    code: 'AGENT_IN_USE',
    param: 'path.id',
    message: `The call ${placed.body.id} to +442079460007 is in progress with this agent: hang it up or wait for it to end before deleting the agent.`,
  };
  // Refused from the placement's answer on (`created`), and while the call talks (`active`).
  expect(await remove()).toMatchObject({ status: 409, body: { error: inUse } });
  await waitFor(async () => ((await api.call('GET', `/api/v1/calls/${placed.body.id}`, { token: key })).body.status === 'active' ? true : undefined));
  expect(await remove()).toMatchObject({ status: 409, body: { error: inUse } });
  expect((await api.call('GET', `/api/v1/agents/${agent.body.id}`, { token: key })).status).toBe(200);

  await api.call('POST', `/api/v1/calls/${placed.body.id}/hangup`, { token: key });
  await untilCompleted(placed.body.id);
  expect((await remove()).status).toBe(200);
});

test('a call whose agent is deleted before its analysis has no report: 409 REPORT_UNAVAILABLE saying so, not 202 for ever', async () => {
  const agent = await api.call('POST', '/api/v1/agents', { token: key, body: { name: uniqueName('Gone'), instructions: 'You call about a parcel.' } });
  const placed = await place({ agentId: agent.body.id, phoneNumber: '+442079460007', variables: {} });
  await waitFor(async () => ((await api.call('GET', `/api/v1/calls/${placed.body.id}`, { token: key })).body.status === 'active' ? true : undefined));
  // What a deletion does that passed its check just before the call was recorded: the agent is gone under the live call.
  await Agent.deleteOne({ _id: agent.body.id });
  await api.call('POST', `/api/v1/calls/${placed.body.id}/hangup`, { token: key });
  expect(await untilCompleted(placed.body.id)).toMatchObject({ disposition: 'hangup_requested', reportId: null });

  const refused = await settledReport(api, `/api/v1/calls/${placed.body.id}/report`, key);
  expect(refused).toMatchObject({ status: 409, body: { error: { type: 'conflict_error', code: 'REPORT_UNAVAILABLE', param: 'path.id' } } });
  expect(refused.body.error.message).toBe("This call's agent was deleted before its report was written, so it has no report and never will.");
  expect((await api.call('GET', `/api/v1/calls/${placed.body.id}`, { token: key })).body.reportId).toBeNull();
});

test.each([
  [{ phoneNumber: '12345' }, 'body.phoneNumber'],
  [{ phoneNumber: '+1234' }, 'body.phoneNumber'],
  [{ agentId: '0123456789abcdef01234567' }, 'body.agentId'],
  [{ variables: { firstName: 'Ada' } }, 'body.variables.product'],
  [{ variables: { firstName: 'Ada', product: 'x', extra: 'y' } }, 'body.variables.extra'],
  [{ unknown: 1 }, 'body.unknown'],
])('placing with %j is a 400 naming %s', async (change, param) => {
  const res = await place({ phoneNumber: '+442079460001', ...change });
  expect(res.status).toBe(400);
  expect(res.body.error).toMatchObject({ code: 'VALIDATION_ERROR', param });
});

test('no credit left is 402; the concurrency limit is 429 until a call ends', async () => {
  const broke = await createTenant({ creditMinutes: 0 });
  const brokeKey = await broke.key(...POLLING);
  const brokeAgent = (await api.call('POST', '/api/v1/agents', { token: brokeKey, body: { name: 'A', instructions: 'Hi' } })).body;
  const refused = await api.call('POST', '/api/v1/calls', { token: brokeKey, body: { agentId: brokeAgent.id, phoneNumber: '+442079460001' } });
  expect(refused.status).toBe(402);
  expect(refused.body.error).toMatchObject({ type: 'billing_error', code: 'INSUFFICIENT_CREDITS' });
  // Calls share a second-old balance, but a refusal reads the ledger again: a top-up counts at once.
  await grantCredits(broke.organizationId, 5, uniqueName('topup'));
  const toppedUp = await api.call('POST', '/api/v1/calls', { token: brokeKey, body: { agentId: brokeAgent.id, phoneNumber: '+442079460001' } });
  expect(toppedUp.status).toBe(201);

  const busy = await createTenant({ creditMinutes: 10, limits: { maxConcurrentCalls: 1 } });
  const busyKey = await busy.key(...POLLING);
  const busyAgent = (await api.call('POST', '/api/v1/agents', { token: busyKey, body: { name: 'B', instructions: 'Hi' } })).body;
  const first = await api.call('POST', '/api/v1/calls', { token: busyKey, body: { agentId: busyAgent.id, phoneNumber: '+442079460007' } });
  expect(first.status).toBe(201);
  const second = await api.call('POST', '/api/v1/calls', { token: busyKey, body: { agentId: busyAgent.id, phoneNumber: '+442079460001' } });
  expect(second.status).toBe(429);
  expect(second.body.error).toMatchObject({ type: 'rate_limit_error', code: 'CONCURRENCY_LIMIT_EXCEEDED' });
  expect(Number(second.headers.get('retry-after'))).toBeGreaterThan(0);
  await api.call('POST', `/api/v1/calls/${first.body.id}/hangup`, { token: busyKey });
  await waitFor(async () => {
    const res = await api.call('POST', '/api/v1/calls', { token: busyKey, body: { agentId: busyAgent.id, phoneNumber: '+442079460001' } });
    return res.status === 201 ? res : undefined;
  }, 20_000);
});

test("another organization's call ids are 404 on every call route", async () => {
  const placed = await place({ phoneNumber: '+442079460001' });
  const other = await (await createTenant()).key(...POLLING);
  for (const [method, path] of [
    ['GET', ''],
    ['GET', '/transcript'],
    ['GET', '/report'],
    ['POST', '/hangup'],
  ]) {
    const res = await api.call(method, `/api/v1/calls/${placed.body.id}${path}`, { token: other });
    expect(res.status).toBe(404);
  }
  const list = await api.call('GET', '/api/v1/calls', { token: other });
  expect(list.body.pagination.total).toBe(0);
});

test('list filters by agent and status and pages newest first', async () => {
  const t = await createTenant({ creditMinutes: 10, limits: { maxConcurrentCalls: 5 } });
  const k = await t.key(...POLLING);
  const mk = async (name: string) => (await api.call('POST', '/api/v1/agents', { token: k, body: { name, instructions: 'Hi' } })).body.id;
  const [a1, a2] = [await mk('One'), await mk('Two')];
  const ids: string[] = [];
  for (const [agent, phoneNumber] of [
    [a1, '+442079460003'],
    [a1, '+442079460003'],
    [a2, '+442079460003'],
  ]) {
    const res = await api.call('POST', '/api/v1/calls', { token: k, body: { agentId: agent, phoneNumber } });
    expect(res.status).toBe(201);
    ids.push(res.body.id);
  }
  await waitFor(async () => ((await api.call('GET', '/api/v1/calls?status=completed', { token: k })).body.pagination.total === 3 ? true : undefined));
  const byAgent = await api.call('GET', `/api/v1/calls?agentId=${a1}&limit=1`, { token: k });
  expect(byAgent.body).toMatchObject({ object: 'list', dataType: 'call', pagination: { total: 2, totalPages: 2, hasMore: true } });
  expect(byAgent.body.data.map((c: { id: string }) => c.id)).toEqual([ids[1]]);
  const page2 = await api.call('GET', `/api/v1/calls?agentId=${a1}&limit=1&page=2`, { token: k });
  expect(page2.body.data.map((c: { id: string }) => c.id)).toEqual([ids[0]]);
  expect((await api.call('GET', '/api/v1/calls?status=active', { token: k })).body.pagination.total).toBe(0);
  expect((await api.call('GET', '/api/v1/calls?status=ringing', { token: k })).body.error.param).toBe('query.status');
  expect((await api.call('GET', '/api/v1/calls?agentId=nope', { token: k })).body.error.param).toBe('query.agentId');
});

test('hangup while ringing ends the call as hangup_requested without charge', async () => {
  const placed = await place({ phoneNumber: '+442079460002' });
  const hung = await api.call('POST', `/api/v1/calls/${placed.body.id}/hangup`, { token: key });
  expect(hung.status).toBe(200);
  const done = await untilCompleted(placed.body.id);
  expect(done).toMatchObject({ disposition: 'hangup_requested', chargedMinutes: 0, startedAt: null });
});

test('with no worker to dial, POST /calls gives up with 504 and leaves nothing behind; the next worker never dials it', async () => {
  const queueEnv = { ...env, TEMPORAL_TASK_QUEUE: uniqueName('no-worker') };
  const orphan = await api.extraApp({ ...queueEnv, DIAL_TIMEOUT_SECONDS: '2' });
  const t = await createTenant({ creditMinutes: 10, limits: { maxConcurrentCalls: 1 } });
  const k = await t.key(...POLLING);
  const agent = (await orphan.call('POST', '/api/v1/agents', { token: k, body: { name: 'Lonely', instructions: 'Hi' } })).body;
  const externalRef = uniqueName('abandoned');
  const res = await orphan.call('POST', '/api/v1/calls', { token: k, body: { agentId: agent.id, phoneNumber: '+442079460001', externalRef } });
  expect(res.status).toBe(504);
  expect(res.body.error).toMatchObject({ type: 'api_error', code: 'DIAL_TIMEOUT' });
  expect((await orphan.call('GET', '/api/v1/calls', { token: k })).body.pagination.total).toBe(0);
  expect(await slotsInUse(callSlotPool(t.organizationId))).toBe(0);

  // The workflow was left to a worker, not terminated: the one that comes runs it without dialling.
  const late = await runWorker(queueEnv);
  try {
    const workflowId = await waitFor(async () => {
      for await (const e of late.client.workflow.list({ query: `ExternalRef = "${externalRef}" AND ExecutionStatus = "Completed"` })) return e.workflowId;
      return undefined;
    }, 30_000);
    expect(await late.client.workflow.getHandle(workflowId).result()).toEqual({ status: 'dialing', abandoned: true });
    // The simulated carrier starts a line for every dial it takes.
    const callId = workflowId.replace(/^call-/, '');
    await expect(late.client.workflow.getHandle(simulatedLineWorkflowId(callId)).describe()).rejects.toBeInstanceOf(WorkflowNotFoundError);
    expect((await orphan.call('GET', '/api/v1/calls', { token: k })).body.pagination.total).toBe(0);
    expect(await slotsInUse(callSlotPool(t.organizationId))).toBe(0);
  } finally {
    await late.stop();
  }
});

test('with no worker to confirm it, a hangup is 504 ACTION_TIMEOUT at its deadline, is recorded as the hangup signal, and takes effect once a worker runs', async () => {
  // The call rings long enough to be still ringing when the next worker comes.
  const queueEnv = { ...env, TEMPORAL_TASK_QUEUE: uniqueName('idle-calls'), RING_TIMEOUT_SECONDS: '120' };
  const idle = await api.extraApp({ ...queueEnv, WORKFLOW_ACTION_TIMEOUT_SECONDS: '2' });
  const gone = await runWorker(queueEnv);
  const placed = await idle.call('POST', '/api/v1/calls', {
    token: key,
    body: { agentId, phoneNumber: '+442079460002', variables: { firstName: 'Ada', product: 'plan' } },
  });
  await gone.stop();
  expect(placed.status).toBe(201);

  const hung = await answeredAtDeadline(2, () => idle.call('POST', `/api/v1/calls/${placed.body.id}/hangup`, { token: key }));
  expect(hung.status).toBe(504);
  expect(hung.body).toMatchObject({
    error: { type: 'api_error', code: 'ACTION_TIMEOUT', message: expect.stringContaining('The hangup is recorded') },
    request_id: expect.any(String),
  });

  const late = await runWorker(queueEnv);
  try {
    // Recorded before the 504 answered: the update alone lives only in the server's memory until a
    // worker takes it, and is lost if the server drops the workflow from its cache first.
    expect(await signalsIn(late.client, callWorkflowId(placed.body.id))).toEqual([callHangupSignal.name]);
    expect(await untilCompleted(placed.body.id)).toMatchObject({ disposition: 'hangup_requested', startedAt: null });
  } finally {
    await late.stop();
  }
});
