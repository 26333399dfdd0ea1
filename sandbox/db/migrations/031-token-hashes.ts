import type { Migration } from './migration.js';

/**
 * Sessions are kept as the SHA-256 of their token, never the token, so a copy of the database file gives
 * no session. Sessions that were open stay open: their tokens are hashed in place (`sha256_hex` is
 * registered by `openDatabase`).
 */
export const tokenHashes: Migration = {
  version: 31,
  name: 'token-hashes',
  sql: `
UPDATE tokens SET token = sha256_hex(token);
ALTER TABLE tokens RENAME COLUMN token TO token_hash;
`,
};
