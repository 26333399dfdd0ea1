/**
 * Writes a production copy (`edshed sandbox import`) as a sandbox database file: made by the sandbox's own
 * migrations, filled in one transaction, every reference checked before the commit (the schema's foreign
 * keys, and the references it does not declare), and only then moved over FILE. The work is done in a
 * temporary file beside FILE, so an interrupted import leaves FILE as it was (or absent), never half-written.
 * `refresh` starts from FILE's own content and replaces exactly the chosen schools' rows.
 */
import { readdirSync, renameSync, rmSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { Database, type Db } from '../driver.js';
import { openDatabase } from '../database.js';
import { SEED_ACCOUNTS } from '../seed/accounts.js';

type Row = Readonly<Record<string, unknown>>;

export interface CopyContent {
  /** Table name to rows, in an order in which references point back (the import's COPY_TABLES). */
  readonly tables: readonly (readonly [string, readonly Row[]])[];
  readonly schoolIds: readonly number[];
  /** The stored hash of the sign-in account's password. */
  readonly passwordHash: string;
  /** The pseudonym key's check value (not the key): a refresh with another key is refused. */
  readonly keyCheck: Uint8Array;
}

/** Where a copy keeps its pseudonym key's check value (`signing_keys`, beside the media key). */
const KEY_CHECK = 'sandbox-import key check';

/** A refresh with another pseudonym key than the copy's: its people would be other pseudonyms in the refreshed schools. */
export class KeyMismatchError extends Error {
  constructor(path: string) {
    super(
      `--db ${path}: its pseudonyms were made with another key; refresh it with the key that made it (--key FILE), or import into a new file; nothing was sent`,
    );
    this.name = 'KeyMismatchError';
  }
}

/** A reference of the copy that points nowhere: the import rolls back and says which. */
export class BrokenReferenceError extends Error {
  constructor(readonly broken: readonly string[]) {
    super(
      `the copy's references do not hold (${broken.length}): ${broken.slice(0, 5).join('; ')}${broken.length > 5 ? '; ...' : ''}; nothing was written`,
    );
    this.name = 'BrokenReferenceError';
  }
}

/** References the schema does not declare as foreign keys, checked as though it did. */
const UNDECLARED = [
  ['subscriptions', 'billing_address_id', 'addresses'],
  ['subscriptions', 'moved_from_school_id', 'schools'],
  ['invoice_credits', 'invoice_id', 'invoices'],
  ['cancellations', 'user_id', 'users'],
] as const;

/** Every broken reference of `db`, as `table rowid -> parent`. */
export function brokenReferences(db: Db): string[] {
  const declared = (db.pragma('foreign_key_check') as { table: string; rowid: number; parent: string }[]).map(
    (r) => `${r.table} ${r.rowid} -> ${r.parent}`,
  );
  const undeclared = UNDECLARED.flatMap(([table, col, parent]) =>
    (
      db
        .prepare(
          `SELECT rowid AS id, ${col} AS ref FROM ${table} WHERE ${col} IS NOT NULL AND ${col} NOT IN (SELECT id FROM ${parent})`,
        )
        .all() as { id: number; ref: number }[]
    ).map((r) => `${table} ${r.id} ${col} -> ${parent} ${r.ref}`),
  );
  return [...declared, ...undeclared];
}

/** Deletes the rows of the chosen schools (and what hangs off them) before they are written again. */
function deleteSchools(db: Db, ids: readonly number[]): void {
  const list = ids.map(Number).join(', ');
  db.exec(`
    DELETE FROM invoice_credits WHERE invoice_id IN (SELECT id FROM invoices WHERE school_id IN (${list}));
    DELETE FROM invoices WHERE school_id IN (${list});
    DELETE FROM cancellations WHERE school_id IN (${list});
    DELETE FROM payment_methods WHERE school_id IN (${list});
    DELETE FROM subscriptions WHERE school_id IN (${list});
    DELETE FROM group_pupils WHERE group_id IN (SELECT id FROM school_groups WHERE school_id IN (${list}));
    DELETE FROM group_teachers WHERE group_id IN (SELECT id FROM school_groups WHERE school_id IN (${list}));
    DELETE FROM school_groups WHERE school_id IN (${list});
    DELETE FROM addresses WHERE school_id IN (${list});
    DELETE FROM users WHERE school_id IN (${list}) AND id NOT IN (SELECT user_id FROM tokens);
  `);
}

function insertRows(db: Db, table: string, rows: readonly Row[]): void {
  const statements = new Map<string, ReturnType<Db['prepare']>>();
  for (const row of rows) {
    const keys = Object.keys(row);
    const sql = `INSERT OR REPLACE INTO ${table} (${keys.join(', ')}) VALUES (${keys.map((k) => `@${k}`).join(', ')})`;
    let statement = statements.get(sql);
    if (statement === undefined) statements.set(sql, (statement = db.prepare(sql)));
    statement.run(row);
  }
}

/** The sandbox's own sign-in account (`superuser`, password `sandbox`): id 1 unless a copied user has it. */
function addSignInAccount(db: Db, passwordHash: string): void {
  const account = SEED_ACCOUNTS[0];
  if (account === undefined || db.prepare('SELECT 1 FROM users WHERE username = ?').get(account.username) !== undefined)
    return;
  const taken = db.prepare('SELECT 1 FROM users WHERE id = ?').get(account.id) !== undefined;
  const id = taken ? (db.prepare('SELECT MAX(id) + 1 AS id FROM users').get() as { id: number }).id : account.id;
  db.prepare(
    `INSERT INTO users (id, username, email, first_name, last_name, display_name, password_hash, kind, superuser, created_at)
     VALUES (?, ?, ?, 'Sandbox', 'Superuser', 'Sandbox Superuser', ?, 'staff', 1, '2000-01-01T00:00:00.000Z')`,
  ).run(id, account.username, `${account.username}@sandbox.invalid`, passwordHash);
}

/** A copy being made: its temporary file beside FILE, filled once and moved over FILE, or discarded. */
export interface PendingCopy {
  /** The temporary file (`FILE.import-PID.tmp`). */
  readonly temp: string;
  /**
   * Writes `content` in one transaction, checks every reference and moves the result over FILE; throws
   * BrokenReferenceError when a reference points nowhere. Whatever happens, the temporary file is gone after.
   */
  fill(content: CopyContent): void;
  /** Removes the temporary file (idempotent): FILE stays as it was, or absent. */
  discard(): void;
}

/** Whether a process of this id is running (a signal 0 reaches it, or it is another user's). */
function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Removes the temporary copies beside `path` that an import which no longer runs left behind (killed with
 * SIGKILL, or its machine stopped): with `--refresh` such a file holds the whole copy, pseudonymised personal
 * data, so it must not stay for good. Those of a running import are left alone.
 *
 * @example
 * removeOrphans('copy.db') // removes copy.db.import-4242.tmp and its -wal when process 4242 is gone
 */
export function removeOrphans(path: string): string[] {
  const prefix = `${basename(path)}.import-`;
  const removed: string[] = [];
  let names: string[];
  try {
    names = readdirSync(dirname(path));
  } catch {
    return removed;
  }
  for (const name of names) {
    const pid = /^(\d+)\.tmp(?:-wal|-shm|-journal)?$/.exec(name.slice(prefix.length))?.[1];
    if (!name.startsWith(prefix) || pid === undefined || running(Number(pid))) continue;
    rmSync(join(dirname(path), name), { force: true });
    removed.push(name);
  }
  return removed;
}

/**
 * Starts a copy of `path`: a temporary file beside it, made by the sandbox's migrations (or, with `refresh`,
 * FILE's own content), made before anything is read so that a folder it cannot write to is found first.
 *
 * @example
 * const copy = startCopy('rehearsal.db', { refresh: false });
 * try { copy.fill(content); } finally { copy.discard(); }
 */
export function startCopy(
  path: string,
  options: { readonly refresh: boolean; readonly keyCheck?: Uint8Array },
): PendingCopy {
  removeOrphans(path);
  const temp = `${path}.import-${process.pid}.tmp`;
  let db: Db | undefined;
  const discard = (): void => {
    db?.close();
    db = undefined;
    for (const suffix of ['', '-wal', '-shm', '-journal']) rmSync(`${temp}${suffix}`, { force: true });
  };
  discard();
  try {
    if (options.refresh) {
      const source = new Database(path, { readonly: true, fileMustExist: true });
      try {
        source.prepare('VACUUM INTO ?').run(temp);
      } finally {
        source.close();
      }
    }
    db = openDatabase(temp);
    // A copy made before copies kept a check value has none: its key cannot be told, and is taken as this one.
    const kept = db.prepare('SELECT secret FROM signing_keys WHERE purpose = ?').get(KEY_CHECK) as
      { secret: Buffer } | undefined;
    if (options.refresh && options.keyCheck && kept && !Buffer.from(options.keyCheck).equals(kept.secret))
      throw new KeyMismatchError(path);
  } catch (error) {
    discard();
    throw error;
  }
  const fill = (content: CopyContent): void => {
    const target = db;
    if (target === undefined) throw new Error(`the copy ${temp} was already filled or discarded`);
    try {
      target.transaction(() => {
        target.pragma('defer_foreign_keys = ON');
        if (options.refresh) deleteSchools(target, content.schoolIds);
        for (const [table, rows] of content.tables) insertRows(target, table, rows);
        addSignInAccount(target, content.passwordHash);
        target
          .prepare(
            "INSERT OR REPLACE INTO signing_keys (purpose, secret, created_at) VALUES (?, ?, '2000-01-01T00:00:00.000Z')",
          )
          .run(KEY_CHECK, Buffer.from(content.keyCheck));
        const broken = brokenReferences(target);
        if (broken.length > 0) throw new BrokenReferenceError(broken);
      })();
      target.pragma('wal_checkpoint(TRUNCATE)');
      target.pragma('journal_mode = DELETE');
      target.close();
      db = undefined;
      renameSync(temp, path);
      for (const suffix of ['-wal', '-shm']) rmSync(`${path}${suffix}`, { force: true });
    } finally {
      discard();
    }
  };
  return { temp, fill, discard };
}
