/**
 * Teacher invites: an admin invites an email address; whoever holds the code joins the school, with a new
 * account or, for an existing teacher, their own password. The sandbox sends no email: the code is in
 * the invite response (and in GET events).
 */
import { randomBytes } from 'node:crypto';
import type { TeacherInvite } from '../../../core/shapes/types.js';
import type { Row } from '../../db/rows.js';
import { one, run } from '../../kit/sql.js';
import { hashPassword, verifyPassword } from '../auth/password.js';
import { issueToken } from '../auth/tokens.js';
import type { DomainContext } from '../context.js';
import { DomainError } from '../errors.js';
import { logEvent } from './events.js';
import { findSchool } from './find.js';
import { findRow } from '../../kit/reach.js';
import { isMember, joinSchool } from './memberships.js';
import type { SchoolRow, UserRow } from './rows.js';
import { schoolTeachers } from './teachers.js';
import { fieldsOf, shapeValue, type RowShape } from '../../db/fast/shape.js';

/** Invites last two weeks. */
const INVITE_DAYS = 14;

type InviteRow = Row<'teacher_invites'>;

const { column: c } = fieldsOf<InviteRow>();

const INVITE_SHAPE: RowShape<InviteRow, TeacherInvite> = {
  id: c('id'),
  school_id: c('school_id'),
  email: c('email'),
  code: c('code'),
  created_at: c('created_at'),
  expires_at: c('expires_at'),
  accepted_at: c('accepted_at'),
};

/**
 * A teacher invitation as the API answers it.
 *
 * @example
 * serializeInvite(row); // { id: 1, school_id: 1, email: 'new@school.test', code: '...', ... }
 */
export function serializeInvite(row: InviteRow): TeacherInvite {
  return shapeValue(INVITE_SHAPE, row);
}

/**
 * Invites `email` to teach at school `schoolId` (a pending invite to it gets a new code and term), logged;
 * refused for a teacher of the school already.
 *
 * @example
 * inviteTeacher(ctx, 1, 'new@school.test'); // { invite: { code: '...', ... }, resent: false }
 */
export function inviteTeacher(
  ctx: DomainContext,
  schoolId: number,
  email: string,
): { invite: InviteRow; resent: boolean } {
  if (schoolTeachers(ctx.db, schoolId).some((t) => t.row.email?.toLowerCase() === email)) {
    throw new DomainError('conflict', `${email} is already a teacher of this school`);
  }
  const now = ctx.now();
  const code = randomBytes(12).toString('base64url');
  const expires = new Date(now.getTime() + INVITE_DAYS * 86_400_000).toISOString();
  const pending = one<InviteRow>(
    ctx.db,
    'SELECT * FROM teacher_invites WHERE school_id = ? AND email = ? AND accepted_at IS NULL',
    schoolId,
    email,
  );
  if (pending)
    run(
      ctx.db,
      'UPDATE teacher_invites SET code = ?, created_at = ?, expires_at = ? WHERE id = ?',
      code,
      now.toISOString(),
      expires,
      pending.id,
    );
  else {
    run(
      ctx.db,
      'INSERT INTO teacher_invites (school_id, email, code, invited_by, created_at, expires_at) VALUES (?, ?, ?, ?, ?, ?)',
      schoolId,
      email,
      code,
      ctx.user?.id ?? null,
      now.toISOString(),
      expires,
    );
  }
  logEvent(ctx, schoolId, 'teachers.invited', { email, code });
  const row = one<InviteRow>(ctx.db, 'SELECT * FROM teacher_invites WHERE code = ?', code) as InviteRow;
  return { invite: row, resent: pending !== undefined };
}

/**
 * Accepts the invite `code` names: an existing teacher joins with their own password, anyone else gets a
 * new teacher account with `password`; answers the teacher, a session token and the school.
 *
 * @example
 * acceptInvite(ctx, code, 'a long password'); // { user: {...}, token: '...', school: {...} }
 */
export function acceptInvite(
  ctx: DomainContext,
  code: string,
  password: string,
): { user: UserRow; token: string; school: SchoolRow } {
  const row = findRow<InviteRow>(
    ctx.db,
    () => new DomainError('not-found', 'No invite has this code'),
    'SELECT * FROM teacher_invites WHERE code = ?',
    code,
  );
  if (row.accepted_at) throw new DomainError('conflict', `Invite ${row.id} was already accepted on ${row.accepted_at}`);
  const now = ctx.now();
  if (Date.parse(row.expires_at) <= now.getTime())
    throw new DomainError('conflict', `Invite ${row.id} expired on ${row.expires_at}; ask for a new one`);
  const school = findSchool(ctx.db, row.school_id);
  let user = one<UserRow>(
    ctx.db,
    'SELECT * FROM users WHERE (lower(email) = ? OR lower(username) = ?) AND deleted_at IS NULL',
    row.email,
    row.email,
  );
  if (user) {
    const stored = one<Pick<Row<'users'>, 'password_hash'>>(
      ctx.db,
      'SELECT password_hash FROM users WHERE id = ?',
      user.id,
    );
    if (user.kind !== 'teacher')
      throw new DomainError('conflict', `${row.email} belongs to a ${user.kind} account, not a teacher`);
    if (!stored || !verifyPassword(password, stored.password_hash))
      throw new DomainError('unauthorised', 'Incorrect login details');
    if (isMember(ctx.db, user.id, school.id))
      throw new DomainError('conflict', `${row.email} is already a member of school ${school.id}`);
  } else {
    if (password.length < 8)
      throw new DomainError('invalid', 'password: a new account needs at least 8 characters', {
        errors: [{ path: 'password', message: 'at least 8 characters' }],
      });
    const id = Number(
      run(
        ctx.db,
        "INSERT INTO users (username, email, password_hash, kind, permissions, created_at) VALUES (?, ?, ?, 'teacher', '[]', ?)",
        row.email,
        row.email,
        hashPassword(password),
        now.toISOString(),
      ).lastInsertRowid,
    );
    user = one<UserRow>(ctx.db, 'SELECT * FROM users WHERE id = ?', id) as UserRow;
  }
  joinSchool(ctx.db, user.id, school.id, { admin: false, now: now.toISOString() });
  run(
    ctx.db,
    'UPDATE teacher_invites SET accepted_at = ?, user_id = ? WHERE id = ?',
    now.toISOString(),
    user.id,
    row.id,
  );
  logEvent(ctx, school.id, 'teachers.invite_accepted', { id: user.id, invite_id: row.id });
  const token = issueToken(ctx.db, user.id, now);
  return { user: one<UserRow>(ctx.db, 'SELECT * FROM users WHERE id = ?', user.id) as UserRow, token, school };
}
