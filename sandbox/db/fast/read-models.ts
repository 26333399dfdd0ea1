/**
 * Read models kept by triggers, so that every write, through any handler, job or the seed, keeps them right.
 * They are derived data, not schema: their SQL is generated from the response shapes (domain/invoices/shape.ts,
 * domain/pupils/pupil-shape.ts), and `ensureReadModels` rebuilds them whenever that SQL changes, so a change
 * to a shape needs no migration.
 * - `cache_versions`: a counter the session cache (session-cache.ts) compares, bumped by any change to a
 *   token or to the user columns a session carries; looking a token up then costs a map read, not a join.
 * - `pupil_docs` and `invoice_docs`: each pupil's and each invoice's JSON as the API answers it, so list
 *   pages are read as ready-made text (see json-text.ts). Pupil docs are kept in the order of a school's
 *   list (active first, then surname, first name, id), so a list is one range of the table; deleted pupils
 *   keep a doc too, outside the active range.
 * - `row_counts`: how many invoices there are, for the unfiltered list's total.
 * Bench notes (bench/README.md, bench/sandbox-vs-json-server.bench.mjs): without the invoice docs the demo
 * list of 25 was 2.5x json-server instead of 6.1x (its target is 5x); without the pupil docs a school's
 * pupil list cost 4-5x the CPU (178 -> 903 us for 30 pupils), against the pupil list's own target (0.4 of a
 * bare route, already short): both stay.
 */
import { createHash } from 'node:crypto';
import type { Db } from '../driver.js';
import { INVOICE_SHAPE } from '../../domain/invoices/shape.js';
import { PUPIL_SHAPE } from '../../domain/pupils/pupil-shape.js';
import { shapeSql } from './shape.js';

/** The pupil's JSON (PUPIL_SHAPE) with its group ids, as the list answers it. */
const PUPIL_DOC = `json_insert(${shapeSql(PUPIL_SHAPE, 'u')},
  '$.group_ids', json((SELECT json_group_array(gp.group_id ORDER BY gp.group_id) FROM group_pupils gp WHERE gp.user_id = u.id)))`;

/** The invoice's JSON (INVOICE_SHAPE); `i.` is the row (`NEW.` in a trigger). */
const INVOICE_DOC = shapeSql(INVOICE_SHAPE, 'i');

const BUMP_SESSIONS = `INSERT INTO cache_versions (name, version) VALUES ('sessions', 1)
  ON CONFLICT (name) DO UPDATE SET version = version + 1;`;

const REFRESH_PUPIL = (id: string): string => `DELETE FROM pupil_docs WHERE user_id = ${id};
  INSERT INTO pupil_docs SELECT * FROM pupil_doc_source WHERE user_id = ${id};`;

const OBJECTS = {
  table: ['pupil_docs', 'invoice_docs', 'row_counts'],
  view: ['pupil_doc_source', 'invoice_doc_source'],
  trigger: [
    'sessions_user_changed',
    'sessions_user_deleted',
    'sessions_token_changed',
    'sessions_token_deleted',
    'pupil_docs_user_added',
    'pupil_docs_user_changed',
    'pupil_docs_user_deleted',
    'pupil_docs_group_added',
    'pupil_docs_group_removed',
    'pupil_docs_group_changed',
    'invoice_docs_added',
    'invoice_docs_changed',
    'invoice_docs_deleted',
    'invoices_counted_in',
    'invoices_counted_out',
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

-- Clustered by the list's key, so a school's list is one range of the table read in order.
CREATE TABLE pupil_docs (
  school_id INTEGER NOT NULL,
  active INTEGER NOT NULL,
  last_name TEXT NOT NULL,
  first_name TEXT NOT NULL,
  user_id INTEGER NOT NULL,
  school_username TEXT,
  doc TEXT NOT NULL,
  PRIMARY KEY (school_id, active, last_name, first_name, user_id)
) WITHOUT ROWID;
CREATE UNIQUE INDEX pupil_docs_user ON pupil_docs(user_id);
CREATE VIEW pupil_doc_source AS
  SELECT coalesce(u.school_id, 0) AS school_id, u.deleted_at IS NULL AS active, u.last_name AS last_name, u.first_name AS first_name,
         u.id AS user_id, u.school_username AS school_username,
         CASE WHEN u.deleted_at IS NULL THEN ${PUPIL_DOC} ELSE json_set(${PUPIL_DOC}, '$.deleted_at', u.deleted_at) END AS doc
  FROM users u WHERE u.kind = 'pupil';
INSERT INTO pupil_docs SELECT * FROM pupil_doc_source;
CREATE TRIGGER pupil_docs_user_added AFTER INSERT ON users WHEN NEW.kind = 'pupil' BEGIN ${REFRESH_PUPIL('NEW.id')} END;
CREATE TRIGGER pupil_docs_user_changed AFTER UPDATE OF username, school_id, school_username, first_name, last_name, display_name,
  stage_spelling, stage_number, experimental, permissions, created_at, deleted_at, kind ON users BEGIN ${REFRESH_PUPIL('NEW.id')} END;
CREATE TRIGGER pupil_docs_user_deleted AFTER DELETE ON users BEGIN DELETE FROM pupil_docs WHERE user_id = OLD.id; END;
CREATE TRIGGER pupil_docs_group_added AFTER INSERT ON group_pupils BEGIN ${REFRESH_PUPIL('NEW.user_id')} END;
CREATE TRIGGER pupil_docs_group_removed AFTER DELETE ON group_pupils BEGIN ${REFRESH_PUPIL('OLD.user_id')} END;
CREATE TRIGGER pupil_docs_group_changed AFTER UPDATE ON group_pupils BEGIN ${REFRESH_PUPIL('OLD.user_id')} ${REFRESH_PUPIL('NEW.user_id')} END;

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
  db.exec(
    'CREATE TABLE IF NOT EXISTS read_model_versions (name TEXT PRIMARY KEY, fingerprint TEXT NOT NULL) WITHOUT ROWID',
  );
  const built = db.prepare("SELECT fingerprint FROM read_model_versions WHERE name = 'read-models'").pluck().get() as
    string | undefined;
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
  db.prepare("INSERT OR REPLACE INTO read_model_versions (name, fingerprint) VALUES ('read-models', ?)").run(
    FINGERPRINT,
  );
}

/**
 * Runs a bulk fill (the seed) with the read models' triggers out of the way, then builds the read models
 * once from the final data. Call it inside the fill's transaction. Why: with the triggers in place every
 * pupil's doc was rebuilt on each insert and again for each group it joined (three JSON builds a pupil),
 * most of the large seed's time.
 *
 * @example
 * db.transaction(() => withReadModelsDeferred(db, () => fill(db)))();
 */
export function withReadModelsDeferred<T>(db: Db, fill: () => T): T {
  // A database migrated only part-way (a test's old schema) has none yet: `migrate` builds them later.
  const built =
    db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'read_model_versions'").get() !== undefined;
  if (!built) return fill();
  dropReadModels(db);
  const result = fill();
  buildReadModels(db);
  // The session triggers were away too: a cached session must not outlive what the fill changed.
  db.exec(BUMP_SESSIONS);
  return result;
}
