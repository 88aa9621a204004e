import { timingSafeEqual } from 'node:crypto';
import type Koa from 'koa';
import { hashKey } from '../../models/apiKey';
import { EmbedToken } from '../../models/embedToken';
import { Interview } from '../../models/interview';
import { candidateTokenExpired, invalidCandidateToken, permissionDenied } from '../errors';
import type { Auth } from '../defineRoute';
import { KEY_PATTERN, SESSION_PATTERN } from './auth';

/** Requests a minute per interview: a conversation needs a few; a script guessing nothing gains from more. */
export const CANDIDATE_RATE_LIMIT = 120;

const sameHash = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/**
 * Candidate routes take the hosted link's capability (`ic_…`) or an embed token (`et_…`) for the
 * interview in the path, and nothing else: an API key is refused, and a credential for another
 * interview is as unknown as a made-up one.
 */
export async function authenticateCandidate(ctx: Koa.Context): Promise<Extract<Auth, { kind: 'candidate' }>> {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(ctx.get('authorization'));
  if (!match) throw invalidCandidateToken('Send the interview token as `Authorization: Bearer <token>`.');
  const token = match[1]!;
  if (KEY_PATTERN.test(token) || SESSION_PATTERN.test(token)) {
    throw permissionDenied('API keys and dashboard sessions cannot call candidate routes; use the interview link or an embed token.');
  }
  const interviewId = String(ctx.params.id ?? '');
  const unknown = () => invalidCandidateToken('This interview link or token is not valid for this interview.');
  if (!/^[0-9a-f]{24}$/.test(interviewId)) throw unknown();
  const now = new Date();

  if (token.startsWith('ic_')) {
    const interview = await Interview.findById(interviewId, { capabilityHash: 1, organizationId: 1, expiresAt: 1 }).lean();
    if (!interview || !sameHash(interview.capabilityHash, hashKey(token))) throw unknown();
    if (interview.expiresAt <= now) throw candidateTokenExpired();
    return { kind: 'candidate', interviewId, organizationId: interview.organizationId, via: 'link' };
  }
  if (token.startsWith('et_')) {
    const embed = await EmbedToken.findOne({ tokenHash: hashKey(token) }).lean();
    if (!embed || String(embed.interviewId) !== interviewId) throw unknown();
    if (embed.expiresAt <= now) throw candidateTokenExpired();
    return { kind: 'candidate', interviewId, organizationId: embed.organizationId, via: 'embed' };
  }
  throw unknown();
}
