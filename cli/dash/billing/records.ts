/** The parts of the billing dashboard's API answers it relies on, checked where they come in. */
import { z } from 'zod';

export const cancellationRecord = z.looseObject({
  id: z.number().int(),
  subscription_id: z.number().int().nullish(),
  school_id: z.number().int().nullish(),
  school_name: z.string().nullish(),
  kind: z.string(),
  reason: z.string().nullish(),
  created_at: z.string(),
  undone_at: z.string().nullish(),
});
export type CancellationRecord = z.infer<typeof cancellationRecord>;

const figures = z.looseObject({
  revenue_gbp: z.number(),
  new_subscriptions: z.number(),
  trials: z.number(),
  cancellations: z.number(),
});

export const headlinesRecord = z.looseObject({
  period: z.looseObject({ from: z.string(), to: z.string() }),
  current: figures,
  before: figures.partial().nullish(),
  change_percent: z.record(z.string(), z.number().nullable()).nullish(),
});
export type HeadlinesRecord = z.infer<typeof headlinesRecord>;
