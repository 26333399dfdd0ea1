/**
 * A sandbox database file as a rehearsal takes it: copied whole and consistent (its WAL included) to a
 * file of the rehearsal's own without changing a byte of it or leaving a file beside it, and the copy checked.
 */
import { copyFileSync, existsSync } from 'node:fs';
import { Database } from './driver.js';
import { MIGRATIONS } from './migrations/index.js';

/** The tables a rehearsal reads and signs in with: without them the file is no sandbox database. */
const NEEDED_TABLES = ['users', 'invoices', 'subscriptions'];

/** The account a rehearsal signs in to its copy as (password `sandbox`), as every sandbox database has it. */
export const REHEARSAL_ACCOUNT = 'superuser';

const messageOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));

function openReadOnly(path: string): InstanceType<typeof Database> {
  return new Database(path, { readonly: true, fileMustExist: true });
}

/**
 * Why a file is not a sandbox database a rehearsal can run on (not SQLite, no sandbox schema, a schema
 * newer than this edshed's, no superuser account), or undefined when it is one. Reads only.
 *
 * @example
 * sandboxDatabaseProblem('copy.db') // undefined
 * sandboxDatabaseProblem('notes.txt') // 'not a database: file is not a database'
 */
export function sandboxDatabaseProblem(path: string): string | undefined {
  let db: InstanceType<typeof Database>;
  try {
    db = openReadOnly(path);
  } catch (error) {
    return `cannot open it: ${messageOf(error)}`;
  }
  try {
    const version = db.pragma('user_version', { simple: true }) as number;
    const tables = new Set(
      (db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all() as { name: string }[]).map(
        (t) => t.name,
      ),
    );
    const missing = NEEDED_TABLES.filter((name) => !tables.has(name));
    if (version === 0 || missing.length > 0)
      return `not a sandbox database (no ${missing.join(', ') || 'sandbox schema'} table${missing.length === 1 ? '' : 's'})`;
    const latest = MIGRATIONS.at(-1)?.version ?? 0;
    if (version > latest) return `made by a newer edshed (schema version ${version}; this one knows up to ${latest})`;
    const account = db
      .prepare('SELECT 1 FROM users WHERE username = ? AND superuser = 1 AND deleted_at IS NULL')
      .get(REHEARSAL_ACCOUNT);
    if (account === undefined)
      return `has no ${REHEARSAL_ACCOUNT} account to rehearse as (a sandbox database has one, password "sandbox")`;
    return undefined;
  } catch (error) {
    return `not a database: ${messageOf(error)}`;
  } finally {
    db.close();
  }
}

/**
 * Copies a sandbox database to a new file, consistent and without touching the source. With a WAL
 * beside it (a server has it open, or one stopped without closing it), by SQLite's online backup from a
 * read-only connection: one snapshot, the WAL's pages included, even while another process writes. Without
 * one, everything is in the file itself, and a writer that opens it meanwhile writes to a new WAL, not to
 * the file: its bytes are copied as they are, which leaves no -wal or -shm file beside it (a read-only
 * SQLite connection would, and could not remove them).
 *
 * @example
 * await copyDatabase('production-copy.db', '/tmp/edshed-rehearse-x/copy.db');
 */
export async function copyDatabase(from: string, to: string): Promise<void> {
  if (!existsSync(`${from}-wal`)) {
    copyFileSync(from, to);
    return;
  }
  const source = openReadOnly(from);
  try {
    await source.backup(to);
  } finally {
    source.close();
  }
}
