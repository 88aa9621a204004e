import { createHash, timingSafeEqual } from 'node:crypto';
import type Koa from 'koa';
import { invalidApiKey, routeNotFound } from './errors';

const digest = (text: string) => createHash('sha256').update(text).digest();

/**
 * The operator's routes (metrics, the payload codec) are not the public's: served only to the
 * configured token, and not at all without one. `sent` defaults to the request's bearer credential;
 * a wrong one is 401 like a wrong API key, compared in constant time.
 */
export function checkOperatorToken(
  ctx: Koa.Context,
  token: string,
  usage: string,
  sent = /^Bearer\s+(\S+)\s*$/i.exec(ctx.get('authorization'))?.[1] ?? '',
): void {
  if (!token) throw routeNotFound(ctx.method, ctx.path);
  if (!timingSafeEqual(digest(sent), digest(token))) throw invalidApiKey(usage);
}
