import { permissionDenied } from './errors';

/** The seven scopes of the spec; a key's effective access is its scopes ∩ its creator's permissions. */
export const SCOPES = [
  'agents:read',
  'agents:manage',
  'executions:read',
  'campaigns:manage',
  'organization:read',
  'contacts:manage',
  'analytics:read',
] as const;

export type Scope = (typeof SCOPES)[number];

/** What one may grant is what one holds: neither a user's permissions nor a key's scopes may exceed the granter's. */
export function assertGrantable(granting: ReadonlySet<Scope>, wanted: readonly string[]): void {
  const missing = wanted.filter((s) => !granting.has(s as Scope));
  if (missing.length) throw permissionDenied(`You cannot grant scopes you do not hold: ${missing.join(', ')}.`);
}
