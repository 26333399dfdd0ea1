import { z } from 'zod';

/** What shapes a run's sending, kept so that `runs resume` sends the same way (its flags override). */
export const runSettingsSchema = z.object({
  /** Requests in flight at most, as asked (a command may allow fewer). */
  concurrency: z.number().int().positive(),
  /** Requests per second at most; absent: no limit. */
  rate: z.number().positive().optional(),
});

/** The first line of a journal: what the run is, so `runs resume` needs nothing else. */
export const runHeaderSchema = z.looseObject({
  type: z.literal('run'),
  version: z.literal(1),
  run_id: z.string(),
  /** `invoices mark-paid`. */
  command: z.string(),
  /** The input file as given, or `stdin`. */
  file: z.string(),
  created: z.string(),
  /** Rows in the file, valid or set aside (item indexes run from 0 to items - 1). */
  items: z.number().int().nonnegative(),
  /** Item N is sent with the Idempotency-Key `<prefix>-<N>`. */
  idempotency_prefix: z.string(),
  /** The API the run writes to; a resume must use the same one. */
  api: z.string(),
  profile: z.string(),
  /** A curated command's kind and arguments, to build it again for a resume (absent: a table endpoint, by `command`). */
  bulk: z.object({ kind: z.string(), args: z.record(z.string(), z.string()) }).optional(),
  /** Absent in journals written before settings were kept: a resume then uses the defaults. */
  settings: runSettingsSchema.optional(),
  /** The `--results` file given at the start (absolute): every resume rewrites it whole from the journal. */
  results: z.object({ path: z.string(), format: z.enum(['csv', 'ndjson']) }).optional(),
});

export type RunHeader = z.infer<typeof runHeaderSchema>;
export type RunSettings = z.infer<typeof runSettingsSchema>;
