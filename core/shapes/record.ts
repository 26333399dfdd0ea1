/** A record of the generic store: what the sandbox keeps for the long tail of learner and content calls. */
import { defineShape, inline, listOf } from './define.js';

/** One action applied to a record (`POST lists/{id}/duplicate`, `PATCH .../close`), as the record keeps it. */
export const RECORD_ACTION = inline({
  action: 'string',
  method: 'string',
  input: 'object',
  at: 'date',
  by: { kind: 'int', nullable: true },
});

/**
 * A stored record: the document's own keys (open: whatever was stored), then its id, its key where the
 * route names one, whose and which school's it is, when it was made, changed and deleted, and the actions
 * applied to it. The spec shows these calls' payloads and replies only in outline, so this is the sandbox's
 * choice.
 */
export const RECORD = defineShape(
  'record',
  {
    id: 'serial',
    key: 'string?',
    owner_id: { kind: 'int', nullable: true },
    school_id: { kind: 'int', nullable: true },
    created_at: 'date',
    updated_at: 'date',
    deleted_at: 'date?',
    actions: listOf(RECORD_ACTION, { optional: true }),
  },
  {
    summary: 'A record of the generic store: the stored document with its id, owner and dates',
    columns: ['id', 'owner_id', 'school_id', 'updated_at'],
    open: true,
  },
);
