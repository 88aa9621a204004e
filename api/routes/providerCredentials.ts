import {
  CREDENTIAL_KINDS,
  deleteCredential,
  findCredential,
  listCredentials,
  storeUnverifiedCredential,
  storeVerifiedCredential,
  type CredentialKind,
} from '../../domain/providerCredentials';
import type { Static } from '@sinclair/typebox';
import type { AwsKeyPair } from '../../providers/tts/amazon';
import { verifyCredential } from '../../providers/verify';
import { credentialsEncryptionUnconfigured, notFound, providerUnavailable, providerVerificationFailed, validationError } from '../errors';
import { defineRoute, type Req } from '../defineRoute';
import { ErrorEnvelope, ListOf, errorResponses, listEnvelope } from '../schemas/common';
import { VENDORS_BY_KIND } from '../../providers/vendors';
import { DeletedProviderCredential, KindParams, ProviderCredential, PutProviderCredentialBody, credentialRepresentation } from '../schemas/providerCredentials';

function credentialKind(kind: string): CredentialKind {
  if (!(CREDENTIAL_KINDS as readonly string[]).includes(kind)) {
    throw validationError(`path.kind must be one of ${CREDENTIAL_KINDS.join(', ')}.`, 'path.kind');
  }
  return kind as CredentialKind;
}

const AWS_FIELDS = ['accessKeyId', 'secretAccessKey', 'region'] as const;

/**
 * The secret to seal: the API key, or for `amazon` (SigV4-signed, so no single key) the JSON of the
 * AWS key pair and its region. Each vendor takes exactly its own fields.
 */
function credentialSecret(body: Static<typeof PutProviderCredentialBody>): { secret: string; hint: string; param: string } {
  if (body.provider === 'amazon') {
    if (body.apiKey !== undefined) throw validationError('body.apiKey is not used for amazon: send accessKeyId, secretAccessKey and region.', 'body.apiKey');
    const missing = AWS_FIELDS.find((field) => body[field] === undefined);
    if (missing) throw validationError(`body.${missing} is required for amazon credentials.`, `body.${missing}`);
    const pair: AwsKeyPair = { accessKeyId: body.accessKeyId!, secretAccessKey: body.secretAccessKey!, region: body.region! };
    return { secret: JSON.stringify(pair), hint: pair.accessKeyId.slice(-4), param: 'body.accessKeyId' };
  }
  const stray = AWS_FIELDS.find((field) => body[field] !== undefined);
  if (stray) throw validationError(`body.${stray} is for amazon credentials only.`, `body.${stray}`);
  if (body.apiKey === undefined) throw validationError('body.apiKey is required.', 'body.apiKey');
  return { secret: body.apiKey, hint: body.apiKey.slice(-4), param: 'body.apiKey' };
}

const NEVER_SHOWN = 'The key itself is never returned; `apiKeyHint` shows its last four characters.';

export const providerCredentialRoutes = [
  defineRoute({
    operationId: 'putProviderCredential',
    method: 'put',
    path: '/dashboard/provider-credentials/{kind}',
    tag: 'Dashboard',
    summary: "Store and verify the organization's own vendor credential of one kind",
    description:
      "The organization's credential for `llm`, `stt` or `tts`, used by `byok` API keys instead of the service's. It is checked at once with a cheap authenticated read at the vendor " +
      '(Mistral and Groq: list models with a bearer key; Gemini: list models with `x-goog-api-key`; Deepgram: list projects with `Token`; ElevenLabs: get user with `xi-api-key`; Google Speech-to-Text: list operations, Google Text-to-Speech: list voices, with `key=`; Amazon Polly: DescribeVoices signed with SigV4) and stored encrypted (AES-256-GCM under the server key). ' +
      'Accepted: 200, `verified: true`, and it replaces any previous credential of the kind. ' +
      'Refused by the vendor: 400 `PROVIDER_VERIFICATION_FAILED` (`param` `body.apiKey`). Vendor unreachable or failing: 502 `PROVIDER_UNAVAILABLE`. ' +
      'In both failure cases a verified credential of the kind stays in use and the new one is discarded (a bad key never breaks working traffic); without one, the new credential is kept unverified. Either way `lastVerificationError` says what happened. ' +
      '`amazon` (Polly) takes an AWS key pair instead of `apiKey`: `accessKeyId`, `secretAccessKey` and `region` (its refusal names `body.accessKeyId`); every other vendor takes `apiKey` only. 503 `CREDENTIALS_ENCRYPTION_UNCONFIGURED` when the server has no encryption key. ' +
      NEVER_SHOWN,
    auth: 'dashboard',
    adminOnly: true,
    params: KindParams,
    body: PutProviderCredentialBody,
    status: 200,
    responses: {
      200: { description: 'The credential, verified.', schema: ProviderCredential },
      ...errorResponses(400),
      502: { description: 'The vendor could not be reached to verify the credential; retry later.', schema: ErrorEnvelope },
      503: {
        description: '`CREDENTIALS_ENCRYPTION_UNCONFIGURED`: the server cannot encrypt credentials (no CREDENTIALS_ENCRYPTION_KEY); or `SERVICE_UNAVAILABLE`.',
        schema: ErrorEnvelope,
      },
    },
    handler: async ({ params, body, auth, config }: Req<{ params: typeof KindParams; body: typeof PutProviderCredentialBody; auth: 'dashboard' }>) => {
      const kind = credentialKind(params.kind);
      const allowed: readonly string[] = VENDORS_BY_KIND[kind];
      if (!allowed.includes(body.provider)) {
        throw validationError(`body.provider must be one of ${allowed.join(', ')} for ${kind} credentials.`, 'body.provider');
      }
      const { secret, hint, param } = credentialSecret(body);
      const [key] = config.byok.encryptionKeys;
      if (!key) throw credentialsEncryptionUnconfigured();

      const attempt = { key, organizationId: auth.organizationId, kind, provider: body.provider, apiKey: secret, hint };
      const verification = await verifyCredential(kind, body.provider, secret, {
        baseUrls: config.byok.vendorBaseUrls,
        llmVendors: config.llmVendors,
        timeoutMs: config.byok.verifyTimeoutMs,
      });
      if (verification.outcome === 'verified') return credentialRepresentation(await storeVerifiedCredential(attempt));
      const stored = await storeUnverifiedCredential(attempt, verification.message);
      const kept = stored.verifiedAt ? `Your verified ${stored.provider} credential (…${stored.hint}) stays in use.` : 'It is stored unverified.';
      const message = `${verification.message.replace(/\.?$/, '.')} ${kept}`;
      throw verification.outcome === 'rejected' ? providerVerificationFailed(message, param) : providerUnavailable(message);
    },
  }),
  defineRoute({
    operationId: 'listProviderCredentials',
    method: 'get',
    path: '/dashboard/provider-credentials',
    tag: 'Dashboard',
    summary: "The organization's vendor credentials, one per kind",
    description: `At most three, in the order llm, stt, tts; a \`byok\` key needs all three verified. ${NEVER_SHOWN}`,
    auth: 'dashboard',
    adminOnly: true,
    status: 200,
    responses: { 200: { description: 'The credentials.', schema: ListOf(ProviderCredential, 'provider_credential') } },
    handler: async ({ auth }: Req<{ auth: 'dashboard' }>) => {
      const ordered = (await listCredentials(auth.organizationId)).map(credentialRepresentation);
      return listEnvelope('provider_credential', ordered, ordered.length, { page: 1, limit: CREDENTIAL_KINDS.length });
    },
  }),
  defineRoute({
    operationId: 'getProviderCredential',
    method: 'get',
    path: '/dashboard/provider-credentials/{kind}',
    tag: 'Dashboard',
    summary: "The organization's vendor credential of one kind",
    description: `404 when the organization has none of this kind. ${NEVER_SHOWN}`,
    auth: 'dashboard',
    adminOnly: true,
    params: KindParams,
    status: 200,
    responses: { 200: { description: 'The credential.', schema: ProviderCredential }, ...errorResponses(400, 404) },
    handler: async ({ params, auth }: Req<{ params: typeof KindParams; auth: 'dashboard' }>) => {
      const kind = credentialKind(params.kind);
      const doc = await findCredential(auth.organizationId, kind);
      if (!doc) throw notFound(`${kind} provider credential`, 'path.kind');
      return credentialRepresentation(doc);
    },
  }),
  defineRoute({
    operationId: 'deleteProviderCredential',
    method: 'delete',
    path: '/dashboard/provider-credentials/{kind}',
    tag: 'Dashboard',
    summary: "Delete the organization's vendor credential of one kind",
    description:
      'Allowed while `byok` keys exist: they keep working for reads, but their new calls, interviews and campaign launches answer 400 `BYOK_NOT_READY` until a credential of the kind is verified again, ' +
      "and conversations already under way fail when they next need the vendor; they never fall back to the service's credentials. The encrypted secret is removed.",
    auth: 'dashboard',
    adminOnly: true,
    params: KindParams,
    status: 200,
    responses: { 200: { description: 'The credential was deleted.', schema: DeletedProviderCredential }, ...errorResponses(400, 404) },
    handler: async ({ params, auth }: Req<{ params: typeof KindParams; auth: 'dashboard' }>) => {
      const kind = credentialKind(params.kind);
      if (!(await deleteCredential(auth.organizationId, kind))) throw notFound(`${kind} provider credential`, 'path.kind');
      return { object: 'provider_credential' as const, kind, deleted: true as const };
    },
  }),
];
