import { createHash } from 'node:crypto';
import { Database, type Db } from './driver.js';
import { MIGRATIONS } from './migrations/index.js';
import { ensureReadModels } from './fast/read-models.js';

export type { Db } from './driver.js';

/**
 * Opens (creating if needed) a sandbox database and applies pending migrations in one transaction each.
 * Files use WAL mode so a reader never blocks the server; `:memory:` is for tests.
 *
 * @example
 * const db = openDatabase(':memory:');
 */
export function openDatabase(path: string): Db {
  const db = new Database(path);
  if (path !== ':memory:') db.pragma('journal_mode = WAL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  migrate(db);
  return db;
}

/** Applies every migration newer than the database's `user_version`, then (re)builds the read models if their definition changed. */
export function migrate(db: Db): number {
  const current = db.pragma('user_version', { simple: true }) as number;
  // For migrations that hash what they must not keep in clear (031: session tokens).
  db.function('sha256_hex', { deterministic: true }, (text: unknown) =>
    createHash('sha256').update(String(text)).digest('hex'),
  );
  let applied = 0;
  for (const migration of MIGRATIONS) {
    if (migration.version <= current) continue;
    db.transaction(() => {
      db.exec(migration.sql);
      db.pragma(`user_version = ${migration.version}`);
    })();
    applied += 1;
  }
  ensureReadModels(db);
  return applied;
}
