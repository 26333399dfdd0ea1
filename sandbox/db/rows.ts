/**
 * The row of every table of the sandbox database, declared once: each table's columns as data (SQLite's
 * type class and whether the column takes NULL), from which its TypeScript row type derives. Rows come back
 * as SQLite stores them: INTEGER and REAL as numbers, TEXT as strings, flags as 0 or 1, JSON columns as
 * their text (parse them with sandbox/kit/json-columns.ts). A few TEXT columns name a closed set (a CHECK
 * constraint, or the domain's list of states) and are typed as that set.
 *
 * tests/sandbox/row-types.test.ts opens a migrated database and checks that these columns equal `PRAGMA
 * table_info` of every table (names in order, nullability, type class): a migration or read model that adds
 * a table or a column fails it until the table's row here says so.
 *
 * @example
 * const invoice = one<Row<'invoices'>>(db, 'SELECT * FROM invoices WHERE id = ?', 12);
 * const names = all<Pick<Row<'users'>, 'id' | 'username'>>(db, 'SELECT id, username FROM users');
 */
import { BILLING_TABLES } from './tables/billing.js';
import type { Column } from './tables/columns.js';
import { SCHOOL_TABLES } from './tables/school.js';
import { SYSTEM_TABLES } from './tables/system.js';

export type { Column, TypeClass } from './tables/columns.js';

/** Every table and its columns, in the order the migrations (then the read models) create them (one file per concern under tables/). */
export const TABLES = { ...SCHOOL_TABLES, ...BILLING_TABLES, ...SYSTEM_TABLES } as const satisfies Record<
  string,
  Record<string, Column<unknown>>
>;

/** The name of a table of the sandbox database. */
export type Table = keyof typeof TABLES;

type RowOf<Columns> = { readonly [Name in keyof Columns]: Columns[Name] extends Column<infer Value> ? Value : never };

/**
 * One row of `table`, as `SELECT *` answers it. Derive partial and joined rows from it: `Pick<Row<'users'>,
 * 'id' | 'username'>` for some columns, `Row<'schools'> & { readonly pupils: number }` for a computed one.
 */
export type Row<T extends Table> = RowOf<(typeof TABLES)[T]>;
