import type { Middleware } from 'koa';
import { methodNotAllowed, routeNotFound } from '../errors';

/**
 * Wraps the router: a request no route answered becomes a 404 envelope, and the router's bare 405
 * (a known path, another method) becomes a 405 envelope that keeps the `Allow` header. A method the
 * router does not implement at all (TRACE, PROPFIND) is its bare 501; on a known path it is
 * answered as any other method the path lacks, elsewhere as no route.
 */
export function unmatched(): Middleware {
  return async (ctx, next) => {
    await next();
    if (ctx.status === 405 || ctx.status === 501) {
      const allowed = String(ctx.response.get('allow')).split(/,\s*/).filter(Boolean);
      if (allowed.length > 0) throw methodNotAllowed(ctx.method, ctx.path, allowed);
      throw routeNotFound(ctx.method, ctx.path);
    }
    if (ctx.status === 404 && ctx.body == null) throw routeNotFound(ctx.method, ctx.path);
  };
}
