/**
 * True when a write was refused by a unique index. MongoDB and FerretDB say so with code 11000 on
 * inserts, but FerretDB 1.x reports an update that breaks a unique index as an InternalError
 * (code 1) whose message carries its backend's own words: SQLite's "UNIQUE constraint failed", or
 * PostgreSQL's unique-violation SQLSTATE 23505 (the production shape's backend).
 */
export function isDuplicateKeyError(err: unknown): boolean {
  const e = err as { code?: number; message?: string } | null;
  if (!e) return false;
  return e.code === 11000 || (e.code === 1 && /UNIQUE constraint failed|\(SQLSTATE 23505\)/.test(e.message ?? ''));
}
