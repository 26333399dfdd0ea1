import { jsonObject } from '../../kit/json-columns.js';
import { fieldsOf, shapeValue, type RowShape } from '../../db/fast/shape.js';
import { PUPIL_SHAPE } from '../pupils/pupil-shape.js';
import type { GroupRow, SchoolRow, UserRow } from './rows.js';
import type { Group, Pupil, School, Teacher, User } from '../../../core/shapes/types.js';

const school = fieldsOf<SchoolRow>();

/** The row without its deletion date, JSON columns parsed. */
const SCHOOL_SHAPE: RowShape<SchoolRow, School> = {
  id: school.column('id'),
  name: school.column('name'),
  code: school.column('code'),
  country: school.column('country'),
  region: school.column('region'),
  locale: school.column('locale'),
  account_region: school.column('account_region'),
  district_id: school.column('district_id'),
  settings: school.json('settings'),
  integrations: school.json('integrations'),
  created_at: school.column('created_at'),
};

/**
 * JSON shapes of school-administration rows. Flags are booleans, dates ISO strings, JSON columns objects.
 *
 * @example
 * return reply(ctx, 'school', serializeSchool(row));
 */
export function serializeSchool(row: SchoolRow): School {
  return shapeValue(SCHOOL_SHAPE, row);
}

/**
 * The columns serializePupil reads. The pupil list does not read them: it answers the `pupil_docs` read model,
 * whose SQL is generated from the same PUPIL_SHAPE (pupil-shape.ts) as serializePupil.
 */
export const PUPIL_COLUMNS = [
  'id',
  'username',
  'school_id',
  'school_username',
  'first_name',
  'last_name',
  'display_name',
  'stage_spelling',
  'stage_number',
  'experimental',
  'permissions',
  'created_at',
  'deleted_at',
] as const;

/** The part of a user row a pupil's JSON shows. */
export type PupilFields = Pick<UserRow, (typeof PUPIL_COLUMNS)[number]>;

/**
 * The pupil's keys (PUPIL_SHAPE, which the `pupil_docs` read model shares), then their groups where the
 * caller read them and the deletion date of a deleted pupil.
 */
const PUPIL_REPLY_SHAPE: RowShape<PupilFields & { readonly group_ids: readonly number[] | undefined }, Pupil> = {
  ...PUPIL_SHAPE,
  group_ids: { value: (row) => row.group_ids && [...row.group_ids] },
  deleted_at: { value: (row) => row.deleted_at || undefined },
};

/**
 * A pupil as staff see them (never a password hash).
 *
 * @example
 * serializePupil(row, [4]) // { id, school_username, display_name, group_ids: [4], ... }
 */
export function serializePupil(row: PupilFields, groupIds?: readonly number[]): Pupil {
  return shapeValue(PUPIL_REPLY_SHAPE, { ...row, group_ids: groupIds });
}

const teacher = fieldsOf<TeacherFields>();

/** A teacher's row, `admin` for the school being looked at. */
type TeacherFields = Omit<UserRow, 'admin'> & { readonly admin: boolean };

/** The deletion date comes only for a deleted teacher. */
const TEACHER_SHAPE: RowShape<TeacherFields, Teacher> = {
  id: teacher.column('id'),
  username: teacher.column('username'),
  email: teacher.column('email'),
  first_name: teacher.column('first_name'),
  last_name: teacher.column('last_name'),
  display_name: teacher.column('display_name'),
  school_id: teacher.column('school_id'),
  admin: teacher.column('admin'),
  experimental: teacher.flag('experimental'),
  created_at: teacher.column('created_at'),
  deleted_at: { value: (row) => row.deleted_at || undefined },
};

/**
 * A teacher of a school; `admin` is for the school being looked at.
 *
 * @example
 * serializeTeacher(row, true) // { id, username, email, admin: true, ... }
 */
export function serializeTeacher(row: UserRow, admin = row.admin === 1): Teacher {
  return shapeValue(TEACHER_SHAPE, { ...row, admin });
}

/**
 * Any user in a search result or the deleted-users list.
 *
 * @example
 * serializeUser(row).kind // 'pupil'
 */
export function serializeUser(row: UserRow): User {
  return row.kind === 'pupil'
    ? { kind: 'pupil', ...serializePupil(row) }
    : { kind: row.kind, ...serializeTeacher(row) };
}

const group = fieldsOf<GroupFields>();

/** A group's row with its counts, where the caller counted them. */
type GroupFields = GroupRow & { readonly pupils?: number; readonly teachers?: number; readonly subgroups?: number };

/** The keys of the row (after what its data holds: colour, year, description...), then the counts where given. */
const GROUP_SHAPE: RowShape<
  GroupFields,
  Pick<
    Group,
    | 'id'
    | 'school_id'
    | 'parent_id'
    | 'name'
    | 'created_at'
    | 'updated_at'
    | 'pupil_count'
    | 'teacher_count'
    | 'subgroup_count'
  >
> = {
  id: group.column('id'),
  school_id: group.column('school_id'),
  parent_id: group.column('parent_id'),
  name: group.column('name'),
  created_at: group.column('created_at'),
  updated_at: group.column('updated_at'),
  pupil_count: group.column('pupils'),
  teacher_count: group.column('teachers'),
  subgroup_count: group.column('subgroups'),
};

/**
 * A group with its counts.
 *
 * @example
 * serializeGroup(row) // { id, name, parent_id, colour, ... }
 */
export function serializeGroup(row: GroupRow, counts?: { pupils: number; teachers: number; subgroups: number }): Group {
  const { pupils, teachers, subgroups } = counts ?? {};
  return { ...jsonObject(row.data), ...shapeValue(GROUP_SHAPE, { ...row, pupils, teachers, subgroups }) };
}
