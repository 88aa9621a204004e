import { SESSION_HOURS, createUser, endSession, endUserSessions, listUsers, normalizeEmail, signIn, updateUser } from '../../domain/users';
import { KEY_CACHE_TTL_MS, forgetCachedKeys } from '../middleware/auth';
import { SIGN_IN_FAILURES_PER_ADDRESS, SIGN_IN_FAILURES_PER_EMAIL, SIGN_IN_WINDOW_MINUTES, admitSignIn } from '../middleware/throttle';
import { defineRoute, type Req } from '../defineRoute';
import { SCOPES, assertGrantable, type Scope } from '../scopes';
import { IdParams, ListOf, errorResponses, listEnvelope } from '../schemas/common';
import { CreateSessionBody, CreateUserBody, DashboardSession, ListUsersQuery, UpdateUserBody, User, userRepresentation } from '../schemas/dashboard';

const MEMBER_DEFAULT: Scope[] = ['agents:read', 'executions:read', 'organization:read'];

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
      const { token, expiresAt, user, organization } = await signIn(email, body.password, () => attempt.release());
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
      await endSession(auth.sessionId);
    },
  }),
  defineRoute({
    operationId: 'deleteUserSessions',
    method: 'delete',
    path: '/dashboard/users/{id}/sessions',
    tag: 'Dashboard',
    resource: 'user',
    summary: 'End every session of a user',
    description:
      'Signs the user out everywhere at once (their tokens are 401 from then on); they can sign in again. To keep them out, deactivate them with `PATCH /dashboard/users/{id}` `{"status": "deactivated"}`. An admin\'s own sessions included, this one too.',
    auth: 'dashboard',
    adminOnly: true,
    params: IdParams,
    status: 204,
    responses: { 204: { description: 'Every session of the user has ended.' } },
    handler: async ({ params, auth }: Req<{ params: typeof IdParams; auth: 'dashboard' }>) => {
      await endUserSessions(auth.organizationId, params.id);
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
      const { docs, total } = await listUsers(auth.organizationId, query);
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
      return userRepresentation(
        await createUser(auth.organizationId, { email: body.email, password: body.password, role: body.role ?? 'member', permissions: permissions as Scope[] }),
      );
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
      'Making the organization’s only active admin a member is 409 `LAST_ADMIN`, two admins demoting each other at once included: nobody else could manage its users and keys. ' +
      "Narrowing a user's permissions narrows every key they created at once. `status: deactivated` ends every session of the user and refuses their sign-ins (403) until an admin sets `active` again; meanwhile the API keys they created hold no permissions " +
      '(403 `PERMISSION_DENIED` saying why: list them with `GET /api-keys?createdBy={id}` and rotate them first). ' +
      `Changes to one user apply one at a time, so none undoes another; other API instances apply them to keys within ${KEY_CACHE_TTL_MS / 1000} seconds.`,
    auth: 'dashboard',
    adminOnly: true,
    params: IdParams,
    body: UpdateUserBody,
    status: 200,
    responses: { 200: { description: 'The updated user.', schema: User }, ...errorResponses(409) },
    handler: ({ params, body, auth }: Req<{ params: typeof IdParams; body: typeof UpdateUserBody; auth: 'dashboard' }>) =>
      updateUser(auth.organizationId, auth.userId, params.id, body, {
        assertGrantable: (added) => assertGrantable(auth.permissions, added),
        // Their keys read the permissions and status from this document: this process applies them at once.
        afterSave: forgetCachedKeys,
      }).then(userRepresentation),
  }),
];
