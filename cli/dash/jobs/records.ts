/** The parts of the jobs dashboard's API answers it relies on, checked where they come in. */
import { z } from 'zod';

export const jobRecord = z.looseObject({
  id: z.number().int(),
  queueId: z.string().nullish(),
  namespace_id: z.string().nullish(),
  kind: z.string(),
  state: z.string(),
  progress: z.number(),
  error: z.string().nullish(),
  attempts: z.number().int().nullish(),
  created_at: z.string().nullish(),
  finished_at: z.string().nullish(),
});
export type JobRecord = z.infer<typeof jobRecord>;

export const emailStatsRecord = z.looseObject({
  total: z.number().int(),
  by_status: z.record(z.string(), z.number().int()),
  delivery_rate: z.number().nullish(),
  open_rate: z.number().nullish(),
  suppressions: z.number().int().nullish(),
});
export type EmailStatsRecord = z.infer<typeof emailStatsRecord>;
