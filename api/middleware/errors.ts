import type { Middleware } from 'koa';
import { isDatabaseUnavailable } from '../../models/connection';
import { ApiError, internalError, serviceUnavailable } from '../errors';
import { isTemporalUnavailable } from '../temporal';

/**
 * First in the chain: shapes every failure into the error envelope. The database or Temporal out of
 * reach is a 503 (the drivers give up within seconds: see models/connection.ts, api/temporal.ts).
 * Unexpected exceptions are answered with a generic 500 that reveals nothing internal. Both are
 * emitted on the app for logging.
 */
export function errorEnvelope(): Middleware {
  return async (ctx, next) => {
    try {
      await next();
    } catch (err) {
      const unavailable = isDatabaseUnavailable(err) || isTemporalUnavailable(err);
      const apiError = err instanceof ApiError ? err : unavailable ? serviceUnavailable() : internalError();
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
      ...(apiError.details ? { details: apiError.details } : {}),
    },
    request_id: requestId,
  };
}
