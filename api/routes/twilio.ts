import { createHash } from 'node:crypto';
import type Koa from 'koa';
import { validateRequest } from 'twilio';
import type { Config } from '../../config';
import { callStatus, callWasPlaced, inboundCallOfCarrier, whoEndedCall } from '../../domain/callProgress';
import type { CarrierEvent } from '../../workflows/definitions';
import { notFound, permissionDenied } from '../errors';
import { defineRoute, reply, type Req } from '../defineRoute';
import { answerInbound } from '../inbound';
import { hangupTwiml, sayThenHangUpTwiml, streamTwiml } from '../../providers/carrier/twilio';
import { IdParams, errorResponses } from '../schemas/common';
import type { Workflows } from '../temporal';
import { TwilioCallback } from '../schemas/twilio';

/** Twilio signs every webhook with the account's auth token over the URL it was given and the form fields. */
export function verifyTwilioSignature(config: Config, signature: string | undefined, url: string, params: Record<string, string>): void {
  const token = config.carrier.twilio?.authToken;
  if (!token || !signature || !validateRequest(token, signature, url, params)) {
    throw permissionDenied('The X-Twilio-Signature header is missing or does not match this request.');
  }
}

const verify = (ctx: Koa.Context, config: Config, body: Record<string, string>) =>
  verifyTwilioSignature(config, ctx.get('x-twilio-signature') || undefined, `${config.publicBaseUrl}${ctx.originalUrl}`, body);

/** The answering-machine verdict: `unknown` (detection timed out) is treated as a person. */
function answeredEvent(answeredBy: string): CarrierEvent {
  return answeredBy.startsWith('machine') || answeredBy === 'fax' ? { type: 'voicemail' } : { type: 'answered' };
}

async function statusEvents(
  callId: string,
  form: { CallStatus?: string; AnsweredBy?: string; SipResponseCode?: string; CallDuration?: string },
): Promise<CarrierEvent[]> {
  switch (form.CallStatus) {
    case 'in-progress':
      // Answered, but by whom is the detection's to say: its verdict arrives at the AMD webhook
      // (or here, when Twilio already has it), and only then does the call count as answered.
      return form.AnsweredBy ? [answeredEvent(form.AnsweredBy)] : [];
    case 'busy':
      return [{ type: 'busy' }];
    case 'no-answer':
      return [{ type: 'no_answer' }];
    case 'failed':
    case 'canceled':
      return [{ type: 'failed', reason: `Twilio reported the call ${form.CallStatus}${form.SipResponseCode ? ` (SIP ${form.SipResponseCode})` : ''}` }];
    case 'completed': {
      const by = await whoEndedCall(callId);
      // Over before the detection's verdict came: someone picked up and hung up within seconds (Twilio
      // counted connected time), or nobody did.
      if ((await callStatus(callId)) === 'created')
        return Number(form.CallDuration) > 0 ? [{ type: 'answered' }, { type: 'ended', by }] : [{ type: 'no_answer' }];
      return [{ type: 'ended', by }];
    }
    default:
      // queued, initiated, ringing: nothing the call workflow waits for.
      return [];
  }
}

/**
 * Hands the events to the call's workflow. Twilio retries callbacks and sends late ones after the
 * call is over; the workflow takes the first event of each phase, so repeats change nothing, and a
 * call whose workflow has finished answers 204 all the same. Only a call never placed is a 404.
 */
async function deliver(workflows: Workflows, callId: string, events: CarrierEvent[], callSid: string | undefined): Promise<void> {
  // Named by Twilio's call, so the workflow ignores a callback about any call but its own.
  const named = callSid ? events.map((event) => ({ ...event, carrierCallId: callSid })) : events;
  if (!(await workflows.sendCarrierEvents(callId, named)) && !(await callWasPlaced(callId))) throw notFound('call', 'path.id');
}

const common = {
  tag: 'Carrier',
  resource: 'call',
  auth: 'public' as const,
  method: 'post' as const,
  params: IdParams,
  body: TwilioCallback,
  bodyType: 'form' as const,
  status: 204,
  responses: { 204: { description: 'Received.' }, ...errorResponses(403, 404, 504) },
};

/** Twilio's webhooks: under their own prefix, outside the partner API and its OpenAPI document. */
export const twilioRoutes = [
  defineRoute({
    ...common,
    operationId: 'twilioCallStatus',
    path: '/status/{id}',
    summary: "Twilio's call status callback",
    handler: async ({ params, body, config, workflows, ctx }: Req<{ params: typeof IdParams; body: typeof TwilioCallback; auth: 'public' }>) => {
      verify(ctx, config, body as Record<string, string>);
      await deliver(workflows, params.id, await statusEvents(params.id, body), body.CallSid);
    },
  }),
  defineRoute({
    ...common,
    operationId: 'twilioAnsweringMachine',
    path: '/amd/{id}',
    summary: "Twilio's asynchronous answering-machine verdict",
    handler: async ({ params, body, config, workflows, ctx }: Req<{ params: typeof IdParams; body: typeof TwilioCallback; auth: 'public' }>) => {
      verify(ctx, config, body as Record<string, string>);
      await deliver(workflows, params.id, body.AnsweredBy ? [answeredEvent(body.AnsweredBy)] : [], body.CallSid);
    },
  }),
  defineRoute({
    ...common,
    operationId: 'twilioStreamEnded',
    path: '/stream-ended/{id}',
    summary: "Twilio's request for what follows a call's media stream",
    status: 200,
    responses: { 200: { description: 'TwiML: hang up.', mediaType: 'text/xml' }, ...errorResponses(403, 404, 504) },
    handler: async ({ params, body, config, workflows, ctx }: Req<{ params: typeof IdParams; body: typeof TwilioCallback; auth: 'public' }>) => {
      verify(ctx, config, body as Record<string, string>);
      // Still on: the stream (or relay session) ended under a live call. Every end of ours (the
      // agent's goodbye, a failed session, a drop the media session saw) told the workflow before
      // its socket closed, and the workflow keeps the first end it hears, so this one counts only
      // when nobody on our side saw the stream go: the media process died, or the connection broke
      // unseen. A caller who hung up leaves the call `completed` here, and a transfer or keys
      // replace the TwiML without this request. A repeat is one more end after the first, which
      // changes nothing.
      if (body.CallStatus === 'in-progress') {
        const lost: CarrierEvent = { type: 'failed', reason: 'the media stream ended while the call was on', mediaLost: true };
        await deliver(workflows, params.id, [lost], body.CallSid);
      }
      ctx.type = 'text/xml';
      return reply(200, hangupTwiml());
    },
  }),
];

/** Our id of a call to one of our numbers, from Twilio's: a retried webhook finds the call its first delivery admitted. */
const inboundCallId = (callSid: string) => createHash('sha256').update(`twilio:${callSid}`).digest('hex').slice(0, 24);

const NOT_IN_SERVICE = 'The number you have called is not in service. Goodbye.';

const inbound = {
  tag: 'Carrier',
  auth: 'public' as const,
  method: 'post' as const,
  body: TwilioCallback,
  bodyType: 'form' as const,
};

/** Calls to the organizations' numbers: the voice webhook and the status callback a claim points each number at (domain/phoneNumbers.ts). */
export const twilioInboundRoutes = [
  defineRoute({
    ...inbound,
    operationId: 'twilioInboundCall',
    path: '/inbound',
    summary: "Twilio's voice webhook for a call to one of our numbers",
    status: 200,
    responses: {
      200: { description: 'TwiML: the call streamed to our media pipeline, or a spoken refusal and a hangup.', mediaType: 'text/xml' },
      ...errorResponses(403),
    },
    handler: async ({ body, config, workflows, ctx }: Req<{ body: typeof TwilioCallback; auth: 'public' }>) => {
      verify(ctx, config, body as Record<string, string>);
      ctx.type = 'text/xml';
      if (!body.CallSid || !body.To) return reply(200, sayThenHangUpTwiml(NOT_IN_SERVICE, 'en'));
      const callId = inboundCallId(body.CallSid);
      const arrival = { to: body.To, from: body.From || 'anonymous', callId, carrierCallId: body.CallSid, ringTimeoutSeconds: config.calls.ringTimeoutSeconds };
      const answered = await answerInbound(arrival, workflows);
      switch (answered.kind) {
        case 'admitted':
          return reply(200, streamTwiml(config.publicBaseUrl, config.media.publicUrl, callId));
        case 'unknown_number':
          return reply(200, sayThenHangUpTwiml(NOT_IN_SERVICE, 'en'));
        default:
          return reply(200, sayThenHangUpTwiml(answered.fallback, answered.language));
      }
    },
  }),
  defineRoute({
    ...inbound,
    operationId: 'twilioInboundStatus',
    path: '/inbound/status',
    summary: "Twilio's status callback for calls to our numbers",
    status: 204,
    responses: { 204: { description: 'Received.' }, ...errorResponses(403, 504) },
    handler: async ({ body, config, workflows, ctx }: Req<{ body: typeof TwilioCallback; auth: 'public' }>) => {
      verify(ctx, config, body as Record<string, string>);
      const call = body.CallSid ? await inboundCallOfCarrier(body.CallSid) : null;
      // A refused call was over as it was answered; one we never admitted is none of ours.
      if (!call || call.status === 'completed') return;
      const callId = String(call._id);
      const events: CarrierEvent[] = body.CallStatus === 'completed' ? [{ type: 'ended', by: await whoEndedCall(callId) }] : await statusEvents(callId, body);
      await deliver(workflows, callId, events, body.CallSid);
    },
  }),
];
