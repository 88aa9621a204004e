/**
 * The operator's codec endpoint, so the Temporal Web UI and CLI show the payloads the service
 * stores encrypted (lib/payloadCodec.ts): `POST /codec/decode` and `/codec/encode` take and give
 * `{payloads: [{metadata, data}]}` with base64 values, as Temporal's codec-server protocol says.
 * Not part of the partner API: the operator's token opens it, as a bearer credential (the CLI's
 * `--codec-auth`) or as the path segment before `/decode` (`/codec/<token>/decode`), for the Web
 * UI, which sends no header of its own. Browsers reach it only from the Web UI's origins.
 */
import Router from '@koa/router';
import type Koa from 'koa';
import type { Payload } from '@temporalio/common';
import type { Config } from '../config';
import { EncryptionCodec } from '../lib/payloadCodec';
import { validationError } from './errors';
import { readJsonBody } from './middleware/body';
import { checkOperatorToken } from './operatorToken';

/** A history event's payloads may each be up to Temporal's 2 MiB blob limit, and base64 adds a third. */
const CODEC_BODY_LIMIT_BYTES = 8 * 1024 * 1024;

const USAGE = 'The codec takes the operator token TEMPORAL_CODEC_TOKEN: `Authorization: Bearer <token>`, or the endpoint `/codec/<token>`.';

interface JsonPayload {
  metadata?: Record<string, string>;
  data?: string;
}

const base64 = (value: unknown, where: string) => {
  if (typeof value !== 'string' || !/^[A-Za-z0-9+/_-]*={0,2}$/.test(value)) throw validationError(`${where} must be a base64 string.`, where);
  return Buffer.from(value, 'base64');
};

function payloadsOf(body: unknown): Payload[] {
  const payloads = (body as { payloads?: unknown } | undefined)?.payloads;
  if (!Array.isArray(payloads)) throw validationError('The body must be `{"payloads": [...]}`.', 'body.payloads');
  return payloads.map((p: JsonPayload, i) => {
    const where = `body.payloads[${i}]`;
    if (typeof p !== 'object' || p === null) throw validationError(`${where} must be an object.`, where);
    const metadata = Object.entries(p.metadata ?? {}).map(([k, v]) => [k, base64(v, `${where}.metadata.${k}`)] as const);
    return { metadata: Object.fromEntries(metadata), data: base64(p.data ?? '', `${where}.data`) };
  });
}

const jsonOf = (payload: Payload): JsonPayload => ({
  metadata: Object.fromEntries(Object.entries(payload.metadata ?? {}).map(([k, v]) => [k, Buffer.from(v ?? []).toString('base64')])),
  data: Buffer.from(payload.data ?? []).toString('base64'),
});

/** CORS for the Web UI's origins only. */
function cors(origins: readonly string[]): Koa.Middleware {
  return async (ctx, next) => {
    ctx.vary('Origin');
    const origin = ctx.get('origin');
    if (origins.includes(origin)) {
      ctx.set({
        'access-control-allow-origin': origin,
        'access-control-allow-methods': 'POST, OPTIONS',
        'access-control-allow-headers': 'Authorization, Content-Type, X-Namespace',
        'access-control-max-age': '600',
      });
    }
    await next();
  };
}

export function codecRoutes(config: Config['temporal']): Router {
  const codec = new EncryptionCodec(config.payloadKeys);
  const allowOrigins = cors(config.codec.uiOrigins);
  const router = new Router();
  for (const [action, run] of [
    ['decode', (p: Payload[]) => codec.decode(p)],
    ['encode', (p: Payload[]) => codec.encode(p)],
  ] as const) {
    const paths = [`/codec/${action}`, `/codec/:token/${action}`];
    // A browser's preflight carries no credential: it is answered before any token is checked.
    router.options(paths, allowOrigins, (ctx) => {
      ctx.status = 204;
    });
    router.post(paths, allowOrigins, async (ctx) => {
      ctx.state.probe = `codec_${action}`;
      const inPath = (ctx.params as { token?: string }).token;
      checkOperatorToken(ctx, config.codec.token, USAGE, inPath);
      // The token leaves the path before the request log writes it.
      if (inPath !== undefined) ctx.path = `/codec/{token}/${action}`;
      const payloads = await run(payloadsOf(await readJsonBody(ctx, CODEC_BODY_LIMIT_BYTES)));
      ctx.body = { payloads: payloads.map(jsonOf) };
    });
  }
  return router;
}
