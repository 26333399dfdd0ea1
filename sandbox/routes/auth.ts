/** The auth area's real routes: sign-in, sessions, the signed-in user and the user search (the rest of the area is generic). */
import { signInHandlers } from './auth/sign-in.js';
import { usersMeHandlers } from './auth/users-me.js';
import { userSearchHandlers } from './auth/user-search.js';
import { defineRoutes } from './areas.js';

export const authHandlers = defineRoutes('auth', { ...signInHandlers, ...usersMeHandlers, ...userSearchHandlers });
