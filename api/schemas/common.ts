import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { MAX_ERROR_DETAILS } from '../errors';

/** A resource id: 24 lower-case hex characters. A path id that does not match is a 404. */
export const Id = Type.String({ pattern: '^[0-9a-f]{24}$', description: '24-character hexadecimal id' });

export const IdParams = Type.Object({ id: Id }, { additionalProperties: false });
export type IdParams = Static<typeof IdParams>;

/** What shows as nothing: white space and the invisible zero-width characters (U+200B-U+200D, U+2060). */
const BLANK = '\\s\\u200B-\\u200D\\u2060';

/** The pattern of text that must say something: one character not `BLANK`. Validation names its failure "must not be blank". */
export const NOT_BLANK = `[^${BLANK}]`;

const SURROUNDING_BLANKS = new RegExp(`^[${BLANK}]+|[${BLANK}]+$`, 'g');

/** A name without the white space and zero-width characters around it. */
export const trimName = (name: string) => name.replace(SURROUNDING_BLANKS, '');

/** A name, label or message: 1 to `maxLength` characters, not all of them white space. */
export const NonBlank = (maxLength: number, description?: string) =>
  Type.String({ minLength: 1, maxLength, pattern: NOT_BLANK, ...(description ? { description } : {}) });

/**
 * The keyword that has body validation store a string without its surrounding white space
 * (api/validation.ts). An OpenAPI extension, so the document stays valid and says so.
 */
export const TRIM = 'x-trim';

/**
 * A name people read and look up (an agent's, a campaign's, a key's, a number's, a person's): kept
 * without its surrounding white space, which nobody means and which would make " Renewals " and
 * "Renewals" two names in a list that look like one.
 */
export const Name = (maxLength: number, description?: string) => Type.String({ ...NonBlank(maxLength, description), [TRIM]: true });

/** A name that may be empty, such as a contact's or a phone number's label: trimmed as `Name`. */
export const NameOrEmpty = (maxLength: number, description?: string) => Type.String({ maxLength, [TRIM]: true, ...(description ? { description } : {}) });

/**
 * The keyword that has validation store a valid number written with spaces, dashes, brackets or
 * full-width digits in its E.164 form (api/validation.ts), so that every check comparing numbers
 * sees one spelling. An OpenAPI extension, as `x-trim`.
 */
export const E164_FORM = 'x-e164';

/** A phone number a partner sends: E.164, or another spelling of it, stored as E.164. */
export const PhoneNumberInput = (description: string) => Type.String({ minLength: 1, maxLength: 30, [E164_FORM]: true, description });

export const Timestamp = Type.String({ format: 'date-time', description: 'ISO 8601 UTC timestamp' });

/** A stored date as a representation shows it: ISO 8601, or null when there is none. */

/** A transcript turn's place in its conversation: milliseconds since `origin` (its start). */
export const offsetMs = (at: Date, origin: Date) => Math.max(0, at.getTime() - origin.getTime());

/** Far beyond any list, and small enough that the rows skipped to reach it stay an exact integer. */
const MAX_PAGE = 1_000_000_000;

export const PageQuery = {
  page: Type.Integer({ minimum: 1, maximum: MAX_PAGE, default: 1, description: `Page number, from 1 to ${MAX_PAGE}.` }),
  limit: Type.Integer({ minimum: 1, maximum: 100, default: 25, description: 'Items per page, 1-100.' }),
};

export const IdempotencyKeyHeader = Type.String({
  minLength: 1,
  maxLength: 255,
  pattern: '^[\\x20-\\x7e]+$',
  description:
    'Makes the request safe to retry: 1-255 printable ASCII characters, such as a UUID, unique per request, kept 24 hours per organization. ' +
    'A retry with the same key, method, path and body answers the first answer (status and body) again with `idempotent-replayed: true` and does nothing twice; ' +
    'with another body it is 422 `IDEMPOTENCY_KEY_REUSED`, and while the first is still running 409 `IDEMPOTENCY_KEY_IN_USE`. ' +
    '2xx and 4xx answers are kept (except 429, which asks for a retry); after a 5xx or a timeout the key is free and the retry runs.',
});

export const Pagination = Type.Object({
  page: Type.Integer(),
  limit: Type.Integer(),
  total: Type.Integer(),
  totalPages: Type.Integer(),
  hasMore: Type.Boolean(),
});

/** The spec's list envelope around items of one representation. */
export function ListOf<T extends TSchema>(item: T, dataType: string) {
  return Type.Object(
    {
      object: Type.Literal('list'),
      dataType: Type.Literal(dataType),
      data: Type.Array(item),
      pagination: Pagination,
    },
    { title: `${dataType}_list` },
  );
}

export const ErrorEnvelope = Type.Object(
  {
    error: Type.Object({
      type: Type.String({
        description: 'Broad class: invalid_request_error, authentication_error, billing_error, permission_error, conflict_error, rate_limit_error, api_error.',
      }),
      code: Type.String({ description: 'Stable code to branch on.' }),
      message: Type.String({ description: 'For developers; may change.' }),
      param: Type.Optional(Type.String({ description: 'The offending field, e.g. `body.phone.greeting` or `query.limit`.' })),
      details: Type.Optional(
        Type.Array(Type.Object({ param: Type.String(), message: Type.String() }), {
          maxItems: MAX_ERROR_DETAILS,
          description: `Imports only (\`POST /campaigns/{id}/recipients\`, \`POST /contacts/import\`): every bad row found, each by its first error, in row order, up to ${MAX_ERROR_DETAILS}; the first is also \`param\` and \`message\`.`,
        }),
      ),
    }),
    request_id: Type.String({ description: 'Also in the `x-request-id` header; quote it to support.' }),
  },
  { title: 'error' },
);

export interface Page {
  page: number;
  limit: number;
}

export function listEnvelope<T>(dataType: string, data: T[], total: number, { page, limit }: Page) {
  const totalPages = Math.ceil(total / limit);
  return {
    object: 'list' as const,
    dataType,
    data,
    pagination: { page, limit, total, totalPages, hasMore: page < totalPages },
  };
}

/** A string from a fixed set, as one JSON Schema `enum` so a mismatch names every allowed value. */
export function StringEnum<const T extends readonly string[]>(values: T, options: { description?: string; default?: T[number] } = {}) {
  return Type.Unsafe<T[number]>({ type: 'string', enum: [...values], ...options });
}

const ERROR_DESCRIPTIONS: Record<number, string> = {
  400: 'Invalid request: `error.param` names the field.',
  401: 'Missing, malformed, unknown, revoked or expired credential.',
  402: 'Insufficient credits.',
  403: 'The credential lacks the scope or role, or a plan limit is reached.',
  404: "No such resource in the caller's organization (also for a malformed id).",
  409: 'Conflict with the current state or an existing name.',
  413: 'Request body over 1 MiB.',
  415: 'Request body is not JSON.',
  429: 'Rate limit reached; honour `retry-after`.',
  500: 'Unexpected error; quote `request_id`.',
  502: 'The carrier could not take the call; nothing was created.',
  503: '`SERVICE_UNAVAILABLE`: the database or Temporal could not be reached within about 5 s; honour `retry-after`, and retrieve the resource before retrying a mutation.',
  504: 'Not confirmed in time: `DIAL_TIMEOUT` or `CREATE_TIMEOUT`, what was being created was abandoned and nothing was created; `ACTION_TIMEOUT`, the change may still take effect (a call’s hangup, a campaign’s pause, resume or cancel, or a candidate’s end, is recorded and does, as the message says), so retrieve the resource before retrying.',
};

/** Error responses for a route's OpenAPI entry, each with the error envelope. */
export function errorResponses(...statuses: number[]) {
  return Object.fromEntries(statuses.map((s) => [s, { description: ERROR_DESCRIPTIONS[s] ?? 'Error.', schema: ErrorEnvelope }]));
}
