import { Types } from 'mongoose';
import { findPage } from '../../models/page';
import { Agent } from '../../models/agent';
import { Call as CallModel, callInputFor, callSlotPool, type CallRecord } from '../../models/call';
import { CallReport as CallReportModel } from '../../models/callReport';
import { transcriptOf } from '../../models/callTurn';
import { creditBalance } from '../../models/creditEntry';
import { Organization } from '../../models/organization';
import { claimSlot, releaseSlot } from '../../models/slot';
import { concurrencyLimit, insufficientCredits, notFound, validationError } from '../errors';
import { assertByokReady } from '../byok';
import { checkPhoneNumber, checkVariables, declaredVariables } from '../callTarget';
import { defineRoute, reply, type Req } from '../route';
import { Call, CallReport, ListCallsQuery, PendingReport, PlaceCallBody, Transcript } from '../schemas/calls';
import { IdParams, ListOf, errorResponses, listEnvelope } from '../schemas/common';

/** How long a client refused for concurrency should wait: a short simulated call ends within it. */
const CONCURRENCY_RETRY_AFTER_S = 5;

const iso = (d?: Date | null) => (d ? d.toISOString() : null);

export function callRepresentation(call: CallRecord): Call {
  return {
    id: String(call._id),
    object: 'call',
    agentId: String(call.agentId),
    agentName: call.agentName,
    status: call.status,
    direction: 'outbound',
    phoneNumber: call.phoneNumber,
    contactName: call.contactName ?? '',
    attemptNumber: call.attemptNumber ?? 1,
    campaignId: call.campaignId ? String(call.campaignId) : null,
    disposition: (call.disposition as Call['disposition']) ?? null,
    language: call.language,
    externalRef: call.externalRef ?? '',
    startedAt: iso(call.startedAt),
    endedAt: iso(call.endedAt),
    durationSeconds: call.durationSeconds ?? null,
    chargedMinutes: call.chargedMinutes ?? null,
    reportId: call.reportId ? String(call.reportId) : null,
    recordingAvailable: false,
    createdAt: call.createdAt.toISOString(),
  };
}

async function findCall(organizationId: Types.ObjectId, id: string): Promise<CallRecord> {
  const call = await CallModel.findOne({ _id: id, organizationId }).lean();
  if (!call) throw notFound('call', 'path.id');
  return call;
}

export const callRoutes = [
  defineRoute({
    operationId: 'listCalls',
    method: 'get',
    path: '/calls',
    tag: 'Calls',
    summary: 'List calls, newest first',
    auth: 'apiKey',
    scope: 'executions:read',
    query: ListCallsQuery,
    status: 200,
    responses: { 200: { description: 'A page of calls.', schema: ListOf(Call, 'call') } },
    handler: async ({ query, auth }: Req<{ query: typeof ListCallsQuery }>) => {
      const filter = {
        organizationId: auth.organizationId,
        ...(query.agentId ? { agentId: new Types.ObjectId(query.agentId) } : {}),
        ...(query.status ? { status: query.status } : {}),
      };
      const { docs, total } = await findPage<CallRecord>(CallModel, filter, query);
      return listEnvelope('call', docs.map(callRepresentation), total, query);
    },
  }),
  defineRoute({
    operationId: 'placeCall',
    method: 'post',
    path: '/calls',
    tag: 'Calls',
    summary: 'Place an outbound call',
    description:
      'Answers once the carrier has accepted the dial (`status: created`); the conversation continues in the background. Poll `GET /calls/{id}` until `completed`. ' +
      'Credits: 402 `INSUFFICIENT_CREDITS` when the organization has no minutes left. Keys with `byok` are billed per minute outside credits (see `byok.usedMinutes` in `GET /usage`) and need verified `llm`, `stt` and `tts` provider credentials, else 400 `BYOK_NOT_READY` before anything is dialled. A completed call is charged its connected time rounded up to the started minute; unanswered calls are free. ' +
      'Concurrency: at most `maxConcurrentCalls` calls in `created` or `active` per organization, direct and campaign calls together (429 `CONCURRENCY_LIMIT_EXCEEDED`). ' +
      'A carrier refusal is 400 `CARRIER_REJECTED` or 502 `CARRIER_UNAVAILABLE` and leaves no call behind. ' +
      '`disposition` values: completed (the agent finished), contact_hung_up, max_duration, hangup_requested, no_answer (rang out, or voicemail with `mark_no_answer`), busy, failed, voicemail (voicemail with `hangup`), voicemail_left (with `leave_message`). ' +
      'The simulated carrier (the default) has test numbers: +442079460001 answers; …0002 never answers; …0003 busy; …0004 voicemail; …0005 rejected; …0006 hangs up early; …0007 talks until the maximum duration; …0008 fails; …0009 carrier unavailable. Any other valid number answers and talks.',
    auth: 'apiKey',
    scope: 'campaigns:manage',
    body: PlaceCallBody,
    status: 201,
    responses: {
      201: { description: 'The call, dialled.', schema: Call },
      ...errorResponses(402, 502, 504),
    },
    handler: async ({ body, auth, config, workflows }: Req<{ body: typeof PlaceCallBody }>) => {
      const agent = /^[0-9a-f]{24}$/.test(body.agentId) ? await Agent.findOne({ _id: body.agentId, organizationId: auth.organizationId }).lean() : null;
      if (!agent) throw validationError('body.agentId is not an agent of your organization.', 'body.agentId');
      if (agent.type !== 'phone') throw validationError('body.agentId must be a phone agent to place calls.', 'body.agentId');
      checkPhoneNumber(body.phoneNumber, 'body');
      const variables = body.variables ?? {};
      checkVariables(declaredVariables(agent), variables, 'body');

      if (auth.byok) await assertByokReady(auth.organizationId);
      else if ((await creditBalance(auth.organizationId)).remainingMinutes <= 0) throw insufficientCredits();
      const organization = await Organization.findById(auth.organizationId).lean();
      const maxCalls = organization?.limits.maxConcurrentCalls ?? 0;
      const callId = new Types.ObjectId();
      const pool = callSlotPool(auth.organizationId);
      if ((await claimSlot(pool, String(callId), maxCalls)) === null) throw concurrencyLimit(maxCalls, CONCURRENCY_RETRY_AFTER_S);

      try {
        await workflows.placeCall(
          callInputFor(agent, {
            callId: String(callId),
            organizationId: String(auth.organizationId),
            phoneNumber: body.phoneNumber,
            contactName: body.contactName,
            externalRef: body.externalRef,
            variables,
            attemptNumber: 1,
            campaignId: null,
            byok: auth.byok,
            ringTimeoutSeconds: config.calls.ringTimeoutSeconds,
          }),
        );
      } catch (err) {
        // The workflow frees the slot of a refused dial too; freeing it here answers with it free.
        await releaseSlot(pool, String(callId));
        throw err;
      }
      return callRepresentation(await findCall(auth.organizationId, String(callId)));
    },
  }),
  defineRoute({
    operationId: 'getCall',
    method: 'get',
    path: '/calls/{id}',
    tag: 'Calls',
    resource: 'call',
    summary: 'Retrieve a call',
    auth: 'apiKey',
    scope: 'executions:read',
    params: IdParams,
    status: 200,
    responses: { 200: { description: 'The call.', schema: Call } },
    handler: async ({ params, auth }: Req<{ params: typeof IdParams }>) => callRepresentation(await findCall(auth.organizationId, params.id)),
  }),
  defineRoute({
    operationId: 'getCallTranscript',
    method: 'get',
    path: '/calls/{id}/transcript',
    tag: 'Calls',
    resource: 'call',
    summary: "A call's transcript so far",
    auth: 'apiKey',
    scope: 'executions:read',
    params: IdParams,
    status: 200,
    responses: { 200: { description: 'The turns in order.', schema: Transcript } },
    handler: async ({ params, auth }: Req<{ params: typeof IdParams }>) => {
      const call = await findCall(auth.organizationId, params.id);
      const turns = await transcriptOf(params.id);
      const origin = (call.startedAt ?? call.createdAt).getTime();
      return {
        object: 'call_transcript' as const,
        callId: params.id,
        data: turns.map((t) => ({
          role: t.role as 'agent' | 'contact',
          text: t.text,
          startedAt: t.startedAt.toISOString(),
          offsetMs: Math.max(0, t.startedAt.getTime() - origin),
        })),
      };
    },
  }),
  defineRoute({
    operationId: 'getCallReport',
    method: 'get',
    path: '/calls/{id}/report',
    tag: 'Calls',
    resource: 'call',
    summary: "A call's report",
    description:
      '202 with `status: pending` until the analysis has finished (every completed call gets one), then 200. Fields irrelevant to the call are absent. ' +
      'When the language model could not produce a valid analysis, the report is still final: `analysisStatus: failed` with `analysisError`, and no `summary`, `sentiment`, `outcome` or captured fields.',
    auth: 'apiKey',
    scope: 'executions:read',
    params: IdParams,
    status: 200,
    responses: {
      200: { description: 'The ready report.', schema: CallReport },
      202: { description: 'Not ready yet; poll again in a few seconds.', schema: PendingReport },
    },
    handler: async ({ params, auth }: Req<{ params: typeof IdParams }>) => {
      const call = await findCall(auth.organizationId, params.id);
      const report = call.reportId ? await CallReportModel.findById(call.reportId).lean() : null;
      if (!report) return reply(202, { object: 'call_report', callId: params.id, status: 'pending' });
      return {
        object: 'call_report' as const,
        id: String(report._id),
        callId: params.id,
        status: 'ready' as const,
        externalRef: report.externalRef ?? '',
        disposition: report.disposition,
        ...(report.outcome ? { outcome: report.outcome } : {}),
        analysisStatus: (report.analysisStatus ?? 'completed') as 'completed' | 'failed',
        ...(report.analysisError ? { analysisError: report.analysisError } : {}),
        ...(report.summary !== undefined && report.summary !== null ? { summary: report.summary } : {}),
        capturedFields: report.capturedFields ?? {},
        ...(report.sentiment ? { sentiment: report.sentiment as 'positive' | 'neutral' | 'negative' } : {}),
        createdAt: report.createdAt.toISOString(),
      };
    },
  }),
  defineRoute({
    operationId: 'hangupCall',
    method: 'post',
    path: '/calls/{id}/hangup',
    tag: 'Calls',
    resource: 'call',
    summary: 'Hang up a call',
    description:
      'Allowed while the call is `created` or `active`, else 409 `INVALID_STATE_TRANSITION`. Answers with the call as it is when the hangup is accepted; it becomes `completed` with disposition `hangup_requested` moments later. Operators can send the same `hangup` signal from the Temporal UI. ' +
      'A hangup the call’s workflow does not confirm in time (e.g. no worker is running) is 504 `ACTION_TIMEOUT`: it may still take effect, so retrieve the call before retrying.',
    auth: 'apiKey',
    scope: 'campaigns:manage',
    params: IdParams,
    status: 200,
    responses: { 200: { description: 'The call.', schema: Call }, ...errorResponses(409, 504) },
    handler: async ({ params, auth, workflows }: Req<{ params: typeof IdParams }>) => {
      const call = await findCall(auth.organizationId, params.id);
      await workflows.hangupCall(params.id, `A ${call.status} call cannot be hung up.`);
      return callRepresentation(await findCall(auth.organizationId, params.id));
    },
  }),
];
