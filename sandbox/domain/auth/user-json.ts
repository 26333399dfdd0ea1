import { one, type Db } from '../../kit/sql.js';
import { jsonObject, stringsColumn } from '../../kit/json-columns.js';
import { literacyAccessLevel } from '../resources/resources.js';
import type { SchoolRow, UserRow } from '../schools/rows.js';
import type { SessionUser } from '../../../core/shapes/types.js';

/** The columns of a user the session answers from (never the password hash). */
const USER_COLUMNS = [
  'id', 'username', 'email', 'first_name', 'last_name', 'display_name', 'kind', 'superuser', 'employee', 'tester', 'school_id',
  'school_username', 'admin', 'district_id', 'parent_id', 'stage_spelling', 'stage_number', 'experimental', 'permissions', 'avatar',
  'created_at',
] as const satisfies readonly (keyof UserRow)[];

/** A live user as the session reads it: those columns, and the anonymous flag (0 or 1) its data holds. */
export type SessionUserRow = Pick<UserRow, (typeof USER_COLUMNS)[number]> & { readonly anonymous: number };

const USER_SQL = `SELECT ${USER_COLUMNS.join(', ')}, COALESCE(json_extract(data, '$.anonymous'), 0) AS anonymous
  FROM users WHERE id = ? AND deleted_at IS NULL`;

/** The school of the signed-in user, as the session answers it (with its settings parsed). */
type SessionSchoolRow = Pick<SchoolRow, 'id' | 'name' | 'country' | 'region' | 'locale' | 'account_region' | 'district_id' | 'settings'>;

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
 * The user object the API answers (`POST auth`, `GET users/me`): profile, flags, permissions, and the
 * school with the teacher and admin flags the site derives its roles from. `imitatorId` fills
 * `imitatingUser` (who is imitating this user).
 *
 * @example
 * serializeSessionUser(db, readUser(db, 3)!, null); // { id: 3, username: 'teacher', school: { id: 1, teacher: true, admin: false, ... }, ... }
 */
export function serializeSessionUser(db: Db, user: SessionUserRow, imitatorId: number | null): Omit<SessionUser, 'token'> {
  const school = user.school_id === null ? undefined : one<SessionSchoolRow>(db, 'SELECT id, name, country, region, locale, account_region, district_id, settings FROM schools WHERE id = ?', user.school_id);
  const imitator = imitatorId === null ? null : readUser(db, imitatorId);
  return {
    id: user.id,
    username: user.username,
    email: user.email,
    first_name: user.first_name,
    last_name: user.last_name,
    display_name: user.display_name,
    kind: user.kind,
    superuser: user.superuser === 1,
    employee: user.employee === 1,
    tester: user.tester === 1,
    anonymous: user.anonymous === 1,
    permissions: stringsColumn(user.permissions),
    // O §6: what the site reads for the members-only resources (full or trial), from the school's subscriptions.
    literacy_access_level: literacyAccessLevel(db, user.school_id),
    stage_spelling: user.stage_spelling,
    stage_number: user.stage_number,
    experimental: user.experimental === 1,
    avatar: jsonObject(user.avatar),
    school_username: user.school_username,
    district_id: user.district_id,
    parent_id: user.parent_id,
    created_at: user.created_at,
    school: school === undefined ? null : {
      ...school,
      settings: jsonObject(school.settings),
      teacher: user.kind === 'teacher',
      admin: user.kind === 'teacher' && user.admin === 1,
    },
    imitatingUser: imitator && { id: imitator.id, username: imitator.username, display_name: imitator.display_name },
  };
}
