import type { Middleware } from 'koa';
import { methodNotAllowed, routeNotFound } from '../errors';

/**
 * Wraps the router: a request no route answered becomes a 404 envelope, and the router's bare 405
 * (a known path, another method) becomes a 405 envelope that keeps the `Allow` header.
 */
export function unmatched(): Middleware {
  return async (ctx, next) => {
    await next();
    if (ctx.status === 405) {
      throw methodNotAllowed(ctx.method, ctx.path, String(ctx.response.get('allow')).split(/,\s*/));
    }
    if (ctx.status === 404 && ctx.body == null) throw routeNotFound(ctx.method, ctx.path);
  };
}
