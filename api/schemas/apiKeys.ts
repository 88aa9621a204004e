import { Type } from '@sinclair/typebox';
import { SCOPES } from '../scopes';
import { iso } from '../../lib/time';
import { DEFAULT_RATE_LIMIT_PER_MINUTE, KEY_STATUSES, type KeyRecord } from '../../domain/apiKeys';
import { Id, Name, PageQuery, StringEnum, Timestamp } from './common';

const LABEL = '[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?';
const PORT = '(?::[0-9]{1,5})?';

/** One exact origin: what a browser sends in `Origin`, so nothing that could widen or confuse a match. */
const Origin = Type.String({
  maxLength: 300,
  pattern: `^(?:https://${LABEL}(?:\\.${LABEL})*|http://(?:localhost|127\\.0\\.0\\.1))${PORT}$`,
  description: 'An origin, `scheme://host[:port]`: e.g. `https://app.example.com` or `http://localhost:5173`.',
});

export const CreateApiKeyBody = Type.Object(
  {
    name: Name(200),
    scopes: Type.Array(StringEnum(SCOPES), {
      minItems: 1,
      uniqueItems: true,
      description:
        'Only scopes the creating admin holds. Effective access is always these ∩ the creator’s current permissions; while the creator is deactivated the key holds none (403 `PERMISSION_DENIED`).',
    }),
    byok: Type.Optional(
      Type.Boolean({
        default: false,
        description:
          "Fixed at creation. The key's traffic runs only on the organization's own vendor credentials and is billed per minute, not from credits. Needs verified `llm`, `stt` and `tts` credentials (`PUT /dashboard/provider-credentials/{kind}`), else 400 `BYOK_NOT_READY` naming the missing kinds.",
      }),
    ),
    mode: Type.Optional(StringEnum(['live', 'test'] as const, { default: 'live', description: 'Prefix `rb_live_` or `rb_test_`.' })),
    allowedOrigins: Type.Optional(
      Type.Array(Origin, {
        maxItems: 20,
        description:
          'Exact browser origins allowed to frame interviews, each `scheme://host[:port]`: HTTPS, except http://localhost and http://127.0.0.1 (any port); no path, no trailing slash, no wildcard. ' +
          'A bad entry is 400 naming it (`body.allowedOrigins[2]`). Stored as browsers send them in `Origin` (host in lower case, a default port dropped).',
      }),
    ),
    rateLimitPerMinute: Type.Optional(Type.Integer({ minimum: 1, maximum: 10000, default: DEFAULT_RATE_LIMIT_PER_MINUTE })),
    expiresAt: Type.Optional(Type.String({ format: 'date-time', description: 'When the key stops working on its own; must be in the future.' })),
  },
  { additionalProperties: false, title: 'api_key_create' },
);

export const ApiKey = Type.Object(
  {
    id: Id,
    object: Type.Literal('api_key'),
    name: Type.String(),
    mode: StringEnum(['live', 'test'] as const),
    key: Type.Optional(Type.String({ description: 'The plaintext key: only in the create response, never again.' })),
    last4: Type.String(),
    scopes: Type.Array(StringEnum(SCOPES)),
    byok: Type.Boolean(),
    allowedOrigins: Type.Array(Type.String()),
    rateLimitPerMinute: Type.Integer(),
    expiresAt: Type.Union([Timestamp, Type.Null()]),
    revokedAt: Type.Union([Timestamp, Type.Null()]),
    lastUsedAt: Type.Union([Timestamp, Type.Null()], { description: 'Updated at most once a minute.' }),
    createdBy: Id,
    createdAt: Timestamp,
  },
  { title: 'api_key' },
);

export const ListApiKeysQuery = Type.Object(
  {
    createdBy: Type.Optional(Id),
    status: Type.Optional(
      StringEnum(KEY_STATUSES, {
        description: '`active` (neither revoked nor expired), `revoked`, or `expired` (past `expiresAt`, not revoked). Absent: every key.',
      }),
    ),
    ...PageQuery,
  },
  { additionalProperties: false },
);

/** `plaintext` only in the create response. */
export function keyRepresentation(doc: KeyRecord, plaintext?: string) {
  return {
    id: String(doc._id),
    object: 'api_key' as const,
    name: doc.name,
    mode: doc.mode,
    ...(plaintext ? { key: plaintext } : {}),
    last4: doc.last4,
    scopes: doc.scopes,
    byok: doc.byok,
    allowedOrigins: doc.allowedOrigins,
    rateLimitPerMinute: doc.rateLimitPerMinute,
    expiresAt: iso(doc.expiresAt),
    revokedAt: iso(doc.revokedAt),
    lastUsedAt: iso(doc.lastUsedAt),
    createdBy: String(doc.createdBy),
    createdAt: doc.createdAt.toISOString(),
  };
}
