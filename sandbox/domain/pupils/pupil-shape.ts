/** The pupil as staff see them (core's PUPIL): `serializePupil` and the `pupil_docs` read model come from this map. */
import { fieldsOf, type SqlRowShape } from '../../db/fast/shape.js';
import type { Pupil } from '../../../core/shapes/types.js';
import type { PupilFields } from '../schools/serialize.js';

const { column: c, flag, strings } = fieldsOf<PupilFields>();

/** A pupil without the keys that come only where known (group ids, a deletion date, a new pupil's password). */
export type PupilDoc = Omit<Pupil, 'group_ids' | 'deleted_at' | 'password'>;

/** The keys every pupil answers, in order (group ids and a deletion date follow where known). */
export const PUPIL_SHAPE: SqlRowShape<PupilFields, PupilDoc> = {
  id: c('id'),
  username: c('username'),
  school_id: c('school_id'),
  school_username: c('school_username'),
  first_name: c('first_name'),
  last_name: c('last_name'),
  display_name: c('display_name'),
  stage_spelling: c('stage_spelling'),
  stage_number: c('stage_number'),
  experimental: flag('experimental'),
  permissions: strings('permissions'),
  created_at: c('created_at'),
};
