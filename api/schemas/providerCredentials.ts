import { Type, type TSchema } from '@sinclair/typebox';
import { CREDENTIAL_KINDS, type ProviderCredentialRecord } from '../../domain/providerCredentials';
import { iso } from '../../lib/time';
import { StringEnum, Timestamp } from './common';

const KIND_DESCRIPTION =
  '`llm` (voice LLM: mistral, gemini, groq), `stt` (speech-to-text: deepgram, google) or `tts` (text-to-speech: elevenlabs, google, amazon).';

/** Any string: an unknown kind is a 400 naming `path.kind`, not a 404. */
export const KindParams = Type.Object({ kind: Type.String({ maxLength: 20, description: KIND_DESCRIPTION }) }, { additionalProperties: false });

export const PutProviderCredentialBody = Type.Object(
  {
    provider: Type.String({ maxLength: 50, description: 'A vendor of the kind in the path.' }),
    apiKey: Type.Optional(
      Type.String({ minLength: 8, maxLength: 4096, description: "The vendor's API key (every vendor but `amazon`). Stored encrypted; never returned." }),
    ),
    accessKeyId: Type.Optional(
      Type.String({
        pattern: '^[A-Z0-9]{16,128}$',
        description: '`amazon` only: the AWS access key id (`AKIA…`) whose policy allows `polly:SynthesizeSpeech` and `polly:DescribeVoices`.',
      }),
    ),
    secretAccessKey: Type.Optional(
      Type.String({ minLength: 16, maxLength: 128, description: '`amazon` only: its secret access key. Stored encrypted; never returned.' }),
    ),
    region: Type.Optional(
      Type.String({ pattern: '^[a-z]{2}(-[a-z]+)+-\\d$', description: '`amazon` only: the AWS region of the Polly endpoint to use, e.g. `eu-west-1`.' }),
    ),
  },
  { additionalProperties: false, title: 'provider_credential_put' },
);

const nullable = <T extends TSchema>(schema: T, description: string) => Type.Union([schema, Type.Null()], { description });

export const ProviderCredential = Type.Object(
  {
    object: Type.Literal('provider_credential'),
    kind: StringEnum(CREDENTIAL_KINDS),
    provider: Type.String({ description: 'The vendor of the credential in use (or, while none is verified, of the one last tried).' }),
    apiKeyHint: Type.String({
      description: 'The last four characters of the key (for `amazon`, of the access key id), e.g. `…f3a9`; the secret itself is never shown.',
    }),
    verified: Type.Boolean({ description: 'The vendor accepted this credential: `byok` traffic uses it.' }),
    verifiedAt: nullable(Timestamp, 'When the credential in use was verified.'),
    lastVerificationError: nullable(
      Type.String(),
      'Why the latest PUT was not verified, or null when it was. When a verified credential exists, a refused replacement is discarded and the verified one stays in use: this field then reports the refusal.',
    ),
    lastVerificationAt: nullable(Timestamp, 'When the latest PUT was checked with the vendor.'),
    createdAt: Timestamp,
    updatedAt: Timestamp,
  },
  { title: 'provider_credential' },
);

export const DeletedProviderCredential = Type.Object(
  { object: Type.Literal('provider_credential'), kind: StringEnum(CREDENTIAL_KINDS), deleted: Type.Literal(true) },
  { title: 'provider_credential_deleted' },
);

export function credentialRepresentation(doc: ProviderCredentialRecord) {
  return {
    object: 'provider_credential' as const,
    kind: doc.kind,
    provider: doc.provider,
    apiKeyHint: `…${doc.hint}`,
    verified: doc.verifiedAt !== null,
    verifiedAt: iso(doc.verifiedAt),
    lastVerificationError: doc.lastVerificationError ?? null,
    lastVerificationAt: iso(doc.lastVerificationAt),
    createdAt: doc.createdAt.toISOString(),
    updatedAt: doc.updatedAt.toISOString(),
  };
}
