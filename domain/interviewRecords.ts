/**
 * What the interview's workflow records through its activities: its state in the read model (the
 * end counted once in the analytics), its turns (each written once under its index: a retry finds
 * it there), its report (reserved once when it ends, filled by the analysis) and its settlement.
 */
import { Types } from 'mongoose';
import { isDuplicateKeyError } from '../lib/duplicateKey';
import { countInterviewEnded, countInterviewReport } from '../models/analytics';
import { Interview, openInterviewPool, projectInterview, type InterviewRecord } from '../models/interview';
import { InterviewReport } from '../models/interviewReport';
import { toStoredKeys } from '../models/storedKeys';
import { interviewTranscript } from '../models/interviewTurn';
import { recountSessionsSoon } from '../models/sessionCount';
import { releaseSlot } from '../models/slot';
import type { InterviewSettlement, InterviewStateFields } from '../workflows/definitions';
import { settle } from './admission';
import { agentById } from './agents';

export { appendTurn as appendInterviewTurn, interviewTranscript } from '../models/interviewTurn';

/**
 * Writes state `seq` of the interview (false when a later one is there already); an interview that
 * completed is counted once. The ids the input carries as hex are cast by the schema; dates and the
 * report's id are typed here.
 */
export async function recordInterviewState(interviewId: string, seq: number, fields: InterviewStateFields): Promise<boolean> {
  const { expiresAt, startedAt, endedAt, reportId, ...rest } = fields;
  const date = (value: string | null) => (value === null ? null : new Date(value));
  const set = {
    ...rest,
    ...(expiresAt !== undefined ? { expiresAt: date(expiresAt) } : {}),
    ...(startedAt !== undefined ? { startedAt: date(startedAt) } : {}),
    ...(endedAt !== undefined ? { endedAt: date(endedAt) } : {}),
    ...(reportId !== undefined ? { reportId: reportId === null ? null : new Types.ObjectId(reportId) } : {}),
  } as Partial<InterviewRecord>;
  const applied = await projectInterview(interviewId, seq, set);
  // As for calls: counted by every attempt, once per interview.
  if (fields.status === 'completed') {
    const interview = await Interview.findById(interviewId).lean<InterviewRecord>();
    if (interview?.status === 'completed') await countInterviewEnded(interview);
  }
  return applied;
}

export const interviewById = (interviewId: string) => Interview.findById(interviewId).lean<InterviewRecord>();

/** The interview, its agent (null once deleted) and its stored turns; throws when the interview is not in the read model. */
export async function interviewWithAgent(interviewId: string) {
  const [interview, stored] = await Promise.all([interviewById(interviewId), interviewTranscript(interviewId)]);
  if (!interview) throw new Error(`interview ${interviewId} is not in the read model`);
  return { interview, agent: await agentById(interview.agentId), stored };
}

/** The report's id, fixed when the interview ends: a pending report, one per interview. */
export async function reserveInterviewReport(interviewId: string): Promise<string> {
  const existing = await InterviewReport.findOne({ interviewId }).lean();
  if (existing) return String(existing._id);
  const interview = await interviewById(interviewId);
  if (!interview) throw new Error(`interview ${interviewId} is not in the read model`);
  try {
    const report = await InterviewReport.create({
      interviewId: interview._id,
      organizationId: interview.organizationId,
      externalRef: interview.externalRef,
      status: 'pending',
    });
    return String(report._id);
  } catch (err) {
    if (!isDuplicateKeyError(err)) throw err;
    return String((await InterviewReport.findOne({ interviewId }).lean())!._id);
  }
}

/** Writes the interview's report as ready with the analysis's `fields` (or why it failed); repeating it rewrites it, but only the first is counted. */
export async function fileInterviewReport(interview: InterviewRecord, fields: Record<string, unknown>): Promise<void> {
  const captured = fields.capturedFields as Record<string, string> | undefined;
  await InterviewReport.updateOne(
    { interviewId: interview._id },
    { $set: { ...fields, ...(captured ? { capturedFields: toStoredKeys(captured) } : {}), status: 'ready', readyAt: new Date() } },
  );
  // The first analysis written is the one counted; a repeat that rewrites the report is not.
  const report = await InterviewReport.findById(interview.reportId).lean();
  if (report) await countInterviewReport(interview, report);
}

/** After the interview: charge (or record byok minutes) and release its holds once, free its open-interview place and have the agent's sessions recounted. Safe to repeat. */
export async function settleInterview(input: InterviewSettlement): Promise<void> {
  await releaseSlot(openInterviewPool(input.organizationId), input.interviewId);
  const { organizationId, interviewId, chargedMinutes, byok, heldMinutes } = input;
  await settle({ organizationId, conversation: `interview:${interviewId}`, chargedMinutes, byok, ...(heldMinutes !== undefined ? { heldMinutes } : {}) });
  // Voice agents run only interviews; those that started count as sessions.
  recountSessionsSoon(input.agentId, (agentId) =>
    Interview.countDocuments({ organizationId: input.organizationId, agentId, status: 'completed', startedAt: { $ne: null } }),
  );
}
