/** Row types of the tables the school-administration handlers read, named as they use them (see db/rows.ts). */
import type { Row } from '../../db/rows.js';

export type SchoolRow = Row<'schools'>;
export type UserRow = Row<'users'>;
export type GroupRow = Row<'school_groups'>;
export type AddressRow = Row<'addresses'>;
export type HomeworkRow = Row<'homework'>;
export type HomeworkSetRow = Row<'homework_sets'>;
export type SessionRow = Row<'game_sessions'>;
export type LeagueRow = Row<'leagues'>;
