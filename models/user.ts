import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';
import { Schema, model } from 'mongoose';
import { SCOPES } from './scopes';

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
  },
  { timestamps: true, versionKey: false },
);
// Emails are stored lower-cased; one account per email across the service, since sign-in has no organization field.
userSchema.index({ email: 1 }, { unique: true });

export const User = model('User', userSchema);

const scryptAsync = promisify(scrypt) as (password: string, salt: Buffer, keylen: number) => Promise<Buffer>;

/** `scrypt$<salt hex>$<hash hex>` with Node's default scrypt cost (N=16384, r=8, p=1). */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const hash = await scryptAsync(password, salt, 32);
  return `scrypt$${salt.toString('hex')}$${hash.toString('hex')}`;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, saltHex, hashHex] = stored.split('$');
  if (scheme !== 'scrypt' || !saltHex || !hashHex) return false;
  const expected = Buffer.from(hashHex, 'hex');
  const actual = await scryptAsync(password, Buffer.from(saltHex, 'hex'), expected.length);
  return timingSafeEqual(actual, expected);
}

export const normalizeEmail = (email: string) => email.trim().toLowerCase();
