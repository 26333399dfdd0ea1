import { one, type Db } from '../../kit/sql.js';
import { jsonObject } from '../../kit/json-columns.js';
import { literacyAccessLevel } from '../resources/resources.js';
import type { SchoolRow, UserRow } from '../schools/rows.js';
import type { SessionUser } from '../../../core/shapes/types.js';
import { fieldsOf, shapeValue, type RowShape } from '../../db/fast/shape.js';
import { findRow, type Missing } from '../../kit/reach.js';

/** The columns of a user the session answers from (never the password hash). */
const USER_COLUMNS = [
  'id',
  'username',
  'email',
  'first_name',
  'last_name',
  'display_name',
  'kind',
  'superuser',
  'employee',
  'tester',
  'school_id',
  'school_username',
  'admin',
  'district_id',
  'parent_id',
  'stage_spelling',
  'stage_number',
  'experimental',
  'permissions',
  'avatar',
  'created_at',
] as const satisfies readonly (keyof UserRow)[];

/** A live user as the session reads it: those columns, and the anonymous flag (0 or 1) its data holds. */
export type SessionUserRow = Pick<UserRow, (typeof USER_COLUMNS)[number]> & { readonly anonymous: number };

const USER_SQL = `SELECT ${USER_COLUMNS.join(', ')}, COALESCE(json_extract(data, '$.anonymous'), 0) AS anonymous
  FROM users WHERE id = ? AND deleted_at IS NULL`;

/** The school of the signed-in user, as the session answers it (with its settings parsed). */
type SessionSchoolRow = Pick<
  SchoolRow,
  'id' | 'name' | 'country' | 'region' | 'locale' | 'account_region' | 'district_id' | 'settings'
>;

/**
 * Reads a live user row, or null.
 *
 * @example
 * const row = readUser(db, 3);
 */
export function readUser(db: Db, id: number): SessionUserRow | null {
  return one<SessionUserRow>(db, USER_SQL, id) ?? null;
}

/**
 * A live user row, or what `missing` says (404 `User 3 not found` for a label).
 *
 * @example
 * const row = findUser(db, 'User', 3);
 */
export function findUser(db: Db, missing: Missing, id: number): SessionUserRow {
  return findRow<SessionUserRow>(db, missing, USER_SQL, id);
}

/** The session's user row with their school, who imitates them and their access to members-only resources. */
type SessionUserWith = SessionUserRow & {
  readonly school: SessionSchoolRow | undefined;
  readonly imitator: SessionUserRow | null;
  readonly literacy_access_level: SessionUser['literacy_access_level'];
};

const { column: c, flag, json, strings } = fieldsOf<SessionUserWith>();

/** The user's profile and flags, then their school with the teacher and admin flags the site derives its roles from. */
const SESSION_USER_SHAPE: RowShape<SessionUserWith, Omit<SessionUser, 'token'>> = {
  id: c('id'),
  username: c('username'),
  email: c('email'),
  first_name: c('first_name'),
  last_name: c('last_name'),
  display_name: c('display_name'),
  kind: c('kind'),
  superuser: flag('superuser'),
  employee: flag('employee'),
  tester: flag('tester'),
  anonymous: flag('anonymous'),
  permissions: strings('permissions'),
  // O §6: what the site reads for the members-only resources (full or trial), from the school's subscriptions.
  literacy_access_level: c('literacy_access_level'),
  stage_spelling: c('stage_spelling'),
  stage_number: c('stage_number'),
  experimental: flag('experimental'),
  avatar: json('avatar'),
  school_username: c('school_username'),
  district_id: c('district_id'),
  parent_id: c('parent_id'),
  created_at: c('created_at'),
  school: {
    value: ({ school, kind, admin }) =>
      school === undefined
        ? null
        : {
            ...school,
            settings: jsonObject(school.settings),
            teacher: kind === 'teacher',
            admin: kind === 'teacher' && admin === 1,
          },
  },
  imitatingUser: {
    value: ({ imitator }) =>
      imitator && { id: imitator.id, username: imitator.username, display_name: imitator.display_name },
  },
};

/**
 * The user object the API answers (`POST auth`, `GET users/me`): profile, flags, permissions, and the
 * school with the teacher and admin flags the site derives its roles from. `imitatorId` fills
 * `imitatingUser` (who is imitating this user).
 *
 * @example
 * serializeSessionUser(db, readUser(db, 3)!, null); // { id: 3, username: 'teacher', school: { id: 1, teacher: true, admin: false, ... }, ... }
 */
export function serializeSessionUser(
  db: Db,
  user: SessionUserRow,
  imitatorId: number | null,
): Omit<SessionUser, 'token'> {
  const school =
    user.school_id === null
      ? undefined
      : one<SessionSchoolRow>(
          db,
          'SELECT id, name, country, region, locale, account_region, district_id, settings FROM schools WHERE id = ?',
          user.school_id,
        );
  const imitator = imitatorId === null ? null : readUser(db, imitatorId);
  return shapeValue(SESSION_USER_SHAPE, {
    ...user,
    school,
    imitator,
    literacy_access_level: literacyAccessLevel(db, user.school_id),
  });
}
