import { z } from 'zod';
import { MAX_NUMBER_STAGE, MAX_SPELLING_STAGE } from './stages.js';

const name = z.string().trim().max(100);

/** A school username: what a pupil types with their school id to sign in. */
export const schoolUsername = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^[a-z0-9][a-z0-9._-]{0,39}$/, 'expected 1-40 letters, digits, dots, dashes or underscores');

/** The fields of a pupil that staff may set. Unknown keys (a whole pupil object sent back) are ignored. */
export const pupilFields = z.object({
  first_name: name.optional(),
  last_name: name.optional(),
  display_name: name.min(1).optional(),
  school_username: schoolUsername.optional(),
  password: z.string().min(4, 'a password has at least 4 characters').max(100).optional(),
  stage_spelling: z.number().int().min(1).max(MAX_SPELLING_STAGE).nullable().optional(),
  stage_number: z.number().int().min(1).max(MAX_NUMBER_STAGE).nullable().optional(),
  permissions: z.array(z.string()).optional(),
});
export type PupilFields = z.output<typeof pupilFields>;

/** A new pupil: a first name at least. */
export const newPupil = pupilFields.extend({ first_name: name.min(1) });
export type NewPupil = z.output<typeof newPupil>;

/** A pupil in a bulk update: its id and the fields to change. */
export const pupilUpdate = pupilFields.extend({ id: z.union([z.number().int().positive(), z.string().regex(/^\d+$/).transform(Number)]) });
