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
import { all, allValues, oneValue, run } from '../../sandbox/kit/sql.js';
import { scalarOf } from './helpers/sql.js';

/** Every pupil's doc against serializePupil of the row with its groups: the differences, by pupil id. */
function pupilDrift(db: Db): string[] {
  const rows = all<PupilFields>(db, "SELECT * FROM users WHERE kind = 'pupil' ORDER BY id");
  const groups = groupIdsOf(
    db,
    rows.map((r) => r.id),
  );
  type Doc = {
    user_id: number;
    school_id: number;
    active: number;
    last_name: string;
    first_name: string;
    school_username: string | null;
    doc: string;
  };
  const docs = new Map(all<Doc>(db, 'SELECT * FROM pupil_docs').map((d) => [d.user_id, d]));
  const drift: string[] = [];
  for (const row of rows) {
    const found = docs.get(row.id);
    const expected = serializePupil(row, groups.get(row.id) ?? []);
    if (found === undefined || JSON.stringify(JSON.parse(found.doc)) !== JSON.stringify(expected))
      drift.push(`${row.id}: ${found?.doc ?? 'no doc'} != ${JSON.stringify(expected)}`);
    // The list's key: school, active, names, school username.
    const key = found && [found.school_id, found.active, found.last_name, found.first_name, found.school_username];
    const rowKey = [
      row.school_id ?? 0,
      row.deleted_at === null ? 1 : 0,
      row.last_name,
      row.first_name,
      row.school_username,
    ];
    if (JSON.stringify(key) !== JSON.stringify(rowKey))
      drift.push(`${row.id}: list key ${JSON.stringify(key)} != ${JSON.stringify(rowKey)}`);
    docs.delete(row.id);
  }
  for (const id of docs.keys()) drift.push(`${id}: a doc for a user who is not a pupil`);
  return drift;
}

function invoiceDrift(db: Db): string[] {
  const rows = all<InvoiceRow>(db, 'SELECT * FROM invoices ORDER BY id');
  const docs = new Map(
    all<{ id: number; doc: string }>(db, 'SELECT id, doc FROM invoice_docs').map((d) => [d.id, d.doc]),
  );
  const drift: string[] = [];
  for (const row of rows) {
    const doc = docs.get(row.id);
    // Key order too: the answer reads the same as the serializer's.
    if (doc === undefined || JSON.stringify(JSON.parse(doc)) !== JSON.stringify(serializeInvoice(row)))
      drift.push(`${row.id}: ${doc ?? 'no doc'}`);
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
    expect(oneValue(db, 'SELECT COUNT(*) FROM pupil_docs')).toBeGreaterThan(20);
    expect(pupilDrift(db)).toEqual([]);
    expect(oneValue(db, 'SELECT COUNT(*) FROM invoice_docs')).toBeGreaterThan(10);
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
    expect(oneValue(old, 'SELECT COUNT(*) FROM pupil_docs')).toBeGreaterThan(20);
    expect(pupilDrift(old)).toEqual([]);
    expect(invoiceDrift(old)).toEqual([]);
    expect(oneValue(old, "SELECT count FROM row_counts WHERE name = 'invoices'")).toBe(
      oneValue(old, 'SELECT COUNT(*) FROM invoices'),
    );
  });

  it('is built once after the seed, which leaves every read-model object as a migrated database has it', () => {
    const objects = (d: Db): unknown[] =>
      all(d, "SELECT type, name, sql FROM sqlite_master WHERE name NOT LIKE 'sqlite_%' ORDER BY type, name");
    const fresh = openDatabase(':memory:');
    const before = objects(fresh);
    const sessions = (): number =>
      scalarOf<number>(fresh, "SELECT version FROM cache_versions WHERE name = 'sessions'");
    const version = sessions();
    seed(fresh, { size: 'demo' });
    expect(objects(fresh)).toEqual(before);
    // The seed ran with the session triggers away: it bumps the counter itself, so no cached session outlives it.
    expect(sessions()).toBeGreaterThan(version);
    expect(allValues(fresh, "SELECT name FROM sqlite_master WHERE type = 'trigger' ORDER BY name")).toContain(
      'pupil_docs_group_added',
    );
  });

  it('holds every pupil and invoice of the large seed too', () => {
    const large = openDatabase(':memory:');
    seed(large, { size: 'large' });
    expect(pupilDrift(large)).toEqual([]);
    expect(invoiceDrift(large)).toEqual([]);
    expect(oneValue(large, "SELECT count FROM row_counts WHERE name = 'invoices'")).toBe(
      oneValue(large, 'SELECT COUNT(*) FROM invoices'),
    );
  });

  it('follows every kind of change to pupils and their groups', () => {
    const [a, b] = allValues<number>(
      db,
      "SELECT id FROM users WHERE kind = 'pupil' AND school_id = 1 ORDER BY id LIMIT 2",
    );
    const group = scalarOf<number>(db, 'SELECT id FROM school_groups WHERE school_id = 1 ORDER BY id LIMIT 1');
    run(
      db,
      "UPDATE users SET first_name = 'Zoë \"Quoted\"', display_name = 'Line\nbreak', experimental = 1, permissions = '[\"spelling\"]' WHERE id = ?",
      a,
    );
    run(db, "UPDATE users SET permissions = 'not json' WHERE id = ?", b);
    run(db, 'DELETE FROM group_pupils WHERE user_id = ?', a);
    run(db, "INSERT OR IGNORE INTO group_pupils (group_id, user_id, added_at) VALUES (?, ?, 'x')", group, b);
    run(db, 'UPDATE group_pupils SET user_id = ? WHERE user_id = ? AND group_id = ?', a, b, group);
    run(db, "UPDATE users SET deleted_at = '2026-09-02T00:00:00.000Z' WHERE id = ?", b);
    run(db, 'DELETE FROM school_groups WHERE id = (SELECT MAX(id) FROM school_groups WHERE school_id = 1)');
    const teacher = scalarOf<number>(db, "SELECT id FROM users WHERE kind = 'pupil' ORDER BY id DESC LIMIT 1");
    run(db, "UPDATE users SET kind = 'teacher' WHERE id = ?", teacher);
    run(
      db,
      "INSERT INTO users (username, password_hash, kind, school_id, school_username, first_name, last_name, created_at) VALUES ('new.pupil', 'x', 'pupil', 1, 'newpupil', 'New', 'Pupil', 'now')",
    );
    expect(pupilDrift(db)).toEqual([]);
    expect(oneValue(db, 'SELECT doc FROM pupil_docs WHERE user_id = ?', b)).toContain(
      '"deleted_at":"2026-09-02T00:00:00.000Z"',
    );
    const listed = (JSON.parse(schoolPupilDocs(db, 1).list.text) as { id: number }[]).map((p) => p.id);
    const expected = allValues(
      db,
      "SELECT id FROM users WHERE school_id = 1 AND kind = 'pupil' AND deleted_at IS NULL ORDER BY last_name, first_name, id",
    );
    expect(listed).toEqual(expected);
    expect(listed).not.toContain(b);
    expect(schoolPupilDocs(db, 1).count).toBe(expected.length);
    expect(oneValue(db, 'SELECT COUNT(*) FROM pupil_docs WHERE user_id = ?', teacher)).toBe(0);
  });

  it('follows every change to invoices, and empties and refills with a reset', () => {
    const id = scalarOf<number>(db, "SELECT id FROM invoices WHERE state = 'open' ORDER BY id LIMIT 1");
    run(
      db,
      "UPDATE invoices SET state = 'paid', paid_method = 'bacs', paid_date = '2026-09-01', forex = 1, forex_rate = 0.812345 WHERE id = ?",
      id,
    );
    run(db, 'UPDATE invoices SET description = \'Tab\there \\ and "quotes"\' WHERE id = ?', id + 1);
    run(db, 'DELETE FROM invoice_credits WHERE invoice_id = ?', id + 2);
    run(db, 'DELETE FROM invoices WHERE id = ?', id + 2);
    expect(invoiceDrift(db)).toEqual([]);
    expect(JSON.parse(scalarOf<string>(db, 'SELECT doc FROM invoice_docs WHERE id = ?', id))).toMatchObject({
      state: 'paid',
      amount_due: 0,
      forex: true,
    });
    const counted = (): unknown => oneValue(db, "SELECT count FROM row_counts WHERE name = 'invoices'");
    expect(counted()).toBe(oneValue(db, 'SELECT COUNT(*) FROM invoices'));
    clearDatabase(db);
    expect(oneValue(db, 'SELECT (SELECT COUNT(*) FROM invoice_docs) + (SELECT COUNT(*) FROM pupil_docs)')).toBe(0);
    expect(counted() ?? 0).toBe(0);
    seed(db, { size: 'demo' });
    expect(invoiceDrift(db)).toEqual([]);
    expect(pupilDrift(db)).toEqual([]);
    expect(counted()).toBe(oneValue(db, 'SELECT COUNT(*) FROM invoices'));
  });
});

describe('the session cache', () => {
  let db: Db;
  let token: string;
  let adminId: number;
  const version = (): number => scalarOf<number>(db, "SELECT version FROM cache_versions WHERE name = 'sessions'");
  beforeEach(() => {
    db = openDatabase(':memory:');
    seed(db, { size: 'demo' });
    adminId = scalarOf<number>(db, "SELECT id FROM users WHERE username = 'admin'");
    token = issueToken(db, adminId, SEED_NOW);
    expect(lookupSession(db, token, SEED_NOW)).toMatchObject({ id: adminId, admin: true, schoolId: 1 });
  });

  it('sees a change to the user a session carries at once', () => {
    run(db, 'UPDATE users SET admin = 0, school_id = 2 WHERE id = ?', adminId);
    expect(lookupSession(db, token, SEED_NOW)).toMatchObject({ admin: false, schoolId: 2 });
    run(db, "UPDATE users SET deleted_at = 'x' WHERE id = ?", adminId);
    expect(lookupSession(db, token, SEED_NOW)).toBeNull();
  });

  it('sees a token signed out, shortened or imitated at once', () => {
    const superuser = scalarOf<number>(db, "SELECT id FROM users WHERE username = 'superuser'");
    run(db, 'UPDATE tokens SET imitator_id = ? WHERE token_hash = ?', superuser, tokenHash(token));
    expect(lookupSession(db, token, SEED_NOW)).toMatchObject({ imitatedBy: superuser });
    run(db, "UPDATE tokens SET expires_at = '2026-01-01T00:00:00.000Z' WHERE token_hash = ?", tokenHash(token));
    expect(lookupSession(db, token, SEED_NOW)).toBeNull();
    run(db, "UPDATE tokens SET expires_at = '2027-01-01T00:00:00.000Z' WHERE token_hash = ?", tokenHash(token));
    expect(lookupSession(db, token, SEED_NOW)).not.toBeNull();
    run(db, 'DELETE FROM tokens WHERE token_hash = ?', tokenHash(token));
    expect(lookupSession(db, token, SEED_NOW)).toBeNull();
  });

  it('expires a cached session by the clock, and forgets every session on a reset', () => {
    expect(lookupSession(db, token, new Date(SEED_NOW.getTime() + 400 * 86_400_000))).toBeNull();
    clearDatabase(db);
    seed(db, { size: 'demo' });
    run(
      db,
      "INSERT INTO tokens (token_hash, user_id, created_at, expires_at) VALUES ('other', ?, 'x', '2099-01-01T00:00:00.000Z')",
      adminId,
    );
    expect(lookupSession(db, token, SEED_NOW)).toBeNull();
  });

  it('is not thrown away by writes a session does not carry', () => {
    const before = version();
    run(db, 'UPDATE users SET failed_logins = 3, data = \'{"x":1}\' WHERE id = ?', adminId);
    issueToken(db, adminId, SEED_NOW);
    run(db, "UPDATE invoices SET description = 'x' WHERE id = 1");
    expect(version()).toBe(before);
  });
});
