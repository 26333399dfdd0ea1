import type { Migration } from './migration.js';

/**
 * Generic-store keys and action logs, and the password re-verification mark on sessions.
 * A record's `key` is the caller's key for records put under a foreign id
 * (`lists/{id}/favourite/pupils/{pupilId}`); records created by POST have none and are addressed by id.
 */
export const serverStateSchema: Migration = {
  version: 2,
  name: 'server-state',
  sql: `
ALTER TABLE records ADD COLUMN key TEXT;
ALTER TABLE records ADD COLUMN actions TEXT NOT NULL DEFAULT '[]';  -- JSON list of { action, method, input, at, by }
CREATE INDEX records_key ON records(collection, key);
CREATE INDEX records_owner ON records(collection, owner_id);
CREATE INDEX records_school ON records(collection, school_id);
ALTER TABLE tokens ADD COLUMN verified_at TEXT;                      -- last POST auth/verify-password
CREATE INDEX tokens_user ON tokens(user_id);
`,
};
