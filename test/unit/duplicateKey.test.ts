import { isDuplicateKeyError } from '../../lib/duplicateKey';

// The messages as each backend words them (FerretDB's from its logs; the PostgreSQL one from the
// production shape, where a rename onto a taken agent name was answered 500 before this check).
const sqliteUpdate = '[msg_update.go:133 handler.(*Handler).updateDocument] UNIQUE constraint failed: agents.organizationId, agents.nameKey';
const postgresUpdate =
  '[msg_update.go:133 handler.(*Handler).updateDocument] [collection.go:227 postgresql.(*collection).UpdateAll] ERROR: duplicate key value violates unique constraint "agents_9f21b24f_organizationid___n_c32186a6_idx" (SQLSTATE 23505)';

test('a unique-index refusal is recognised from MongoDB, FerretDB on SQLite and FerretDB on PostgreSQL', () => {
  expect(isDuplicateKeyError({ code: 11000, message: 'E11000 duplicate key error' })).toBe(true);
  expect(isDuplicateKeyError({ code: 1, message: sqliteUpdate })).toBe(true);
  expect(isDuplicateKeyError({ code: 1, message: postgresUpdate })).toBe(true);
});

test('other failures are not taken for one', () => {
  expect(isDuplicateKeyError(null)).toBe(false);
  expect(isDuplicateKeyError({ code: 1, message: 'ERROR: deadlock detected (SQLSTATE 40P01)' })).toBe(false);
  expect(isDuplicateKeyError({ code: 2, message: postgresUpdate })).toBe(false);
});
