import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { promisify } from 'node:util';
import { Schema, model, type Types } from 'mongoose';
import { createSemaphore } from '../lib/semaphore';
import { SCOPES } from './scopes';
import { inTurn } from './slot';

/** A dashboard user. Permissions are an explicit scope set for every user, admins included. */
const userSchema = new Schema(
  {
    organizationId: { type: Schema.Types.ObjectId, required: true },
    email: { type: String, required: true },
    passwordHash: { type: String, required: true },
    role: { type: String, required: true, enum: ['admin', 'member'] },
    permissions: { type: [{ type: String, enum: SCOPES }], default: [] },
    /** The organization's first admin, who only they themselves may demote or narrow. */
    founder: { type: Boolean, default: false },
    /** Set when an admin deactivates the user: no sign-in, no session, until reactivated. */
    deactivatedAt: { type: Date, default: null },
  },
  { timestamps: true, versionKey: false },
);
// Emails are stored lower-cased; one account per email across the service, since sign-in has no organization field.
userSchema.index({ email: 1 }, { unique: true });

export const User = model('User', userSchema);

/**
 * Runs a write of the user's document in its turn. FerretDB applies an update as a read and a
 * rewrite of the whole document, so two writes at once could undo each other: a password rehash at
 * sign-in could put back the permissions or the status an admin had just changed.
 */
export const inUserTurn = <T>(userId: Types.ObjectId | string, write: () => Promise<T>): Promise<T> => inTurn(`user:${String(userId)}`, write);

const scryptAsync = promisify(scrypt) as (password: string, salt: Buffer, keylen: number, options: ScryptOptions) => Promise<Buffer>;

/** 64 MiB and a few hundred milliseconds a hash: OWASP's scrypt floor is N=2^17, the legacy hashes used 2^14. */
const CURRENT = { N: 65_536, r: 8, p: 1 };
/** Hashes stored before the cost was written into them (`scrypt$<salt>$<hash>`), with Node's default cost. */
const LEGACY = { N: 16_384, r: 8, p: 1 };
const MAXMEM = 256 * 1024 * 1024;

/**
 * Hashes run on libuv's threads; left unbounded, a flood of sign-ins would take every core and the
 * thread pool from the other requests. Half the cores hash at once, the rest wait their turn.
 */
const hashing = createSemaphore(Math.max(1, Math.floor(availableParallelism() / 2)));

const derive = (password: string, salt: Buffer, length: number, cost: typeof CURRENT) =>
  hashing(() => scryptAsync(password, salt, length, { ...cost, maxmem: MAXMEM }));

/** `scrypt$N=<N>,r=<r>,p=<p>$<salt hex>$<hash hex>`. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const hash = await derive(password, salt, 32, CURRENT);
  return `scrypt$N=${CURRENT.N},r=${CURRENT.r},p=${CURRENT.p}$${salt.toString('hex')}$${hash.toString('hex')}`;
}

function parse(stored: string): { cost: typeof CURRENT; salt: Buffer; hash: Buffer } | null {
  const parts = stored.split('$');
  if (parts[0] !== 'scrypt') return null;
  if (parts.length === 3) return { cost: LEGACY, salt: Buffer.from(parts[1]!, 'hex'), hash: Buffer.from(parts[2]!, 'hex') };
  const cost = /^N=(\d+),r=(\d+),p=(\d+)$/.exec(parts[1] ?? '');
  if (parts.length !== 4 || !cost) return null;
  return { cost: { N: Number(cost[1]), r: Number(cost[2]), p: Number(cost[3]) }, salt: Buffer.from(parts[2]!, 'hex'), hash: Buffer.from(parts[3]!, 'hex') };
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parsed = parse(stored);
  if (!parsed || parsed.hash.length === 0) return false;
  const actual = await derive(password, parsed.salt, parsed.hash.length, parsed.cost);
  return timingSafeEqual(actual, parsed.hash);
}

/** True for a hash made at a lower cost than today's: sign-in then stores a new one. */
export function passwordNeedsRehash(stored: string): boolean {
  const parsed = parse(stored);
  return !parsed || parsed.cost.N !== CURRENT.N || parsed.cost.r !== CURRENT.r || parsed.cost.p !== CURRENT.p;
}

export const normalizeEmail = (email: string) => email.trim().toLowerCase();
