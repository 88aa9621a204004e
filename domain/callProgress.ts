/**
 * What is recorded of a call as it goes, by the worker's activities and the carrier's webhooks: its
 * states in the read model (counted once when it ends), its turns, its dial intent, its report
 * (one per call, the unique index deciding between two attempts) and the opt-out it may carry;
 * and what they read back of it. The partner's view of calls is domain/calls.ts.
 */
import { Types } from 'mongoose';
import { isDuplicateKeyError } from '../lib/duplicateKey';
import { agentById } from './agents';
import { countCallEnded, countCallReport } from '../models/analytics';
import { Call, projectCall, type CallRecord } from '../models/call';
import { CallReport, type CallReportRecord } from '../models/callReport';
import { toStoredKeys } from '../models/storedKeys';
import { CallTurn, transcriptOf } from '../models/callTurn';
import { Campaign } from '../models/campaign';
import { markDoNotCall, type DoNotCallKey } from '../models/contact';
import type { CallProjection } from '../workflows/definitions';

export { appendClosingTurn, appendTurn } from '../models/callTurn';
export { recountCallSessionsSoon } from '../models/call';
export { recordDialIntent } from '../models/dialIntent';

/**
 * A call as its activities read it: the call, its agent and its stored turns. The line can start
 * talking before the call's first state is written; a retry finds it.
 */
export async function readCallWithAgent(callId: string) {
  const call = await Call.findById(callId).lean();
  if (!call) throw new Error(`call ${callId} is not in the read model yet`);
  const [agent, stored] = await Promise.all([agentById(call.agentId), transcriptOf(callId)]);
  return { call, agent, stored };
}

/** What a dial on an existing call needs of it: who pays for its speech and how its agent sounds. */
export const callDialSettings = (callId: string) => Call.findById(callId, { byok: 1, agentId: 1, variables: 1 }).lean();

/**
 * State `seq` of the call in the read model (models/call.ts), counted once when it is the end.
 * The workflow sends dates as strings and ids as hex; they are stored as the record types them.
 */
export async function recordCallState({ callId, seq, fields }: CallProjection): Promise<boolean> {
  const { startedAt, endedAt, reportId, ...rest } = fields;
  // The ids the input carries as hex are cast by the schema; dates and the report's id are typed here.
  const set = {
    ...rest,
    ...(startedAt !== undefined ? { startedAt: startedAt === null ? null : new Date(startedAt) } : {}),
    ...(endedAt !== undefined ? { endedAt: endedAt === null ? null : new Date(endedAt) } : {}),
    ...(reportId ? { reportId: new Types.ObjectId(reportId) } : {}),
  } as Partial<CallRecord>;
  const applied = await projectCall(callId, seq, set);
  // Counted whether or not this attempt applied the state: an attempt that wrote it may have
  // stopped before counting. Counting is once per call however often it runs.
  if (fields.status === 'completed') {
    const call = await Call.findById(callId).lean();
    if (call?.status === 'completed') await countCallEnded(call);
  }
  return applied;
}

/** Whether the callback a campaign's recipient asked for becomes their next attempt: not once `retryLimit` attempts are made. */
export async function callbackIsNextAttempt(call: Pick<CallRecord, 'campaignId' | 'attemptNumber'>): Promise<boolean> {
  if (!call.campaignId) return false;
  const campaign = await Campaign.findById(call.campaignId, { settings: 1 }).lean();
  return campaign !== null && call.attemptNumber < campaign.settings.retryLimit;
}

/** The person asked not to be called again: their number is do-not-call, naming this call. */
export const optOutOfCalls = (key: DoNotCallKey, call: CallRecord) =>
  markDoNotCall(key, call.organizationId, call.phoneNumber, 'opted_out_in_call', String(call._id));

/** What the analysis gives a report, the model's defaults filling what it leaves out. */
export type CallReportFields = Pick<CallReportRecord, 'disposition'> & Partial<Omit<CallReportRecord, '_id' | 'callId' | 'organizationId' | 'externalRef'>>;

/** The call's report, written once: its id, whichever attempt wrote it. */
export async function storeCallReport(call: CallRecord, fields: CallReportFields): Promise<string> {
  try {
    const report = await CallReport.create({
      callId: call._id,
      organizationId: call.organizationId,
      externalRef: call.externalRef,
      ...fields,
      ...(fields.capturedFields ? { capturedFields: toStoredKeys(fields.capturedFields) } : {}),
    });
    return String(report._id);
  } catch (err) {
    if (!isDuplicateKeyError(err)) throw err;
    const raced = await CallReport.findOne({ callId: String(call._id) }).lean();
    return String(raced!._id);
  }
}

/** Counts the call's report in the analytics, once per call however often it runs. */
export async function countStoredReport(call: CallRecord, reportId: string): Promise<void> {
  const report = await CallReport.findById(reportId).lean();
  await countCallReport(call, report!);
}

/** Who ended a call that was talking: the agent if it said its last turn, else the callee hung up. */
export async function whoEndedCall(callId: string): Promise<'agent' | 'contact'> {
  return (await CallTurn.exists({ callId: new Types.ObjectId(callId), ends: 'agent' })) ? 'agent' : 'contact';
}

export const callStatus = async (callId: string): Promise<CallRecord['status'] | undefined> => (await Call.findById(callId, { status: 1 }).lean())?.status;

export const callWasPlaced = async (callId: string): Promise<boolean> => (await Call.exists({ _id: callId })) !== null;

/** The call to one of our numbers that the carrier names by its own id, if we admitted it. */
export const inboundCallOfCarrier = (carrierCallId: string) => Call.findOne({ carrierCallId, direction: 'inbound' }, { _id: 1, status: 1 }).lean();
