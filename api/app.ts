import Koa from 'koa';
import Router from '@koa/router';
import type { AppDeps } from './deps';
import { errorEnvelope } from './middleware/errors';
import { noStore } from './middleware/noStore';
import { requestId } from './middleware/requestId';
import { unmatched } from './middleware/unmatched';
import { observability } from './observe';
import { dashboardAppRoutes } from './dashboardApp';
import { pageRoutes } from './pages';
import { referenceRoutes } from './reference';
import { allowedMethods, buildRouter } from './router';
import { healthRoutes } from './routes/health';
import { checkOperatorToken } from './operatorToken';
import { codecRoutes } from './codec';
import { apiRoutes } from './routes';
import { CANDIDATE_PREFIX, candidateRoutes } from './routes/candidate';
import { twilioInboundRoutes, twilioRoutes } from './routes/twilio';
import { TWILIO_PREFIX } from '../providers/carrier/twilio';
import { installDoNotCallKey } from '../models/contact';

export type { AppDeps } from './deps';

/** Builds the HTTP app from its dependencies; the server and the tests both start it this way. */
export function createApp(deps: AppDeps): Koa {
  // Every dial the API places or refuses consults the do-not-call registry under this key.
  installDoNotCallKey(deps.config.contacts.doNotCallHashKey);
  // Behind proxies, the client is the address the outermost trusted proxy appended, never one the client wrote itself.
  const hops = deps.config.trustProxyHops;
  const app = new Koa(hops > 0 ? { proxy: true, maxIpsCount: hops } : {});
  const { logger, registry, middleware: observe } = observability(deps.config.logLevel);

  app.use(requestId());
  app.use(noStore());
  app.use(observe);
  app.use(errorEnvelope());
  app.use(unmatched());

  const root = new Router();
  root.use(healthRoutes(deps, logger).routes());
  root.get('/metrics', async (ctx) => {
    ctx.state.probe = 'metrics';
    checkOperatorToken(ctx, deps.config.metricsToken, 'GET /metrics takes `Authorization: Bearer <METRICS_TOKEN>`.');
    ctx.type = registry.contentType;
    ctx.body = await registry.metrics();
  });
  app.use(root.routes());
  app.use(root.allowedMethods());

  // The operator's payload codec for the Temporal Web UI and CLI: its own token, not part of the partner API.
  const codec = codecRoutes(deps.config.temporal);
  app.use(codec.routes());
  app.use(codec.allowedMethods());

  const api = buildRouter(apiRoutes(), deps);
  app.use(api.routes());
  app.use(allowedMethods(api));

  // The candidate's side of interviews: its own prefix and credentials, not part of the partner API.
  const candidate = buildRouter(candidateRoutes, deps, CANDIDATE_PREFIX);
  app.use(candidate.routes());
  app.use(allowedMethods(candidate));
  // Twilio's webhooks, when calls go through Twilio: signed by Twilio, not part of the partner API.
  if (deps.config.carrier.twilio) {
    const twilio = buildRouter([...twilioRoutes, ...twilioInboundRoutes], deps, TWILIO_PREFIX);
    app.use(twilio.routes());
    app.use(allowedMethods(twilio));
  }
  const pages = pageRoutes();
  app.use(pages.routes());
  app.use(pages.allowedMethods());
  const dashboard = dashboardAppRoutes();
  app.use(dashboard.routes());
  app.use(dashboard.allowedMethods());
  const reference = referenceRoutes();
  app.use(reference.routes());
  app.use(reference.allowedMethods());

  app.on('error', (err: unknown, ctx?: Koa.Context) => {
    logger.error({ msg: 'unhandled error', request_id: ctx?.state.requestId, err });
  });
  return app;
}
