/**
 * Teacher invites: an admin invites an email address; whoever holds the code joins the school, with a new
 * account or, for an existing teacher, their own password. The sandbox sends no email: the code is in
 * the invite response (and in GET events).
 */
import { randomBytes } from 'node:crypto';
import { hashPassword, verifyPassword } from '../../domain/auth/password.js';
import { issueToken } from '../../domain/auth/tokens.js';
import type { PartialHandlerMap, RouteHandler } from '../../kit/handler.js';
import { HttpError } from '../../kit/handler.js';
import { callerSchoolId } from '../../kit/reach.js';
import { logEvent } from '../../domain/schools/events.js';
import { findSchool } from '../../domain/schools/find.js';
import { fields, parseField } from '../../kit/input.js';
import { isMember, joinSchool } from '../../domain/schools/memberships.js';
import type { UserRow } from '../../domain/schools/rows.js';
import { serializeSchool, serializeTeacher } from '../../domain/schools/serialize.js';
import { one, run } from '../../kit/sql.js';
import { schoolTeachers } from '../../domain/schools/teachers.js';
import type { Row } from '../../db/rows.js';
import type { TeacherInvite } from '../../../core/shapes/types.js';
import { reply } from '../../kit/reply.js';

/** Invites last two weeks. */
const INVITE_DAYS = 14;

type InviteRow = Row<'teacher_invites'>;

/** A teacher invitation as the API answers it. */
export function serializeInvite(row: InviteRow): TeacherInvite {
  return { id: row.id, school_id: row.school_id, email: row.email, code: row.code, created_at: row.created_at, expires_at: row.expires_at, accepted_at: row.accepted_at };
}

const invite: RouteHandler<'POST users/me/school/teachers/invite'> = (ctx) => {
  const schoolId = callerSchoolId(ctx);
  const email = parseField('email', fields.email, ctx.input.email);
  if (schoolTeachers(ctx.db, schoolId).some((t) => t.row.email?.toLowerCase() === email)) {
    throw new HttpError(409, 'Conflict', `${email} is already a teacher of this school`);
  }
  const now = ctx.now();
  const code = randomBytes(12).toString('base64url');
  const expires = new Date(now.getTime() + INVITE_DAYS * 86_400_000).toISOString();
  const pending = one<InviteRow>(ctx.db, 'SELECT * FROM teacher_invites WHERE school_id = ? AND email = ? AND accepted_at IS NULL', schoolId, email);
  if (pending) run(ctx.db, 'UPDATE teacher_invites SET code = ?, created_at = ?, expires_at = ? WHERE id = ?', code, now.toISOString(), expires, pending.id);
  else {
    run(ctx.db, 'INSERT INTO teacher_invites (school_id, email, code, invited_by, created_at, expires_at) VALUES (?, ?, ?, ?, ?, ?)', schoolId, email, code, ctx.user?.id ?? null, now.toISOString(), expires);
  }
  ctx.countWrite();
  logEvent(ctx, schoolId, 'teachers.invited', { email, code });
  const row = one<InviteRow>(ctx.db, 'SELECT * FROM teacher_invites WHERE code = ?', code) as InviteRow;
  return reply(ctx, 'invite', serializeInvite(row), { resent: pending !== undefined }, pending ? 200 : 201);
};

const accept: RouteHandler<'POST users/teacherinvite'> = (ctx) => {
  const { code, password } = ctx.input;
  const row = one<InviteRow>(ctx.db, 'SELECT * FROM teacher_invites WHERE code = ?', code);
  if (!row) throw new HttpError(404, 'Not found', 'No invite has this code');
  if (row.accepted_at) throw new HttpError(409, 'Conflict', `Invite ${row.id} was already accepted on ${row.accepted_at}`);
  const now = ctx.now();
  if (Date.parse(row.expires_at) <= now.getTime()) throw new HttpError(409, 'Conflict', `Invite ${row.id} expired on ${row.expires_at}; ask for a new one`);
  const school = findSchool(ctx.db, row.school_id);
  let user = one<UserRow>(ctx.db, "SELECT * FROM users WHERE (lower(email) = ? OR lower(username) = ?) AND deleted_at IS NULL", row.email, row.email);
  if (user) {
    const stored = one<Pick<Row<'users'>, 'password_hash'>>(ctx.db, 'SELECT password_hash FROM users WHERE id = ?', user.id);
    if (user.kind !== 'teacher') throw new HttpError(409, 'Conflict', `${row.email} belongs to a ${user.kind} account, not a teacher`);
    if (!stored || !verifyPassword(password, stored.password_hash)) throw new HttpError(401, 'Unauthorised', 'Incorrect login details');
    if (isMember(ctx.db, user.id, school.id)) throw new HttpError(409, 'Conflict', `${row.email} is already a member of school ${school.id}`);
  } else {
    if (password.length < 8) throw new HttpError(422, 'Invalid data', 'password: a new account needs at least 8 characters', { errors: [{ path: 'password', message: 'at least 8 characters' }] });
    const id = Number(
      run(ctx.db, "INSERT INTO users (username, email, password_hash, kind, permissions, created_at) VALUES (?, ?, ?, 'teacher', '[]', ?)", row.email, row.email, hashPassword(password), now.toISOString())
        .lastInsertRowid,
    );
    user = one<UserRow>(ctx.db, 'SELECT * FROM users WHERE id = ?', id) as UserRow;
  }
  joinSchool(ctx.db, user.id, school.id, { admin: false, now: now.toISOString() });
  run(ctx.db, 'UPDATE teacher_invites SET accepted_at = ?, user_id = ? WHERE id = ?', now.toISOString(), user.id, row.id);
  ctx.countWrite();
  logEvent(ctx, school.id, 'teachers.invite_accepted', { id: user.id, invite_id: row.id });
  const token = issueToken(ctx.db, user.id, now);
  return reply(ctx, 'user', serializeTeacher(one<UserRow>(ctx.db, 'SELECT * FROM users WHERE id = ?', user.id) as UserRow), { token, school: serializeSchool(school) });
};

export const teacherInviteHandlers = {
  'POST users/me/school/teachers/invite': invite,
  'POST users/teacherinvite': accept,
} satisfies PartialHandlerMap;
