import { createHash } from 'node:crypto';
import { existsSync, statSync } from 'node:fs';
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

/**
 * Why `path` is no file a sandbox may open, migrate and seed (or delete, on --reset): a folder, a file that
 * is not SQLite, or another program's database (tables, and no sandbox schema); undefined for a file that is
 * absent, empty or a sandbox database. Reads only.
 *
 * @example
 * notSandboxFileProblem('notes.txt') // 'is not a SQLite database (file is not a database)'
 */
export function notSandboxFileProblem(path: string): string | undefined {
  if (!existsSync(path)) return undefined;
  const stat = statSync(path);
  if (stat.isDirectory()) return 'is a folder; give a file';
  if (stat.size === 0) return undefined;
  let db: Db | undefined;
  try {
    db = new Database(path, { readonly: true, fileMustExist: true });
    const version = db.pragma('user_version', { simple: true }) as number;
    const tables = db.prepare("SELECT COUNT(*) AS n FROM sqlite_master WHERE type = 'table'").get() as { n: number };
    if (version === 0 && tables.n > 0)
      return `is another program's database (${tables.n} table${tables.n === 1 ? '' : 's'}, no sandbox schema): the sandbox opens, seeds and resets only its own`;
    return undefined;
  } catch (error) {
    return `is not a SQLite database (${error instanceof Error ? error.message : String(error)})`;
  } finally {
    db?.close();
  }
}
