import { currentSecret, rotateSecret } from '../../domain/toolSigningSecrets';
import { defineRoute, type Req } from '../defineRoute';
import { credentialsEncryptionUnconfigured, notFound } from '../errors';
import { ErrorEnvelope, errorResponses } from '../schemas/common';
import { NewToolSigningSecret, ToolSigningSecret, toolSigningSecretRepresentation } from '../schemas/toolSigningSecret';

const SIGNATURE =
  'Every request to an agent’s `http` tool carries `Voice-Agent-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>" under this secret>`; ' +
  'a tool server recomputes it, compares in constant time and refuses a `t` more than five minutes old (see docs/tools.md).';

export const toolSigningSecretRoutes = [
  defineRoute({
    operationId: 'rotateToolSigningSecret',
    method: 'post',
    path: '/dashboard/tool-signing-secret',
    tag: 'Dashboard',
    summary: "Create or rotate the organization's tool-signing secret",
    description: `${SIGNATURE} The new secret replaces the previous one at once and is shown only in this answer. 503 \`CREDENTIALS_ENCRYPTION_UNCONFIGURED\` when the server has no encryption key.`,
    auth: 'dashboard',
    adminOnly: true,
    status: 201,
    responses: {
      201: { description: 'The new secret, shown this once.', schema: NewToolSigningSecret },
      503: { description: '`CREDENTIALS_ENCRYPTION_UNCONFIGURED` or `SERVICE_UNAVAILABLE`.', schema: ErrorEnvelope },
    },
    handler: async ({ auth, config }: Req<{ auth: 'dashboard' }>) => {
      const [key] = config.byok.encryptionKeys;
      if (!key) throw credentialsEncryptionUnconfigured();
      const { secret, record } = await rotateSecret(key, auth.organizationId);
      return { ...toolSigningSecretRepresentation(record), secret };
    },
  }),
  defineRoute({
    operationId: 'getToolSigningSecret',
    method: 'get',
    path: '/dashboard/tool-signing-secret',
    tag: 'Dashboard',
    summary: "The organization's tool-signing secret, without the secret",
    description: `404 until one is created. ${SIGNATURE}`,
    auth: 'dashboard',
    adminOnly: true,
    status: 200,
    responses: { 200: { description: 'When the current secret was made, and its last four characters.', schema: ToolSigningSecret }, ...errorResponses(404) },
    handler: async ({ auth }: Req<{ auth: 'dashboard' }>) => {
      const record = await currentSecret(auth.organizationId);
      if (!record) throw notFound('tool-signing secret');
      return toolSigningSecretRepresentation(record);
    },
  }),
];
