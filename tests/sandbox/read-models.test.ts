import { beforeEach, describe, expect, it } from 'vitest';
import { lookupSession } from '../../sandbox/server/session.js';
import { issueToken, tokenHash } from '../../sandbox/domain/auth/tokens.js';
import { serializeInvoice, type InvoiceRow } from '../../sandbox/domain/invoices/invoices.js';
import { Database } from '../../sandbox/db/driver.js';
import { migrate, openDatabase, type Db } from '../../sandbox/db/database.js';
import { MIGRATIONS } from '../../sandbox/db/migrations/index.js';
import { clearDatabase, seed } from '../../sandbox/db/seed/index.js';
import { SEED_NOW } from '../../sandbox/db/seed/context.js';
import { groupIdsOf, schoolPupilDocs } from '../../sandbox/domain/pupils/pupil-queries.js';
import { serializePupil, type PupilFields } from '../../sandbox/domain/schools/serialize.js';

/** Every pupil's doc against serializePupil of the row with its groups: the differences, by pupil id. */
function pupilDrift(db: Db): string[] {
  const rows = db.prepare("SELECT * FROM users WHERE kind = 'pupil' ORDER BY id").all() as PupilFields[];
  const groups = groupIdsOf(db, rows.map((r) => r.id));
  type Doc = { user_id: number; school_id: number; active: number; last_name: string; first_name: string; school_username: string | null; doc: string };
  const docs = new Map((db.prepare('SELECT * FROM pupil_docs').all() as Doc[]).map((d) => [d.user_id, d]));
  const drift: string[] = [];
  for (const row of rows) {
    const found = docs.get(row.id);
    const expected = serializePupil(row, groups.get(row.id) ?? []);
    if (found === undefined || JSON.stringify(JSON.parse(found.doc)) !== JSON.stringify(expected)) drift.push(`${row.id}: ${found?.doc ?? 'no doc'} != ${JSON.stringify(expected)}`);
    // The list's key: school, active, names, school username.
    const key = found && [found.school_id, found.active, found.last_name, found.first_name, found.school_username];
    const rowKey = [row.school_id ?? 0, row.deleted_at === null ? 1 : 0, row.last_name, row.first_name, row.school_username];
    if (JSON.stringify(key) !== JSON.stringify(rowKey)) drift.push(`${row.id}: list key ${JSON.stringify(key)} != ${JSON.stringify(rowKey)}`);
    docs.delete(row.id);
  }
  for (const id of docs.keys()) drift.push(`${id}: a doc for a user who is not a pupil`);
  return drift;
}

function invoiceDrift(db: Db): string[] {
  const rows = db.prepare('SELECT * FROM invoices ORDER BY id').all() as InvoiceRow[];
  const docs = new Map((db.prepare('SELECT id, doc FROM invoice_docs').all() as { id: number; doc: string }[]).map((d) => [d.id, d.doc]));
  const drift: string[] = [];
  for (const row of rows) {
    const doc = docs.get(row.id);
    // Key order too: the answer reads the same as the serializer's.
    if (doc === undefined || JSON.stringify(JSON.parse(doc)) !== JSON.stringify(serializeInvoice(row))) drift.push(`${row.id}: ${doc ?? 'no doc'}`);
    docs.delete(row.id);
  }
  for (const id of docs.keys()) drift.push(`${id}: a doc without an invoice`);
  return drift;
}

describe('read models kept by triggers (migration 27)', () => {
  let db: Db;
  beforeEach(() => {
    db = openDatabase(':memory:');
    seed(db, { size: 'demo' });
  });

  it('holds every pupil and every invoice of the seed as its serializer answers it', () => {
    expect(db.prepare('SELECT COUNT(*) FROM pupil_docs').pluck().get()).toBeGreaterThan(20);
    expect(pupilDrift(db)).toEqual([]);
    expect(db.prepare('SELECT COUNT(*) FROM invoice_docs').pluck().get()).toBeGreaterThan(10);
    expect(invoiceDrift(db)).toEqual([]);
  });

  it('fills the read models from the data of a database made before them (an upgrade)', () => {
    const old = new Database(':memory:');
    old.pragma('foreign_keys = ON');
    for (const migration of MIGRATIONS.filter((m) => m.version < 27)) {
      old.exec(migration.sql);
      old.pragma(`user_version = ${migration.version}`);
    }
    seed(old, { size: 'demo' });
    migrate(old);
    expect(old.prepare('SELECT COUNT(*) FROM pupil_docs').pluck().get()).toBeGreaterThan(20);
    expect(pupilDrift(old)).toEqual([]);
    expect(invoiceDrift(old)).toEqual([]);
    expect(old.prepare("SELECT count FROM row_counts WHERE name = 'invoices'").pluck().get()).toBe(old.prepare('SELECT COUNT(*) FROM invoices').pluck().get());
  });

  it('is built once after the seed, which leaves every read-model object as a migrated database has it', () => {
    const objects = (d: Db): unknown[] => d.prepare("SELECT type, name, sql FROM sqlite_master WHERE name NOT LIKE 'sqlite_%' ORDER BY type, name").all();
    const fresh = openDatabase(':memory:');
    const before = objects(fresh);
    const sessions = fresh.prepare("SELECT version FROM cache_versions WHERE name = 'sessions'").pluck();
    const version = sessions.get() as number;
    seed(fresh, { size: 'demo' });
    expect(objects(fresh)).toEqual(before);
    // The seed ran with the session triggers away: it bumps the counter itself, so no cached session outlives it.
    expect(sessions.get()).toBeGreaterThan(version);
    expect(fresh.prepare("SELECT name FROM sqlite_master WHERE type = 'trigger' ORDER BY name").pluck().all()).toContain('pupil_docs_group_added');
  });

  it('holds every pupil and invoice of the large seed too', () => {
    const large = openDatabase(':memory:');
    seed(large, { size: 'large' });
    expect(pupilDrift(large)).toEqual([]);
    expect(invoiceDrift(large)).toEqual([]);
    expect(large.prepare("SELECT count FROM row_counts WHERE name = 'invoices'").pluck().get()).toBe(large.prepare('SELECT COUNT(*) FROM invoices').pluck().get());
  });

  it('follows every kind of change to pupils and their groups', () => {
    const [a, b] = db.prepare("SELECT id FROM users WHERE kind = 'pupil' AND school_id = 1 ORDER BY id LIMIT 2").pluck().all() as number[];
    const group = db.prepare('SELECT id FROM school_groups WHERE school_id = 1 ORDER BY id LIMIT 1').pluck().get() as number;
    db.prepare("UPDATE users SET first_name = 'Zoë \"Quoted\"', display_name = 'Line\nbreak', experimental = 1, permissions = '[\"spelling\"]' WHERE id = ?").run(a);
    db.prepare("UPDATE users SET permissions = 'not json' WHERE id = ?").run(b);
    db.prepare('DELETE FROM group_pupils WHERE user_id = ?').run(a);
    db.prepare("INSERT OR IGNORE INTO group_pupils (group_id, user_id, added_at) VALUES (?, ?, 'x')").run(group, b);
    db.prepare('UPDATE group_pupils SET user_id = ? WHERE user_id = ? AND group_id = ?').run(a, b, group);
    db.prepare("UPDATE users SET deleted_at = '2026-09-02T00:00:00.000Z' WHERE id = ?").run(b);
    db.prepare('DELETE FROM school_groups WHERE id = (SELECT MAX(id) FROM school_groups WHERE school_id = 1)').run();
    const teacher = db.prepare("SELECT id FROM users WHERE kind = 'pupil' ORDER BY id DESC LIMIT 1").pluck().get() as number;
    db.prepare("UPDATE users SET kind = 'teacher' WHERE id = ?").run(teacher);
    db.prepare(
      "INSERT INTO users (username, password_hash, kind, school_id, school_username, first_name, last_name, created_at) VALUES ('new.pupil', 'x', 'pupil', 1, 'newpupil', 'New', 'Pupil', 'now')",
    ).run();
    expect(pupilDrift(db)).toEqual([]);
    expect(db.prepare('SELECT doc FROM pupil_docs WHERE user_id = ?').pluck().get(b)).toContain('"deleted_at":"2026-09-02T00:00:00.000Z"');
    const listed = (JSON.parse(schoolPupilDocs(db, 1).list.text) as { id: number }[]).map((p) => p.id);
    const expected = db.prepare("SELECT id FROM users WHERE school_id = 1 AND kind = 'pupil' AND deleted_at IS NULL ORDER BY last_name, first_name, id").pluck().all();
    expect(listed).toEqual(expected);
    expect(listed).not.toContain(b);
    expect(schoolPupilDocs(db, 1).count).toBe(expected.length);
    expect(db.prepare('SELECT COUNT(*) FROM pupil_docs WHERE user_id = ?').pluck().get(teacher)).toBe(0);
  });

  it('follows every change to invoices, and empties and refills with a reset', () => {
    const id = db.prepare("SELECT id FROM invoices WHERE state = 'open' ORDER BY id LIMIT 1").pluck().get() as number;
    db.prepare("UPDATE invoices SET state = 'paid', paid_method = 'bacs', paid_date = '2026-09-01', forex = 1, forex_rate = 0.812345 WHERE id = ?").run(id);
    db.prepare("UPDATE invoices SET description = 'Tab\there \\ and \"quotes\"' WHERE id = ?").run(id + 1);
    db.prepare('DELETE FROM invoice_credits WHERE invoice_id = ?').run(id + 2);
    db.prepare('DELETE FROM invoices WHERE id = ?').run(id + 2);
    expect(invoiceDrift(db)).toEqual([]);
    expect(JSON.parse(db.prepare('SELECT doc FROM invoice_docs WHERE id = ?').pluck().get(id) as string)).toMatchObject({ state: 'paid', amount_due: 0, forex: true });
    const counted = (): unknown => db.prepare("SELECT count FROM row_counts WHERE name = 'invoices'").pluck().get();
    expect(counted()).toBe(db.prepare('SELECT COUNT(*) FROM invoices').pluck().get());
    clearDatabase(db);
    expect(db.prepare('SELECT (SELECT COUNT(*) FROM invoice_docs) + (SELECT COUNT(*) FROM pupil_docs)').pluck().get()).toBe(0);
    expect(counted() ?? 0).toBe(0);
    seed(db, { size: 'demo' });
    expect(invoiceDrift(db)).toEqual([]);
    expect(pupilDrift(db)).toEqual([]);
    expect(counted()).toBe(db.prepare('SELECT COUNT(*) FROM invoices').pluck().get());
  });
});

describe('the session cache', () => {
  let db: Db;
  let token: string;
  let adminId: number;
  const version = (): number => db.prepare("SELECT version FROM cache_versions WHERE name = 'sessions'").pluck().get() as number;
  beforeEach(() => {
    db = openDatabase(':memory:');
    seed(db, { size: 'demo' });
    adminId = db.prepare("SELECT id FROM users WHERE username = 'admin'").pluck().get() as number;
    token = issueToken(db, adminId, SEED_NOW);
    expect(lookupSession(db, token, SEED_NOW)).toMatchObject({ id: adminId, admin: true, schoolId: 1 });
  });

  it('sees a change to the user a session carries at once', () => {
    db.prepare('UPDATE users SET admin = 0, school_id = 2 WHERE id = ?').run(adminId);
    expect(lookupSession(db, token, SEED_NOW)).toMatchObject({ admin: false, schoolId: 2 });
    db.prepare("UPDATE users SET deleted_at = 'x' WHERE id = ?").run(adminId);
    expect(lookupSession(db, token, SEED_NOW)).toBeNull();
  });

  it('sees a token signed out, shortened or imitated at once', () => {
    const superuser = db.prepare("SELECT id FROM users WHERE username = 'superuser'").pluck().get() as number;
    db.prepare('UPDATE tokens SET imitator_id = ? WHERE token_hash = ?').run(superuser, tokenHash(token));
    expect(lookupSession(db, token, SEED_NOW)).toMatchObject({ imitatedBy: superuser });
    db.prepare("UPDATE tokens SET expires_at = '2026-01-01T00:00:00.000Z' WHERE token_hash = ?").run(tokenHash(token));
    expect(lookupSession(db, token, SEED_NOW)).toBeNull();
    db.prepare("UPDATE tokens SET expires_at = '2027-01-01T00:00:00.000Z' WHERE token_hash = ?").run(tokenHash(token));
    expect(lookupSession(db, token, SEED_NOW)).not.toBeNull();
    db.prepare('DELETE FROM tokens WHERE token_hash = ?').run(tokenHash(token));
    expect(lookupSession(db, token, SEED_NOW)).toBeNull();
  });

  it('expires a cached session by the clock, and forgets every session on a reset', () => {
    expect(lookupSession(db, token, new Date(SEED_NOW.getTime() + 400 * 86_400_000))).toBeNull();
    clearDatabase(db);
    seed(db, { size: 'demo' });
    db.prepare("INSERT INTO tokens (token_hash, user_id, created_at, expires_at) VALUES ('other', ?, 'x', '2099-01-01T00:00:00.000Z')").run(adminId);
    expect(lookupSession(db, token, SEED_NOW)).toBeNull();
  });

  it('is not thrown away by writes a session does not carry', () => {
    const before = version();
    db.prepare("UPDATE users SET failed_logins = 3, data = '{\"x\":1}' WHERE id = ?").run(adminId);
    issueToken(db, adminId, SEED_NOW);
    db.prepare("UPDATE invoices SET description = 'x' WHERE id = 1").run();
    expect(version()).toBe(before);
  });
});
