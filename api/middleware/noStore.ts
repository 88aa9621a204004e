import type { Middleware } from 'koa';

/**
 * Every answer is private to its credential and is JSON, not something to sniff: no cache keeps it
 * and no browser reads it as another type. Set first, so errors carry them too; the pages' static
 * assets override the cache policy.
 */
export function noStore(): Middleware {
  return async (ctx, next) => {
    ctx.set({ 'cache-control': 'no-store', 'x-content-type-options': 'nosniff' });
    await next();
  };
}
