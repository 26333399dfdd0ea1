/** The column makers the table declarations share: a column's SQLite type class and whether it takes NULL. */
/** SQLite's type classes, as `PRAGMA table_info` names a declared column's type. */
export type TypeClass = 'INTEGER' | 'TEXT' | 'REAL' | 'BLOB';

/** One column: its type class, whether it takes NULL, and (at compile time only) the value a row holds. */
export interface Column<T> {
  readonly type: TypeClass;
  readonly nullable: boolean;
  /** Never set: carries the column's value type to `Row`. */
  readonly value?: T;
}

export const column = <T>(type: TypeClass, nullable: boolean): Column<T> => ({ type, nullable });

export const int = column<number>('INTEGER', false);
export const intOrNull = column<number | null>('INTEGER', true);
export const real = column<number>('REAL', false);
export const realOrNull = column<number | null>('REAL', true);
export const text = column<string>('TEXT', false);
export const textOrNull = column<string | null>('TEXT', true);
export const blob = column<Buffer>('BLOB', false);
/** A TEXT column holding one of a closed set of values (`T`). */
export const textOf = <T extends string>(): Column<T> => column<T>('TEXT', false);
/** The same column, taking NULL. */
export const orNull = <T>(of: Column<T>): Column<T | null> => column<T | null>(of.type, true);
