import type Koa from 'koa';
import { payloadTooLarge, unsupportedMediaType, validationError } from '../errors';

export const BODY_LIMIT_BYTES = 1024 * 1024;
/** Far deeper than any body's schema (a tool's JSON Schema parameters are the deepest), and shallow enough for every walk over a body. */
export const BODY_MAX_DEPTH = 32;

/**
 * Reads and parses a JSON body, refusing more than the limit without reading it all. An absent
 * body is `undefined`.
 */
export async function readJsonBody(ctx: Koa.Context, limit = BODY_LIMIT_BYTES): Promise<unknown> {
  const text = await readText(ctx, limit, 'json');
  if (text === undefined || text.trim() === '') return undefined;
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch (err) {
    throw validationError(`The request body is not valid JSON: ${(err as Error).message}.`, 'body');
  }
  if (deeperThan(body, BODY_MAX_DEPTH)) throw validationError(`The request body is nested more than ${BODY_MAX_DEPTH} levels deep.`, 'body');
  return body;
}

/** Whether arrays and objects nest more than `max` levels in `value`; a loop, not recursion, as a body may nest thousands deep in a few kilobytes. */
function deeperThan(value: unknown, max: number): boolean {
  const pending: Array<[unknown, number]> = [[value, 0]];
  while (pending.length) {
    const [item, depth] = pending.pop()!;
    if (typeof item !== 'object' || item === null) continue;
    if (depth === max) return true;
    for (const child of Object.values(item)) pending.push([child, depth + 1]);
  }
  return false;
}

/**
 * Reads an `application/x-www-form-urlencoded` body (what carriers' webhooks post) into its fields;
 * a field given twice keeps its last value. An absent body is `undefined`.
 */
export async function readFormBody(ctx: Koa.Context, limit = BODY_LIMIT_BYTES): Promise<Record<string, string> | undefined> {
  const text = await readText(ctx, limit, 'form');
  return text === undefined ? undefined : Object.fromEntries(new URLSearchParams(text));
}

async function readText(ctx: Koa.Context, limit: number, type: 'json' | 'form'): Promise<string | undefined> {
  const declared = Number(ctx.get('content-length') || 0);
  const chunked = Boolean(ctx.get('transfer-encoding'));
  if (!declared && !chunked) return undefined;
  if (declared > limit) throw payloadTooLarge(limit);
  if (type === 'json' ? !ctx.is('application/json', '+json') : !ctx.is('urlencoded')) throw unsupportedMediaType(type);

  const chunks: Buffer[] = [];
  let size = 0;
  // Past the limit the rest is read and dropped rather than the socket cut, so the client gets the 413.
  for await (const chunk of ctx.req) {
    size += (chunk as Buffer).length;
    if (size <= limit) chunks.push(chunk as Buffer);
  }
  if (size > limit) throw payloadTooLarge(limit);
  return Buffer.concat(chunks).toString('utf8');
}
