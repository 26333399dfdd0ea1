/**
 * Read models kept by triggers, so that every write, through any handler, job or the seed, keeps them right.
 * They are derived data, not schema: their SQL is generated from the invoice's response shape
 * (domain/invoices/shape.ts), and `ensureReadModels` rebuilds them whenever that SQL changes, so a change
 * to the shape needs no migration.
 * - `cache_versions`: a counter the session cache (server/session.ts) compares, bumped by any change to a
 *   token or to the user columns a session carries; looking a token up then costs a map read, not a join.
 * - `invoice_docs`: each invoice's JSON as the API answers it, so invoice pages are read as ready-made
 *   text (see json-text.ts).
 * - `row_counts`: how many invoices there are, for the unfiltered list's total.
 * Bench note (bench/README.md, bench/sandbox-vs-json-server.bench.mjs): without the invoice docs the demo
 * list of 25 was 2.5x json-server instead of 6.1x (its target is 5x), so they stay. A pupil read model
 * (`pupil_docs`) went: no peer ratio reads pupils, so the pupil list is built from the rows
 * (`serializePupil`), at 4-5x the CPU per list; its objects are still dropped from databases that have them.
 */
import { createHash } from 'node:crypto';
import type { Db } from '../driver.js';
import { INVOICE_SHAPE } from '../../domain/invoices/shape.js';
import { shapeSql } from './shape.js';

/** The invoice's JSON (INVOICE_SHAPE); `i.` is the row (`NEW.` in a trigger). */
const INVOICE_DOC = shapeSql(INVOICE_SHAPE, 'i');

const BUMP_SESSIONS = `INSERT INTO cache_versions (name, version) VALUES ('sessions', 1)
  ON CONFLICT (name) DO UPDATE SET version = version + 1;`;

/** Every read-model object, to drop before a rebuild; the pupil docs' are gone but old databases may hold them. */
const OBJECTS = {
  table: ['invoice_docs', 'row_counts', 'pupil_docs'],
  view: ['invoice_doc_source', 'pupil_doc_source'],
  trigger: [
    'sessions_user_changed', 'sessions_user_deleted', 'sessions_token_changed', 'sessions_token_deleted',
    'invoice_docs_added', 'invoice_docs_changed', 'invoice_docs_deleted', 'invoices_counted_in', 'invoices_counted_out',
    'pupil_docs_user_added', 'pupil_docs_user_changed', 'pupil_docs_user_deleted', 'pupil_docs_group_added', 'pupil_docs_group_removed', 'pupil_docs_group_changed',
  ],
} as const;

/** The read models' SQL, built and filled from the current data. */
export const READ_MODELS_SQL = `
CREATE TABLE IF NOT EXISTS cache_versions (name TEXT PRIMARY KEY, version INTEGER NOT NULL) WITHOUT ROWID;
INSERT OR IGNORE INTO cache_versions (name, version) VALUES ('sessions', 1);
CREATE TRIGGER sessions_user_changed AFTER UPDATE OF username, superuser, employee, kind, school_id, admin, district_id, deleted_at ON users
BEGIN ${BUMP_SESSIONS} END;
CREATE TRIGGER sessions_user_deleted AFTER DELETE ON users BEGIN ${BUMP_SESSIONS} END;
CREATE TRIGGER sessions_token_changed AFTER UPDATE ON tokens BEGIN ${BUMP_SESSIONS} END;
CREATE TRIGGER sessions_token_deleted AFTER DELETE ON tokens BEGIN ${BUMP_SESSIONS} END;

CREATE TABLE invoice_docs (id INTEGER PRIMARY KEY, doc TEXT NOT NULL);
CREATE VIEW invoice_doc_source AS SELECT i.id AS id, ${INVOICE_DOC} AS doc FROM invoices i;
INSERT INTO invoice_docs (id, doc) SELECT id, doc FROM invoice_doc_source;
CREATE TRIGGER invoice_docs_added AFTER INSERT ON invoices
BEGIN INSERT OR REPLACE INTO invoice_docs (id, doc) SELECT id, doc FROM invoice_doc_source WHERE id = NEW.id; END;
CREATE TRIGGER invoice_docs_changed AFTER UPDATE ON invoices
BEGIN UPDATE invoice_docs SET doc = ${shapeSql(INVOICE_SHAPE, 'NEW')} WHERE id = NEW.id; END;
CREATE TRIGGER invoice_docs_deleted AFTER DELETE ON invoices BEGIN DELETE FROM invoice_docs WHERE id = OLD.id; END;

-- COUNT(*) walks a whole index: the unfiltered invoice list's total, asked on every page, kept instead.
-- An insert creates the row when it is missing (after a reset emptied this table too).
CREATE TABLE row_counts (name TEXT PRIMARY KEY, count INTEGER NOT NULL) WITHOUT ROWID;
INSERT INTO row_counts (name, count) SELECT 'invoices', COUNT(*) FROM invoices;
CREATE TRIGGER invoices_counted_in AFTER INSERT ON invoices
BEGIN INSERT INTO row_counts (name, count) VALUES ('invoices', 1) ON CONFLICT (name) DO UPDATE SET count = count + 1; END;
CREATE TRIGGER invoices_counted_out AFTER DELETE ON invoices BEGIN UPDATE row_counts SET count = count - 1 WHERE name = 'invoices'; END;
`;

/** A fingerprint of the read models' SQL: a new one rebuilds them. */
const FINGERPRINT = createHash('sha256').update(READ_MODELS_SQL).digest('hex').slice(0, 16);

/**
 * Builds the read models when they are missing or their definition changed since they were built (a
 * response shape edited), dropping the old ones first; otherwise does nothing. Runs inside one transaction.
 *
 * @example
 * ensureReadModels(db); // after migrate(db)
 */
export function ensureReadModels(db: Db): boolean {
  db.exec('CREATE TABLE IF NOT EXISTS read_model_versions (name TEXT PRIMARY KEY, fingerprint TEXT NOT NULL) WITHOUT ROWID');
  const built = db.prepare("SELECT fingerprint FROM read_model_versions WHERE name = 'read-models'").pluck().get() as string | undefined;
  if (built === FINGERPRINT) return false;
  db.transaction(() => {
    dropReadModels(db);
    buildReadModels(db);
  })();
  return true;
}

function dropReadModels(db: Db): void {
  for (const name of OBJECTS.trigger) db.exec(`DROP TRIGGER IF EXISTS ${name}`);
  for (const name of OBJECTS.view) db.exec(`DROP VIEW IF EXISTS ${name}`);
  for (const name of OBJECTS.table) db.exec(`DROP TABLE IF EXISTS ${name}`);
}

function buildReadModels(db: Db): void {
  db.exec(READ_MODELS_SQL);
  db.prepare("INSERT OR REPLACE INTO read_model_versions (name, fingerprint) VALUES ('read-models', ?)").run(FINGERPRINT);
}

/**
 * Runs a bulk fill (the seed) with the read models' triggers out of the way, then builds the read models
 * once from the final data. Call it inside the fill's transaction. Why: with the triggers in place every
 * invoice's doc is built again on each write to the invoice while the seed fills it in (and, when there was
 * a pupil read model, each pupil's doc on each insert and again for each group it joined: most of the large
 * seed's time).
 *
 * @example
 * db.transaction(() => withReadModelsDeferred(db, () => fill(db)))();
 */
export function withReadModelsDeferred<T>(db: Db, fill: () => T): T {
  // A database migrated only part-way (a test's old schema) has none yet: `migrate` builds them later.
  const built = db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'read_model_versions'").get() !== undefined;
  if (!built) return fill();
  dropReadModels(db);
  const result = fill();
  buildReadModels(db);
  // The session triggers were away too: a cached session must not outlive what the fill changed.
  db.exec(BUMP_SESSIONS);
  return result;
}
