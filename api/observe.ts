import type { Middleware } from 'koa';
import pino, { type DestinationStream, type Logger } from 'pino';
import { Counter, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

export interface Observability {
  logger: Logger;
  registry: Registry;
  middleware: Middleware;
}

/**
 * One JSON log line and one metrics sample per request. The route label is the operation id (or
 * `unmatched`), never the raw path, so ids in URLs cannot blow up metric cardinality.
 */
export function observability(level: string, destination: DestinationStream = pino.destination(1)): Observability {
  const logger = pino({ level, base: undefined, timestamp: pino.stdTimeFunctions.isoTime }, destination);
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests by route and status',
    labelNames: ['method', 'route', 'status'],
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP request duration by route',
    labelNames: ['method', 'route'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });

  const middleware: Middleware = async (ctx, next) => {
    const started = process.hrtime.bigint();
    try {
      await next();
    } finally {
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      const route = (ctx.state.operationId as string | undefined) ?? (ctx.state.probe as string | undefined) ?? 'unmatched';
      requests.inc({ method: ctx.method, route, status: String(ctx.status) });
      duration.observe({ method: ctx.method, route }, seconds);
      const auth = ctx.state.auth as { keyId?: string; userId?: unknown; organizationId?: unknown } | undefined;
      logger.info({
        msg: 'request',
        request_id: ctx.state.requestId,
        method: ctx.method,
        path: ctx.path,
        route,
        status: ctx.status,
        duration_ms: Math.round(seconds * 1e4) / 10,
        key_id: auth?.keyId,
        user_id: auth?.userId ? String(auth.userId) : undefined,
        organization_id: auth?.organizationId ? String(auth.organizationId) : undefined,
      });
    }
  };
  return { logger, registry, middleware };
}
