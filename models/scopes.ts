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
