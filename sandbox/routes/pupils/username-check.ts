/** Whether a username, email or school username is taken (pupil and sign-up forms check before saving). */
import type { PartialHandlerMap } from '../../kit/handler.js';
import { nameTaken } from '../../domain/auth/username-taken.js';
import { reply } from '../../kit/reply.js';

export const usernameCheckHandlers = {
  'GET users/exists': (ctx) => {
    const { input } = ctx;
    // The table's exactlyOne group let exactly one of the three through.
    const key =
      (['username', 'email', 'school_username'] as const).find((k) => input[k] !== undefined && input[k] !== '') ??
      'username';
    return reply(
      ctx,
      'exists',
      nameTaken(ctx.db, key, input[key] ?? '', key === 'school_username' ? (ctx.user?.schoolId ?? null) : null),
    );
  },
} satisfies PartialHandlerMap;
