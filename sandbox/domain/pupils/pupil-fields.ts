/**
 * The pupil fields staff may set, stated once as table field specs. The spec names none of them (the
 * pupil calls' payloads are not shown), so the sandbox chose them; handlers read them with `parseFields`.
 */
import { z } from 'zod';
import { MAX_NUMBER_STAGE, MAX_PUPIL_BATCH, MAX_SPELLING_STAGE } from '../../../core/domain/constants.js';
import type { ParsedPayload } from '../../../core/endpoints/define.js';
import { fieldsSchema } from '../../../core/endpoints/schemas.js';
import { parseField } from '../../kit/input.js';

const NAME = { kind: 'text', max: 100, optional: true } as const;

/** A school username: what a pupil types with their school id to sign in; kept lower-case. */
const SCHOOL_USERNAME = {
  kind: 'text',
  pattern: '^[A-Za-z0-9][A-Za-z0-9._-]{0,39}$',
  expected: '1-40 letters, digits, dots, dashes or underscores',
  example: 'amy.s',
  case: 'lower',
  optional: true,
} as const;

/** The fields of a pupil that staff may set. Other keys (a whole pupil object sent back) are ignored. */
export const PUPIL_FIELDS = {
  first_name: NAME,
  last_name: NAME,
  display_name: { ...NAME, min: 1 },
  school_username: SCHOOL_USERNAME,
  password: { kind: 'string', min: 4, max: 100, expected: 'a password of 4 to 100 characters', optional: true },
  stage_spelling: { kind: 'int', min: 1, max: MAX_SPELLING_STAGE, optional: true, nullable: true },
  stage_number: { kind: 'int', min: 1, max: MAX_NUMBER_STAGE, optional: true, nullable: true },
  permissions: 'strings?',
} as const;
export type PupilChanges = ParsedPayload<typeof PUPIL_FIELDS>;

/** A new pupil: a first name at least. */
export const NEW_PUPIL_FIELDS = { ...PUPIL_FIELDS, first_name: { kind: 'text', min: 1, max: 100 } } as const;
export type NewPupil = ParsedPayload<typeof NEW_PUPIL_FIELDS>;

/** A pupil in a bulk update: its id and the fields to change. */
export const PUPIL_UPDATE_FIELDS = { ...PUPIL_FIELDS, id: 'serial' } as const;

const LIST = `expected a list of 1 to ${MAX_PUPIL_BATCH} pupils`;

/**
 * The list a bulk call sends in `pupils`: 1 to MAX_PUPIL_BATCH records, each checked with the given field specs.
 * Every bad key of every record is reported in one 422 (`pupils.2.first_name`), not only the first.
 *
 * @example
 * const pupils = pupilList(NEW_PUPIL_FIELDS, ctx.input.pupils); // NewPupil[]
 */
export function pupilList<const P extends typeof NEW_PUPIL_FIELDS | typeof PUPIL_UPDATE_FIELDS>(
  fields: P,
  value: unknown,
): ParsedPayload<P>[] {
  // The list is a nested json shape; its records are the table's field kinds, derived from `fields`.
  const list = z
    .array(fieldsSchema(fields, { open: true }), { error: LIST })
    .min(1, LIST)
    .max(MAX_PUPIL_BATCH, LIST);
  return parseField('pupils', list, value) as ParsedPayload<P>[];
}
