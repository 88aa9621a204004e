import Koa from 'koa';
import Router from '@koa/router';
import type { Logger } from 'pino';
import type { AppDeps } from './deps';
import { errorEnvelope } from './middleware/errors';
import { noStore } from './middleware/noStore';
import { requestId } from './middleware/requestId';
import { unmatched } from './middleware/unmatched';
import { observability } from './observe';
import { healthRoutes } from './routes/health';
import { checkOperatorToken } from './operatorToken';

/**
 * What every process that serves HTTP shares, the API and the media process alike: request ids,
 * the error envelope, one log line per request, the probes and the operator's `/metrics` (each
 * process's own: the voice histograms are observed where the media sessions run).
 */
export function probedApp(deps: AppDeps): { app: Koa; logger: Logger } {
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
  app.on('error', (err: unknown, ctx?: Koa.Context) => {
    logger.error({ msg: 'unhandled error', request_id: ctx?.state.requestId, err });
  });
  return { app, logger };
}
