/** `GET users/search`: users by name, username or email, among those the caller reaches. */
import type { PartialHandlerMap } from '../../kit/handler.js';
import { callerSchoolId, requireUser, superuserMay } from '../../kit/reach.js';
import { pageIfAsked } from '../../kit/input.js';
import { reply } from '../../kit/reply.js';
import { searchUsers } from '../../domain/schools/user-search.js';

export const userSearchHandlers = {
  'GET users/search': (ctx) => {
    const user = requireUser(ctx);
    // The platform's staff search everyone; a school's staff their own school's people.
    const schoolId = superuserMay(user, 'reach every school') ? null : callerSchoolId(ctx);
    const { users, total } = searchUsers(ctx, { text: ctx.input.q ?? '', schoolId, page: pageIfAsked(ctx) });
    return reply(ctx, 'users', users, { total });
  },
} satisfies PartialHandlerMap;
