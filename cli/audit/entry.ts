import { z } from 'zod';

/**
 * One line of the audit log: a write the CLI sent (or tried to), never a body and never a secret.
 * The schema is the one definition of the line; the writer and `edshed audit` both use it.
 */
export const auditEntrySchema = z.object({
  time: z.string(),
  profile: z.string(),
  environment: z.string(),
  api: z.string(),
  user: z.string().nullable(),
  method: z.string(),
  path: z.string(),
  /** The HTTP status, or null when no answer came (network failure: outcome unknown). */
  status: z.number().int().nullable(),
  request_id: z.string().nullable(),
  idempotency_key: z.string().nullable(),
  /** The bulk run this write belongs to. */
  run_id: z.string().nullable().optional(),
  /** What the CLI made of it: `ok`, `unchanged` (the server said nothing changed), `failed`, `unknown`. */
  outcome: z.enum(['ok', 'unchanged', 'failed', 'unknown']),
});

export type AuditEntry = z.infer<typeof auditEntrySchema>;
