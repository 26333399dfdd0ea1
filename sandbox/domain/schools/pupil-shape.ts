/** The pupil as staff see them, defined once: `pupilJson` and the `pupil_docs` read model come from it. */
import { column, flag, type ShapeField } from '../../db/read-models/shape.js';
import { jsonList } from '../../kit/json-columns.js';
import type { PupilFields } from './serialize.js';

const c = column<PupilFields>;

/** The keys every pupil answers, in order (group ids and a deletion date follow where known). */
export const PUPIL_SHAPE: readonly ShapeField<PupilFields>[] = [
  c('id'), c('username'), c('school_id'), c('school_username'), c('first_name'), c('last_name'), c('display_name'),
  c('stage_spelling'), c('stage_number'), flag<PupilFields>('experimental'),
  {
    key: 'permissions',
    sql: (a) => `CASE WHEN json_valid(${a}.permissions) AND json_type(${a}.permissions) = 'array' THEN json(${a}.permissions) ELSE json('[]') END`,
    value: (row) => jsonList(row.permissions),
  },
  c('created_at'),
];
