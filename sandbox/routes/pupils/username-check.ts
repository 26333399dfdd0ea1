/** Whether a username, email or school username is taken (pupil and sign-up forms check before saving). */
import type { PartialHandlerMap } from '../../kit/handler.js';
import { one } from '../../kit/sql.js';
import { reply } from '../../kit/reply.js';

export const usernameCheckHandlers = {
  'GET users/exists': (ctx) => {
    const { input } = ctx;
    // The table's exactlyOne group let exactly one of the three through.
    const key = (['username', 'email', 'school_username'] as const).find((k) => input[k] !== undefined && input[k] !== '') ?? 'username';
    const value = input[key] ?? '';
    let found: unknown;
    if (key === 'school_username') {
      const school = ctx.user?.schoolId ?? null;
      found = one(ctx.db, `SELECT 1 FROM users WHERE school_username = ? COLLATE NOCASE AND deleted_at IS NULL${school === null ? '' : ' AND school_id = ?'}`, ...(school === null ? [value] : [value, school]));
    } else {
      found = one(ctx.db, `SELECT 1 FROM users WHERE ${key} = ? COLLATE NOCASE AND deleted_at IS NULL`, value);
    }
    return reply(ctx, 'exists', found !== undefined);
  },
} satisfies PartialHandlerMap;
