import type { Scope } from '../domain/users';
import { permissionDenied } from './errors';

export { SCOPES, type Scope } from '../domain/users';

/** What one may grant is what one holds: neither a user's permissions nor a key's scopes may exceed the granter's. */
export function assertGrantable(granting: ReadonlySet<Scope>, wanted: readonly string[]): void {
  const missing = wanted.filter((s) => !granting.has(s as Scope));
  if (missing.length) throw permissionDenied(`You cannot grant scopes you do not hold: ${missing.join(', ')}.`);
}
