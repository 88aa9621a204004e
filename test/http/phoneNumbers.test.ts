/**
 * Phone numbers and the calls that arrive on them, on the real stack: the API, a worker on the
 * Temporal dev server, the simulated carrier (test calls play a caller persona) and FerretDB.
 */
import { SCOPES } from '../../api/scopes';
import { Call } from '../../models/call';
import { creditBalance } from '../../models/creditEntry';
import { callerReply } from '../../providers/carrier/persona';
import { createTenant, startApi } from '../helpers/app';
import { uniqueName, waitFor } from '../helpers/servers';
import { runWorker, type RunningWorker } from '../helpers/worker';

const POLLING = [SCOPES, { rateLimitPerMinute: 100_000 }] as const;
const taskQueue = uniqueName('inbound');
const env = { TEMPORAL_TASK_QUEUE: taskQueue, SIMULATED_CALL_PACE_MS: '50', RING_TIMEOUT_SECONDS: '2' };
let api: Awaited<ReturnType<typeof startApi>>;
let worker: RunningWorker;
/** Each test claims numbers of its own from the drama range. */
let nextNumber = 100;
const freshNumber = () => `+441134960${String(nextNumber++).padStart(3, '0')}`;

beforeAll(async () => {
  api = await startApi('inbound', env);
  worker = await runWorker(env);
}, 120_000);
afterAll(async () => {
  await worker?.stop();
  await api?.close();
});

async function organization(options: { creditMinutes?: number; maxConcurrentCalls?: number; direction?: string; phone?: Record<string, unknown> } = {}) {
  const tenant = await createTenant({ creditMinutes: options.creditMinutes ?? 100, limits: { maxConcurrentCalls: options.maxConcurrentCalls ?? 20 } });
  const key = await tenant.key(...POLLING);
  const agent = await api.call('POST', '/api/v1/agents', {
    token: key,
    body: {
      name: 'Front desk',
      instructions: 'Answer questions from {{callerNumber}} about {{topic}}.',
      phone: {
        direction: options.direction ?? 'inbound',
        greeting: 'Thanks for calling Northwind, how can I help?',
        fallback: 'Sorry, nobody can take your call now. Goodbye.',
        ...options.phone,
      },
    },
  });
  expect(agent.status).toBe(201);
  return { tenant, key, agentId: agent.body.id as string };
}

async function claim(key: string, agentId: string, phoneNumber = freshNumber()) {
  const res = await api.call('POST', '/api/v1/phone-numbers', { token: key, body: { phoneNumber, agentId, name: 'Support line' } });
  expect(res.status).toBe(201);
  return res.body;
}

const untilCompleted = (key: string, id: string) =>
  waitFor(async () => {
    const res = await api.call('GET', `/api/v1/calls/${id}`, { token: key });
    return res.body.status === 'completed' ? res.body : undefined;
  }, 30_000);

const untilReport = (key: string, id: string) =>
  waitFor(async () => {
    const res = await api.call('GET', `/api/v1/calls/${id}/report`, { token: key });
    return res.status === 200 ? res.body : undefined;
  }, 30_000);

describe('the phone-numbers resource', () => {
  test('claims, lists newest first, filters by agent, reads, renames, moves and releases a number', async () => {
    const org = await organization();
    const other = await api.call('POST', '/api/v1/agents', { token: org.key, body: { name: 'Night desk', instructions: 'Hi', phone: { direction: 'both' } } });
    const first = await claim(org.key, org.agentId);
    expect(first).toMatchObject({ object: 'phone_number', agentId: org.agentId, name: 'Support line', carrier: 'simulated' });
    const second = await claim(org.key, other.body.id);

    const listed = await api.call('GET', '/api/v1/phone-numbers', { token: org.key });
    expect(listed.body).toMatchObject({ object: 'list', dataType: 'phone_number', pagination: { total: 2 } });
    expect(listed.body.data.map((n: { id: string }) => n.id)).toEqual([second.id, first.id]);
    const mine = await api.call('GET', `/api/v1/phone-numbers?agentId=${org.agentId}`, { token: org.key });
    expect(mine.body.data.map((n: { id: string }) => n.id)).toEqual([first.id]);

    const moved = await api.call('PATCH', `/api/v1/phone-numbers/${first.id}`, { token: org.key, body: { agentId: other.body.id, name: 'Moved' } });
    expect(moved.status).toBe(200);
    expect(moved.body).toMatchObject({ agentId: other.body.id, name: 'Moved', phoneNumber: first.phoneNumber });
    expect((await api.call('GET', `/api/v1/phone-numbers/${first.id}`, { token: org.key })).body.name).toBe('Moved');

    const released = await api.call('DELETE', `/api/v1/phone-numbers/${first.id}`, { token: org.key });
    expect(released.body).toEqual({ id: first.id, object: 'phone_number', deleted: true });
    expect((await api.call('GET', `/api/v1/phone-numbers/${first.id}`, { token: org.key })).status).toBe(404);
    // Released, the number can be claimed again.
    await claim(org.key, org.agentId, first.phoneNumber);
  });

  test('refuses bad claims in the error envelope, naming the field', async () => {
    const org = await organization();
    const outboundOnly = await api.call('POST', '/api/v1/agents', { token: org.key, body: { name: 'Dialler', instructions: 'Hi' } });
    const voice = await api.call('POST', '/api/v1/agents', {
      token: org.key,
      body: { type: 'voice', mode: 'interview', name: 'Screener', instructions: 'Interview.' },
    });
    const cases: Array<[Record<string, unknown>, number, string, string]> = [
      [{ phoneNumber: freshNumber(), agentId: outboundOnly.body.id }, 400, 'VALIDATION_ERROR', 'body.agentId'],
      [{ phoneNumber: freshNumber(), agentId: voice.body.id }, 400, 'VALIDATION_ERROR', 'body.agentId'],
      [{ phoneNumber: freshNumber(), agentId: 'ffffffffffffffffffffffff' }, 400, 'VALIDATION_ERROR', 'body.agentId'],
      [{ phoneNumber: '+442079460001', agentId: org.agentId }, 400, 'PHONE_NUMBER_UNAVAILABLE', 'body.phoneNumber'],
      [{ phoneNumber: '01134960000', agentId: org.agentId }, 400, 'VALIDATION_ERROR', 'body.phoneNumber'],
      [{ phoneNumber: freshNumber(), agentId: org.agentId, extra: 1 }, 400, 'VALIDATION_ERROR', 'body.extra'],
    ];
    for (const [body, status, code, param] of cases) {
      const res = await api.call('POST', '/api/v1/phone-numbers', { token: org.key, body });
      expect({ status: res.status, code: res.body.error?.code, param: res.body.error?.param }).toEqual({ status, code, param });
      expect(res.body.request_id).toEqual(expect.any(String));
    }
    expect((await api.call('GET', '/api/v1/phone-numbers', { token: org.key })).body.pagination.total).toBe(0);
  });

  test('a number belongs to one organization at a time, and tenants never see each other’s', async () => {
    const a = await organization();
    const b = await organization();
    const number = await claim(a.key, a.agentId);
    const taken = await api.call('POST', '/api/v1/phone-numbers', { token: b.key, body: { phoneNumber: number.phoneNumber, agentId: b.agentId } });
    expect(taken.status).toBe(409);
    expect(taken.body.error).toMatchObject({ type: 'conflict_error', code: 'PHONE_NUMBER_IN_USE', param: 'body.phoneNumber' });
    for (const [method, path, body] of [
      ['GET', `/api/v1/phone-numbers/${number.id}`, undefined],
      ['PATCH', `/api/v1/phone-numbers/${number.id}`, { name: 'mine now' }],
      ['DELETE', `/api/v1/phone-numbers/${number.id}`, undefined],
      ['POST', `/api/v1/phone-numbers/${number.id}/test-calls`, {}],
    ] as const) {
      expect((await api.call(method, path, { token: b.key, ...(body ? { body } : {}) })).status).toBe(404);
    }
    expect((await api.call('GET', `/api/v1/phone-numbers/${number.id}`, { token: a.key })).body.name).toBe('Support line');
  });

  test('an agent a number points at can neither turn outbound nor be deleted; released, it can', async () => {
    const org = await organization({ direction: 'both' });
    const number = await claim(org.key, org.agentId);
    const turned = await api.call('PATCH', `/api/v1/agents/${org.agentId}`, { token: org.key, body: { phone: { direction: 'outbound' } } });
    expect(turned.status).toBe(409);
    expect(turned.body.error).toMatchObject({ code: 'AGENT_IN_USE', param: 'path.id' });
    expect(turned.body.error.message).toContain(number.phoneNumber);
    expect((await api.call('GET', `/api/v1/agents/${org.agentId}`, { token: org.key })).body.phone.direction).toBe('both');
    expect((await api.call('DELETE', `/api/v1/agents/${org.agentId}`, { token: org.key })).body.error.code).toBe('AGENT_IN_USE');

    await api.call('DELETE', `/api/v1/phone-numbers/${number.id}`, { token: org.key });
    expect((await api.call('PATCH', `/api/v1/agents/${org.agentId}`, { token: org.key, body: { phone: { direction: 'outbound' } } })).status).toBe(200);
    expect((await api.call('DELETE', `/api/v1/agents/${org.agentId}`, { token: org.key })).status).toBe(200);
  });

  test('agents:read reads numbers, agents:manage changes them', async () => {
    const org = await organization();
    const number = await claim(org.key, org.agentId);
    const reader = await org.tenant.key(['agents:read'], { rateLimitPerMinute: 100_000 });
    expect((await api.call('GET', `/api/v1/phone-numbers/${number.id}`, { token: reader })).status).toBe(200);
    const refused = await api.call('PATCH', `/api/v1/phone-numbers/${number.id}`, { token: reader, body: { name: 'x' } });
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe('PERMISSION_DENIED');
  });
});

describe('calls to a number', () => {
  test('a test call is answered by the agent, greeting first, and served end to end: transcript, report, charge', async () => {
    const org = await organization();
    const contact = await api.call('POST', '/api/v1/contacts', {
      token: org.key,
      body: { phoneNumber: '+442079460123', name: 'Ada Lovelace', attributes: { topic: 'deliveries' } },
    });
    expect(contact.status).toBe(201);
    const number = await claim(org.key, org.agentId);
    const placed = await api.call('POST', `/api/v1/phone-numbers/${number.id}/test-calls`, { token: org.key, body: { from: '+442079460123' } });
    expect(placed.status).toBe(201);
    expect(placed.body).toMatchObject({
      object: 'call',
      direction: 'inbound',
      phoneNumber: '+442079460123',
      contactName: 'Ada Lovelace',
      agentId: org.agentId,
      status: 'active',
    });

    const done = await untilCompleted(org.key, placed.body.id);
    // The simulated model answers the question and closes the call itself.
    expect(done).toMatchObject({ disposition: 'completed', chargedMinutes: 1 });
    const stored = await Call.findById(placed.body.id).lean();
    expect(stored!.variables).toMatchObject({ callerNumber: '+442079460123', topic: 'deliveries' });

    const transcript = await api.call('GET', `/api/v1/calls/${placed.body.id}/transcript`, { token: org.key });
    const turns = transcript.body.data as Array<{ role: string; text: string }>;
    expect(turns[0]).toMatchObject({ role: 'agent', text: 'Thanks for calling Northwind, how can I help?' });
    expect(turns[1]).toMatchObject({ role: 'contact', text: callerReply([{ role: 'agent', text: turns[0]!.text }], '+442079460123').text });
    expect(turns).toHaveLength(3);
    expect(turns[2]!.role).toBe('agent');
    const report = await untilReport(org.key, placed.body.id);
    expect(report).toMatchObject({ object: 'call_report', disposition: 'completed' });

    await waitFor(async () => ((await creditBalance(org.tenant.organizationId)).heldMinutes === 0 ? true : undefined));
    expect(await creditBalance(org.tenant.organizationId)).toMatchObject({ usedMinutes: 1, heldMinutes: 0 });
    const inbound = await api.call('GET', '/api/v1/calls?direction=inbound', { token: org.key });
    expect(inbound.body.data.map((c: { id: string }) => c.id)).toEqual([placed.body.id]);
    expect((await api.call('GET', '/api/v1/calls?direction=outbound', { token: org.key })).body.pagination.total).toBe(0);
  });

  test('a caller who asks to be taken off the list becomes do-not-call', async () => {
    const org = await organization({ direction: 'both' });
    const number = await claim(org.key, org.agentId);
    const placed = await api.call('POST', `/api/v1/phone-numbers/${number.id}/test-calls`, { token: org.key, body: { from: '+442079460999' } });
    const report = await untilReport(org.key, placed.body.id);
    expect(report.optOut).toBe(true);
    const dial = await api.call('POST', '/api/v1/calls', {
      token: org.key,
      body: { agentId: org.agentId, phoneNumber: '+442079460999', variables: { callerNumber: '', topic: 'news' } },
    });
    expect(dial.status).toBe(409);
    expect(dial.body.error.code).toBe('DO_NOT_CALL');
  });

  test('the API hangs an inbound call up like any other', async () => {
    const org = await organization({ direction: 'inbound' });
    const number = await claim(org.key, org.agentId);
    // The silent caller stays on the line until someone ends the call.
    const placed = await api.call('POST', `/api/v1/phone-numbers/${number.id}/test-calls`, { token: org.key, body: { from: '+442079460007' } });
    // At once: the hangup may reach the call's run with its start (test/workflows/call.test.ts).
    const hung = await api.call('POST', `/api/v1/calls/${placed.body.id}/hangup`, { token: org.key });
    expect([hung.status, hung.body.error?.message]).toEqual([200, undefined]);
    expect(await untilCompleted(org.key, placed.body.id)).toMatchObject({ disposition: 'hangup_requested', direction: 'inbound' });
  });

  test('refused calls are heard and listed, uncharged: no credits, a full house, no agent', async () => {
    const broke = await organization({ creditMinutes: 0 });
    const brokeNumber = await claim(broke.key, broke.agentId);
    const noCredit = await api.call('POST', `/api/v1/phone-numbers/${brokeNumber.id}/test-calls`, { token: broke.key, body: {} });
    expect(noCredit.status).toBe(201);
    expect(noCredit.body).toMatchObject({
      direction: 'inbound',
      status: 'completed',
      disposition: 'refused',
      endedReason: 'insufficient_credits',
      chargedMinutes: 0,
      phoneNumber: '+442079460100',
    });
    const heard = await api.call('GET', `/api/v1/calls/${noCredit.body.id}/transcript`, { token: broke.key });
    expect(heard.body.data).toEqual([expect.objectContaining({ role: 'agent', text: 'Sorry, nobody can take your call now. Goodbye.' })]);
    const report = await api.call('GET', `/api/v1/calls/${noCredit.body.id}/report`, { token: broke.key });
    expect(report.status).toBe(409);
    expect(report.body.error.code).toBe('REPORT_UNAVAILABLE');

    const full = await organization({ maxConcurrentCalls: 1 });
    const fullNumber = await claim(full.key, full.agentId);
    const busy = await api.call('POST', `/api/v1/phone-numbers/${fullNumber.id}/test-calls`, { token: full.key, body: { from: '+442079460007' } });
    expect(busy.body.status).toBe('active');
    const second = await api.call('POST', `/api/v1/phone-numbers/${fullNumber.id}/test-calls`, { token: full.key, body: {} });
    expect(second.body).toMatchObject({ disposition: 'refused', endedReason: 'concurrency_limit' });
    await api.call('POST', `/api/v1/calls/${busy.body.id}/hangup`, { token: full.key });

    const listed = await api.call('GET', '/api/v1/calls?direction=inbound', { token: broke.key });
    expect(listed.body.data[0]).toMatchObject({ id: noCredit.body.id, disposition: 'refused' });
    // Found by how they ended, as any other disposition.
    const byDisposition = await api.call('GET', '/api/v1/calls?disposition=refused', { token: full.key });
    expect(byDisposition.status).toBe(200);
    expect(byDisposition.body.data.map((c: { id: string }) => c.id)).toEqual([second.body.id]);
    expect(await creditBalance(broke.tenant.organizationId)).toMatchObject({ usedMinutes: 0, heldMinutes: 0 });
  });

  test('an inbound-only agent refuses POST /calls, naming body.agentId', async () => {
    const org = await organization({ direction: 'inbound' });
    const res = await api.call('POST', '/api/v1/calls', { token: org.key, body: { agentId: org.agentId, phoneNumber: '+442079460001' } });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ code: 'VALIDATION_ERROR', param: 'body.agentId' });
    expect(res.body.error.message).toContain('inbound');
  });
});

test('analytics groups and filters calls by direction', async () => {
  const org = await organization({ direction: 'both' });
  const number = await claim(org.key, org.agentId);
  const inbound = await api.call('POST', `/api/v1/phone-numbers/${number.id}/test-calls`, { token: org.key, body: {} });
  const outbound = await api.call('POST', '/api/v1/calls', {
    token: org.key,
    body: { agentId: org.agentId, phoneNumber: '+442079460001', variables: { callerNumber: '', topic: 'news' } },
  });
  expect(outbound.status).toBe(201);
  await untilCompleted(org.key, inbound.body.id);
  await untilCompleted(org.key, outbound.body.id);
  const grouped = await waitFor(async () => {
    const res = await api.call('GET', '/api/v1/analytics/calls?groupBy=direction', { token: org.key });
    return res.body.totals?.calls === 2 ? res.body : undefined;
  }, 15_000);
  expect(Object.fromEntries(grouped.buckets.map((b: { key: string; calls: number }) => [b.key, b.calls]))).toEqual({ inbound: 1, outbound: 1 });
  const onlyInbound = await api.call('GET', '/api/v1/analytics/calls?direction=inbound&groupBy=agent', { token: org.key });
  expect(onlyInbound.body.totals).toMatchObject({ calls: 1, connected: 1 });
  expect(onlyInbound.body.buckets).toEqual([expect.objectContaining({ key: org.agentId, calls: 1 })]);
});
