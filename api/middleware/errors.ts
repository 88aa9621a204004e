import type { Middleware } from 'koa';
import { ApiError, internalError } from '../errors';

/**
 * First in the chain: shapes every failure into the error envelope. Unexpected exceptions are
 * emitted on the app for logging and answered with a generic 500 that reveals nothing internal.
 */
export function errorEnvelope(): Middleware {
  return async (ctx, next) => {
    try {
      await next();
    } catch (err) {
      const apiError = err instanceof ApiError ? err : internalError();
      if (!(err instanceof ApiError)) ctx.app.emit('error', err, ctx);
      ctx.status = apiError.status;
      ctx.set(apiError.headers);
      ctx.body = errorBody(apiError, ctx.state.requestId);
    }
  };
}

/** The spec's error envelope; also written by hand where no Koa context exists (a refused WebSocket upgrade). */
export function errorBody(apiError: ApiError, requestId: string) {
  return {
    error: {
      type: apiError.type,
      code: apiError.code,
      message: apiError.message,
      ...(apiError.param ? { param: apiError.param } : {}),
    },
    request_id: requestId,
  };
}
