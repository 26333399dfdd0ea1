/** The parts of the school dashboard's API answers it relies on, checked where they come in. */
import { z } from 'zod';
import { snapshotSchema } from '../../commands/snapshots/snapshot.js';

export const homeworkRecord = z.looseObject({
  id: z.number().int(),
  title: z.string(),
  game: z.string().nullish(),
  starts_at: z.string().nullish(),
  ends_at: z.string().nullish(),
  group_ids: z.array(z.number().int()).nullish(),
});
export type HomeworkRecord = z.infer<typeof homeworkRecord>;

/** One group's play counts (`GET users/me/school/activity`). */
export const groupActivityRecord = z.looseObject({
  group_id: z.number().int(),
  name: z.string(),
  pupils: z.number().int(),
  plays_7d: z.number().int(),
  plays_30d: z.number().int(),
  active_30d: z.number().int(),
});
export type GroupActivityRecord = z.infer<typeof groupActivityRecord>;

/** An engagement snapshot (the snapshots commands' schema) with the job computing it. */
export const snapshotRecord = snapshotSchema.extend({ job_id: z.number().int().nullish() });
export type SnapshotRecord = z.infer<typeof snapshotRecord>;

/** One school's row of an engagement snapshot. */
export const engagementRecord = z.looseObject({
  school_id: z.number().int(),
  pupils: z.number().int(),
  active_pupils: z.number().int(),
  plays: z.number().int(),
  engagement_rate: z.number().nullish(),
});
export type EngagementRecord = z.infer<typeof engagementRecord>;
