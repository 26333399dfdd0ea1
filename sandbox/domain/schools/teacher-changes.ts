/**
 * Teachers of a school as its admins change them: adding a new account, editing, removing (the account
 * goes with its last school), admin rights (a school always keeps an admin); the school's event log; and
 * the search across schools.
 */
import { randomInt } from 'node:crypto';
import type { DomainContext } from '../context.js';
import { DomainError } from '../errors.js';
import { hashPassword } from '../auth/password.js';
import { logEvent } from './events.js';
import { adminCount, joinSchool, schoolsOf } from './memberships.js';
import { generatePassword } from '../pupils/names.js';
import type { UserRow } from './rows.js';
import { schoolTeachers } from './teachers.js';
import { jsonObject } from '../../kit/json-columns.js';
import { callerSchoolId, requireUser, superuserMay } from '../../kit/reach.js';
import { containsText } from '../../kit/search.js';
import { all, one, run, type Db } from '../../kit/sql.js';
import type { Row } from '../../db/rows.js';

const random = (): number => randomInt(0, 2 ** 32) / 2 ** 32;

/** A new teacher's fields, the email's form already checked. */
export interface NewTeacher {
  readonly first_name: string;
  readonly last_name: string;
  readonly email: string;
  readonly username?: string | undefined;
  readonly password?: string | undefined;
  readonly admin?: boolean | undefined;
}

/**
 * A new teacher account in the school (409 when the email or username is taken); returns its id and,
 * when none was chosen, the password made for it.
 *
 * @example
 * createTeacher(ctx, 1, { first_name: 'Ada', last_name: 'L', email: 'ada@example.org' }) // { id: 40, password: '...' }
 */
export function createTeacher(
  ctx: DomainContext,
  schoolId: number,
  fields: NewTeacher,
): { id: number; password: string } {
  const existing = one<UserRow>(
    ctx.db,
    'SELECT * FROM users WHERE (email = ? OR username = ?) AND deleted_at IS NULL',
    fields.email,
    fields.username ?? fields.email,
  );
  if (existing) {
    const here = schoolTeachers(ctx.db, schoolId).some((t) => t.row.id === existing.id);
    throw new DomainError(
      'conflict',
      here
        ? `${fields.email} is already a teacher of this school`
        : `A user with ${fields.email} already exists; invite them to the school instead`,
    );
  }
  const password = fields.password ?? `${generatePassword(random)}${generatePassword(random)}`;
  const now = ctx.now().toISOString();
  const { lastInsertRowid } = run(
    ctx.db,
    `INSERT INTO users (username, email, first_name, last_name, display_name, password_hash, kind, school_id, admin, permissions, created_at)
     VALUES (?, ?, ?, ?, ?, ?, 'teacher', ?, ?, '[]', ?)`,
    fields.username ?? fields.email,
    fields.email,
    fields.first_name,
    fields.last_name,
    `${fields.first_name} ${fields.last_name}`.trim(),
    hashPassword(password),
    schoolId,
    fields.admin ? 1 : 0,
    now,
  );
  const id = Number(lastInsertRowid);
  joinSchool(ctx.db, id, schoolId, { admin: fields.admin ?? false, now });
  logEvent(ctx, schoolId, 'teachers.created', { id });
  return { id, password };
}

/**
 * Writes the sent names and email over the teacher's.
 *
 * @example
 * updateTeacher(db, teacher, { first_name: 'Ada' });
 */
export function updateTeacher(
  db: Db,
  teacher: UserRow,
  fields: {
    first_name?: string | undefined;
    last_name?: string | undefined;
    display_name?: string | undefined;
    email?: string | undefined;
  },
): void {
  const first = fields.first_name ?? teacher.first_name;
  const last = fields.last_name ?? teacher.last_name;
  run(
    db,
    'UPDATE users SET first_name = ?, last_name = ?, display_name = ?, email = ? WHERE id = ?',
    first,
    last,
    fields.display_name ?? `${first} ${last}`.trim(),
    fields.email ?? teacher.email,
    teacher.id,
  );
}

/**
 * 409 unless the school keeps an admin after `teacherId` stops being one.
 *
 * @example
 * assertNotLastAdmin(db, 1, 3, 'remove them');
 */
export function assertNotLastAdmin(db: Db, schoolId: number, teacherId: number, action: string): void {
  const teacher = schoolTeachers(db, schoolId).find((t) => t.row.id === teacherId);
  if (teacher?.admin && adminCount(db, schoolId) <= 1) {
    throw new DomainError(
      'conflict',
      `Teacher ${teacherId} is the only admin of school ${schoolId}; make another teacher admin before you ${action}`,
    );
  }
}

/**
 * Takes a teacher out of the school and its groups (409 for the caller themselves or the last admin);
 * a teacher of no other school loses the account. Returns whether it went.
 *
 * @example
 * removeTeacher(ctx, 1, teacher) // { accountDeleted: true }
 */
export function removeTeacher(ctx: DomainContext, schoolId: number, teacher: UserRow): { accountDeleted: boolean } {
  if (teacher.id === requireUser(ctx).id)
    throw new DomainError('conflict', 'You cannot remove yourself from the school; ask another admin');
  assertNotLastAdmin(ctx.db, schoolId, teacher.id, 'remove them');
  const elsewhere = schoolsOf(ctx.db, teacher.id).filter((m) => m.school.id !== schoolId);
  run(ctx.db, 'DELETE FROM school_memberships WHERE user_id = ? AND school_id = ?', teacher.id, schoolId);
  run(
    ctx.db,
    'DELETE FROM group_teachers WHERE user_id = ? AND group_id IN (SELECT id FROM school_groups WHERE school_id = ?)',
    teacher.id,
    schoolId,
  );
  const next = elsewhere[0];
  if (next) {
    if (teacher.school_id === schoolId)
      run(
        ctx.db,
        'UPDATE users SET school_id = ?, admin = ? WHERE id = ?',
        next.school.id,
        next.admin ? 1 : 0,
        teacher.id,
      );
  } else {
    run(ctx.db, 'UPDATE users SET deleted_at = ?, admin = 0 WHERE id = ?', ctx.now().toISOString(), teacher.id);
  }
  logEvent(ctx, schoolId, 'teachers.removed', { id: teacher.id, account_deleted: !next });
  return { accountDeleted: !next };
}

/**
 * The last 100 events of the caller's school (of every school for a superuser in none); 403 for anyone
 * but school staff.
 *
 * @example
 * schoolEvents(ctx)[0]?.kind // 'pupils.created'
 */
export function schoolEvents(ctx: DomainContext): Record<string, unknown>[] {
  const user = requireUser(ctx);
  if (!superuserMay(user, 'act as school staff') && user.kind !== 'teacher')
    throw new DomainError('forbidden', 'Only school staff can read the event log');
  const rows =
    superuserMay(user, 'reach every school') && user.schoolId === null
      ? all<Row<'school_events'>>(ctx.db, 'SELECT * FROM school_events ORDER BY id DESC LIMIT 100')
      : all<Row<'school_events'>>(
          ctx.db,
          'SELECT * FROM school_events WHERE school_id = ? ORDER BY id DESC LIMIT 100',
          callerSchoolId(ctx),
        );
  return rows.map((e) => ({ ...e, data: jsonObject(e.data) }));
}

/**
 * Up to 50 schools whose name or join code contains `text`.
 *
 * @example
 * schoolsMatching(db, 'oak')[0]?.name // 'Oakfield Primary School'
 */
export function schoolsMatching(db: Db, text: string): Pick<Row<'schools'>, 'id' | 'name' | 'country'>[] {
  return all<Pick<Row<'schools'>, 'id' | 'name' | 'country'>>(
    db,
    `SELECT id, name, country FROM schools WHERE deleted_at IS NULL AND (${containsText('name')} OR ${containsText('code')}) ORDER BY id LIMIT 50`,
    text,
    text,
  );
}
