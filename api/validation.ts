import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import type { TSchema } from '@sinclair/typebox';
import { validationError } from './errors';
import { canonicalE164 } from '../domain/destinations';
import { E164_FORM, NOT_BLANK, TRIM, trimName } from './schemas/common';

/**
 * Bodies are validated as sent: no coercion, unknown fields rejected by the schemas. Query strings
 * arrive as text, so their validator coerces to the declared types. Both fill declared defaults,
 * and stop at the first error so the message names one field.
 */
// `discriminator` picks a union's branch by its `type`, so an error names the field of that branch.
// `verbose` gives each error its schema, so that a name a record refuses is told by its pattern.
const bodyAjv = addFormats(new Ajv({ allErrors: false, useDefaults: true, strict: true, discriminator: true, verbose: true }));
const queryAjv = addFormats(new Ajv({ allErrors: false, useDefaults: true, coerceTypes: true, strict: true }));

/** Where a modifying keyword's string sits, so that it can replace it. */
type DataAt = { parentData: Record<string | number, unknown>; parentDataProperty: string | number };

// A name's surrounding white space (and zero-width characters) is dropped where it is validated, so every route, import row and
// stored copy (the read model, the workflow's state) holds the same name. It runs after the
// string's other keywords, which judge the name as sent.
bodyAjv.addKeyword({
  keyword: TRIM,
  type: 'string',
  schemaType: 'boolean',
  modifying: true,
  validate: (trim: boolean, data: string, _schema?: unknown, at?: DataAt) => {
    if (trim && at) at.parentData[at.parentDataProperty] = trimName(data);
    return true;
  },
});

// A phone number in its E.164 form wherever it was written otherwise; a value that is not a valid
// number is left as sent, for the route's own check to refuse naming it. Queries too: a list
// filtered by a number finds it however the number is written.
for (const ajv of [bodyAjv, queryAjv]) {
  ajv.addKeyword({
    keyword: E164_FORM,
    type: 'string',
    schemaType: 'boolean',
    modifying: true,
    validate: (on: boolean, data: string, _schema?: unknown, at?: DataAt) => {
      const canonical = on && at ? canonicalE164(data) : undefined;
      if (canonical && at) at.parentData[at.parentDataProperty] = canonical;
      return true;
    },
  });
}

export type Location = 'body' | 'query' | 'path' | 'header';

export function compile(schema: TSchema, location: Location): ValidateFunction {
  return (location === 'body' ? bodyAjv : queryAjv).compile(schema);
}

/** `/phone/greeting` -> `phone.greeting`, `/allowedOrigins/0` -> `allowedOrigins[0]`. */
function fieldPath(pointer: string, child?: string): string {
  const parts = pointer
    .split('/')
    .slice(1)
    .map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'));
  if (child !== undefined) parts.push(child);
  return parts.reduce((acc, part) => (/^\d+$/.test(part) ? `${acc}[${part}]` : acc ? `${acc}.${part}` : part), '');
}

function describe(error: ErrorObject): { field: string; message: string } {
  const p = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'required':
      return { field: fieldPath(error.instancePath, String(p.missingProperty)), message: 'is required' };
    case 'additionalProperties': {
      // A record (contact attributes) names its keys by a pattern: a name outside it is no field to
      // be recognized, and the pattern is what to fix.
      const names = (error.parentSchema as { patternProperties?: Record<string, unknown> } | undefined)?.patternProperties;
      const message = names ? `is not an allowed name (names match ${Object.keys(names).join(' or ')})` : 'is not a recognized field';
      return { field: fieldPath(error.instancePath, String(p.additionalProperty)), message };
    }
    case 'enum':
      return { field: fieldPath(error.instancePath), message: `must be one of: ${(p.allowedValues as unknown[]).join(', ')}` };
    case 'const':
      return { field: fieldPath(error.instancePath), message: `must be ${JSON.stringify(p.allowedValue)}` };
    case 'maxLength':
      return { field: fieldPath(error.instancePath), message: `must be at most ${p.limit} characters` };
    case 'minLength':
      return { field: fieldPath(error.instancePath), message: p.limit === 1 ? 'must not be empty' : `must be at least ${p.limit} characters` };
    case 'maximum':
      return { field: fieldPath(error.instancePath), message: `must be at most ${p.limit}` };
    case 'minimum':
      return { field: fieldPath(error.instancePath), message: `must be at least ${p.limit}` };
    case 'maxItems':
      return { field: fieldPath(error.instancePath), message: `must have at most ${p.limit} items` };
    case 'false schema':
      // Only the `if`/`then`/`else` of a type-dependent body forbid a field this way.
      return { field: fieldPath(error.instancePath), message: 'does not apply to this type' };
    case 'pattern':
      return { field: fieldPath(error.instancePath), message: p.pattern === NOT_BLANK ? 'must not be blank' : (error.message ?? 'is invalid') };
    case 'not':
      // Only the fields an update may not change are declared so (`Type.Never`).
      return { field: fieldPath(error.instancePath), message: 'cannot be changed after creation' };
    case 'uniqueItems':
      return { field: fieldPath(error.instancePath), message: 'must not repeat an item' };
    default:
      return { field: fieldPath(error.instancePath), message: error.message ?? 'is invalid' };
  }
}

/**
 * Where `value` holds U+0000 in a string or a key (the field, or the object whose key it is), as a
 * JSON pointer like ajv's, if anywhere. No field means anything by it, and the database's PostgreSQL
 * backend can neither store nor search for it, so it is refused before any schema, including a
 * free-form object's.
 */
function nulPointer(value: unknown, at = ''): string | undefined {
  if (typeof value === 'string') return value.includes('\0') ? at : undefined;
  if (typeof value !== 'object' || value === null) return undefined;
  for (const [key, item] of Object.entries(value)) {
    if (key.includes('\0')) return at;
    const found = nulPointer(item, `${at}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`);
    if (found !== undefined) return found;
  }
  return undefined;
}

/**
 * Validates in place (defaults and coercion apply to `value`), or throws a 400 naming the field;
 * `location` may name an item of a streamed body, such as `body.recipients[3]`.
 */
export function check(validate: ValidateFunction, value: unknown, location: Location | `body.${string}`): void {
  const nul = nulPointer(value);
  if (nul === undefined && validate(value)) return;
  const [error] = validate.errors ?? [];
  const { field, message } =
    nul !== undefined
      ? { field: fieldPath(nul), message: 'must not contain the NUL character (U+0000)' }
      : error
        ? describe(error)
        : { field: '', message: 'is invalid' };
  const param = field ? `${location}.${field}` : location;
  throw validationError(`${param} ${message}.`, param);
}
