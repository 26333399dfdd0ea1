import { z } from 'zod';
import type { Db } from '../../kit/sql.js';
import { statement } from '../../db/statements.js';
import { literacyAccessLevel } from '../resources/resources.js';
import { USER_KINDS } from '../../../core/domain/accounts.js';
import type { SessionUser } from '../../../core/shapes/types.js';

const jsonText = <T extends z.ZodType>(schema: T) => z.string().transform((text) => schema.parse(JSON.parse(text)) as z.output<T>);

const userRow = z.object({
  id: z.number().int(),
  username: z.string(),
  email: z.string().nullable(),
  first_name: z.string(),
  last_name: z.string(),
  display_name: z.string(),
  kind: z.enum(USER_KINDS),
  superuser: z.number(),
  employee: z.number(),
  tester: z.number(),
  school_id: z.number().int().nullable(),
  school_username: z.string().nullable(),
  admin: z.number(),
  district_id: z.number().int().nullable(),
  parent_id: z.number().int().nullable(),
  stage_spelling: z.number().nullable(),
  stage_number: z.number().nullable(),
  experimental: z.number(),
  permissions: jsonText(z.array(z.string())),
  avatar: jsonText(z.record(z.string(), z.json())),
  anonymous: z.number(),
  created_at: z.string(),
});

const schoolRow = z.object({
  id: z.number().int(),
  name: z.string(),
  country: z.string(),
  region: z.string().nullable(),
  locale: z.string(),
  account_region: z.string(),
  district_id: z.number().int().nullable(),
  settings: jsonText(z.record(z.string(), z.json())),
});

export type UserRow = z.output<typeof userRow>;

const USER_SQL = `SELECT id, username, email, first_name, last_name, display_name, kind, superuser, employee, tester, school_id,
  school_username, admin, district_id, parent_id, stage_spelling, stage_number, experimental, permissions, avatar,
  COALESCE(json_extract(data, '$.anonymous'), 0) AS anonymous, created_at
  FROM users WHERE id = ? AND deleted_at IS NULL`;

/**
 * Reads a live user row, or null.
 *
 * @example
 * const row = readUser(db, 3);
 */
export function readUser(db: Db, id: number): UserRow | null {
  const found: unknown = statement(db, USER_SQL).get(id);
  return found === undefined ? null : userRow.parse(found);
}

/**
 * The user object the API answers (`POST auth`, `GET users/me`): profile, flags, permissions, and the
 * school with the teacher and admin flags the site derives its roles from. `imitatorId` fills
 * `imitatingUser` (who is imitating this user).
 *
 * @example
 * serializeSessionUser(db, readUser(db, 3)!, null); // { id: 3, username: 'teacher', school: { id: 1, teacher: true, admin: false, ... }, ... }
 */
export function serializeSessionUser(db: Db, user: UserRow, imitatorId: number | null): Omit<SessionUser, 'token'> {
  const schoolFound: unknown = user.school_id === null ? undefined : statement(db, 'SELECT id, name, country, region, locale, account_region, district_id, settings FROM schools WHERE id = ?').get(user.school_id);
  const school = schoolFound === undefined ? null : schoolRow.parse(schoolFound);
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
    permissions: user.permissions,
    // O §6: what the site reads for the members-only resources (full or trial), from the school's subscriptions.
    literacy_access_level: literacyAccessLevel(db, user.school_id),
    stage_spelling: user.stage_spelling,
    stage_number: user.stage_number,
    experimental: user.experimental === 1,
    avatar: user.avatar,
    school_username: user.school_username,
    district_id: user.district_id,
    parent_id: user.parent_id,
    created_at: user.created_at,
    school: school && {
      ...school,
      teacher: user.kind === 'teacher',
      admin: user.kind === 'teacher' && user.admin === 1,
    },
    imitatingUser: imitator && { id: imitator.id, username: imitator.username, display_name: imitator.display_name },
  };
}
