/** The signed-in user's own record: reading it, changing the profile, signing up, and how two users relate. */
import type { DomainContext } from '../context.js';
import { DomainError, notFound } from '../errors.js';
import { hashPassword } from './password.js';
import { findUser, type SessionUserRow } from './user-json.js';
import { tokenHash } from './tokens.js';
import { mayReachUser, requireUser } from '../../kit/reach.js';
import { one, oneValue, run } from '../../kit/sql.js';

/** Re-verification lasts this long (the 403 session-verification flow asks again after it). */
const VERIFIED_MINUTES = 30;

/** The profile keys a call may change (the email's form already checked). */
export interface ProfileChange {
  readonly email?: string | null | undefined;
  readonly first_name?: string | undefined;
  readonly last_name?: string | undefined;
  readonly display_name?: string | undefined;
  readonly avatar?: Readonly<Record<string, unknown>> | undefined;
}

/**
 * The caller's own row, or 401 when their account is gone while the token lives on.
 *
 * @example
 * const user = currentUser(ctx);
 */
export function currentUser(ctx: DomainContext): SessionUserRow {
  return findUser(ctx.db, () => new DomainError('unauthorised', 'Your account no longer exists'), requireUser(ctx).id);
}

/**
 * Writes the keys of `change` that were sent to the caller's row.
 *
 * @example
 * updateProfile(ctx, { first_name: 'Ada' });
 */
export function updateProfile(ctx: DomainContext, change: ProfileChange): void {
  const caller = requireUser(ctx);
  const sets = Object.entries(change).filter(([, v]) => v !== undefined);
  if (sets.length === 0) return;
  const sql = sets.map(([k]) => `${k} = ?`).join(', ');
  const values = sets.map(([k, v]) => (k === 'avatar' ? JSON.stringify(v) : v));
  run(ctx.db, `UPDATE users SET ${sql} WHERE id = ?`, ...values, caller.id);
}

/**
 * Whether the caller's session re-verified its password within the last half hour, and when it did.
 *
 * @example
 * passwordVerified(ctx) // { verified: true, at: '2026-09-01T10:00:00.000Z' }
 */
export function passwordVerified(ctx: DomainContext): { verified: boolean; at: string | null } {
  const caller = requireUser(ctx);
  const at = oneValue<string | null>(
    ctx.db,
    'SELECT verified_at FROM tokens WHERE token_hash = ?',
    tokenHash(caller.token),
  );
  const verified = typeof at === 'string' && ctx.now().getTime() - Date.parse(at) < VERIFIED_MINUTES * 60_000;
  return { verified, at: at ?? null };
}

/**
 * How the caller relates to user `id`; 404 for a user outside any relationship (another school's reads as missing).
 *
 * @example
 * relationship(ctx, 12) // { isMe: false, isSameSchool: true, isTeacher: true, ... }
 */
export function relationship(ctx: DomainContext, id: number): Record<string, boolean> {
  const caller = requireUser(ctx);
  const other = findUser(ctx.db, 'User', id);
  const self = findUser(ctx.db, () => notFound('User', id), caller.id);
  const sameSchool = self.school_id !== null && self.school_id === other.school_id;
  // The spec: asking about a user outside the relationship is an error; another school's user reads as missing.
  const related = sameSchool || self.parent_id === other.id || mayReachUser(ctx.db, caller, other, 'own');
  if (!related) throw notFound('User', id);
  const teacherHere = sameSchool && self.kind === 'teacher';
  return {
    isMe: self.id === other.id,
    isSameSchool: sameSchool,
    isTeacher: teacherHere,
    isAdmin: teacherHere && self.admin === 1,
    isParent: other.parent_id === self.id,
    isChild: self.parent_id === other.id,
    isSuperuser: self.superuser === 1,
  };
}

/** What a sign-up gives: the profile, the credentials and the kind of account. */
export interface SignUp extends ProfileChange {
  readonly username: string;
  readonly password: string;
  readonly kind: string;
}

/**
 * Creates the account (409 when the username is taken, whatever its case) and returns its id.
 *
 * @example
 * const id = signUp(ctx, { username: 'ada', password: 'secret', kind: 'teacher' });
 */
export function signUp(ctx: DomainContext, input: SignUp): number {
  const taken = one(ctx.db, 'SELECT 1 FROM users WHERE username = ? COLLATE NOCASE', input.username);
  if (taken) throw new DomainError('conflict', `Username ${input.username} is taken`);
  return Number(
    run(
      ctx.db,
      `INSERT INTO users (username, email, first_name, last_name, display_name, password_hash, kind, avatar, created_at)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      input.username,
      input.email ?? null,
      input.first_name ?? '',
      input.last_name ?? '',
      input.display_name ?? [input.first_name, input.last_name].filter(Boolean).join(' '),
      hashPassword(input.password),
      input.kind,
      JSON.stringify(input.avatar ?? {}),
      ctx.now().toISOString(),
    ).lastInsertRowid,
  );
}
