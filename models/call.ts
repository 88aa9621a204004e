import { Schema, Types, model } from 'mongoose';
import type { AnsweredBy, CallInput, ReportUnavailable } from '../workflows/definitions';
import type { AgentRecord } from './agent';

import { projectState } from './projection';
import { recountSessionsSoon } from './sessionCount';

/**
 * Why a call ended without its workflow finishing it, or lost its audio. Ended `failed`, as the slot reaper found it
 * (domain/slotReaper.ts): its workflow never started, or closed unfinished (an operator
 * terminated it, it timed out, it failed or was cancelled). Ended `refused`, an inbound call its
 * admission turned away (domain/inbound.ts): no credit minute left, the organization's calls all
 * in progress, or no agent to answer. Ended `failed` by its workflow, `media_lost`: the call's
 * audio stream dropped under the agent (the media process holding its session died, or the
 * stream's connection broke).
 */
export const CALL_ENDED_REASONS = [
  'not_started',
  'terminated',
  'timed_out',
  'failed',
  'cancelled',
  'insufficient_credits',
  'concurrency_limit',
  'agent_unavailable',
  'media_lost',
] as const;
export type CallEndedReason = (typeof CALL_ENDED_REASONS)[number];
export type InboundRefusalReason = Extract<CallEndedReason, 'insufficient_credits' | 'concurrency_limit' | 'agent_unavailable'>;

/** The disposition of an inbound call refused admission: the caller heard the agent's fallback line and the call ended, uncharged. */
export const REFUSED = 'refused';

export const CALL_DIRECTIONS = ['outbound', 'inbound'] as const;
export type CallDirection = (typeof CALL_DIRECTIONS)[number];

export interface CallRecord {
  _id: Types.ObjectId;
  organizationId: Types.ObjectId;
  agentId: Types.ObjectId;
  agentName: string;
  status: 'created' | 'active' | 'completed';
  direction: CallDirection;
  phoneNumber: string;
  contactName: string;
  externalRef: string;
  attemptNumber: number;
  campaignId?: Types.ObjectId | null;
  variables: Record<string, string>;
  language: string;
  disposition?: string | null;
  carrierCallId?: string | null;
  startedAt?: Date | null;
  endedAt?: Date | null;
  durationSeconds?: number | null;
  chargedMinutes?: number | null;
  /** Set only on a call its workflow never finished; null on every other. */
  endedReason?: CallEndedReason | null;
  /** Placed with a byok key: its LLM is the organization's own. Absent on sessions started before it was recorded. */
  byok?: boolean;
  /** Who answered an outbound call, as our answering-machine detection decided (agents with `phone.machineDetection`). */
  answeredBy?: AnsweredBy | null;
  /** Milliseconds of the callee's audio it took to decide. */
  answeredByAfterMs?: number | null;
  reportId?: Types.ObjectId | null;
  /** Set when the call ended without a report and never gets one (its agent was deleted first); null on every other. */
  reportUnavailable?: ReportUnavailable | null;
  /** The call workflow's sequence number of the last state written here. */
  seq: number;
  createdAt: Date;
  updatedAt: Date;
}

/** The read model of a call: a projection the call workflow writes, never the source of truth. */
const callSchema = new Schema<CallRecord>(
  {
    organizationId: { type: Schema.Types.ObjectId, required: true },
    agentId: { type: Schema.Types.ObjectId, required: true },
    agentName: { type: String, required: true },
    status: { type: String, required: true, enum: ['created', 'active', 'completed'] },
    direction: { type: String, required: true, default: 'outbound' },
    phoneNumber: { type: String, required: true },
    contactName: { type: String, default: '' },
    externalRef: { type: String, default: '' },
    attemptNumber: { type: Number, default: 1 },
    campaignId: { type: Schema.Types.ObjectId, default: null },
    variables: { type: Schema.Types.Mixed, default: {} },
    language: { type: String, required: true },
    disposition: { type: String, default: null },
    carrierCallId: { type: String, default: null },
    startedAt: { type: Date, default: null },
    endedAt: { type: Date, default: null },
    durationSeconds: { type: Number, default: null },
    chargedMinutes: { type: Number, default: null },
    endedReason: { type: String, default: null },
    byok: { type: Boolean, default: false },
    answeredBy: { type: String, default: null },
    answeredByAfterMs: { type: Number, default: null },
    reportId: { type: Schema.Types.ObjectId, default: null },
    reportUnavailable: { type: String, default: null },
    seq: { type: Number, required: true },
  },
  { timestamps: true, versionKey: false, minimize: false },
);
callSchema.index({ organizationId: 1, createdAt: -1 });
callSchema.index({ organizationId: 1, agentId: 1, createdAt: -1 });
callSchema.index({ organizationId: 1, status: 1, createdAt: -1 });
callSchema.index({ organizationId: 1, direction: 1, createdAt: -1 });
// Twilio's status callbacks for calls to our numbers name the call only by its CallSid.
callSchema.index({ carrierCallId: 1 });
// The retention sweep's look-up of each organization's oldest recordings.
callSchema.index({ organizationId: 1, 'recording.completedAt': 1 });

export const Call = model<CallRecord>('Call', callSchema);

/** State `seq` of a call, the first inserting it (models/projection.ts). */
export function projectCall(callId: string, seq: number, fields: Partial<CallRecord>): Promise<boolean> {
  return projectState(Call, new Types.ObjectId(callId), seq, fields);
}

/**
 * Who answered, written by the media session as it decides: beside the workflow's states, not one of
 * them, so it takes no sequence number and no later state overwrites it.
 */
export async function recordAnsweredBy(callId: string, answeredBy: AnsweredBy, afterMs: number): Promise<void> {
  await Call.updateOne({ _id: new Types.ObjectId(callId) }, { $set: { answeredBy, answeredByAfterMs: afterMs } });
}

/** Has the agent's `sessionsCount` (its completed calls) refreshed shortly after one of its calls ended. */
export function recountCallSessionsSoon(organizationId: Types.ObjectId | string, agentId: Types.ObjectId | string): void {
  // With the organization the count reads the agent's calls by index, not the whole table (FerretDB).
  recountSessionsSoon(String(agentId), (agent) => Call.countDocuments({ organizationId, agentId: agent, status: 'completed' }));
}

/** What every organization's call slot pool is named after: `calls:<organization id>`. */
export const CALL_SLOT_POOLS = 'calls:';

/** The organization's concurrent-call slots, shared by direct calls and campaigns. */
export const callSlotPool = (organizationId: Types.ObjectId | string) => `${CALL_SLOT_POOLS}${organizationId}`;

/**
 * Calls whose start the API could not confirm (Temporal out of reach): their concurrency slot is
 * given back at once, and they wait here, taking no place, for the reaper to settle their hold if
 * no workflow ever ran (`unconfirmed-calls:<organization id>`).
 */
export const UNCONFIRMED_CALL_POOLS = 'unconfirmed-calls:';
export const unconfirmedCallPool = (organizationId: Types.ObjectId | string) => `${UNCONFIRMED_CALL_POOLS}${organizationId}`;

/** A call workflow's input: the agent's settings at dial time, and who is called and why. */
export function callInputFor(
  agent: AgentRecord,
  target: Pick<
    CallInput,
    'callId' | 'organizationId' | 'phoneNumber' | 'variables' | 'attemptNumber' | 'campaignId' | 'byok' | 'ringTimeoutSeconds' | 'heldMinutes'
  > & {
    contactName?: string;
    externalRef?: string;
  },
): CallInput {
  const phone = (agent.phone ?? {}) as { voicemailBehavior?: CallInput['voicemailBehavior'] };
  return {
    ...target,
    agentId: String(agent._id),
    agentName: agent.name,
    contactName: target.contactName ?? '',
    externalRef: target.externalRef ?? '',
    language: agent.language,
    maxDurationMinutes: agent.maxDurationMinutes,
    voicemailBehavior: phone.voicemailBehavior ?? 'hangup',
  };
}
