import { randomBytes } from 'node:crypto';
import { Types } from 'mongoose';
import { ApiKey, hashKey } from '../../models/apiKey';
import { DashboardSession as SessionModel } from '../../models/dashboardSession';
import { Organization } from '../../models/organization';
import { isDuplicateKeyError } from '../../lib/duplicateKey';
import { claimSlot, releaseSlot } from '../../models/slot';
import { userPool } from '../../models/tenant';
import { User as UserModel, hashPassword, normalizeEmail, verifyPassword } from '../../models/user';
import { forgetCachedKeys } from '../middleware/auth';
import { duplicateEmail, invalidCredentials, notFound, permissionDenied, quotaExceeded } from '../errors';
import { defineRoute, type Req } from '../defineRoute';
import { SCOPES, assertGrantable, type Scope } from '../scopes';
import { IdParams, errorResponses } from '../schemas/common';
import { CreateSessionBody, CreateUserBody, DashboardSession, UpdateUserBody, User, userRepresentation } from '../schemas/dashboard';

const SESSION_HOURS = 12;
const unknownUserHash = hashPassword(randomBytes(16).toString('hex'));
const MEMBER_DEFAULT: Scope[] = ['agents:read', 'executions:read', 'organization:read'];

const SESSION_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
function sessionToken(): string {
  const bytes = randomBytes(40);
  return `rb_dash_${[...bytes].map((b) => SESSION_ALPHABET[b % SESSION_ALPHABET.length]).join('')}`;
}

export const dashboardRoutes = [
  defineRoute({
    operationId: 'createDashboardSession',
    method: 'post',
    path: '/dashboard/sessions',
    tag: 'Dashboard',
    summary: 'Sign in to the dashboard',
    description: `Exchanges email and password for a dashboard session token, valid ${SESSION_HOURS} hours. Dashboard routes take this token, never an API key.`,
    auth: 'public',
    body: CreateSessionBody,
    status: 201,
    responses: { 201: { description: 'The session.', schema: DashboardSession }, ...errorResponses(400, 401) },
    handler: async ({ body }: Req<{ body: typeof CreateSessionBody; auth: 'public' }>) => {
      const user = await UserModel.findOne({ email: normalizeEmail(body.email) }).lean();
      // An unknown email costs the same scrypt as a wrong password, so timing does not tell which emails exist.
      const valid = await verifyPassword(body.password, user?.passwordHash ?? (await unknownUserHash));
      if (!user || !valid) throw invalidCredentials();
      const organization = await Organization.findById(user.organizationId).lean();
      if (!organization) throw invalidCredentials();
      const token = sessionToken();
      const expiresAt = new Date(Date.now() + SESSION_HOURS * 3600_000);
      await SessionModel.create({ tokenHash: hashKey(token), userId: user._id, organizationId: user.organizationId, expiresAt });
      return {
        object: 'dashboard_session' as const,
        token,
        expiresAt: expiresAt.toISOString(),
        user: userRepresentation(user),
        organization: { id: String(organization._id), name: organization.name, plan: organization.plan },
      };
    },
  }),
  defineRoute({
    operationId: 'createUser',
    method: 'post',
    path: '/dashboard/users',
    tag: 'Dashboard',
    summary: 'Add a user to the organization',
    description: 'Counts against `maxUsers` (403 `QUOTA_EXCEEDED` beyond it). Emails are unique across the service (409 `DUPLICATE_EMAIL`).',
    auth: 'dashboard',
    adminOnly: true,
    body: CreateUserBody,
    status: 201,
    responses: { 201: { description: 'The new user.', schema: User }, ...errorResponses(409) },
    handler: async ({ body, auth }: Req<{ body: typeof CreateUserBody; auth: 'dashboard' }>) => {
      const permissions = body.permissions ?? (body.role === 'admin' ? [...SCOPES] : MEMBER_DEFAULT);
      assertGrantable(auth.permissions, permissions);
      const organization = await Organization.findById(auth.organizationId).lean();
      if (!organization) throw notFound('organization');
      const _id = new Types.ObjectId();
      const pool = userPool(auth.organizationId);
      if ((await claimSlot(pool, String(_id), organization.limits.maxUsers)) === null) {
        throw quotaExceeded(`Your organization has reached its limit of ${organization.limits.maxUsers} users.`);
      }
      try {
        const user = await UserModel.create({
          _id,
          organizationId: auth.organizationId,
          email: normalizeEmail(body.email),
          passwordHash: await hashPassword(body.password),
          role: body.role,
          permissions,
        });
        return userRepresentation(user);
      } catch (err) {
        await releaseSlot(pool, String(_id));
        if (isDuplicateKeyError(err)) throw duplicateEmail();
        throw err;
      }
    },
  }),
  defineRoute({
    operationId: 'updateUser',
    method: 'patch',
    path: '/dashboard/users/{id}',
    tag: 'Dashboard',
    resource: 'user',
    summary: "Change a user's role or permissions",
    description:
      "Admins may change any user's role and permissions, other admins' included, granting only scopes they hold. The organization's first admin can be demoted or lose scopes only by themselves. Narrowing a user's permissions narrows every key they created at once.",
    auth: 'dashboard',
    adminOnly: true,
    params: IdParams,
    body: UpdateUserBody,
    status: 200,
    responses: { 200: { description: 'The updated user.', schema: User } },
    handler: async ({ params, body, auth }: Req<{ params: typeof IdParams; body: typeof UpdateUserBody; auth: 'dashboard' }>) => {
      const user = await UserModel.findOne({ _id: params.id, organizationId: auth.organizationId });
      if (!user) throw notFound('user', 'path.id');
      const self = user._id.equals(auth.userId);
      const lost = body.permissions ? user.permissions.filter((s) => !body.permissions!.includes(s as Scope)) : [];
      if (user.founder && !self && ((body.role && body.role !== 'admin') || lost.length)) {
        throw permissionDenied("Only the organization's first admin can demote themselves or remove their own scopes.");
      }
      if (body.permissions) {
        const added = body.permissions.filter((s) => !user.permissions.includes(s));
        assertGrantable(auth.permissions, added);
        // Keys first: if the user update then fails, their keys are narrower, never wider, than intended.
        await ApiKey.updateMany({ createdBy: user._id }, { $set: { creatorPermissions: body.permissions } });
        forgetCachedKeys();
        user.permissions = body.permissions;
      }
      if (body.role) user.role = body.role;
      await user.save();
      return userRepresentation(user);
    },
  }),
];
