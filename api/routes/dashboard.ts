import { randomBytes } from 'node:crypto';
import { Types } from 'mongoose';
import { hashKey } from '../../models/apiKey';
import { DashboardSession as SessionModel } from '../../models/dashboardSession';
import { Organization } from '../../models/organization';
import { isDuplicateKeyError } from '../../lib/duplicateKey';
import { findPage } from '../../lib/page';
import { claimSlot, releaseSlot } from '../../models/slot';
import { userPool } from '../../models/tenant';
import { User as UserModel, hashPassword, inUserTurn, normalizeEmail, passwordNeedsRehash, verifyPassword } from '../../models/user';
import { KEY_CACHE_TTL_MS, forgetCachedKeys } from '../middleware/auth';
import { SIGN_IN_FAILURES_PER_ADDRESS, SIGN_IN_FAILURES_PER_EMAIL, SIGN_IN_WINDOW_MINUTES, admitSignIn } from '../middleware/throttle';
import { duplicateEmail, invalidCredentials, notFound, permissionDenied, quotaExceeded } from '../errors';
import { defineRoute, type Req } from '../defineRoute';
import { SCOPES, assertGrantable, type Scope } from '../scopes';
import { IdParams, ListOf, errorResponses, listEnvelope } from '../schemas/common';
import { CreateSessionBody, CreateUserBody, DashboardSession, ListUsersQuery, UpdateUserBody, User, userRepresentation, type UserDoc } from '../schemas/dashboard';

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
    description:
      `Exchanges email and password for a dashboard session token, valid ${SESSION_HOURS} hours. Dashboard routes take this token, never an API key. ` +
      `At most ${SIGN_IN_FAILURES_PER_EMAIL} failed sign-ins per email and ${SIGN_IN_FAILURES_PER_ADDRESS} per client address in each ${SIGN_IN_WINDOW_MINUTES}-minute window (aligned to the clock), across all API instances; ` +
      'beyond that every attempt, a right password included, is 429 `RATE_LIMITED` with `retry-after` until the window ends. A deactivated user is 403 `PERMISSION_DENIED`.',
    auth: 'public',
    body: CreateSessionBody,
    status: 201,
    responses: { 201: { description: 'The session.', schema: DashboardSession }, ...errorResponses(400, 401, 403, 429) },
    handler: async ({ body, throttle, ctx }: Req<{ body: typeof CreateSessionBody; auth: 'public' }>) => {
      const email = normalizeEmail(body.email);
      const attempt = await admitSignIn(throttle, email, ctx.ip);
      const user = await UserModel.findOne({ email }).lean();
      // An unknown email costs the same scrypt as a wrong password, so timing does not tell which emails exist.
      const valid = await verifyPassword(body.password, user?.passwordHash ?? (await unknownUserHash));
      if (!user || !valid) throw invalidCredentials();
      await attempt.release();
      if (user.deactivatedAt) throw permissionDenied('This user is deactivated; ask an admin of your organization to reactivate it.');
      const organization = await Organization.findById(user.organizationId).lean();
      if (!organization) throw invalidCredentials();
      if (passwordNeedsRehash(user.passwordHash)) {
        const passwordHash = await hashPassword(body.password);
        await inUserTurn(user._id, () => UserModel.updateOne({ _id: user._id }, { $set: { passwordHash } }));
      }
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
    operationId: 'deleteCurrentDashboardSession',
    method: 'delete',
    path: '/dashboard/sessions/current',
    tag: 'Dashboard',
    summary: 'Sign out',
    description: 'Ends the session whose token authenticates this request; the token is 401 from then on, on every API instance.',
    auth: 'dashboard',
    status: 204,
    responses: { 204: { description: 'Signed out.' } },
    handler: async ({ auth }: Req<{ auth: 'dashboard' }>) => {
      await SessionModel.deleteOne({ _id: auth.sessionId });
    },
  }),
  defineRoute({
    operationId: 'deleteUserSessions',
    method: 'delete',
    path: '/dashboard/users/{id}/sessions',
    tag: 'Dashboard',
    resource: 'user',
    summary: "End every session of a user",
    description:
      "Signs the user out everywhere at once (their tokens are 401 from then on); they can sign in again. To keep them out, deactivate them with `PATCH /dashboard/users/{id}` `{\"status\": \"deactivated\"}`. An admin's own sessions included, this one too.",
    auth: 'dashboard',
    adminOnly: true,
    params: IdParams,
    status: 204,
    responses: { 204: { description: 'Every session of the user has ended.' } },
    handler: async ({ params, auth }: Req<{ params: typeof IdParams; auth: 'dashboard' }>) => {
      const user = await UserModel.exists({ _id: params.id, organizationId: auth.organizationId });
      if (!user) throw notFound('user', 'path.id');
      await SessionModel.deleteMany({ userId: user._id });
    },
  }),
  defineRoute({
    operationId: 'listUsers',
    method: 'get',
    path: '/dashboard/users',
    tag: 'Dashboard',
    summary: "List the organization's users, newest first",
    description: 'Each with role, permissions, status and whether they are the founder, for admins to manage them (`PATCH /dashboard/users/{id}`).',
    auth: 'dashboard',
    adminOnly: true,
    query: ListUsersQuery,
    status: 200,
    responses: { 200: { description: 'A page of users.', schema: ListOf(User, 'user') } },
    handler: async ({ query, auth }: Req<{ query: typeof ListUsersQuery; auth: 'dashboard' }>) => {
      const { docs, total } = await findPage<UserDoc>(UserModel, { organizationId: auth.organizationId }, query);
      return listEnvelope('user', docs.map(userRepresentation), total, query);
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
      "Admins may change any user's role, permissions and status, other admins' included, granting only scopes they hold. The organization's first admin can be demoted or lose scopes only by themselves and is never deactivated; nobody can deactivate themselves. " +
      "Narrowing a user's permissions narrows every key they created at once. `status: deactivated` ends every session of the user and refuses their sign-ins (403) until an admin sets `active` again; meanwhile the API keys they created hold no permissions " +
      "(403 `PERMISSION_DENIED` saying why: list them with `GET /api-keys?createdBy={id}` and rotate them first). " +
      `Changes to one user apply one at a time, so none undoes another; other API instances apply them to keys within ${KEY_CACHE_TTL_MS / 1000} seconds.`,
    auth: 'dashboard',
    adminOnly: true,
    params: IdParams,
    body: UpdateUserBody,
    status: 200,
    responses: { 200: { description: 'The updated user.', schema: User } },
    handler: ({ params, body, auth }: Req<{ params: typeof IdParams; body: typeof UpdateUserBody; auth: 'dashboard' }>) =>
      inUserTurn(params.id, async () => {
        const user = await UserModel.findOne({ _id: params.id, organizationId: auth.organizationId });
        if (!user) throw notFound('user', 'path.id');
        const self = user._id.equals(auth.userId);
        const lost = body.permissions ? user.permissions.filter((s) => !body.permissions!.includes(s as Scope)) : [];
        if (user.founder && !self && ((body.role && body.role !== 'admin') || lost.length)) {
          throw permissionDenied("Only the organization's first admin can demote themselves or remove their own scopes.");
        }
        if (body.status === 'deactivated' && !user.deactivatedAt) {
          if (user.founder) throw permissionDenied("The organization's first admin cannot be deactivated.");
          if (self) throw permissionDenied('You cannot deactivate yourself; ask another admin.');
        }
        if (body.permissions) {
          const added = body.permissions.filter((s) => !user.permissions.includes(s));
          assertGrantable(auth.permissions, added);
          user.permissions = body.permissions;
        }
        if (body.role) user.role = body.role;
        if (body.status) user.deactivatedAt = body.status === 'deactivated' ? (user.deactivatedAt ?? new Date()) : null;
        await user.save();
        // Their keys read the permissions and status from this document: this process applies them at once.
        forgetCachedKeys();
        // After the save: a sign-in racing the deactivation either failed or made a session that goes here.
        if (user.deactivatedAt) await SessionModel.deleteMany({ userId: user._id });
        return userRepresentation(user);
      }),
  }),
];
