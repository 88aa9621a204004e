/**
 * An organization's interviews as its API keys see them: opened for one candidate within the plan's
 * `maxOpenInterviews` (the place is claimed before the workflow starts and given back if it never
 * confirms), their hosted link and embed tokens, which a closed interview no longer takes, their
 * transcript, and their report, which an interview that never started never gets. The interview's
 * state is its workflow's: these functions read its read model and hand the workflow what it needs.
 */
import { Types } from 'mongoose';
import { findPage } from '../lib/page';
import { hashKey } from '../models/apiKey';
import { EmbedToken, generateCandidateSecret } from '../models/embedToken';
import { Interview, openInterviewPool, type InterviewRecord } from '../models/interview';
import { InterviewReport } from '../models/interviewReport';
import { fromStoredKeys } from '../models/storedKeys';
import { interviewTranscript } from '../models/interviewTurn';
import { organizationLimits } from '../models/organization';
import { claimSlot, releaseSlot } from '../models/slot';
import type { InterviewInput } from '../workflows/definitions';
import { admitInterview } from './admission';
import { findAgent } from './agents';
import { InterviewMissing } from './candidates';
import { findOrganization } from './organizations';

export type InterviewRefusal =
  | { reason: 'agent_not_found' }
  | { reason: 'agent_not_voice' }
  | { reason: 'organization_missing' }
  | { reason: 'quota'; maxOpenInterviews: number }
  | { reason: 'embed_origins_required' }
  /** Completed, or past its `expiresAt`: it takes no new `embed_token` or `link`. */
  | { reason: 'closed'; state: 'completed' | 'expired'; refused: 'embed_token' | 'link' }
  | { reason: 'report_unavailable'; endedReason: string }
  /** Started, but its agent was deleted before the analysis read it: no report, ever. */
  | { reason: 'agent_deleted_before_report' };

export class InterviewRefused extends Error {
  constructor(readonly refusal: InterviewRefusal) {
    super(`Interview refused: ${refusal.reason}`);
    this.name = 'InterviewRefused';
  }
}

const refuse = (refusal: InterviewRefusal) => new InterviewRefused(refusal);

const closedState = (interview: InterviewRecord, now = new Date()): 'completed' | 'expired' | null =>
  interview.status === 'completed' ? 'completed' : interview.expiresAt <= now ? 'expired' : null;

export const listInterviews = (
  organizationId: Types.ObjectId,
  query: { externalRef?: string; status?: InterviewRecord['status']; page: number; limit: number },
) =>
  findPage<InterviewRecord>(
    Interview,
    {
      organizationId,
      ...(query.externalRef !== undefined ? { externalRef: query.externalRef } : {}),
      ...(query.status ? { status: query.status } : {}),
    },
    query,
  );

/** The organization's interview; an InterviewMissing when it has none of that id. */
export async function findInterview(organizationId: Types.ObjectId, id: string): Promise<InterviewRecord> {
  const doc = await Interview.findOne({ _id: id, organizationId }).lean<InterviewRecord>();
  if (!doc) throw new InterviewMissing();
  return doc;
}

/** What the partner asks of a new interview; the agent's fields and the organization's come from the store. */
export interface InterviewRequest {
  agentId: string;
  mode?: InterviewInput['mode'];
  candidateName: string;
  candidateEmail?: string;
  externalRef?: string;
  expiresInHours?: number;
}

/**
 * Opens an interview with a voice agent of the organization: admitted (credits, BYOK readiness),
 * within `maxOpenInterviews`, then `start`ed (its workflow writes `created` before it resolves).
 * Answers the interview and the hosted link's capability, which is stored only as its hash.
 */
export async function openInterview(
  caller: { organizationId: Types.ObjectId; byok: boolean },
  request: InterviewRequest,
  start: (input: InterviewInput) => Promise<void>,
): Promise<{ interview: InterviewRecord; capability: string }> {
  const { organizationId, byok } = caller;
  const agent = /^[0-9a-f]{24}$/.test(request.agentId) ? await findAgent(organizationId, request.agentId) : null;
  if (!agent) throw refuse({ reason: 'agent_not_found' });
  if (agent.type !== 'voice') throw refuse({ reason: 'agent_not_voice' });
  await admitInterview({ organizationId, byok });
  const organization = await findOrganization(organizationId);
  if (!organization) throw refuse({ reason: 'organization_missing' });

  const interviewId = String(new Types.ObjectId());
  const pool = openInterviewPool(organizationId);
  const { maxOpenInterviews } = organizationLimits(organization);
  if ((await claimSlot(pool, interviewId, maxOpenInterviews)) === null) throw refuse({ reason: 'quota', maxOpenInterviews });
  const capability = generateCandidateSecret('ic');
  try {
    await start({
      interviewId,
      organizationId: String(organizationId),
      agentId: String(agent._id),
      agentName: agent.name,
      agentMode: agent.mode ?? 'interview',
      mode: request.mode ?? 'voice',
      candidateName: request.candidateName,
      candidateEmail: request.candidateEmail ?? '',
      externalRef: request.externalRef ?? '',
      language: agent.language,
      capabilityHash: hashKey(capability),
      expiresInHours: request.expiresInHours ?? 72,
      maxDurationMinutes: agent.maxDurationMinutes,
      byok,
      holdsCredits: !byok,
    });
  } catch (err) {
    // An abandoned workflow never settles: its place is freed here.
    await releaseSlot(pool, interviewId);
    throw err;
  }
  return { interview: await findInterview(organizationId, interviewId), capability };
}

/**
 * An embed token for the interview, bound to the API key minting it and to the key's allowed
 * origins (a key without any may not mint one). Answers the token, stored only as its hash.
 */
export async function mintEmbedToken(
  organizationId: Types.ObjectId,
  id: string,
  key: { keyId: string | null; allowedOrigins: string[] },
  expiresInSeconds: number,
): Promise<{ token: string; expiresAt: Date }> {
  const interview = await findInterview(organizationId, id);
  if (key.keyId === null || key.allowedOrigins.length === 0) throw refuse({ reason: 'embed_origins_required' });
  const state = closedState(interview);
  if (state) throw refuse({ reason: 'closed', state, refused: 'embed_token' });
  const token = generateCandidateSecret('et');
  const expiresAt = new Date(Date.now() + expiresInSeconds * 1000);
  await EmbedToken.create({
    tokenHash: hashKey(token),
    interviewId: interview._id,
    organizationId,
    apiKeyId: new Types.ObjectId(key.keyId),
    allowedOrigins: key.allowedOrigins,
    expiresAt,
  });
  return { token, expiresAt };
}

/**
 * A fresh hosted link for an open interview. `reissue` has the interview's workflow store the new
 * capability's hash, answering null when the workflow found it closed since it was read here.
 */
export async function reissueInterviewLink(
  organizationId: Types.ObjectId,
  id: string,
  reissue: (capabilityHash: string) => Promise<{ expiresAt: string } | null>,
): Promise<{ capability: string; expiresAt: string }> {
  const interview = await findInterview(organizationId, id);
  const closed = () => refuse({ reason: 'closed', state: interview.status === 'completed' ? 'completed' : 'expired', refused: 'link' });
  if (closedState(interview)) throw closed();
  const capability = generateCandidateSecret('ic');
  const reissued = await reissue(hashKey(capability));
  if (!reissued) throw closed();
  return { capability, expiresAt: reissued.expiresAt };
}

/** The interview with every turn stored so far, tool turns included. */
export async function interviewWithTranscript(organizationId: Types.ObjectId, id: string) {
  const interview = await findInterview(organizationId, id);
  return { interview, turns: await interviewTranscript(id) };
}

/**
 * The interview's report once its analysis is written (null until then), with the transcript when
 * asked for. An interview that ended without starting, or whose agent was deleted before its
 * analysis, never gets one: refused, so pollers stop.
 */
export async function interviewReport(organizationId: Types.ObjectId, id: string, withTranscript: boolean) {
  const interview = await findInterview(organizationId, id);
  if (interview.status === 'completed' && !interview.startedAt) throw refuse({ reason: 'report_unavailable', endedReason: interview.endedReason ?? 'expired' });
  const report = interview.reportId ? await InterviewReport.findById(interview.reportId).lean() : null;
  if (!report || report.status !== 'ready') {
    if (interview.reportUnavailable) throw refuse({ reason: 'agent_deleted_before_report' });
    return { interview, report: null };
  }
  const stored = report.capturedFields as Record<string, string> | undefined;
  return {
    interview,
    report: { ...report, ...(stored ? { capturedFields: fromStoredKeys(stored) } : {}) },
    turns: withTranscript ? await interviewTranscript(id) : undefined,
  };
}
