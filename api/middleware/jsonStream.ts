import { createHash } from 'node:crypto';
import { Transform } from 'node:stream';
import type Koa from 'koa';
import { parserStream } from 'stream-json';
import { ApiError, payloadTooLarge, unsupportedMediaType, validationError } from '../errors';

type Token = { name: string; value?: unknown };
type Container = unknown[] | Record<string, unknown>;

/** Builds one JSON value from its tokens, as JSON.parse would (`__proto__` is a plain key). */
class ValueBuilder {
  private stack: Array<{ container: Container; key?: string }> = [];
  private value: unknown;
  private done = false;

  /** How many objects and arrays of the value being built are open. */
  get depth(): number {
    return this.stack.length;
  }

  /** Feeds one token; true once a whole value is built (take it with `take`). */
  push(token: Token): boolean {
    switch (token.name) {
      case 'startObject':
        this.stack.push({ container: {} });
        return false;
      case 'startArray':
        this.stack.push({ container: [] });
        return false;
      case 'endObject':
      case 'endArray':
        return this.add(this.stack.pop()!.container);
      case 'keyValue':
        this.stack.at(-1)!.key = token.value as string;
        return false;
      case 'numberValue':
        return this.add(Number(token.value));
      case 'stringValue':
      case 'nullValue':
      case 'trueValue':
      case 'falseValue':
        return this.add(token.value);
      default:
        return false;
    }
  }

  take(): unknown {
    this.done = false;
    return this.value;
  }

  private add(value: unknown): boolean {
    const top = this.stack.at(-1);
    if (!top) {
      this.value = value;
      this.done = true;
      return this.done;
    }
    if (Array.isArray(top.container)) top.container.push(value);
    else Object.defineProperty(top.container, top.key!, { value, enumerable: true, writable: true, configurable: true });
    return false;
  }
}

export interface StreamedArray {
  /** The one field of the body object, an array: `recipients`. */
  field: string;
  limitBytes: number;
  minItems: number;
  maxItems: number;
  /** How deep an item's objects and arrays nest in the schema: a flat object of flat objects is 2. */
  maxDepth: number;
}

/**
 * The most bytes one item may take. A row of the imports is a few hundred bytes, a few KiB with many
 * variables; an item this large is refused before it is built rather than held whole in memory.
 */
export const MAX_ITEM_BYTES = 1024 * 1024;
/**
 * How long a body refused before its end is still read (and dropped) after the answer: long enough
 * for a client still sending to read the answer rather than a reset connection, and no longer.
 */
const LINGER_MS = 2_000;

/**
 * Reads a JSON body `{"<field>": [ ...items ]}` as a stream and yields its items one by one as they
 * arrive, so that a large import never sits in memory whole. Refuses, as the whole-body reader and
 * the schema would: a declared or actual size over the limit (413), another content type (415),
 * text that is not JSON (400 `body`), another top-level shape or field (400 naming it), too few or
 * too many items, an item nested deeper than `maxDepth` or larger than MAX_ITEM_BYTES (400 naming the
 * item), each as soon as it shows, so a hostile body costs neither the memory nor the time of its
 * whole. An absent body is `{}`. When the reader stops early the answer goes out at once and the
 * connection closes after LINGER_MS at most (see `stopReading`). `ctx.state.bodyHash` is the SHA-256
 * of the bytes read.
 */
export async function* streamJsonArray(ctx: Koa.Context, { field, limitBytes, minItems, maxItems, maxDepth }: StreamedArray): AsyncGenerator<unknown> {
  const declared = Number(ctx.get('content-length') || 0);
  const present = declared > 0 || Boolean(ctx.get('transfer-encoding'));
  if (declared > limitBytes) throw payloadTooLarge(limitBytes);
  if (present && !ctx.is('application/json', '+json')) throw unsupportedMediaType('json');

  const hash = createHash('sha256');
  let size = 0;
  let count = 0;
  // Where the item being read began, as near as the parser's buffering lets us tell; undefined outside the array.
  let itemStart: number | undefined;
  const itemParam = () => `body.${field}[${count}]`;
  const counted = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      size += chunk.length;
      if (size > limitBytes) return done(payloadTooLarge(limitBytes));
      if (itemStart !== undefined && size - itemStart > MAX_ITEM_BYTES) {
        return done(validationError(`${itemParam()} is larger than ${MAX_ITEM_BYTES} bytes.`, itemParam()));
      }
      hash.update(chunk);
      done(null, chunk);
    },
  });
  const tokens = present ? ctx.req.pipe(counted).pipe(parserStream({ packValues: true, streamValues: false })) : null;
  counted.on('error', (err) => tokens?.destroy(err));

  const item = new ValueBuilder();
  // 0: before the body object, 1: in it, 2: in the field's array, 3: after the body object.
  let level = 0;
  let seen = false;
  try {
    for await (const token of tokens ?? []) {
      const t = token as Token;
      if (level === 2 && (item.depth > 0 || t.name !== 'endArray')) {
        const done = item.push(t);
        if (item.depth > maxDepth)
          throw validationError(`${itemParam()} nests deeper than the ${maxDepth} levels of objects and arrays an item may have.`, itemParam());
        if (!done) continue;
        if (count === maxItems) throw validationError(`body.${field} must have at most ${maxItems} items.`, `body.${field}`);
        count += 1;
        itemStart = size;
        yield item.take();
        continue;
      }
      if (level === 0) {
        if (t.name !== 'startObject') throw validationError('body must be object.', 'body');
        level = 1;
      } else if (level === 1 && t.name === 'keyValue') {
        if (t.value !== field || seen) throw validationError(`body.${String(t.value)} is not a recognized field.`, `body.${String(t.value)}`);
        seen = true;
      } else if (level === 1 && t.name === 'startArray') {
        level = 2;
        itemStart = size;
      } else if (level === 1 && t.name === 'endObject') {
        level = 3;
      } else if (level === 2) {
        level = 1;
        itemStart = undefined;
      } else if (level === 1) {
        throw validationError(`body.${field} must be array.`, `body.${field}`);
      }
    }
  } catch (err) {
    if (!(err instanceof ApiError)) throw validationError(`The request body is not valid JSON: ${(err as Error).message}.`, 'body');
    throw err;
  } finally {
    if (!ctx.req.readableEnded) stopReading(ctx);
  }
  ctx.state.bodyHash = hash.digest('hex');
  if (!seen) throw validationError(`body.${field} is required.`, `body.${field}`);
  if (count < minItems) throw validationError(`body.${field} must have at least ${minItems} item${minItems === 1 ? '' : 's'}.`, `body.${field}`);
}

/**
 * The body was refused before its end. Closing the socket at once would reset the connection of a
 * client still sending, which can lose the answer on the way; reading the rest would take as long
 * as the client cares to send. So the rest is dropped unparsed while the answer goes out, and the
 * socket is closed LINGER_MS after the answer unless the body ended by then.
 */
function stopReading(ctx: Koa.Context): void {
  const { req, res } = ctx;
  req.unpipe();
  req.resume();
  res.once('finish', () => {
    if (req.readableEnded) return;
    const timer = setTimeout(() => req.socket.destroy(), LINGER_MS);
    req.once('end', () => clearTimeout(timer));
  });
}
