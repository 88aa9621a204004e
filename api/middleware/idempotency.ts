import { createHash } from 'node:crypto';
import { Type } from '@sinclair/typebox';
import type Koa from 'koa';
import type { Types } from 'mongoose';
import type { CredentialKey } from '../../config';
import { IDEMPOTENCY_LEASE_MS, claimIdempotencyKey, completeIdempotencyKey, releaseIdempotencyKey, renewIdempotencyKey } from '../../models/idempotencyKey';
import { ApiError, idempotencyKeyInUse, idempotencyKeyReused, payloadTooLarge } from '../errors';
import type { RouteDef } from '../defineRoute';
import { IdempotencyKeyHeader } from '../schemas/common';
import { check, compile } from '../validation';
import { errorBody } from './errors';

export const IDEMPOTENCY_HEADER = 'idempotency-key';
export const REPLAYED_HEADER = 'idempotent-replayed';

/** Every partner POST takes an Idempotency-Key: they are the operations that create or change something. */
export const acceptsIdempotencyKey = (route: Pick<RouteDef, 'method' | 'auth'>) => route.method === 'post' && route.auth === 'apiKey';

const validateHeader = compile(Type.Object({ [IDEMPOTENCY_HEADER]: IdempotencyKeyHeader }), 'header');

/** Object keys sorted at every depth, so that the same body sent with its fields in another order is the same request. */
const canonical = (value: unknown): unknown =>
  Array.isArray(value)
    ? value.map(canonical)
    : value !== null && typeof value === 'object'
      ? Object.fromEntries(
          Object.keys(value)
            .sort()
            .map((k) => [k, canonical((value as Record<string, unknown>)[k])]),
        )
      : value;

export const requestFingerprint = (method: string, path: string, body: unknown) =>
  createHash('sha256')
    .update(JSON.stringify([method.toUpperCase(), path, canonical(body ?? null)]))
    .digest('hex');

/** 2xx and 4xx answers are final and kept; a 429 asks for a retry, and a 5xx or timeout may not have happened at all. */
const keeps = (status: number) => status < 500 && status !== 429;

/** The SHA-256 of a request body read to its end and dropped, as the streamed readers hash it. */
async function hashOfBody(ctx: Koa.Context, limitBytes: number): Promise<string> {
  const hash = createHash('sha256');
  let size = 0;
  for await (const chunk of ctx.req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limitBytes) throw payloadTooLarge(limitBytes);
    hash.update(chunk);
  }
  return hash.digest('hex');
}

/**
 * A body the route reads as a stream (an import) is not known when the key is claimed: the claim
 * fingerprints its method and path, and the bytes' hash is kept with the answer once the route has
 * read them all. A retry is then read (and dropped) to compare; an answer given before the body was
 * read to its end is not kept, so its retry runs again.
 */
export interface StreamedBody {
  limitBytes: number;
}

/**
 * Runs `handle` at most once per Idempotency-Key of the organization: a retry of the same request
 * gets the stored answer again, marked `idempotent-replayed: true`. Without the header it just runs.
 * The answer is stored sealed under `serverKeys` (the first seals) and the Idempotency-Key.
 */
export async function idempotently(
  ctx: Koa.Context,
  organizationId: Types.ObjectId,
  body: unknown,
  handle: () => Promise<void>,
  serverKeys: readonly CredentialKey[],
  streamed?: StreamedBody,
): Promise<void> {
  const key = ctx.req.headers[IDEMPOTENCY_HEADER];
  if (key === undefined) return handle();
  check(validateHeader, { [IDEMPOTENCY_HEADER]: key }, 'header');

  const fingerprint = requestFingerprint(ctx.method, ctx.path, streamed ? { streamed: true } : body);
  const sealing = { serverKeys, key: String(key) };
  const claim = await claimIdempotencyKey(organizationId, sealing, fingerprint);
  if (claim.outcome === 'reused') throw idempotencyKeyReused();
  if (claim.outcome === 'in_use') throw idempotencyKeyInUse();
  if (claim.outcome === 'replay') {
    if (streamed && (await hashOfBody(ctx, streamed.limitBytes)) !== claim.bodyHash) throw idempotencyKeyReused();
    ctx.status = claim.status;
    ctx.body = claim.body;
    ctx.set(REPLAYED_HEADER, 'true');
    return;
  }

  const { id, holder } = claim;
  const bodyHash = () => (streamed ? ((ctx.state.bodyHash as string | undefined) ?? null) : null);
  // A streamed body not read to its end has no hash to compare a retry with: let the retry run.
  const keep = (status: number) => keeps(status) && (!streamed || bodyHash() !== null);
  const renewal = setInterval(() => {
    renewIdempotencyKey(id, holder).catch((err) => ctx.app.emit('error', err, ctx));
  }, IDEMPOTENCY_LEASE_MS / 3);
  try {
    await handle();
  } catch (err) {
    if (err instanceof ApiError && keep(err.status)) {
      await completeIdempotencyKey(id, holder, sealing, err.status, errorBody(err, ctx.state.requestId), bodyHash());
    } else {
      await releaseIdempotencyKey(id, holder);
    }
    throw err;
  } finally {
    clearInterval(renewal);
  }
  if (keep(ctx.status)) await completeIdempotencyKey(id, holder, sealing, ctx.status, ctx.body, bodyHash());
  else await releaseIdempotencyKey(id, holder);
}
