import { Schema, model, type InferSchemaType } from 'mongoose';

/**
 * An organization's plan limits and their defaults. The quotas on campaigns, stored recipients,
 * contacts and open interviews came later than the first three: organizations created before them
 * have no such fields, so readers go through `organizationLimits`, which supplies the defaults.
 */
export const DEFAULT_LIMITS = {
  maxAgents: 25,
  maxUsers: 10,
  maxConcurrentCalls: 5,
  /** Campaigns not archived: archiving frees a place. */
  maxCampaigns: 100,
  /** Recipients stored in campaigns not archived. */
  maxRecipients: 1_000_000,
  maxContacts: 100_000,
  /** Interviews `created` or `active`: completing frees a place. */
  maxOpenInterviews: 1_000,
} as const;

export type OrganizationLimits = { -readonly [K in keyof typeof DEFAULT_LIMITS]: number };
export const LIMIT_NAMES = Object.keys(DEFAULT_LIMITS) as (keyof OrganizationLimits)[];

const limitsSchema = new Schema(
  Object.fromEntries(LIMIT_NAMES.map((name) => [name, { type: Number, required: true, default: DEFAULT_LIMITS[name] }])) as Record<
    keyof OrganizationLimits,
    { type: NumberConstructor; required: true; default: number }
  >,
  { _id: false },
);

const organizationSchema = new Schema(
  {
    name: { type: String, required: true },
    plan: { type: String, required: true, default: 'starter' },
    limits: { type: limitsSchema, required: true, default: () => ({}) },
    /** Days a call recording is kept (models/recording.ts); absent: DEFAULT_RECORDING_RETENTION_DAYS. */
    recordingRetentionDays: { type: Number },
    /** ISO 3166-1 alpha-2 codes the organization may call (domain/destinations.ts); absent: the service's default. */
    allowedCountries: { type: [String], default: undefined },
  },
  { timestamps: true, versionKey: false },
);

export type OrganizationDoc = InferSchemaType<typeof organizationSchema> & { _id: import('mongoose').Types.ObjectId };
export const Organization = model('Organization', organizationSchema);

/** Every limit of an organization document (lean or not), the defaults filling those it lacks. */
export function organizationLimits(organization: { limits?: Partial<OrganizationLimits> | null }): OrganizationLimits {
  const set = organization.limits ?? {};
  return Object.fromEntries(LIMIT_NAMES.map((name) => [name, set[name] ?? DEFAULT_LIMITS[name]])) as OrganizationLimits;
}
