import type { TSchema } from '@sinclair/typebox';
import { DEFAULT_RATE_LIMIT_PER_MINUTE } from '../domain/apiKeys';
import { ERROR_CODES } from './errors';
import { SIGN_IN_FAILURES_PER_ADDRESS, SIGN_IN_FAILURES_PER_EMAIL, SIGN_IN_WINDOW_MINUTES } from './middleware/throttle';
import type { ResponseDoc, RouteDef } from './defineRoute';
import { API_PREFIX } from './router';
import { acceptsIdempotencyKey, REPLAYED_HEADER } from './middleware/idempotency';
import { ErrorEnvelope, IdempotencyKeyHeader, errorResponses } from './schemas/common';

const description = (
  invalidCredentialsPerMinute: number,
  serverUrl: string,
) => `Multi-tenant API for AI voice agents: agents, outbound calls, candidate interviews and paced calling campaigns. Reports and transcripts are produced asynchronously; clients poll.

**Reference.** This document, rendered with a console to try each operation with a test key, is at [${serverUrl}/docs](${serverUrl}/docs).

**Authentication.** Every operation except this document takes \`Authorization: Bearer <API key>\` (\`rb_live_…\` or \`rb_test_…\`). A key's effective access is its scopes intersected with its creator's current permissions. Dashboard operations take a dashboard session token (\`rb_dash_…\`) from \`POST /dashboard/sessions\` instead, and an API key is refused there; partner operations take a session too, acting with its user's current permissions (the dashboard runs on them). A test key (\`rb_test_…\`) differs from a live one by its prefix only: it changes data, places calls and spends credits alike.

**Errors.** Every failure has the body \`{"error": {"type", "code", "message", "param"?}, "request_id"}\`; \`param\` names the offending field as \`body.<path>\`, \`query.<name>\` or \`path.id\`. Every response carries \`x-request-id\`. A malformed path id, or one from another organization, is a 404; an id in a body that names nothing of the organization (\`agentId\`) is a 400 naming its field. Codes:

${Object.entries(ERROR_CODES)
  .map(([code, [status, type, meaning]]) => `- ${status} \`${type}\` \`${code}\`: ${meaning}`)
  .join('\n')}

**Rate limits.** Per key, fixed one-minute windows aligned to the clock minute (default 120 requests, set per key at creation). Every response to an API key carries \`x-ratelimit-limit\`, \`x-ratelimit-remaining\` and \`x-ratelimit-reset\` (seconds until the window ends); a 429 adds \`retry-after\`. Requests that fail authentication do not count. Limits below 200 a minute are exact across all API instances; above that, instances reserve requests in blocks of 1% of the limit, so a window never admits more than the limit and may admit slightly fewer.

**Throttles.** Counted per client address and per email across all API instances, whatever the route: an address that presents ${invalidCredentialsPerMinute} invalid credentials (unknown, malformed, revoked or expired API keys and dashboard sessions) within a clock minute gets 429 \`RATE_LIMITED\` with \`retry-after\` for each further invalid credential until the minute ends (valid keys and sessions from the address are still served; a request with no credential is a 401); sign-in allows ${SIGN_IN_FAILURES_PER_EMAIL} failures per email and ${SIGN_IN_FAILURES_PER_ADDRESS} per address in each ${SIGN_IN_WINDOW_MINUTES}-minute window.

**Revocation and permissions.** Revoking a key, or narrowing the permissions of the user who created it, takes effect at once on the instance that handled the change and within 2 seconds on every other instance.

**Lists.** \`page\` (an integer from 1 to 1000000000) and \`limit\` (1-100, default 25); anything else is a 400. Unknown query parameters are rejected. Lists are newest first.

**Retries.** Every \`POST\` takes an optional \`Idempotency-Key\` header (1-255 printable ASCII characters; a UUID is a good choice), remembered per organization for 24 hours. A retry with the same key, method, path and body (fields in any order) does nothing again and answers the first answer's status and body, with \`idempotent-replayed: true\`; the same key with another request is 422 \`IDEMPOTENCY_KEY_REUSED\`, and while the first request is still running 409 \`IDEMPOTENCY_KEY_IN_USE\`. 2xx and 4xx answers are kept, except 429; after a 5xx or a timeout (504) the key is free again and the retry runs. A replayed error keeps the first request's \`request_id\` in its body; the \`x-request-id\` header is the retry's own. A malformed key is 400 with \`param\` \`header.idempotency-key\`.

**Bodies.** JSON only (\`Content-Type: application/json\`), at most 1 MiB, its arrays and objects nested at most 32 levels deep (deeper is 400 \`VALIDATION_ERROR\`, \`param\` \`body\`). Create bodies reject unknown fields; a \`PATCH\` without a body is a 400 (\`param\` \`body\`). Names, labels and messages must not be blank (all white space, or the invisible zero-width characters U+200B-U+200D and U+2060), and no string or key of a body or a query may hold the NUL character (U+0000): both are 400 \`VALIDATION_ERROR\` naming the field. Names (an agent’s \`name\` and \`displayName\`, a campaign’s, an API key’s, a contact’s, a phone number’s label, a call’s and a campaign recipient’s \`contactName\`, and an interview’s \`candidateName\`) are stored without the white space and zero-width characters around them; their schemas say so with \`x-trim: true\`. A phone number (a call’s, a contact’s, a recipient’s, a claimed number, the contacts list’s filter) may be written with spaces, dashes, brackets or full-width digits (\`+44 (0)20 7946 0003\`): it is stored, compared (do-not-call, one contact per number, a campaign’s repeats) and returned in E.164 (\`+442079460003\`), as \`x-e164: true\` says; one without its \`+\` and country code, or with an extension, is 400 \`VALIDATION_ERROR\`. Every response carries \`cache-control: no-store\` and \`x-content-type-options: nosniff\`. A method a path does not serve (\`TRACE\` included) is 405 \`METHOD_NOT_ALLOWED\` with an \`allow\` header listing the ones it does.

**Interviews in the browser.** The hosted page behind \`interviewUrl\`, the frame behind \`embedUrl\`, \`{embed_host}/embed.js\` (\`VoiceAgent.mount(container, {token, interviewId, onEvent})\`, events \`session.ready\`, \`session.started\`, \`transcript.turn\`, \`session.ended\` with \`payload.reportId\`, \`error\`) and the candidate routes they call under \`/candidate/v1\` are the service's own pages, not partner operations, and are not listed here. They accept only the link's capability or an embed token, never an API key, and only from this service's own origin or the embed token's allowed origins (403 \`ORIGIN_NOT_ALLOWED\`); the embed frame is served only as a frame (\`Sec-Fetch-Dest: iframe\`).`;

/** Strips TypeBox's symbol keys and undefined values, leaving plain JSON Schema. */
export const plain = (schema: TSchema): unknown => JSON.parse(JSON.stringify(schema));

// The error envelope is one named schema, so generated clients get one error type rather than one per operation and status.
const json = (schema: TSchema) => ({ 'application/json': { schema: schema === ErrorEnvelope ? { $ref: '#/components/schemas/Error' } : plain(schema) } });

function parameters(route: RouteDef) {
  const list: unknown[] = [];
  for (const [name, schema] of Object.entries(route.params?.properties ?? {})) {
    list.push({ name, in: 'path', required: true, schema: plain(schema as TSchema) });
  }
  const required = new Set(route.query?.required ?? []);
  for (const [name, schema] of Object.entries(route.query?.properties ?? {})) {
    const s = plain(schema as TSchema) as { description?: string; default?: unknown };
    // A parameter with a default may be left out: the validator fills it in.
    const needed = required.has(name) && s.default === undefined;
    list.push({ name, in: 'query', required: needed, schema: s, ...(s.description ? { description: s.description } : {}) });
  }
  if (acceptsIdempotencyKey(route)) {
    const schema = plain(IdempotencyKeyHeader) as { description: string };
    list.push({ name: 'Idempotency-Key', in: 'header', required: false, schema, description: schema.description });
  }
  return list;
}

/** What a partner POST answers besides its own responses: a replayed answer's header, and the key's own conflicts. */
function idempotencyDocs(route: RouteDef): Record<string, ResponseDoc> {
  if (!acceptsIdempotencyKey(route)) return {};
  const own409 = route.responses[409]?.description;
  return {
    409: {
      description: `${own409 ? `${own409} ` : ''}\`IDEMPOTENCY_KEY_IN_USE\`: a request with this \`Idempotency-Key\` is still running.`,
      schema: ErrorEnvelope,
    },
    422: { description: '`IDEMPOTENCY_KEY_REUSED`: this `Idempotency-Key` was used for a different request.', schema: ErrorEnvelope },
  };
}

const REPLAYED = {
  [REPLAYED_HEADER]: { schema: { type: 'string', enum: ['true'] }, description: 'Present on an answer replayed for a repeated `Idempotency-Key`.' },
};

function responses(route: RouteDef) {
  // Every authenticated route may be throttled (invalid credentials per address); a public route
  // cannot answer 401. Every route needs the database.
  const common = route.auth === 'public' ? [500, 503] : [400, 401, 403, 404, 429, 500, 503];
  const all: Record<string, ResponseDoc> = {
    ...errorResponses(...common, ...(route.body ? [413, 415] : [])),
    ...route.responses,
    ...idempotencyDocs(route),
  };
  const replayable = (status: string) => acceptsIdempotencyKey(route) && Number(status) < 500 && status !== '429';
  return Object.fromEntries(
    Object.entries(all).map(([status, doc]) => [
      status,
      {
        description: doc.description,
        ...(doc.schema
          ? { content: json(doc.schema) }
          : doc.mediaType
            ? { content: { [doc.mediaType]: { schema: { type: 'string', contentMediaType: doc.mediaType } } } }
            : {}),
        ...(status === '429' || status === '503'
          ? { headers: { 'retry-after': { schema: { type: 'integer' }, description: 'Seconds to wait.' } } }
          : replayable(status)
            ? { headers: REPLAYED }
            : {}),
      },
    ]),
  );
}

/** The OpenAPI 3.1 document, built from the same route table as the router. */
export function buildOpenApi(routes: RouteDef[], serverUrl: string, invalidCredentialsPerMinute: number) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of routes) {
    const scopeNote = route.scope ? `\n\nRequires scope \`${route.scope}\`.` : route.adminOnly ? '\n\nOrganization admins only.' : '';
    (paths[route.path] ??= {})[route.method] = {
      operationId: route.operationId,
      tags: [route.tag],
      summary: route.summary,
      description: `${route.description ?? route.summary}${scopeNote}`,
      security: route.auth === 'public' ? [] : route.auth === 'dashboard' ? [{ dashboardSession: [] }] : [{ bearerAuth: [] }, { dashboardSession: [] }],
      parameters: parameters(route),
      ...(route.body ? { requestBody: { required: true, content: json(route.body) } } : {}),
      responses: responses(route),
    };
  }
  return {
    openapi: '3.1.0',
    info: { title: 'Voice Agent Platform API', version: '1.0.0', description: description(invalidCredentialsPerMinute, serverUrl) },
    servers: [{ url: `${serverUrl}${API_PREFIX}` }],
    tags: [...new Set(routes.map((r) => r.tag))].map((name) => ({ name })),
    paths,
    components: {
      securitySchemes: {
        bearerAuth: { type: 'http', scheme: 'bearer', description: 'An API key: `rb_live_…` or `rb_test_…`.' },
        dashboardSession: {
          type: 'http',
          scheme: 'bearer',
          description:
            'A dashboard session token (`rb_dash_…`) from `POST /dashboard/sessions`. Dashboard routes take only this. ' +
            'Partner routes take it too, so the dashboard needs no API key: the session acts with its user’s current permissions as its scopes (403 `PERMISSION_DENIED` for a missing one, as a key), ' +
            `in its user's organization only, never \`byok\`, without allowed origins (so no embed tokens), rate limited per session at a new key's default ${DEFAULT_RATE_LIMIT_PER_MINUTE} requests a minute; the logs name its user.`,
        },
      },
      schemas: { Error: plain(ErrorEnvelope) },
    },
  };
}
