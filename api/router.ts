import Router from '@koa/router';
import type Koa from 'koa';
import type { AppDeps } from './deps';
import { fromDomain, methodNotAllowed, notFound, permissionDenied, validationError } from './errors';
import { createRateLimiter } from '../models/rateTicket';
import { createThrottle } from '../models/throttleTicket';
import { KeyCache, authenticateDashboard, authenticatePartner } from './middleware/auth';
import { CANDIDATE_RATE_LIMIT, authenticateCandidate } from './middleware/candidateAuth';
import { BODY_LIMIT_BYTES, readFormBody, readJsonBody } from './middleware/body';
import { acceptsIdempotencyKey, idempotently } from './middleware/idempotency';
import { enforceRateLimit } from './middleware/rateLimit';
import { throttleBadCredentials } from './middleware/throttle';
import type { Auth, Reply, RouteDef } from './defineRoute';
import { Workflows } from './temporal';
import { carrierFor } from '../providers/carrier';
import { check, compile } from './validation';

export const API_PREFIX = '/api/v1';

/** `/agents/{id}` -> `/agents/:id` */
export const koaPath = (path: string) => path.replace(/\{(\w+)\}/g, ':$1');

/**
 * Builds the router from the route table: for each route, authentication (with the per-address
 * throttle of invalid credentials, and the candidate's origin check), the per-key rate limit,
 * the scope or role check, the Idempotency-Key of partner POSTs, validation of path, query and
 * body, then the handler.
 */
export function buildRouter(routes: RouteDef[], deps: AppDeps, prefix = API_PREFIX): Router {
  const router = new Router({ prefix });
  // Per app instance, as per API process: each keeps its own cache and rate-limit blocks.
  const keyCache = new KeyCache();
  const limiter = createRateLimiter();
  const throttle = createThrottle();
  const ownOrigin = new URL(deps.config.publicBaseUrl).origin;
  const workflows = new Workflows(deps.temporal, deps.config);
  const carrier = carrierFor(deps.config, deps.temporal);
  for (const route of routes) {
    const validateParams = route.params && compile(route.params, 'path');
    const validateQuery = route.query && compile(route.query, 'query');
    const validateBody = route.body && route.bodyType !== 'stream' && compile(route.body, 'body');
    const idempotent = acceptsIdempotencyKey(route);

    router[route.method](koaPath(route.path), async (ctx: Koa.Context) => {
      ctx.state.operationId = route.operationId;
      let auth: Auth | undefined;
      if (route.auth === 'apiKey') {
        const key = await throttleBadCredentials(ctx, throttle, deps.config.invalidCredentialsPerMinute, () => authenticatePartner(ctx, keyCache));
        auth = key;
        ctx.state.auth = key.session ? { ...key, userId: key.session.userId } : key;
        await enforceRateLimit(ctx, limiter, key.keyId ?? `session:${key.session!.sessionId}`, key.rateLimitPerMinute);
        if (route.scope && !key.scopes.has(route.scope)) {
          const who = key.session ? 'Your user lacks the permission' : 'This key lacks the scope';
          throw permissionDenied(`${who} ${route.scope} needed for ${route.method.toUpperCase()} ${API_PREFIX}${route.path}.`);
        }
      } else if (route.auth === 'dashboard') {
        const session = await throttleBadCredentials(ctx, throttle, deps.config.invalidCredentialsPerMinute, () => authenticateDashboard(ctx));
        auth = session;
        ctx.state.auth = session;
        if (route.adminOnly && session.role !== 'admin') throw permissionDenied('Only organization admins may do this.');
      } else if (route.auth === 'candidate') {
        const candidate = await authenticateCandidate(ctx, ownOrigin);
        auth = candidate;
        ctx.state.auth = candidate;
        await enforceRateLimit(ctx, limiter, `candidate:${candidate.interviewId}`, CANDIDATE_RATE_LIMIT);
      }

      // A malformed id cannot name anything in the caller's organization: 404, like an unknown one.
      const params = { ...ctx.params };
      if (validateParams && !validateParams(params)) {
        // `/contacts/import` fits `/contacts/{id}` too: there, a method the static path lacks is a 405, not an unknown id.
        const statics = staticMethods(router, ctx.path, ctx.method);
        if (statics.length > 0) throw methodNotAllowed(ctx.method, ctx.path, statics);
        throw notFound(route.resource, 'path.id');
      }
      const query = { ...ctx.query };
      if (validateQuery) check(validateQuery, query, 'query');
      let body: unknown;
      if (validateBody) {
        body = await (route.bodyType === 'form' ? readFormBody : readJsonBody)(ctx, route.bodyLimitBytes);
        // An empty PATCH changes nothing, so it is most likely a client that lost its body on the way.
        if (body === undefined && route.method === 'patch') throw validationError('body is required: a PATCH sends the fields to change.', 'body');
      }

      const handle = async () => {
        if (validateBody) {
          // An absent body is an empty object; a JSON `null` is a body, which the schema refuses.
          if (body === undefined) body = {};
          check(validateBody, body, 'body');
        }
        // The domain's refusals become the API's errors here, before the idempotency record keeps them.
        let result: unknown;
        try {
          result = await route.handler({ params, query, body, auth, config: deps.config, workflows, throttle, carrier, ctx });
        } catch (err) {
          throw fromDomain(err);
        }
        if (result && typeof result === 'object' && (result as Reply).reply === true) {
          ctx.status = (result as Reply).status;
          ctx.body = (result as Reply).body;
        } else {
          ctx.status = route.status;
          ctx.body = result;
        }
      };
      // The body is fingerprinted as sent, before validation fills in defaults.
      const streamed = route.bodyType === 'stream' ? { limitBytes: route.bodyLimitBytes ?? BODY_LIMIT_BYTES } : undefined;
      if (idempotent && auth) await idempotently(ctx, auth.organizationId, body, handle, deps.config.byok.encryptionKeys, streamed);
      else await handle();
    });
  }
  return router;
}

/** The methods of the routes that match `path` with no parameter: `/contacts/import`, not `/contacts/{id}`. */
function staticMethods(router: Router, path: string, method: string): string[] {
  const layers = router.match(path, method).path.filter((layer) => layer.paramNames.length === 0);
  return [...new Set(layers.flatMap((layer) => layer.methods))];
}

/**
 * The router's OPTIONS and 405 answers, with `Allow` naming only the static route where one matches:
 * `/contacts/import` also fits `/contacts/{id}`, whose methods it does not have.
 */
export function allowedMethods(router: Router): Koa.Middleware {
  const answer = router.allowedMethods();
  return async (ctx, next) => {
    await answer(ctx as Parameters<typeof answer>[0], next);
    if (!ctx.response.get('allow')) return;
    const statics = staticMethods(router, ctx.path, ctx.method);
    if (statics.length > 0) ctx.set('allow', statics.join(', '));
  };
}
