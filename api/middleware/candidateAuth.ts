import { timingSafeEqual } from 'node:crypto';
import type Koa from 'koa';
import { hashKey } from '../../domain/apiKeys';
import { embedGrant, linkCapability } from '../../domain/candidates';
import { candidateTokenExpired, invalidCandidateToken, originNotAllowed, permissionDenied } from '../errors';
import type { Auth } from '../defineRoute';
import { KEY_PATTERN, SESSION_PATTERN } from './auth';

/** Requests a minute per interview: a conversation needs a few; a script guessing nothing gains from more. */
export const CANDIDATE_RATE_LIMIT = 120;

const sameHash = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

export type CandidateAuth = Extract<Auth, { kind: 'candidate' }>;

/** What a candidate presents, over HTTP or in a WebSocket handshake alike. */
export interface CandidateCredential {
  token: string;
  interviewId: string;
  /** The request's `Origin` header, absent when the client sent none. */
  origin: string | undefined;
}

/**
 * The origin rule of candidate routes and sockets. A browser names the page's origin on every
 * cross-origin request and on same-origin ones other than GET and HEAD; `ownOrigin` (our hosted
 * page and embed frame) is always allowed, and an embed token's allowed origins too. A request
 * without `Origin` is allowed: browsers leave it out only on same-origin reads, and a client
 * outside a browser can put any value there, so demanding it would stop nobody. `null` (a
 * sandboxed frame, a file) is refused like any origin not listed.
 */
export function assertOriginAllowed(origin: string | undefined, allowedOrigins: readonly string[], ownOrigin: string): void {
  if (origin === undefined || origin === ownOrigin || allowedOrigins.includes(origin)) return;
  throw originNotAllowed(origin);
}

/**
 * Checks a candidate credential for one interview: the hosted link's capability (`ic_…`) or an
 * embed token (`et_…`), and nothing else; an API key is refused, a credential for another
 * interview is as unknown as a made-up one, and an embed token ends with the key that minted it (revoked or expired).
 * Then the origin: the HTTP routes call this through `authenticateCandidate`, a socket handshake
 * calls it with the token, the interview id and the handshake's `Origin`.
 */
export async function verifyCandidate(credential: CandidateCredential, ownOrigin: string): Promise<CandidateAuth> {
  const { token, interviewId, origin } = credential;
  if (KEY_PATTERN.test(token) || SESSION_PATTERN.test(token)) {
    throw permissionDenied('API keys and dashboard sessions cannot call candidate routes; use the interview link or an embed token.');
  }
  const unknown = () => invalidCandidateToken('This interview link or token is not valid for this interview.');
  if (!/^[0-9a-f]{24}$/.test(interviewId)) throw unknown();
  const now = new Date();

  if (token.startsWith('ic_')) {
    const interview = await linkCapability(interviewId);
    if (!interview || !sameHash(interview.capabilityHash, hashKey(token))) throw unknown();
    if (interview.expiresAt <= now) throw candidateTokenExpired();
    assertOriginAllowed(origin, [], ownOrigin);
    return { kind: 'candidate', interviewId, organizationId: interview.organizationId, via: 'link' };
  }
  if (token.startsWith('et_')) {
    const grant = await embedGrant(hashKey(token));
    if (!grant || String(grant.embed.interviewId) !== interviewId) throw unknown();
    const { embed, key } = grant;
    if (!key || key.revokedAt) throw invalidCandidateToken('This embed token was minted by an API key that has been revoked.');
    if (key.expiresAt && key.expiresAt <= now) throw invalidCandidateToken('This embed token was minted by an API key that has expired.');
    if (embed.expiresAt <= now) throw candidateTokenExpired();
    assertOriginAllowed(origin, embed.allowedOrigins, ownOrigin);
    return { kind: 'candidate', interviewId, organizationId: embed.organizationId, via: 'embed' };
  }
  throw unknown();
}

/** Candidate routes: the bearer credential and the `Origin` header of the request, for the interview in the path. */
export async function authenticateCandidate(ctx: Koa.Context, ownOrigin: string): Promise<CandidateAuth> {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(ctx.get('authorization'));
  if (!match) throw invalidCandidateToken('Send the interview token as `Authorization: Bearer <token>`.');
  return verifyCandidate({ token: match[1]!, interviewId: String(ctx.params.id ?? ''), origin: ctx.get('origin') || undefined }, ownOrigin);
}
