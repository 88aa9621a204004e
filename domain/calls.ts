/**
 * Calls as the partner sees them: listed and read within their organization, with their
 * transcript, report and recording; and the placement's own rules, the agent that may place a
 * call and the call an Idempotency-Key already names. What the worker and the carrier's webhooks
 * record of a call as it goes is domain/callProgress.ts.
 */
import { Types } from 'mongoose';
import { findPage } from '../lib/page';
import { Agent, declaredVariables, type AgentRecord } from '../models/agent';
import { Call, REFUSED, type CallDirection, type CallRecord } from '../models/call';
import { CallReport, type CallReportRecord } from '../models/callReport';
import { fromStoredKeys } from '../models/storedKeys';
import { callSearchFilter, type CallSearch } from '../models/callSearch';
import { transcriptOf } from '../models/callTurn';
import { Contact } from '../models/contact';
import { recordedCalls, recordingFile, recordingOf } from '../models/recording';

export { CALL_DIRECTIONS, CALL_ENDED_REASONS, REFUSED, callInputFor, type CallRecord } from '../models/call';
export { readRecording } from '../models/recording';

export type CallRefusal =
  | { reason: 'not_found' }
  | { reason: 'agent_not_found' }
  | { reason: 'agent_not_phone' }
  | { reason: 'agent_inbound_only' }
  | { reason: 'idempotency_key_reused' }
  | { reason: 'report_unavailable' }
  /** Its agent was deleted before the analysis read it: no report, ever. */
  | { reason: 'agent_deleted_before_report' }
  | { reason: 'recording_not_found' };

export class CallRefused extends Error {
  constructor(readonly refusal: CallRefusal) {
    super(`Call refused: ${refusal.reason}`);
    this.name = 'CallRefused';
  }
}

const refuse = (refusal: CallRefusal) => new CallRefused(refusal);

export interface CallListQuery extends CallSearch {
  agentId?: string;
  status?: CallRecord['status'];
  direction?: CallDirection;
  page: number;
  limit: number;
}

/** A page of the organization's calls, newest first, and which of them have a complete recording. */
export async function listCalls(organizationId: Types.ObjectId, query: CallListQuery) {
  const filter = {
    organizationId,
    ...(query.agentId ? { agentId: new Types.ObjectId(query.agentId) } : {}),
    ...(query.status ? { status: query.status } : {}),
    ...(query.direction ? { direction: query.direction } : {}),
    ...callSearchFilter(query),
  };
  const { docs, total } = await findPage<CallRecord>(Call, filter, query);
  return { docs, total, recorded: await recordedCalls(docs.map((c) => c._id)) };
}

/** The organization's call of that id; CallRefused `not_found` when it has none. */
export async function callOf(organizationId: Types.ObjectId, id: string): Promise<CallRecord> {
  const call = await Call.findOne({ _id: id, organizationId }).lean();
  if (!call) throw refuse({ reason: 'not_found' });
  return call;
}

export const isRecorded = async (callId: Types.ObjectId) => (await recordingOf(callId)) !== undefined;

export async function callTranscript(organizationId: Types.ObjectId, id: string) {
  const call = await callOf(organizationId, id);
  return { call, turns: await transcriptOf(id) };
}

/**
 * The call's report, null until its analysis is written; an inbound call refused unanswered has
 * none (`report_unavailable`), nor has a call whose agent was deleted before its analysis.
 */
export async function callReport(organizationId: Types.ObjectId, id: string): Promise<CallReportRecord | null> {
  const call = await callOf(organizationId, id);
  if (call.disposition === REFUSED) throw refuse({ reason: 'report_unavailable' });
  if (call.reportUnavailable) throw refuse({ reason: 'agent_deleted_before_report' });
  const report = call.reportId ? await CallReport.findById(call.reportId).lean<CallReportRecord>() : null;
  return report && { ...report, capturedFields: fromStoredKeys(report.capturedFields ?? {}) };
}

/** The file of the call's complete recording (`recording_not_found` without one). */
export async function callRecordingFile(organizationId: Types.ObjectId, id: string): Promise<{ _id: Types.ObjectId; length: number }> {
  const call = await callOf(organizationId, id);
  const recording = await recordingOf(call._id);
  const file = recording ? await recordingFile(recording.fileId) : undefined;
  if (!file) throw refuse({ reason: 'recording_not_found' });
  return file;
}

/**
 * The agent a call is placed with, its placeholders, and the attributes of the number's contact
 * that fill those the request leaves out, read at once. Only a phone agent that places calls
 * (`phone.direction` outbound or both) may.
 */
export async function placingAgent(organizationId: Types.ObjectId, agentId: string, phoneNumber: string) {
  const [agent, contact] = await Promise.all([
    /^[0-9a-f]{24}$/.test(agentId) ? Agent.findOne({ _id: agentId, organizationId }).lean<AgentRecord>() : null,
    Contact.findOne({ organizationId, phoneNumber }, { attributes: 1 }).lean(),
  ]);
  if (!agent) throw refuse({ reason: 'agent_not_found' });
  if (agent.type !== 'phone') throw refuse({ reason: 'agent_not_phone' });
  if ((agent.phone as { direction?: string } | undefined)?.direction === 'inbound') throw refuse({ reason: 'agent_inbound_only' });
  return { agent, declared: declaredVariables(agent), contactAttributes: contact?.attributes };
}

/**
 * The call an Idempotency-Key's id already names, if any. The key names its call for good: a
 * request with it for another number or agent is `idempotency_key_reused`.
 */
export async function callOfKey(organizationId: Types.ObjectId, callId: string, request: { phoneNumber: string; agentId: string }): Promise<CallRecord | null> {
  const existing = await Call.findOne({ _id: callId, organizationId }).lean();
  if (existing && (existing.phoneNumber !== request.phoneNumber || String(existing.agentId) !== request.agentId))
    throw refuse({ reason: 'idempotency_key_reused' });
  return existing;
}
