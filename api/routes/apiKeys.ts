import { DEFAULT_RATE_LIMIT_PER_MINUTE, issueKey, listKeys, revokeKey } from '../../domain/apiKeys';
import { KEY_CACHE_TTL_MS, forgetCachedKeys } from '../middleware/auth';
import { assertByokReady } from '../byok';
import { notFound, validationError } from '../errors';
import { defineRoute, type Req } from '../defineRoute';
import { assertGrantable } from '../scopes';
import { ApiKey, CreateApiKeyBody, ListApiKeysQuery, keyRepresentation } from '../schemas/apiKeys';
import { IdParams, ListOf, errorResponses, listEnvelope } from '../schemas/common';

/**
 * Each entry as browsers write it in `Origin` (the schema has checked its shape), or the entry
 * named that is still no origin, such as a port past 65535.
 */
export function normalizeOrigins(origins: string[]): string[] {
  const result = origins.map((raw, i) => {
    const param = `body.allowedOrigins[${i}]`;
    try {
      return new URL(raw).origin;
    } catch {
      throw validationError(`${param} must be an origin such as https://app.example.com.`, param);
    }
  });
  return [...new Set(result)];
}

export const apiKeyRoutes = [
  defineRoute({
    operationId: 'createApiKey',
    method: 'post',
    path: '/api-keys',
    tag: 'Dashboard',
    summary: 'Create an API key',
    description:
      'Organization admins only, with a dashboard session (an API key cannot create keys). The plaintext `key` is in this response only; store it now. Rotate by creating a new key with the same scopes, moving traffic (see `lastUsedAt`), then revoking the old one.',
    auth: 'dashboard',
    adminOnly: true,
    body: CreateApiKeyBody,
    status: 201,
    responses: { 201: { description: 'The key, with its plaintext once.', schema: ApiKey } },
    handler: async ({ body, auth }: Req<{ body: typeof CreateApiKeyBody; auth: 'dashboard' }>) => {
      assertGrantable(auth.permissions, body.scopes);
      const allowedOrigins = normalizeOrigins(body.allowedOrigins ?? []);
      const expiresAt = body.expiresAt ? new Date(body.expiresAt) : null;
      if (expiresAt && expiresAt.getTime() <= Date.now()) throw validationError('body.expiresAt must be in the future.', 'body.expiresAt');
      if (body.byok) await assertByokReady(auth.organizationId, 'body.byok');
      const { doc, key } = await issueKey({
        organizationId: auth.organizationId,
        createdBy: auth.userId,
        name: body.name,
        mode: body.mode ?? 'live',
        scopes: body.scopes,
        byok: body.byok ?? false,
        allowedOrigins,
        rateLimitPerMinute: body.rateLimitPerMinute ?? DEFAULT_RATE_LIMIT_PER_MINUTE,
        expiresAt,
      });
      return keyRepresentation(doc, key);
    },
  }),
  defineRoute({
    operationId: 'listApiKeys',
    method: 'get',
    path: '/api-keys',
    tag: 'Dashboard',
    summary: "List the organization's API keys, newest first",
    description:
      "Organization admins only (role `admin`): a member's session is 403 `PERMISSION_DENIED`, since the list shows every key of the organization and who made it. " +
      "Never shows a plaintext key; `last4` and `lastUsedAt` tell keys apart. `createdBy` narrows the list to one user's keys: those that stop working when that user is deactivated.",
    auth: 'dashboard',
    adminOnly: true,
    query: ListApiKeysQuery,
    status: 200,
    responses: { 200: { description: 'A page of keys.', schema: ListOf(ApiKey, 'api_key') } },
    handler: async ({ query, auth }: Req<{ query: typeof ListApiKeysQuery; auth: 'dashboard' }>) => {
      const { docs, total } = await listKeys(auth.organizationId, query);
      return listEnvelope(
        'api_key',
        docs.map((d) => keyRepresentation(d)),
        total,
        query,
      );
    },
  }),
  defineRoute({
    operationId: 'revokeApiKey',
    method: 'delete',
    path: '/api-keys/{id}',
    tag: 'Dashboard',
    resource: 'API key',
    summary: 'Revoke an API key',
    description: `The key stops working at once on the instance that handles this, and within ${KEY_CACHE_TTL_MS / 1000} seconds on every other API instance; no concurrent use of the key can undo it. Revoking a revoked key answers the same key again.`,
    auth: 'dashboard',
    adminOnly: true,
    params: IdParams,
    status: 200,
    responses: { 200: { description: 'The revoked key.', schema: ApiKey }, ...errorResponses() },
    handler: async ({ params, auth }: Req<{ params: typeof IdParams; auth: 'dashboard' }>) => {
      const revoked = await revokeKey(auth.organizationId, params.id);
      if (!revoked) throw notFound('API key', 'path.id');
      forgetCachedKeys();
      return keyRepresentation(revoked);
    },
  }),
];
