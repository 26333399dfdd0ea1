import { coreSchema } from './001-core.js';

/** One schema step. Versions are increasing integers; a released migration is never edited, only followed. */
export interface Migration {
  readonly version: number;
  readonly name: string;
  readonly sql: string;
}

/**
 * Every migration in order. Numbering: 1-9 core (users, schools, auth, server state), 10-19 school
 * administration (groups, homework, rewards...), 20-29 billing (subscriptions, invoices, store, sales),
 * 30+ content. Add a file per migration and list it here.
 */
export const MIGRATIONS: readonly Migration[] = [coreSchema];
