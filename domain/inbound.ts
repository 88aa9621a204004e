/**
 * A call to one of an organization's numbers, as its carrier's webhook brings it: the number names
 * the organization and the agent, the one admission decides (domain/admission.ts), and the call is
 * recorded before anyone answers it. Admitted, it is `active` (its workflow talks from there);
 * refused, it is listed at once as `refused` with the reason, and the caller hears the agent's
 * fallback line: never silence, never endless ringing. A browser call (the dashboard's "Talk to
 * this agent") is admitted, recorded and run the same way, but refused with an error instead.
 */
import { Types } from 'mongoose';
import { Agent, declaredVariables, type AgentRecord } from '../models/agent';
import { countCallEnded } from '../models/analytics';
import { REFUSED, callInputFor, projectCall, type CallRecord, type InboundRefusalReason } from '../models/call';
import { appendTurn } from '../models/callTurn';
import { Contact } from '../models/contact';
import { PhoneNumber } from '../models/phoneNumber';
import type { CallInput } from '../workflows/definitions';
import { AdmissionRefused, admitInboundCall, readForInbound } from './admission';

/** What a caller hears when the agent has no `phone.fallback` of its own. */
export const DEFAULT_FALLBACK = "Sorry, we can't take your call right now. Please try again later. Goodbye.";

export interface Arrival {
  /** Our number that was called, E.164. */
  to: string;
  /** The caller's number, E.164 (or whatever the carrier says, e.g. `anonymous`). */
  from: string;
  /** Our id for the call, chosen by the caller of this function. */
  callId: string;
  carrierCallId: string;
  ringTimeoutSeconds: number;
}

export type InboundOutcome =
  /** Not one of our numbers (released since the carrier was pointed at us): no organization to list it for. */
  { kind: 'unknown_number' } | { kind: 'refused'; call: CallRecord; fallback: string; language: string } | ({ kind: 'admitted' } & Answered);

/** An admitted call: `recorded` settles once its `active` state is written, which the caller waits for beside the workflow's start. */
export interface Answered {
  call: CallRecord;
  input: CallInput;
  recorded: Promise<unknown>;
}

const REASONS: Record<AdmissionRefused['refusal']['reason'], InboundRefusalReason> = {
  organization_missing: 'agent_unavailable',
  destination_not_allowed: 'agent_unavailable',
  do_not_call: 'agent_unavailable',
  byok_not_ready: 'agent_unavailable',
  concurrency: 'concurrency_limit',
  insufficient_credits: 'insufficient_credits',
};

const takesInbound = (agent: AgentRecord | null): agent is AgentRecord => {
  const direction = (agent?.phone as { direction?: string } | undefined)?.direction;
  return agent?.type === 'phone' && (direction === 'inbound' || direction === 'both');
};

/**
 * The variables of a call from `from`: its contact's attributes, `callerNumber`, and every other
 * placeholder of the agent empty, since no request gave them.
 */
function callerVariables(agent: AgentRecord, from: string, attributes: Record<string, string> | undefined): Record<string, string> {
  const empty = Object.fromEntries(declaredVariables(agent).map((name) => [name, '']));
  return { ...empty, ...(attributes ?? {}), callerNumber: from };
}

/** Admits and records a call arriving on one of our numbers; see the top of this file. */
export async function admitInbound(arrival: Arrival): Promise<InboundOutcome> {
  const number = await PhoneNumber.findOne({ phoneNumber: arrival.to }).lean();
  if (!number) return { kind: 'unknown_number' };
  const { organizationId } = number;
  const organization = readForInbound(organizationId);
  const [agent, contact] = await Promise.all([
    Agent.findOne({ _id: number.agentId, organizationId }).lean(),
    Contact.findOne({ organizationId, phoneNumber: arrival.from }, { name: 1, attributes: 1 }).lean(),
  ]);
  const answering: Answering = {
    ...arrival,
    organizationId,
    caller: { phoneNumber: arrival.from, contactName: contact?.name ?? '', attributes: contact?.attributes },
  };
  const record = callRecord(answering, number.agentId, agent);
  if (!takesInbound(agent)) return refuse(arrival, { ...record, variables: { callerNumber: arrival.from } }, 'agent_unavailable', DEFAULT_FALLBACK);
  const fallback = (agent.phone as { fallback?: string }).fallback || DEFAULT_FALLBACK;
  try {
    return { kind: 'admitted', ...(await admitAnswered(answering, agent, organization)) };
  } catch (err) {
    if (!(err instanceof AdmissionRefused)) throw err;
    return refuse(arrival, { ...record, variables: callerVariables(agent, arrival.from, contact?.attributes) }, REASONS[err.refusal.reason], fallback);
  }
}

/** What a browser call's caller is listed as: no number dialled, so its `phoneNumber` says where it came from. */
export const BROWSER_CALLER = 'browser';
const BROWSER_CARRIER_PREFIX = 'browser-';

/** The carrier's id of a browser call: no carrier carries it, so none may be asked to hang it up or speak on it. */
export const browserCarrierCallId = (callId: string) => `${BROWSER_CARRIER_PREFIX}${callId}`;
export const isBrowserCall = (carrierCallId: string) => carrierCallId.startsWith(BROWSER_CARRIER_PREFIX);

export interface BrowserCaller {
  organizationId: Types.ObjectId;
  agentId: string;
  callId: string;
  /** Who is talking: the signed-in user's email, listed as the call's `contactName`. */
  callerName: string;
  ringTimeoutSeconds: number;
}

/**
 * A call to a phone agent from the dashboard (the "Talk to this agent" button): admitted, recorded
 * and run exactly as a call to one of its numbers, whatever the agent's direction, but a refusal
 * is thrown (AdmissionRefused) rather than recorded, since the person at the browser is told why
 * on screen instead of hearing a fallback line. Null when the organization has no such phone agent.
 */
export async function admitBrowserCall(caller: BrowserCaller): Promise<Answered | null> {
  const organization = readForInbound(caller.organizationId);
  const agent = await Agent.findOne({ _id: caller.agentId, organizationId: caller.organizationId, type: 'phone' }).lean();
  if (!agent) return null;
  const answered = await admitAnswered(
    {
      organizationId: caller.organizationId,
      callId: caller.callId,
      carrierCallId: browserCarrierCallId(caller.callId),
      ringTimeoutSeconds: caller.ringTimeoutSeconds,
      caller: { phoneNumber: BROWSER_CALLER, contactName: caller.callerName, attributes: undefined },
    },
    agent,
    organization,
  );
  // It rings until the page's audio connects: one that never does ends `no_answer`, uncharged.
  return { ...answered, input: { ...answered.input, connectWithinSeconds: caller.ringTimeoutSeconds } };
}

/** A call being answered for an agent, however it reached us. */
interface Answering {
  organizationId: Types.ObjectId;
  callId: string;
  carrierCallId: string;
  ringTimeoutSeconds: number;
  caller: { phoneNumber: string; contactName: string; attributes: Record<string, string> | undefined };
}

function callRecord(answering: Answering, agentId: Types.ObjectId, agent: AgentRecord | null) {
  return {
    organizationId: answering.organizationId,
    agentId,
    agentName: agent?.name ?? 'deleted agent',
    direction: 'inbound' as const,
    phoneNumber: answering.caller.phoneNumber,
    contactName: answering.caller.contactName,
    externalRef: '',
    attemptNumber: 1,
    campaignId: null,
    language: agent?.language ?? 'en',
    carrierCallId: answering.carrierCallId,
    byok: false,
  };
}

/** The one admission of an answered call, its `active` record and its workflow's input; throws AdmissionRefused. */
async function admitAnswered(answering: Answering, agent: AgentRecord, organization: ReturnType<typeof readForInbound>): Promise<Answered> {
  const { organizationId, callId, caller } = answering;
  const { heldMinutes } = await admitInboundCall({ organizationId, callId, organization });
  const variables = callerVariables(agent, caller.phoneNumber, caller.attributes);
  const answeredAt = new Date();
  const input: CallInput = {
    ...callInputFor(agent, {
      callId,
      organizationId: String(organizationId),
      phoneNumber: caller.phoneNumber,
      contactName: caller.contactName,
      variables,
      attemptNumber: 1,
      campaignId: null,
      byok: false,
      ringTimeoutSeconds: answering.ringTimeoutSeconds,
      heldMinutes,
    }),
    direction: 'inbound',
    carrierCallId: answering.carrierCallId,
    answeredAt: answeredAt.toISOString(),
  };
  // Written before the carrier is answered (the media stream that follows opens the call by it),
  // beside the workflow's start.
  const fields = { ...callRecord(answering, agent._id, agent), variables, status: 'active' as const, startedAt: answeredAt };
  const recorded = projectCall(callId, 1, fields);
  recorded.catch(() => undefined);
  const call: CallRecord = { ...fields, _id: new Types.ObjectId(callId), seq: 1, createdAt: answeredAt, updatedAt: answeredAt };
  return { call, input, recorded };
}

async function refuse(
  arrival: Arrival,
  record: Omit<CallRecord, '_id' | 'status' | 'seq' | 'createdAt' | 'updatedAt'>,
  reason: InboundRefusalReason,
  fallback: string,
): Promise<InboundOutcome> {
  const endedAt = new Date();
  const fields = { ...record, status: 'completed' as const, disposition: REFUSED, endedReason: reason, endedAt, durationSeconds: 0, chargedMinutes: 0 };
  await projectCall(arrival.callId, 1, fields);
  // What the caller heard is the call's transcript: the fallback line, ending it.
  await appendTurn(arrival.callId, 0, { role: 'agent', text: fallback }, 'agent');
  const call: CallRecord = { ...fields, _id: new Types.ObjectId(arrival.callId), seq: 1, createdAt: endedAt, updatedAt: endedAt };
  await countCallEnded(call);
  return { kind: 'refused', call, fallback, language: record.language };
}
