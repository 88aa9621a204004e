import { Type } from '@sinclair/typebox';
import { DEFAULT_RECORDING_RETENTION_DAYS, MAX_RECORDING_RETENTION_DAYS } from '../../domain/organizations';
import { DIALLING_COUNTRIES } from '../../domain/destinations';
import { Id } from './common';

const RetentionDays = Type.Integer({
  minimum: 1,
  maximum: MAX_RECORDING_RETENTION_DAYS,
  description: `Days call recordings are kept after the call, then deleted (its \`recordingAvailable\` becomes false). Default ${DEFAULT_RECORDING_RETENTION_DAYS}; at most ${MAX_RECORDING_RETENTION_DAYS}. A change applies to recordings already stored too; the sweep runs hourly.`,
});

const Countries = Type.Array(Type.String({ enum: [...DIALLING_COUNTRIES] }), { minItems: 1, maxItems: DIALLING_COUNTRIES.length, uniqueItems: true });

export const OrganizationSettings = Type.Object(
  {
    object: Type.Literal('organization'),
    id: Id,
    name: Type.String(),
    plan: Type.String(),
    recordingRetentionDays: RetentionDays,
    allowedCountries: Type.Union([Countries, Type.Null()], {
      description: "The countries (ISO 3166-1 alpha-2) the organization may call; null: it follows the service's default.",
    }),
    effectiveAllowedCountries: Type.Union([Countries, Type.Null()], {
      description:
        'The countries its calls may go to now: its own list, else the service’s default; null: any country. Premium-rate, shared-cost, personal and pager numbers are refused whatever the list.',
    }),
  },
  { title: 'organization' },
);

export const UpdateOrganizationBody = Type.Object(
  {
    recordingRetentionDays: Type.Optional(RetentionDays),
    allowedCountries: Type.Optional(
      Type.Union([Countries, Type.Null()], {
        description: 'The countries the organization may call, e.g. `["GB", "IE"]`; null goes back to the service\'s default.',
      }),
    ),
  },
  { additionalProperties: false, title: 'organization_update' },
);

export function organizationRepresentation(
  organization: { _id: unknown; name: string; plan: string; recordingRetentionDays?: number | null; allowedCountries?: string[] | null },
  defaultCountries: readonly string[] | null,
) {
  const own = organization.allowedCountries?.length ? organization.allowedCountries : null;
  return {
    object: 'organization' as const,
    id: String(organization._id),
    name: organization.name,
    plan: organization.plan,
    recordingRetentionDays: organization.recordingRetentionDays ?? DEFAULT_RECORDING_RETENTION_DAYS,
    allowedCountries: own,
    effectiveAllowedCountries: own ?? (defaultCountries ? [...defaultCountries] : null),
  };
}
