import type { Migration } from './index.js';

/** The JSON of a pupil as `pupilJson` (domain/schools/serialize.ts) answers it, with its group ids. */
const PUPIL_DOC = `json_object(
  'id', u.id, 'username', u.username, 'school_id', u.school_id, 'school_username', u.school_username,
  'first_name', u.first_name, 'last_name', u.last_name, 'display_name', u.display_name,
  'stage_spelling', u.stage_spelling, 'stage_number', u.stage_number,
  'experimental', json(CASE u.experimental WHEN 1 THEN 'true' ELSE 'false' END),
  'permissions', CASE WHEN json_valid(u.permissions) AND json_type(u.permissions) = 'array' THEN json(u.permissions) ELSE json('[]') END,
  'created_at', u.created_at,
  'group_ids', (SELECT json_group_array(gp.group_id ORDER BY gp.group_id) FROM group_pupils gp WHERE gp.user_id = u.id))`;

/** The JSON of an invoice as `serializeInvoice` (domain/invoices/invoices.ts) answers it; `i.` is the row (`NEW.` in a trigger). */
const INVOICE_DOC = `json_object(
  'id', i.id, 'number', i.number, 'shareable_id', i.shareable_id, 'school_id', i.school_id,
  'subscription_id', i.subscription_id, 'kind', i.kind, 'billing', i.billing, 'card_reference', i.card_reference,
  'state', i.state, 'currency', i.currency, 'amount', i.amount, 'tax', i.tax, 'total', i.total,
  'amount_final', i.amount_final, 'forex', json(CASE i.forex WHEN 1 THEN 'true' ELSE 'false' END),
  'forex_rate', i.forex_rate, 'description', i.description, 'issued_at', i.issued_at, 'due_at', i.due_at,
  'promised_reference', i.promised_reference, 'promised_at', i.promised_at, 'paid_method', i.paid_method,
  'paid_date', i.paid_date, 'voided_at', i.voided_at, 'uncollectable_at', i.uncollectable_at,
  'amount_refunded', i.amount_refunded, 'refunded_at', i.refunded_at,
  'remittance_date_received', i.remittance_date_received, 'remittance_file', i.remittance_file,
  'accounting_id', i.accounting_id, 'sent_to_accounting_at', i.sent_to_accounting_at,
  'source_person_id', i.source_person_id, 'source_dept', i.source_dept,
  'created_at', i.created_at, 'updated_at', i.updated_at,
  'amount_due', CASE WHEN i.state IN ('paid', 'void', 'uncollectable', 'refunded') THEN 0 ELSE i.total END)`;

const BUMP_SESSIONS = `INSERT INTO cache_versions (name, version) VALUES ('sessions', 1)
  ON CONFLICT (name) DO UPDATE SET version = version + 1;`;

const REFRESH_PUPIL = (id: string): string => `DELETE FROM pupil_docs WHERE user_id = ${id};
  INSERT INTO pupil_docs SELECT * FROM pupil_doc_source WHERE user_id = ${id};`;

/**
 * Read models kept by triggers, so that every write, through any handler, job or the seed, keeps them right:
 * - `cache_versions`: a counter the session cache (auth/session.ts) compares, bumped by any change to a
 *   token or to the user columns a session carries; looking a token up then costs a map read, not a join.
 * - `pupil_docs` and `invoice_docs`: each pupil's and each invoice's JSON as the API answers it, so list
 *   pages are read as ready-made text (see sandbox/kit/json-text.ts). Pupil docs are kept in the order of a
 *   school's list (active first, then surname, first name, id), so a list is one range of the table;
 *   deleted pupils keep a doc too, outside the active range.
 * - `row_counts`: how many invoices there are, for the unfiltered list's total.
 */
export const readModels: Migration = {
  version: 27,
  name: 'read-models',
  sql: `
CREATE TABLE cache_versions (name TEXT PRIMARY KEY, version INTEGER NOT NULL) WITHOUT ROWID;
INSERT INTO cache_versions (name, version) VALUES ('sessions', 1);
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
BEGIN UPDATE invoice_docs SET doc = ${INVOICE_DOC.replaceAll('i.', 'NEW.')} WHERE id = NEW.id; END;
CREATE TRIGGER invoice_docs_deleted AFTER DELETE ON invoices BEGIN DELETE FROM invoice_docs WHERE id = OLD.id; END;

-- COUNT(*) walks a whole index: the unfiltered invoice list's total, asked on every page, kept instead.
-- An insert creates the row when it is missing (after a reset emptied this table too).
CREATE TABLE row_counts (name TEXT PRIMARY KEY, count INTEGER NOT NULL) WITHOUT ROWID;
INSERT INTO row_counts (name, count) SELECT 'invoices', COUNT(*) FROM invoices;
CREATE TRIGGER invoices_counted_in AFTER INSERT ON invoices
BEGIN INSERT INTO row_counts (name, count) VALUES ('invoices', 1) ON CONFLICT (name) DO UPDATE SET count = count + 1; END;
CREATE TRIGGER invoices_counted_out AFTER DELETE ON invoices BEGIN UPDATE row_counts SET count = count - 1 WHERE name = 'invoices'; END;
`,
};
