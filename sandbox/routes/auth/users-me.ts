/** The signed-in user: read and update yourself, sign up, relationships. */
import { z } from 'zod';
import { hashPassword } from '../../domain/auth/password.js';
import { openSession } from '../../domain/auth/sign-in.js';
import { readUser, serializeSessionUser } from '../../domain/auth/user-json.js';
import { HttpError, type HandlerContext, type HandlerResult, type PartialHandlerMap } from '../../kit/handler.js';
import { notFound, parseField, pathId } from '../../kit/input.js';
import { mayReachUser, requireUser } from '../../kit/reach.js';
import { tokenHash } from '../../domain/auth/tokens.js';
import { one, oneValue, run } from '../../kit/sql.js';
import { reply, sessionReply } from '../../kit/reply.js';

/** Re-verification lasts this long (the 403 session-verification flow asks again after it). */
const VERIFIED_MINUTES = 30;

interface ProfileInput {
  readonly email?: string | null;
  readonly first_name?: string;
  readonly last_name?: string;
  readonly display_name?: string;
  readonly avatar?: Readonly<Record<string, unknown>>;
}

/** The profile keys a call sent, the email's form checked (the table types the rest). */
function profileOf(input: ProfileInput): ProfileInput {
  const { first_name, last_name, display_name } = input;
  return {
    first_name,
    last_name,
    display_name,
    email: parseField('email', z.email().nullable().optional(), input.email),
    avatar: input.avatar,
  };
}

function me(ctx: HandlerContext): HandlerResult {
  const caller = requireUser(ctx);
  const user = readUser(ctx.db, caller.id);
  if (!user) throw new HttpError(401, 'Unauthorised', 'Your account no longer exists');
  return reply(ctx, 'user', { ...serializeSessionUser(ctx.db, user, caller.imitatedBy), token: caller.token }, { token: caller.token });
}

export const usersMeHandlers = {
  'GET users/me': me,
  'GET users/me/refresh': me,

  'PUT users/me': (ctx) => {
    const caller = requireUser(ctx);
    const change = profileOf(ctx.input);
    const sets = Object.entries(change).filter(([, v]) => v !== undefined);
    if (sets.length > 0) {
      const sql = sets.map(([k]) => `${k} = ?`).join(', ');
      const values = sets.map(([k, v]) => (k === 'avatar' ? JSON.stringify(v) : v));
      run(ctx.db, `UPDATE users SET ${sql} WHERE id = ?`, ...values, caller.id);
    }
    return me(ctx);
  },

  'GET users/me/password-verified': (ctx) => {
    const caller = requireUser(ctx);
    const at = oneValue<string | null>(ctx.db, 'SELECT verified_at FROM tokens WHERE token_hash = ?', tokenHash(caller.token));
    const verified = typeof at === 'string' && ctx.now().getTime() - Date.parse(at) < VERIFIED_MINUTES * 60_000;
    return reply(ctx, 'verified', verified, { verified_at: at ?? null });
  },

  'GET users/me/users/{id}': (ctx) => {
    const caller = requireUser(ctx);
    const id = pathId(ctx, 'User');
    const other = readUser(ctx.db, id);
    const self = readUser(ctx.db, caller.id);
    if (!other || !self) throw notFound('User', id);
    const sameSchool = self.school_id !== null && self.school_id === other.school_id;
    // The spec: asking about a user outside the relationship is an error; another school's user reads as missing.
    const related = sameSchool || self.parent_id === other.id || mayReachUser(ctx.db, caller, other, 'own');
    if (!related) throw notFound('User', id);
    const teacherHere = sameSchool && self.kind === 'teacher';
    return reply(ctx, 'relationship', {
          isMe: self.id === other.id,
          isSameSchool: sameSchool,
          isTeacher: teacherHere,
          isAdmin: teacherHere && self.admin === 1,
          isParent: other.parent_id === self.id,
          isChild: self.parent_id === other.id,
          isSuperuser: self.superuser === 1,
        });
  },

  'POST users': (ctx) => {
    const input = { ...profileOf(ctx.input), username: ctx.input.username, password: ctx.input.password, kind: ctx.input.kind ?? 'teacher' };
    const taken = one(ctx.db, 'SELECT 1 FROM users WHERE username = ? COLLATE NOCASE', input.username);
    if (taken) throw new HttpError(409, 'Conflict', `Username ${input.username} is taken`);
    const id = Number(
      run(ctx.db, `INSERT INTO users (username, email, first_name, last_name, display_name, password_hash, kind, avatar, created_at)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`, input.username,
          input.email ?? null,
          input.first_name ?? '',
          input.last_name ?? '',
          input.display_name ?? [input.first_name, input.last_name].filter(Boolean).join(' '),
          hashPassword(input.password),
          input.kind,
          JSON.stringify(input.avatar ?? {}),
          ctx.now().toISOString()).lastInsertRowid,
    );
    return sessionReply(ctx, openSession(ctx, id, null), 201);
  },
} satisfies PartialHandlerMap;
