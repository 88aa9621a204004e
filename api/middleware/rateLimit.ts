import type Koa from 'koa';
import type { RateLimiter } from '../../models/rateTicket';
import { rateLimited } from '../errors';

const WINDOW_MS = 60_000;

/**
 * One request of `keyId` in its fixed one-minute window: the 429 when the window is spent, else the
 * x-ratelimit headers to answer with. Sockets count their opening against it too.
 */
export async function takeRateLimit(limiter: RateLimiter, keyId: string, limit: number): Promise<Record<string, string>> {
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
  if (!allowed) throw rateLimited(reset, headers);
  return headers;
}

/** Sets the x-ratelimit headers on every authenticated response; the 429 carries them too. */
export async function enforceRateLimit(ctx: Koa.Context, limiter: RateLimiter, keyId: string, limit: number): Promise<void> {
  ctx.set(await takeRateLimit(limiter, keyId, limit));
}
