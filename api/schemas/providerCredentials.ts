import { Type, type TSchema } from '@sinclair/typebox';
import { CREDENTIAL_KINDS, type ProviderCredentialRecord } from '../../models/providerCredential';
import { iso } from '../../lib/time';
import { StringEnum, Timestamp } from './common';

const KIND_DESCRIPTION = '`llm` (voice LLM: mistral, gemini, groq), `stt` (speech-to-text: deepgram, google) or `tts` (text-to-speech: elevenlabs, google).';

/** Any string: an unknown kind is a 400 naming `path.kind`, not a 404. */
export const KindParams = Type.Object({ kind: Type.String({ maxLength: 20, description: KIND_DESCRIPTION }) }, { additionalProperties: false });

export const PutProviderCredentialBody = Type.Object(
  {
    provider: Type.String({ maxLength: 50, description: 'A vendor of the kind in the path.' }),
    apiKey: Type.String({ minLength: 8, maxLength: 4096, description: "The vendor's API key. Stored encrypted; never returned." }),
  },
  { additionalProperties: false, title: 'provider_credential_put' },
);

const nullable = <T extends TSchema>(schema: T, description: string) => Type.Union([schema, Type.Null()], { description });

export const ProviderCredential = Type.Object(
  {
    object: Type.Literal('provider_credential'),
    kind: StringEnum(CREDENTIAL_KINDS),
    provider: Type.String({ description: 'The vendor of the credential in use (or, while none is verified, of the one last tried).' }),
    apiKeyHint: Type.String({ description: 'The last four characters of the key, e.g. `…f3a9`; the key itself is never shown.' }),
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
