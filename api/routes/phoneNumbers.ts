import { Types } from 'mongoose';
import { claimNumber, findNumber, listNumbers, releaseNumber, updateNumber } from '../../domain/phoneNumbers';
import { DEFAULT_TEST_CALLER } from '../../providers/carrier/testNumbers';
import { twilioInboundWebhooks } from '../../providers/carrier/twilio';
import { checkE164 } from '../callTarget';
import { notFound, testCallsUnavailable } from '../errors';
import { defineRoute, type Req } from '../defineRoute';
import { answerInbound } from '../inbound';
import { Call, callRepresentation } from '../schemas/calls';
import { IdParams, ListOf, errorResponses, listEnvelope } from '../schemas/common';
import {
  ClaimPhoneNumberBody,
  ListPhoneNumbersQuery,
  PhoneNumber,
  ReleasedPhoneNumber,
  TestCallBody,
  UpdatePhoneNumberBody,
  phoneNumberRepresentation,
} from '../schemas/phoneNumbers';

const CLAIM_RULES =
  'A number belongs to one organization at a time: one already claimed (by yours or another) is 409 `PHONE_NUMBER_IN_USE`. ' +
  'On the simulated carrier (the default) the numbers +441134960000 to +441134960999 (Ofcom’s drama range) can be claimed; any other is 400 `PHONE_NUMBER_UNAVAILABLE`. ' +
  'On Twilio the number must be one of the account’s incoming phone numbers (else 400 `PHONE_NUMBER_UNAVAILABLE`): claiming it points its voice webhook and status callback at this service, and releasing it restores what they were. ' +
  'The agent must be a phone agent whose `phone.direction` is `inbound` or `both`, else 400 naming `body.agentId`; while a number points at an agent, the agent can neither be deleted nor set to `outbound` (409 `AGENT_IN_USE`).';

const INBOUND_RULES =
  'Each call to the number is admitted like any call (the organization, a free place among `maxConcurrentCalls`, a credit minute held) and answered by the agent, which speaks its `phone.greeting` first; it is listed in `GET /calls` with `direction: inbound` and `phoneNumber` the caller’s, with its transcript, report, recording and charge like an outbound call. ' +
  'The caller’s contact (by number) lends its `attributes` as variables, and `{{callerNumber}}` is always set; other placeholders are empty. ' +
  'A call that cannot be admitted is never left ringing: the caller hears the agent’s `phone.fallback` (or “Sorry, we can’t take your call right now. Please try again later. Goodbye.”) and it is listed at once, uncharged, with `disposition: refused` and `endedReason` `insufficient_credits`, `concurrency_limit` or `agent_unavailable`.';

async function findOwn(organizationId: Types.ObjectId, id: string) {
  const number = await findNumber(organizationId, id);
  if (!number) throw notFound('phone number', 'path.id');
  return number;
}

export const phoneNumberRoutes = [
  defineRoute({
    operationId: 'listPhoneNumbers',
    method: 'get',
    path: '/phone-numbers',
    tag: 'Phone numbers',
    summary: 'List phone numbers, newest first',
    auth: 'apiKey',
    scope: 'agents:read',
    query: ListPhoneNumbersQuery,
    status: 200,
    responses: { 200: { description: 'A page of phone numbers.', schema: ListOf(PhoneNumber, 'phone_number') } },
    handler: async ({ query, auth }: Req<{ query: typeof ListPhoneNumbersQuery }>) => {
      const { docs, total } = await listNumbers(auth.organizationId, query);
      return listEnvelope('phone_number', docs.map(phoneNumberRepresentation), total, query);
    },
  }),
  defineRoute({
    operationId: 'claimPhoneNumber',
    method: 'post',
    path: '/phone-numbers',
    tag: 'Phone numbers',
    summary: 'Claim a phone number and point it at an agent',
    description: `${CLAIM_RULES} ${INBOUND_RULES}`,
    auth: 'apiKey',
    scope: 'agents:manage',
    body: ClaimPhoneNumberBody,
    status: 201,
    responses: { 201: { description: 'The number, answering for the agent.', schema: PhoneNumber }, ...errorResponses(409, 502) },
    handler: async ({ body, auth, config, carrier }: Req<{ body: typeof ClaimPhoneNumberBody }>) => {
      checkE164(body.phoneNumber, 'body.phoneNumber');
      return phoneNumberRepresentation(await claimNumber(auth.organizationId, body, carrier, twilioInboundWebhooks(config.publicBaseUrl)));
    },
  }),
  defineRoute({
    operationId: 'getPhoneNumber',
    method: 'get',
    path: '/phone-numbers/{id}',
    tag: 'Phone numbers',
    resource: 'phone number',
    summary: 'Retrieve a phone number',
    auth: 'apiKey',
    scope: 'agents:read',
    params: IdParams,
    status: 200,
    responses: { 200: { description: 'The number.', schema: PhoneNumber } },
    handler: async ({ params, auth }: Req<{ params: typeof IdParams }>) => phoneNumberRepresentation(await findOwn(auth.organizationId, params.id)),
  }),
  defineRoute({
    operationId: 'updatePhoneNumber',
    method: 'patch',
    path: '/phone-numbers/{id}',
    tag: 'Phone numbers',
    resource: 'phone number',
    summary: 'Point a phone number at another agent, or rename it',
    description:
      'Only supplied fields change. The new agent must take inbound calls (400 naming `body.agentId`); calls in progress stay with the agent that answered them.',
    auth: 'apiKey',
    scope: 'agents:manage',
    params: IdParams,
    body: UpdatePhoneNumberBody,
    status: 200,
    responses: { 200: { description: 'The number.', schema: PhoneNumber } },
    handler: async ({ params, body, auth }: Req<{ params: typeof IdParams; body: typeof UpdatePhoneNumberBody }>) => {
      await findOwn(auth.organizationId, params.id);
      const updated = await updateNumber(auth.organizationId, params.id, body);
      if (!updated) throw notFound('phone number', 'path.id');
      return phoneNumberRepresentation(updated);
    },
  }),
  defineRoute({
    operationId: 'releasePhoneNumber',
    method: 'delete',
    path: '/phone-numbers/{id}',
    tag: 'Phone numbers',
    resource: 'phone number',
    summary: 'Release a phone number',
    description:
      'The number stops answering for the organization (calls in progress go on). On Twilio its voice webhook and status callback are restored to what they were before the claim; a Twilio that cannot be reached is 502 `CARRIER_UNAVAILABLE` and the number stays claimed.',
    auth: 'apiKey',
    scope: 'agents:manage',
    params: IdParams,
    status: 200,
    responses: { 200: { description: 'The number was released.', schema: ReleasedPhoneNumber }, ...errorResponses(502) },
    handler: async ({ params, auth, carrier }: Req<{ params: typeof IdParams }>) => {
      if (!(await releaseNumber(auth.organizationId, params.id, carrier))) throw notFound('phone number', 'path.id');
      return { id: params.id, object: 'phone_number' as const, deleted: true as const };
    },
  }),
  defineRoute({
    operationId: 'placeTestCall',
    method: 'post',
    path: '/phone-numbers/{id}/test-calls',
    tag: 'Phone numbers',
    resource: 'phone number',
    summary: 'Ring a phone number with a simulated caller',
    description:
      'The simulated carrier only (409 `TEST_CALLS_UNAVAILABLE` on another): the simulated line rings the number from `from`, and a caller persona asks a question, hears the answer and hangs up. ' +
      'Answers 201 with the call (`direction: inbound`), which goes on in the background like any call: poll `GET /calls/{id}`. A call refused admission is returned too, already `completed` with `disposition: refused`. ' +
      INBOUND_RULES,
    auth: 'apiKey',
    scope: 'campaigns:manage',
    params: IdParams,
    body: TestCallBody,
    status: 201,
    responses: { 201: { description: 'The inbound call.', schema: Call }, ...errorResponses(409, 504) },
    handler: async ({ params, body, auth, config, carrier, workflows }: Req<{ params: typeof IdParams; body: typeof TestCallBody }>) => {
      const testCalls = carrier.testCalls;
      if (!testCalls) throw testCallsUnavailable();
      const number = await findOwn(auth.organizationId, params.id);
      const from = body.from ?? DEFAULT_TEST_CALLER;
      checkE164(from, 'body.from');
      const callId = String(new Types.ObjectId());
      const arrival = {
        to: number.phoneNumber,
        from,
        callId,
        carrierCallId: testCalls.carrierCallId(callId),
        ringTimeoutSeconds: config.calls.ringTimeoutSeconds,
      };
      const answered = await answerInbound(arrival, workflows);
      if (answered.kind === 'unknown_number') throw notFound('phone number', 'path.id');
      if (answered.kind === 'not_started') throw answered.error;
      if (answered.kind === 'admitted') await testCalls.ring({ callId, from });
      return callRepresentation(answered.call, false);
    },
  }),
];
