import { randomBytes, randomUUID } from 'node:crypto';
import { Types } from 'mongoose';
import { SCOPES } from './scopes';
import { grantCredits } from './creditEntry';
import { Organization, type OrganizationLimits } from './organization';
import { claimSlot } from './slot';
import { User, hashPassword, normalizeEmail } from './user';

export const userPool = (organizationId: Types.ObjectId | string) => `users:${organizationId}`;

export interface NewOrganization {
  name: string;
  plan?: string;
  creditMinutes?: number;
  limits?: Partial<OrganizationLimits>;
  adminEmail: string;
  /** Generated when omitted, and returned once. */
  adminPassword?: string;
}

/** Creates an organization with its first admin (the founder, holding every scope) and its opening credits. */
export async function createOrganization(input: NewOrganization) {
  const email = normalizeEmail(input.adminEmail);
  if (await User.exists({ email })) throw new Error(`a user with email ${email} already exists`);
  const password = input.adminPassword ?? randomBytes(12).toString('base64url');
  const organization = await Organization.create({
    name: input.name,
    ...(input.plan ? { plan: input.plan } : {}),
    limits: input.limits ?? {},
  });
  const admin = await User.create({
    organizationId: organization._id,
    email,
    passwordHash: await hashPassword(password),
    role: 'admin',
    permissions: [...SCOPES],
    founder: true,
  });
  await claimSlot(userPool(organization._id), String(admin._id), organization.limits.maxUsers);
  if (input.creditMinutes) await grantCredits(organization._id, input.creditMinutes, `admin:${randomUUID()}`);
  return { organization, admin, password };
}
