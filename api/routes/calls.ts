import { createHash } from 'node:crypto';
import { Types } from 'mongoose';
import { testNumberList } from '../../providers/carrier/testNumbers';
import { admitCall, readForCall, releaseCallSlot, releaseUnconfirmedCall } from '../../domain/admission';
import {
  callInputFor,
  callOf,
  callOfKey,
  callRecordingFile,
  callReport,
  callTranscript,
  isRecorded,
  listCalls,
  placingAgent,
  readRecording,
  type CallRecord,
} from '../../domain/calls';
import { ApiError, dialTimeout, rangeNotSatisfiable } from '../errors';
import { checkPhoneNumber, checkVariables, withContactAttributes } from '../callTarget';
import { defineRoute, reply, type Req } from '../defineRoute';
import { IDEMPOTENCY_HEADER } from '../middleware/idempotency';
import {
  Call,
  CallReport,
  ListCallsQuery,
  PendingReport,
  PlaceCallBody,
  Transcript,
  callReportRepresentation,
  callRepresentation,
  transcriptRepresentation,
} from '../schemas/calls';
import { ErrorEnvelope, IdParams, ListOf, errorResponses, listEnvelope } from '../schemas/common';

/**
 * The id of the call an Idempotency-Key places: the key's, within the organization, and the
 * generation: the next one after each try whose dial the API abandoned before it began.
 */
const keyedCallId = (organizationId: Types.ObjectId, key: string, generation: number) =>
  createHash('sha256')
    .update(`${String(organizationId)}\n${key}\n${generation}`)
    .digest('hex')
    .slice(0, 24);
/** How many abandoned tries one key may take before its retry is answered 504 as they were. */
const KEYED_CALL_GENERATIONS = 10;

const represent = async (call: CallRecord) => callRepresentation(call, await isRecorded(call._id));

/**
 * The bytes a `Range` header asks for: one range (`bytes=a-b`, `bytes=a-`, `bytes=-n`), clamped to
 * the file. Anything else (several ranges, another unit, a malformed header) is ignored and the
 * whole file served, as HTTP allows; a range starting past the end is 416.
 */
function byteRange(header: string | undefined, size: number): { start: number; end: number } | undefined {
  const match = header?.trim().match(/^bytes=(\d*)-(\d*)$/);
  if (!match || (match[1] === '' && match[2] === '')) return undefined;
  const [first, last] = [match[1] === '' ? undefined : Number(match[1]), match[2] === '' ? undefined : Number(match[2])];
  if (first === undefined) {
    if (last === 0) throw rangeNotSatisfiable(size);
    return size === 0 ? undefined : { start: Math.max(0, size - last!), end: size - 1 };
  }
  if (last !== undefined && last < first) return undefined;
  if (first >= size) throw rangeNotSatisfiable(size);
  return { start: first, end: Math.min(last ?? size - 1, size - 1) };
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
      const { docs, total, recorded } = await listCalls(auth.organizationId, query);
      return listEnvelope(
        'call',
        docs.map((c) => callRepresentation(c, recorded.has(String(c._id)))),
        total,
        query,
      );
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
      "A dial the carrier has not accepted within the server's deadline is abandoned with 504 `DIAL_TIMEOUT` and nothing is charged: a dial not yet started never is, and should the carrier accept one after all, it is hung up at once and listed as `completed` with disposition `hangup_requested`. " +
      'The agent must be a phone agent whose `phone.direction` is `outbound` or `both`; an `inbound` one only answers its phone numbers (400 naming `body.agentId`). ' +
      'Credits: 402 `INSUFFICIENT_CREDITS` when the organization has no minute left to hold. Each call holds its first minute at admission and each next minute before it begins; a call whose next minute cannot be held is closed by the agent with a short closing line before its last held minute ends (disposition `credits_exhausted`), so no organization is ever overdrawn. Keys with `byok` are billed per minute outside credits (see `byok.usedMinutes` in `GET /usage`) and need verified `llm`, `stt` and `tts` provider credentials, else 400 `BYOK_NOT_READY` before anything is dialled. A completed call is charged its connected time rounded up to the started minute; unanswered calls are free. ' +
      'Concurrency: at most `maxConcurrentCalls` calls in `created` or `active` per organization, direct, campaign and inbound calls together (429 `CONCURRENCY_LIMIT_EXCEEDED`). ' +
      'A number that is do-not-call (see Contacts) is 409 `DO_NOT_CALL` with `param` `body.phoneNumber`, checked before anything is reserved, created or charged. ' +
      'Dialling policy: a number outside the countries the organization may call, or a premium-rate, shared-cost, personal or pager number (by libphonenumber’s type data), is 400 `DESTINATION_NOT_ALLOWED` naming `body.phoneNumber`, before anything is dialled or charged. ' +
      'Admission runs in one order: the organization, the destination, do-not-call, BYOK readiness, the concurrency slot, the credit hold. ' +
      'The contact of the number lends its `attributes` as `variables` for the agent’s placeholders the request does not give. ' +
      'A carrier refusal is 400 `CARRIER_REJECTED` or 502 `CARRIER_UNAVAILABLE` and leaves no call behind. ' +
      'Nobody is rung twice: with an `Idempotency-Key`, the call’s id is derived from the organization and the key, so a retry after the server lost the first try finds that call (or its dial in progress) instead of dialling again; a dial retried inside the service (a lost worker, a carrier request that went unanswered) first asks the carrier for the call it may already have placed, and adopts it. ' +
      '`disposition` values: completed (the agent finished), contact_hung_up, max_duration, hangup_requested, no_answer (rang out, or voicemail with `mark_no_answer`), busy, failed (the carrier failed the call, or the call failed while talking: its audio connection dropped, a speech vendor or the model failed; charged its connected time up to the failure), voicemail (voicemail with `hangup`), voicemail_left (with `leave_message`), credits_exhausted (the organization had no minute left for the next one), transferred (the agent handed the caller to a person with its `transfer` tool; charged its connected time up to the hand-off, and the report has the `transfer`). ' +
      'Speech: the call is heard and spoken by the agent’s `providers.stt` and `providers.tts` (else the server’s defaults); a `byok` key’s calls only by the organization’s own verified credentials, never the service’s. ' +
      `The simulated carrier (the default) has test numbers: ${testNumberList()}.`,
    auth: 'apiKey',
    scope: 'campaigns:manage',
    body: PlaceCallBody,
    status: 201,
    responses: {
      201: { description: 'The call, dialled.', schema: Call },
      ...errorResponses(402, 409, 502, 504),
    },
    handler: async ({ body, auth, config, workflows, ctx }: Req<{ body: typeof PlaceCallBody }>) => {
      // The agent, the number's contact and what the admission reads, at once: one round trip.
      const admission = {
        organizationId: auth.organizationId,
        phoneNumber: body.phoneNumber,
        byok: auth.byok,
        holdFirstMinute: false,
        doNotCallKey: config.contacts.doNotCallHashKey,
      };
      const reads = readForCall(admission);
      const { agent, declared, contactAttributes } = await placingAgent(auth.organizationId, body.agentId, body.phoneNumber);
      checkPhoneNumber(body.phoneNumber, 'body');
      const variables = withContactAttributes(declared, contactAttributes, body.variables);
      checkVariables(declared, variables, 'body');

      // A keyed request's call is the key's: a retry after the API lost the first try (its key's
      // lease lapsed) finds the same call, or the same workflow, instead of dialling again. After a
      // try whose dial the API abandoned before it began (its 504), the key's next id is the call's.
      const idempotencyKey = ctx.get(IDEMPOTENCY_HEADER);
      for (let generation = 0; ; generation += 1) {
        const callId = idempotencyKey ? keyedCallId(auth.organizationId, idempotencyKey, generation) : String(new Types.ObjectId());
        if (idempotencyKey) {
          // Past the key's 24 hours the key still names its call: another call with it is a reuse.
          const existing = await callOfKey(auth.organizationId, callId, body);
          if (existing) return represent(existing);
        }
        // Before a record or a dial: a suppressed number, a full house or an empty purse is refused here.
        const { heldMinutes } = await admitCall({
          ...admission,
          callId,
          defaultCountries: config.calls.allowedCountries,
          ...(generation === 0 ? { reads } : {}),
        });
        const input = callInputFor(agent, {
          callId,
          organizationId: String(auth.organizationId),
          phoneNumber: body.phoneNumber,
          contactName: body.contactName,
          externalRef: body.externalRef,
          variables,
          attemptNumber: 1,
          campaignId: null,
          byok: auth.byok,
          ringTimeoutSeconds: config.calls.ringTimeoutSeconds,
          heldMinutes,
        });
        // An answer (a refusal, an abandoned dial) comes from a workflow that frees its slot and
        // settles its hold itself; freeing the slot here answers with it free. Any other failure
        // (Temporal out of reach) may or may not have started the workflow: the slot is freed all
        // the same, and the hold left to the reaper, which settles it once it finds no workflow.
        const placed = await workflows.placeCall(input).catch(async (err: unknown) => {
          await (err instanceof ApiError ? releaseCallSlot : releaseUnconfirmedCall)(auth.organizationId, callId);
          throw err;
        });
        if (placed === 'placed') return represent(await callOf(auth.organizationId, callId));
        await releaseCallSlot(auth.organizationId, callId);
        if (!idempotencyKey || generation + 1 >= KEYED_CALL_GENERATIONS) throw dialTimeout(config.calls.dialTimeoutSeconds);
      }
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
    handler: async ({ params, auth }: Req<{ params: typeof IdParams }>) => represent(await callOf(auth.organizationId, params.id)),
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
      const { call, turns } = await callTranscript(auth.organizationId, params.id);
      return transcriptRepresentation(call, turns);
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
      '202 with `status: pending` until the analysis has finished, then 200: every completed call gets a report, but for the two cases at the end. Fields irrelevant to the call are absent. ' +
      'When the language model could not produce a valid analysis, the report is still final: `analysisStatus: failed` with `analysisError`, and no `summary`, `sentiment`, `outcome` or captured fields. ' +
      'An inbound call refused before it was answered (`disposition: refused`) has no report: 409 `REPORT_UNAVAILABLE`. ' +
      'Nor has a call whose agent was deleted after it ended but before its analysis read the agent (an agent cannot be deleted while its call is `created` or `active`): 409 `REPORT_UNAVAILABLE`, whose message says the agent was deleted, so pollers can stop.',
    auth: 'apiKey',
    scope: 'executions:read',
    params: IdParams,
    status: 200,
    responses: {
      200: { description: 'The ready report.', schema: CallReport },
      202: { description: 'Not ready yet; poll again in a few seconds.', schema: PendingReport },
      ...errorResponses(409),
    },
    handler: async ({ params, auth }: Req<{ params: typeof IdParams }>) => {
      const report = await callReport(auth.organizationId, params.id);
      if (!report) return reply(202, { object: 'call_report', callId: params.id, status: 'pending' });
      return callReportRepresentation(params.id, report);
    },
  }),
  defineRoute({
    operationId: 'getCallRecording',
    method: 'get',
    path: '/calls/{id}/recording',
    tag: 'Calls',
    resource: 'call',
    summary: "A call's recording",
    description:
      'The call as a WAV file (PCM 16-bit, 16 kHz, stereo: the person called on the left channel, the agent on the right, one timeline; of the agent only what was played, so speech the callee interrupted stops where they did). ' +
      'Only calls of agents with `phone.recordCalls`, once `recordingAvailable` is true; otherwise 404 `RECORDING_NOT_FOUND` (also after the organization’s retention period deleted it). ' +
      'Takes a single `Range: bytes=…` (206 with `content-range`; `accept-ranges: bytes` says so), as audio players seeking send; a range past the end is 416 `RANGE_NOT_SATISFIABLE`.',
    auth: 'apiKey',
    scope: 'executions:read',
    params: IdParams,
    status: 200,
    responses: {
      200: { description: 'The whole recording.', mediaType: 'audio/wav' },
      206: { description: 'The requested bytes of the recording, with `content-range`.', mediaType: 'audio/wav' },
      404: { description: 'No such call in the caller’s organization, or `RECORDING_NOT_FOUND`: the call has no recording.', schema: ErrorEnvelope },
      416: { description: '`RANGE_NOT_SATISFIABLE`: the range starts past the end of the file.', schema: ErrorEnvelope },
    },
    handler: async ({ params, auth, ctx }: Req<{ params: typeof IdParams }>) => {
      const file = await callRecordingFile(auth.organizationId, params.id);
      const range = byteRange(ctx.get('range') || undefined, file.length);
      ctx.set({
        'content-type': 'audio/wav',
        'accept-ranges': 'bytes',
        'content-disposition': `inline; filename="call-${params.id}.wav"`,
        'content-length': String(range ? range.end - range.start + 1 : file.length),
      });
      if (!range) return reply(200, readRecording(file._id));
      ctx.set('content-range', `bytes ${range.start}-${range.end}/${file.length}`);
      return reply(206, readRecording(file._id, range));
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
      'A hangup the call’s workflow does not confirm in time (e.g. no worker is running) is 504 `ACTION_TIMEOUT`; the hangup is then recorded as the same signal and takes effect once the workflow runs (the error’s message says so; should Temporal not take the signal either, it says the hangup may still take effect). Retrieve the call rather than retrying.',
    auth: 'apiKey',
    scope: 'campaigns:manage',
    params: IdParams,
    status: 200,
    responses: { 200: { description: 'The call.', schema: Call }, ...errorResponses(409, 504) },
    handler: async ({ params, auth, workflows }: Req<{ params: typeof IdParams }>) => {
      const call = await callOf(auth.organizationId, params.id);
      await workflows.hangupCall(params.id, `A ${call.status} call cannot be hung up.`);
      return represent(await callOf(auth.organizationId, params.id));
    },
  }),
];
