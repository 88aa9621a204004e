/**
 * The signed-in session: the token and who it belongs to, kept in sessionStorage (this tab only,
 * gone when it closes, never in a URL or a cookie). Listeners re-render the app when it changes.
 */
export interface Session {
  token: string;
  expiresAt: string;
  user: { id: string; email: string; role: 'admin' | 'member'; permissions: string[] };
  organization: { id: string; name: string; plan: string };
}

const KEY = 'dashboard.session';
const listeners = new Set<() => void>();

export function currentSession(): Session | null {
  const raw = sessionStorage.getItem(KEY);
  if (!raw) return null;
  const session = JSON.parse(raw) as Session;
  return new Date(session.expiresAt) > new Date() ? session : null;
}

export function saveSession(session: Session | null): void {
  if (session) sessionStorage.setItem(KEY, JSON.stringify(session));
  else sessionStorage.removeItem(KEY);
  for (const listener of listeners) listener();
}

export function onSessionChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const holds = (session: Session, permission: string) => session.user.permissions.includes(permission);
