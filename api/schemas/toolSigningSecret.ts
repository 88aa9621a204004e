import { Type } from '@sinclair/typebox';
import type { ToolSigningSecretRecord } from '../../domain/toolSigningSecrets';
import { Timestamp } from './common';

const fields = {
  object: Type.Literal('tool_signing_secret'),
  hint: Type.String({ description: 'The secret’s last four characters.' }),
  createdAt: Timestamp,
};

export const ToolSigningSecret = Type.Object(fields, { title: 'tool_signing_secret' });

export const NewToolSigningSecret = Type.Object(
  { ...fields, secret: Type.String({ description: 'Shown this once: keep it where your tool servers can read it.' }) },
  { title: 'tool_signing_secret_new' },
);

/** The rotation time is when the current secret began. */
export const toolSigningSecretRepresentation = (record: ToolSigningSecretRecord) => ({
  object: 'tool_signing_secret' as const,
  hint: record.hint,
  createdAt: record.updatedAt.toISOString(),
});
