import { beforeEach, describe, expect, it } from 'vitest';
import { lookupSession } from '../../sandbox/server/session.js';
import { issueToken, tokenHash } from '../../sandbox/domain/auth/tokens.js';
import { serializeInvoice, type InvoiceRow } from '../../sandbox/domain/invoices/invoices.js';
import { Database } from '../../sandbox/db/driver.js';
import { migrate, openDatabase, type Db } from '../../sandbox/db/database.js';
import { ensureReadModels } from '../../sandbox/db/fast/read-models.js';
import { MIGRATIONS } from '../../sandbox/db/migrations/index.js';
import { clearDatabase, seed } from '../../sandbox/db/seed/index.js';
import { SEED_NOW } from '../../sandbox/db/seed/context.js';
import { schoolPupilPage } from '../../sandbox/domain/pupils/pupil-queries.js';
import { all, allValues, oneValue, run } from '../../sandbox/kit/sql.js';
import { scalarOf } from './helpers/sql.js';

function invoiceDrift(db: Db): string[] {
  const rows = all<InvoiceRow>(db, 'SELECT * FROM invoices ORDER BY id');
  const docs = new Map(all<{ id: number; doc: string }>(db, 'SELECT id, doc FROM invoice_docs').map((d) => [d.id, d.doc]));
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

  it('holds every invoice of the seed as its serializer answers it', () => {
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
    expect(invoiceDrift(old)).toEqual([]);
    expect(oneValue(old, "SELECT count FROM row_counts WHERE name = 'invoices'")).toBe(oneValue(old, 'SELECT COUNT(*) FROM invoices'));
  });

  it('is built once after the seed, which leaves every read-model object as a migrated database has it', () => {
    const objects = (d: Db): unknown[] => all(d, "SELECT type, name, sql FROM sqlite_master WHERE name NOT LIKE 'sqlite_%' ORDER BY type, name");
    const fresh = openDatabase(':memory:');
    const before = objects(fresh);
    const sessions = (): number => scalarOf<number>(fresh, "SELECT version FROM cache_versions WHERE name = 'sessions'");
    const version = sessions();
    seed(fresh, { size: 'demo' });
    expect(objects(fresh)).toEqual(before);
    // The seed ran with the session triggers away: it bumps the counter itself, so no cached session outlives it.
    expect(sessions()).toBeGreaterThan(version);
    expect(allValues(fresh, "SELECT name FROM sqlite_master WHERE type = 'trigger' ORDER BY name")).toContain('invoice_docs_changed');
  });

  it('holds every invoice of the large seed too', () => {
    const large = openDatabase(':memory:');
    seed(large, { size: 'large' });
    expect(invoiceDrift(large)).toEqual([]);
    expect(oneValue(large, "SELECT count FROM row_counts WHERE name = 'invoices'")).toBe(oneValue(large, 'SELECT COUNT(*) FROM invoices'));
  });

  it('drops the pupil docs of a database built when there were some (the list reads the pupils themselves)', () => {
    // As a database built by the older definition: its pupil docs with their view and a trigger.
    run(db, 'CREATE TABLE pupil_docs (user_id INTEGER PRIMARY KEY, doc TEXT NOT NULL)');
    run(db, "CREATE VIEW pupil_doc_source AS SELECT id AS user_id, '{}' AS doc FROM users WHERE kind = 'pupil'");
    run(db, 'CREATE TRIGGER pupil_docs_user_deleted AFTER DELETE ON users BEGIN DELETE FROM pupil_docs WHERE user_id = OLD.id; END');
    run(db, "UPDATE read_model_versions SET fingerprint = 'older' WHERE name = 'read-models'");
    expect(ensureReadModels(db)).toBe(true);
    expect(allValues(db, "SELECT name FROM sqlite_master WHERE name LIKE 'pupil_doc%'")).toEqual([]);
    expect(invoiceDrift(db)).toEqual([]);
  });

  it('follows every change to invoices, and empties and refills with a reset', () => {
    const id = scalarOf<number>(db, "SELECT id FROM invoices WHERE state = 'open' ORDER BY id LIMIT 1");
    run(db, "UPDATE invoices SET state = 'paid', paid_method = 'bacs', paid_date = '2026-09-01', forex = 1, forex_rate = 0.812345 WHERE id = ?", id);
    run(db, "UPDATE invoices SET description = 'Tab\there \\ and \"quotes\"' WHERE id = ?", id + 1);
    run(db, 'DELETE FROM invoice_credits WHERE invoice_id = ?', id + 2);
    run(db, 'DELETE FROM invoices WHERE id = ?', id + 2);
    expect(invoiceDrift(db)).toEqual([]);
    expect(JSON.parse(scalarOf<string>(db, 'SELECT doc FROM invoice_docs WHERE id = ?', id))).toMatchObject({ state: 'paid', amount_due: 0, forex: true });
    const counted = (): unknown => oneValue(db, "SELECT count FROM row_counts WHERE name = 'invoices'");
    expect(counted()).toBe(oneValue(db, 'SELECT COUNT(*) FROM invoices'));
    clearDatabase(db);
    expect(oneValue(db, 'SELECT COUNT(*) FROM invoice_docs')).toBe(0);
    expect(counted() ?? 0).toBe(0);
    seed(db, { size: 'demo' });
    expect(invoiceDrift(db)).toEqual([]);
    expect(counted()).toBe(oneValue(db, 'SELECT COUNT(*) FROM invoices'));
  });
});

describe('the pupil list (read from the pupil rows since the pupil read model went)', () => {
  let db: Db;
  beforeEach(() => {
    db = openDatabase(':memory:');
    seed(db, { size: 'demo' });
  });

  it('lists a school\'s active pupils in list order, paged or not, after a rename, a deletion and a new pupil', () => {
    const [a, b] = allValues<number>(db, "SELECT id FROM users WHERE kind = 'pupil' AND school_id = 1 ORDER BY id LIMIT 2");
    run(db, "UPDATE users SET first_name = ?, last_name = 'Aardvark' WHERE id = ?", 'Zoë "Quoted"', a);
    run(db, "UPDATE users SET deleted_at = '2026-09-02T00:00:00.000Z' WHERE id = ?", b);
    run(db, "INSERT INTO users (username, password_hash, kind, school_id, school_username, first_name, last_name, created_at) VALUES ('new.pupil', 'x', 'pupil', 1, 'newpupil', 'New', 'Pupil', 'now')");
    const expected = allValues(db, "SELECT id FROM users WHERE school_id = 1 AND kind = 'pupil' AND deleted_at IS NULL ORDER BY last_name, first_name, id");
    const { pupils, count } = schoolPupilPage(db, 1);
    expect(pupils.map((p) => p.id)).toEqual(expected);
    expect(expected[0]).toBe(a);
    expect(pupils[0]).toMatchObject({ id: a, first_name: 'Zoë "Quoted"' });
    expect(pupils.map((p) => p.id)).not.toContain(b);
    expect(count).toBe(expected.length);
    const page = schoolPupilPage(db, 1, undefined, { skip: 2, take: 3 });
    expect(page.pupils.map((p) => p.id)).toEqual(expected.slice(2, 5));
    expect(page.count).toBe(expected.length);
    expect(schoolPupilPage(db, 1, ' NEWPUPIL ').pupils.map((p) => p.username)).toEqual(['new.pupil']);
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
    run(db, "INSERT INTO tokens (token_hash, user_id, created_at, expires_at) VALUES ('other', ?, 'x', '2099-01-01T00:00:00.000Z')", adminId);
    expect(lookupSession(db, token, SEED_NOW)).toBeNull();
  });

  it('is not thrown away by writes a session does not carry', () => {
    const before = version();
    run(db, "UPDATE users SET failed_logins = 3, data = '{\"x\":1}' WHERE id = ?", adminId);
    issueToken(db, adminId, SEED_NOW);
    run(db, "UPDATE invoices SET description = 'x' WHERE id = 1");
    expect(version()).toBe(before);
  });
});
