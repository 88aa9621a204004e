import { randomBytes } from 'node:crypto';
import type { Middleware } from 'koa';

/** Gives every request an id, echoed in `x-request-id` on every response and in every error body. */
export function requestId(): Middleware {
  return async (ctx, next) => {
    const id = newRequestId();
    ctx.state.requestId = id;
    ctx.set('x-request-id', id);
    await next();
  };
}

export const newRequestId = () => `req_${randomBytes(12).toString('hex')}`;
