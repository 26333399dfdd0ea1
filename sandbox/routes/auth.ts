/** The auth area's real routes: sign-in, sessions and the signed-in user (the rest of the area is generic). */
import { signInHandlers } from './auth/sign-in.js';
import { usersMeHandlers } from './auth/users-me.js';
import { defineRoutes } from './areas.js';

export const authHandlers = defineRoutes('auth', { ...signInHandlers, ...usersMeHandlers });
