import type { Middleware } from 'koa';
import pino, { type DestinationStream, type Logger } from 'pino';
import { Counter, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { registerVoiceMetrics } from '../conversation/turnTimings';

const REDACTED = '[Redacted]';

/** Field names whose values are credentials wherever they appear in a log line or an error. */
const SECRET_FIELD =
  /^(authorization|proxy-authorization|cookie|set-cookie|password|\w*token|api[-_]?key|x-goog-api-key|xi-api-key|\w*secret\w*|credentials?|x-twilio-signature)$/i;

/** Credentials as they show in text: error messages, stacks and URLs a vendor's SDK put in them. */
const SECRET_TEXT: [RegExp, string][] = [
  [/\b(Bearer|Basic|Token)\s+[^\s"',]+/gi, `$1 ${REDACTED}`],
  [/\b(rb_(?:live|test)_|ic_|et_)[A-Za-z0-9_-]{16,}/g, `$1${REDACTED}`],
  [/(\/\/[^/\s:@]+:)[^@\s/]+@/g, `$1${REDACTED}@`],
  [/([?&](?:key|api[-_]?key|access_token|token|password|secret)=)[^&\s"']+/gi, `$1${REDACTED}`],
  [/\b(password|passwd|token|api[-_]?key|secret|authorization)(["']?\s*[:=]\s*["']?)(?!\[Redacted\]|Bearer\b|Basic\b|Token\b)[^\s"',;}]+/gi, `$1$2${REDACTED}`],
];

/** Text with every credential it shows replaced by `[Redacted]`. */
export function redactSecrets(text: string): string {
  return SECRET_TEXT.reduce((out, [pattern, replacement]) => out.replace(pattern, replacement), text);
}

/** A copy of a serialized value with secret fields blanked and secrets in its strings redacted. */
function scrub(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return redactSecrets(value);
  if (value === null || typeof value !== 'object' || depth > 8) return value;
  if (Array.isArray(value)) return value.map((v) => scrub(v, depth + 1));
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, SECRET_FIELD.test(k) ? REDACTED : scrub(v, depth + 1)]));
}

/**
 * Errors are logged with their own fields (a vendor SDK's error carries the request it made, its
 * headers and URL included) and their message and stack, any of which may hold a credential.
 */
const errorSerializer = (err: Error) => scrub(pino.stdSerializers.err(err));

/** The fields a log call may name directly; anything deeper goes through an error's serializer. */
const REDACT_PATHS = [
  ...['password', 'token', 'authToken', 'accessToken', 'apiKey', 'secret', 'secretAccessKey', 'authorization', 'cookie', 'credential', 'credentials'].flatMap(
    (field) => [field, `*.${field}`],
  ),
  ...['authorization', 'cookie', '"x-twilio-signature"'].flatMap((header) => [`headers.${header}`, `*.headers.${header}`]),
];

export interface Observability {
  logger: Logger;
  registry: Registry;
  middleware: Middleware;
}

/**
 * One JSON log line and one metrics sample per request. The route label is the operation id (or
 * `unmatched`), never the raw path, so ids in URLs cannot blow up metric cardinality. Credentials
 * never reach the log: named fields are redacted, errors scrubbed.
 */
export function observability(level: string, destination: DestinationStream = pino.destination(1)): Observability {
  const logger = pino(
    {
      level,
      base: undefined,
      timestamp: pino.stdTimeFunctions.isoTime,
      redact: { paths: REDACT_PATHS, censor: REDACTED },
      serializers: { err: errorSerializer, error: errorSerializer },
    },
    destination,
  );
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  registerVoiceMetrics(registry);
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
