/** The system area: email logs and suppressions, background jobs, system errors. */
import { systemHandlers as calls } from './system/jobs-and-logs.js';
import { defineRoutes } from './areas.js';

export const systemHandlers = defineRoutes('system', { ...calls });
