import { Type } from '@sinclair/typebox';
import type { UserRecord } from '../../domain/users';
import { SCOPES } from '../scopes';
import { Id, PageQuery, StringEnum, Timestamp } from './common';

const Email = Type.String({ format: 'email', maxLength: 320 });
const Permissions = Type.Array(StringEnum(SCOPES), { uniqueItems: true, maxItems: SCOPES.length });

export const CreateSessionBody = Type.Object(
  { email: Email, password: Type.String({ minLength: 1, maxLength: 200 }) },
  { additionalProperties: false, title: 'dashboard_session_create' },
);

export const User = Type.Object(
  {
    id: Id,
    object: Type.Literal('user'),
    email: Type.String(),
    role: StringEnum(['admin', 'member'] as const),
    permissions: Type.Array(StringEnum(SCOPES)),
    founder: Type.Boolean({ description: "The organization's first admin: only they may demote or narrow themselves." }),
    status: StringEnum(['active', 'deactivated'] as const, {
      description: 'A `deactivated` user cannot sign in and has no sessions; their API keys keep working until revoked.',
    }),
    createdAt: Timestamp,
  },
  { title: 'user' },
);

export const ListUsersQuery = Type.Object({ ...PageQuery }, { additionalProperties: false });

export const DashboardSession = Type.Object(
  {
    object: Type.Literal('dashboard_session'),
    token: Type.String({ description: 'Bearer token for dashboard routes (`rb_dash_…`); shown once.' }),
    expiresAt: Timestamp,
    user: User,
    organization: Type.Object({ id: Id, name: Type.String(), plan: Type.String() }),
  },
  { title: 'dashboard_session' },
);

export const CreateUserBody = Type.Object(
  {
    email: Email,
    password: Type.String({ minLength: 10, maxLength: 200, description: 'At least 10 characters.' }),
    role: Type.Optional(StringEnum(['admin', 'member'] as const, { default: 'member' })),
    permissions: Type.Optional(
      Type.Array(StringEnum(SCOPES), {
        uniqueItems: true,
        description:
          'Explicit scope set. Default: every scope for an admin; agents:read, executions:read and organization:read for a member. Only scopes the caller holds can be granted.',
      }),
    ),
  },
  { additionalProperties: false, title: 'user_create' },
);

export const UpdateUserBody = Type.Object(
  {
    role: Type.Optional(StringEnum(['admin', 'member'] as const)),
    permissions: Type.Optional(Permissions),
    status: Type.Optional(
      StringEnum(['active', 'deactivated'] as const, {
        description: '`deactivated` ends every session of the user at once and refuses their sign-ins; `active` lets them sign in again.',
      }),
    ),
  },
  { additionalProperties: false, title: 'user_update' },
);

export function userRepresentation(user: UserRecord) {
  return {
    id: String(user._id),
    object: 'user' as const,
    email: user.email,
    role: user.role,
    permissions: SCOPES.filter((s) => user.permissions.includes(s)),
    founder: Boolean(user.founder),
    status: user.deactivatedAt ? ('deactivated' as const) : ('active' as const),
    createdAt: user.createdAt.toISOString(),
  };
}
