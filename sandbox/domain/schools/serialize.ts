import { jsonObject } from '../../kit/json-columns.js';
import { shapeValue } from '../../db/fast/shape.js';
import { PUPIL_SHAPE } from '../pupils/pupil-shape.js';
import type { GroupRow, SchoolRow, UserRow } from './rows.js';
import type { Group, Pupil, School, Teacher, User } from '../../../core/shapes/types.js';

/**
 * JSON shapes of school-administration rows. Flags are booleans, dates ISO strings, JSON columns objects.
 *
 * @example
 * return reply(ctx, 'school', serializeSchool(row));
 */
export function serializeSchool(row: SchoolRow): School {
  return {
    id: row.id,
    name: row.name,
    code: row.code,
    country: row.country,
    region: row.region,
    locale: row.locale,
    account_region: row.account_region,
    district_id: row.district_id,
    settings: jsonObject(row.settings),
    integrations: jsonObject(row.integrations),
    created_at: row.created_at,
  };
}

/**
 * The columns serializePupil reads. The pupil list does not read them: it answers the `pupil_docs` read model,
 * whose SQL is generated from the same PUPIL_SHAPE (pupil-shape.ts) as serializePupil.
 */
export const PUPIL_COLUMNS = [
  'id', 'username', 'school_id', 'school_username', 'first_name', 'last_name', 'display_name',
  'stage_spelling', 'stage_number', 'experimental', 'permissions', 'created_at', 'deleted_at',
] as const;

/** The part of a user row a pupil's JSON shows. */
export type PupilFields = Pick<UserRow, (typeof PUPIL_COLUMNS)[number]>;

/**
 * A pupil as staff see them (never a password hash).
 *
 * @example
 * serializePupil(row, [4]) // { id, school_username, display_name, group_ids: [4], ... }
 */
export function serializePupil(row: PupilFields, groupIds?: readonly number[]): Pupil {
  return {
    ...shapeValue(PUPIL_SHAPE, row),
    ...(groupIds ? { group_ids: groupIds } : {}),
    ...(row.deleted_at ? { deleted_at: row.deleted_at } : {}),
  };
}

/**
 * A teacher of a school; `admin` is for the school being looked at.
 *
 * @example
 * serializeTeacher(row, true) // { id, username, email, admin: true, ... }
 */
export function serializeTeacher(row: UserRow, admin = row.admin === 1): Teacher {
  return {
    id: row.id,
    username: row.username,
    email: row.email,
    first_name: row.first_name,
    last_name: row.last_name,
    display_name: row.display_name,
    school_id: row.school_id,
    admin,
    experimental: row.experimental === 1,
    created_at: row.created_at,
    ...(row.deleted_at ? { deleted_at: row.deleted_at } : {}),
  };
}

/**
 * Any user in a search result or the deleted-users list.
 *
 * @example
 * serializeUser(row).kind // 'pupil'
 */
export function serializeUser(row: UserRow): User {
  return row.kind === 'pupil' ? { kind: 'pupil', ...serializePupil(row) } : { kind: row.kind, ...serializeTeacher(row) };
}

/**
 * A group with its counts.
 *
 * @example
 * serializeGroup(row) // { id, name, parent_id, colour, ... }
 */
export function serializeGroup(row: GroupRow, counts?: { pupils: number; teachers: number; subgroups: number }): Group {
  return {
    ...jsonObject(row.data),
    id: row.id,
    school_id: row.school_id,
    parent_id: row.parent_id,
    name: row.name,
    created_at: row.created_at,
    updated_at: row.updated_at,
    ...(counts ? { pupil_count: counts.pupils, teacher_count: counts.teachers, subgroup_count: counts.subgroups } : {}),
  };
}
