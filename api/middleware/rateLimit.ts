import type Koa from 'koa';
import type { RateLimiter } from '../../models/rateTicket';
import { rateLimited } from '../errors';

const WINDOW_MS = 60_000;

/**
 * Fixed one-minute windows per key. Sets the x-ratelimit headers on every authenticated response
 * and throws the 429 when the window is spent.
 */
export async function enforceRateLimit(ctx: Koa.Context, limiter: RateLimiter, keyId: string, limit: number): Promise<void> {
  const now = Date.now();
  const window = Math.floor(now / WINDOW_MS);
  const reset = Math.max(1, Math.ceil(((window + 1) * WINDOW_MS - now) / 1000));
  limiter.forget(new Date((window - 1) * WINDOW_MS));
  const { allowed, used } = await limiter.take(`${keyId}:${window}`, limit);
  const headers = {
    'x-ratelimit-limit': String(limit),
    'x-ratelimit-remaining': String(Math.max(0, limit - used)),
    'x-ratelimit-reset': String(reset),
  };
  ctx.set(headers);
  if (!allowed) throw rateLimited(reset, headers);
}
