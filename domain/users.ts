/**
 * The people of an organization and their dashboard sessions. A user's changes apply one at a time
 * (inUserTurn), so none undoes another; the organization's first admin keeps admin rights unless
 * they give them up; a deactivated user's sessions end and their sign-ins are refused.
 */
import { randomBytes } from 'node:crypto';
import { Types } from 'mongoose';
import { isDuplicateKeyError } from '../lib/duplicateKey';
import { findPage } from '../lib/page';
import { hashKey } from '../models/apiKey';
import { DashboardSession } from '../models/dashboardSession';
import { Organization, type OrganizationDoc } from '../models/organization';
import type { Scope } from '../models/scopes';
import { claimSlot, inTurn, releaseSlot } from '../models/slot';
import { userPool } from '../models/tenant';
import { User, hashPassword, inUserTurn, normalizeEmail, passwordNeedsRehash, verifyPassword } from '../models/user';

export { normalizeEmail };
export { SCOPES, type Scope } from '../models/scopes';

export const SESSION_HOURS = 12;

export interface UserRecord {
  _id: Types.ObjectId;
  organizationId: Types.ObjectId;
  email: string;
  role: 'admin' | 'member';
  permissions: Scope[];
  founder?: boolean | null;
  deactivatedAt?: Date | null;
  createdAt: Date;
}

export type UserRefusal =
  | { reason: 'invalid_credentials' }
  | { reason: 'deactivated' }
  | { reason: 'not_found' }
  | { reason: 'organization_missing' }
  | { reason: 'quota'; maxUsers: number }
  | { reason: 'duplicate_email' }
  | { reason: 'founder_keeps_admin' }
  | { reason: 'founder_stays_active' }
  | { reason: 'self_deactivation' }
  | { reason: 'last_admin' };

export class UserRefused extends Error {
  constructor(readonly refusal: UserRefusal) {
    super(`User refused: ${refusal.reason}`);
    this.name = 'UserRefused';
  }
}

const refuse = (refusal: UserRefusal) => new UserRefused(refusal);
const unknownUserHash = hashPassword(randomBytes(16).toString('hex'));
const SESSION_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

function sessionToken(): string {
  const bytes = randomBytes(40);
  return `rb_dash_${[...bytes].map((b) => SESSION_ALPHABET[b % SESSION_ALPHABET.length]).join('')}`;
}

/**
 * A session for the right email and password; its token exists only in this answer.
 * `credentialsValid` runs as soon as the password is known right, before any other refusal.
 */
export async function signIn(
  email: string,
  password: string,
  credentialsValid: () => Promise<void>,
): Promise<{ token: string; expiresAt: Date; user: UserRecord; organization: OrganizationDoc }> {
  const user = await User.findOne({ email }).lean<UserRecord & { passwordHash: string }>();
  // An unknown email costs the same scrypt as a wrong password, so timing does not tell which emails exist.
  const valid = await verifyPassword(password, user?.passwordHash ?? (await unknownUserHash));
  if (!user || !valid) throw refuse({ reason: 'invalid_credentials' });
  await credentialsValid();
  if (user.deactivatedAt) throw refuse({ reason: 'deactivated' });
  const organization = await Organization.findById(user.organizationId).lean<OrganizationDoc>();
  if (!organization) throw refuse({ reason: 'invalid_credentials' });
  if (passwordNeedsRehash(user.passwordHash)) {
    const passwordHash = await hashPassword(password);
    await inUserTurn(user._id, () => User.updateOne({ _id: user._id }, { $set: { passwordHash } }));
  }
  const token = sessionToken();
  const expiresAt = new Date(Date.now() + SESSION_HOURS * 3600_000);
  await DashboardSession.create({ tokenHash: hashKey(token), userId: user._id, organizationId: user.organizationId, expiresAt });
  return { token, expiresAt, user, organization };
}

/** The session a dashboard token opens, with its user; null when it is unknown or expired or its user is gone. */
export async function sessionByToken(token: string): Promise<{ sessionId: Types.ObjectId; user: UserRecord } | null> {
  const session = await DashboardSession.findOne({ tokenHash: hashKey(token) }).lean();
  if (!session || session.expiresAt <= new Date()) return null;
  const user = await User.findById(session.userId).lean<UserRecord>();
  return user ? { sessionId: session._id, user } : null;
}

export async function endSession(sessionId: Types.ObjectId): Promise<void> {
  await DashboardSession.deleteOne({ _id: sessionId });
}

/** Signs the organization's user out everywhere. */
export async function endUserSessions(organizationId: Types.ObjectId, userId: string): Promise<void> {
  const user = await User.exists({ _id: userId, organizationId });
  if (!user) throw refuse({ reason: 'not_found' });
  await DashboardSession.deleteMany({ userId: user._id });
}

/** The user's email, how the people they call hear them named; empty when the user is gone. */
export async function userEmail(userId: Types.ObjectId): Promise<string> {
  return (await User.findById(userId, { email: 1 }).lean())?.email ?? '';
}

export const listUsers = (organizationId: Types.ObjectId, query: { page: number; limit: number }) => findPage<UserRecord>(User, { organizationId }, query);

/** Within the plan's `maxUsers`: the user's slot is claimed first and given back if the insert fails. */
export async function createUser(
  organizationId: Types.ObjectId,
  input: { email: string; password: string; role: 'admin' | 'member'; permissions: Scope[] },
): Promise<UserRecord> {
  const organization = await Organization.findById(organizationId).lean<OrganizationDoc>();
  if (!organization) throw refuse({ reason: 'organization_missing' });
  const _id = new Types.ObjectId();
  const pool = userPool(organizationId);
  if ((await claimSlot(pool, String(_id), organization.limits.maxUsers)) === null) throw refuse({ reason: 'quota', maxUsers: organization.limits.maxUsers });
  try {
    const user = await User.create({
      _id,
      organizationId,
      email: normalizeEmail(input.email),
      passwordHash: await hashPassword(input.password),
      role: input.role,
      permissions: input.permissions,
    });
    return user.toObject<UserRecord>();
  } catch (err) {
    await releaseSlot(pool, String(_id));
    if (isDuplicateKeyError(err)) throw refuse({ reason: 'duplicate_email' });
    throw err;
  }
}

/** What the route gives a user's change: its check of the scopes added, and what follows the save. */
interface UserChangeHooks {
  assertGrantable: (added: Scope[]) => void;
  afterSave: () => void;
}

export interface UserChange {
  role?: 'admin' | 'member';
  permissions?: Scope[];
  status?: 'active' | 'deactivated';
}

/**
 * Applies an admin's change to a user of the organization. `assertGrantable` sees the scopes the
 * change adds, read inside the user's turn, and throws when the admin may not grant them.
 * `afterSave` runs once the change is stored and before a deactivated user's sessions end.
 */
export function updateUser(
  organizationId: Types.ObjectId,
  actorId: Types.ObjectId,
  userId: string,
  change: UserChange,
  hooks: UserChangeHooks,
): Promise<UserRecord> {
  const apply = () =>
    inUserTurn(userId, async () => {
      const user = await User.findOne({ _id: userId, organizationId });
      if (!user) throw refuse({ reason: 'not_found' });
      return applyChange(organizationId, user, actorId, change, hooks);
    });
  // Two admins demoting each other at once would each see the other still an admin: demotions
  // take the organization's turn too.
  return change.role === 'member' ? inTurn(`admins:${String(organizationId)}`, apply) : apply();
}

async function applyChange(
  organizationId: Types.ObjectId,
  user: InstanceType<typeof User>,
  actorId: Types.ObjectId,
  change: UserChange,
  hooks: UserChangeHooks,
): Promise<UserRecord> {
  const self = user._id.equals(actorId);
  const lost = change.permissions ? user.permissions.filter((s) => !change.permissions!.includes(s as Scope)) : [];
  if (user.founder && !self && ((change.role && change.role !== 'admin') || lost.length)) throw refuse({ reason: 'founder_keeps_admin' });
  if (change.status === 'deactivated' && !user.deactivatedAt) {
    if (user.founder) throw refuse({ reason: 'founder_stays_active' });
    if (self) throw refuse({ reason: 'self_deactivation' });
  }
  await keepsAnAdmin(organizationId, user, change);
  if (change.permissions) {
    hooks.assertGrantable(change.permissions.filter((s) => !user.permissions.includes(s)));
    user.permissions = change.permissions;
  }
  if (change.role) user.role = change.role;
  if (change.status) user.deactivatedAt = change.status === 'deactivated' ? (user.deactivatedAt ?? new Date()) : null;
  await user.save();
  hooks.afterSave();
  // After the save: a sign-in racing the deactivation either failed or made a session that goes here.
  if (user.deactivatedAt) await DashboardSession.deleteMany({ userId: user._id });
  return user.toObject<UserRecord>();
}

/**
 * An organization always keeps an active admin: nobody else can manage its users and keys. Only an
 * admin's own demotion can leave none (another admin doing it stays one, and nobody deactivates
 * themselves), or two admins demoting each other at once.
 */
async function keepsAnAdmin(organizationId: Types.ObjectId, user: { _id: Types.ObjectId; role: string; deactivatedAt?: Date | null }, change: UserChange) {
  if (change.role !== 'member' || user.role !== 'admin' || user.deactivatedAt) return;
  const others = await User.countDocuments({ organizationId, role: 'admin', deactivatedAt: null, _id: { $ne: user._id } });
  if (others === 0) throw refuse({ reason: 'last_admin' });
}
