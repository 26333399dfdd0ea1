import type { Migration } from './migration.js';

/**
 * Released as the read models (pupil and invoice docs, session cache version, row counts). They moved out
 * of the numbered migrations to sandbox/db/fast/read-models.ts, generated from the response shapes and rebuilt
 * when those change (`ensureReadModels`, run by `migrate`); databases that applied this step keep its
 * objects until that rebuild replaces them. Kept as an empty step so version numbers stay in order.
 */
export const readModels: Migration = {
  version: 27,
  name: 'read-models',
  sql: '',
};
