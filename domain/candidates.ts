/**
 * What a candidate may do and see of their interview: the credentials that open it (the hosted
 * link's capability, or an embed token bounded by the API key that minted it), their session, and
 * starting it, which holds the interview's first minute.
 */
import type { Types } from 'mongoose';
import { Agent } from '../models/agent';
import { ApiKey, revokedAtOf } from '../models/apiKey';
import { EmbedToken } from '../models/embedToken';
import { Interview, type InterviewRecord } from '../models/interview';
import { candidateVisible, interviewTranscript } from '../models/interviewTurn';
import { admitInterviewStart } from './admission';

export { embedOriginsOf } from '../models/embedToken';

export class InterviewMissing extends Error {
  constructor() {
    super('No such interview');
    this.name = 'InterviewMissing';
  }
}

/** The hosted link's stored capability for the interview; null when there is no such interview. */
export async function linkCapability(interviewId: string): Promise<{ capabilityHash: string; organizationId: Types.ObjectId; expiresAt: Date } | null> {
  return Interview.findById(interviewId, { capabilityHash: 1, organizationId: 1, expiresAt: 1 }).lean();
}

/** The embed token of that hash with the state of the API key that minted it (null when the key is gone). */
export async function embedGrant(tokenHash: string) {
  const embed = await EmbedToken.findOne({ tokenHash }).lean();
  if (!embed) return null;
  const key = await ApiKey.findById(embed.apiKeyId, { revokedAt: 1, expiresAt: 1 }).lean();
  return { embed, key: key ? { revokedAt: await revokedAtOf(key), expiresAt: key.expiresAt ?? null } : null };
}

/** The interview as its candidate sees it: the agent's opening line and public name, and the turns so far (not the agent's tool calls). */
export async function candidateSession(interviewId: string) {
  const interview = await Interview.findById(interviewId).lean<InterviewRecord>();
  if (!interview) throw new InterviewMissing();
  const agent = await Agent.findById(interview.agentId, { voice: 1, displayName: 1 }).lean();
  const opening = String((agent?.voice as { opening?: string } | undefined)?.opening ?? '');
  return { interview, opening, turns: candidateVisible(await interviewTranscript(interviewId)), displayName: agent?.displayName ?? undefined };
}

/**
 * The candidate starts, by message or by voice: the interview's first minute is held (an
 * AdmissionRefused when the organization has none left) before `start` opens it. One that has
 * started already holds it.
 */
export async function startCandidateInterview(interviewId: string, start: (interviewId: string) => Promise<void>): Promise<void> {
  const interview = await Interview.findById(interviewId, { organizationId: 1, byok: 1, status: 1 }).lean<InterviewRecord>();
  if (!interview) throw new InterviewMissing();
  if (interview.status === 'created') await admitInterviewStart(interview);
  await start(interviewId);
}
