/** The system area: email logs and suppressions, background jobs, system errors. */
import type { PartialHandlerMap } from '../kit/handler.js';
import { systemHandlers as calls } from './billing/system.js';

export const systemHandlers = { ...calls } satisfies PartialHandlerMap;
