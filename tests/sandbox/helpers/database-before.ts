import type { SandboxDb } from '../../../sandbox/db/database.js';
import { Database } from '../../../sandbox/db/driver.js';
import { MIGRATIONS } from '../../../sandbox/db/migrations/index.js';

/**
 * An in-memory database as a release before migration `version` left it (every earlier migration applied),
 * for tests of what that migration does to existing data.
 *
 * @example
 * const db = databaseBefore(31); // then insert old rows, then migrate(db)
 */
export function databaseBefore(version: number): SandboxDb {
  const db = new Database(':memory:');
  for (const migration of MIGRATIONS.filter((m) => m.version < version)) {
    db.exec(migration.sql);
    db.pragma(`user_version = ${migration.version}`);
  }
  return db;
}
