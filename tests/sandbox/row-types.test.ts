/**
 * The row types of sandbox/db/rows.ts against the schema the migrations and read models build:
 * for every table, the declared columns equal `PRAGMA table_info` (names in order, nullability, type
 * class), so a migration that adds a table or a column fails here until its row type says so.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../../sandbox/db/database.js';
import { TABLES, type TypeClass } from '../../sandbox/db/rows.js';
import { all, allValues } from '../../sandbox/kit/sql.js';

interface TableInfo {
  readonly name: string;
  readonly type: string;
  readonly notnull: number;
  readonly pk: number;
}

/** A column as `name TYPE [NULL]`, the way both sides are compared. */
function describeColumn(name: string, type: string, nullable: boolean): string {
  return `${name} ${type}${nullable ? ' NULL' : ''}`;
}

/** The schema's tables, each with its columns as `describeColumn` writes them. */
function schemaTables(db: Db): Map<string, string[]> {
  const names = allValues<string>(
    db,
    "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name",
  );
  return new Map(
    names.map((table) => {
      const columns = all<TableInfo>(db, 'SELECT * FROM pragma_table_info(?)', table);
      // A primary-key column is never NULL in a row the sandbox writes (WITHOUT ROWID and INTEGER keys
      // refuse it; the others are always given), though `notnull` says 0 unless the column says NOT NULL.
      return [table, columns.map((c) => describeColumn(c.name, c.type, c.notnull === 0 && c.pk === 0))];
    }),
  );
}

/** The declared tables of sandbox/db/rows.ts, in the same form. */
function declaredTables(): Map<string, string[]> {
  return new Map(
    Object.entries(TABLES).map(([table, columns]) => [
      table,
      Object.entries(columns).map(
        ([name, column]: [string, { readonly type: TypeClass; readonly nullable: boolean }]) =>
          describeColumn(name, column.type, column.nullable),
      ),
    ]),
  );
}

/** What differs between the schema and the declarations, one line per table; empty when they agree. */
function differences(db: Db): string[] {
  const schema = schemaTables(db);
  const declared = declaredTables();
  const found: string[] = [];
  for (const [table, columns] of schema) {
    const row = declared.get(table);
    if (!row) found.push(`${table}: a table without a row type in sandbox/db/rows.ts`);
    else if (JSON.stringify(row) !== JSON.stringify(columns))
      found.push(`${table}: schema [${columns.join(', ')}], declared [${row.join(', ')}]`);
  }
  for (const table of declared.keys()) if (!schema.has(table)) found.push(`${table}: declared but not in the schema`);
  return found;
}

describe('the database row types', () => {
  const db = openDatabase(':memory:');
  afterAll(() => db.close());

  it('declare every table of a migrated database, each column with its name, type class and nullability', () => {
    expect(differences(db)).toEqual([]);
    // Every table is compared, not a few: the declarations cover as many tables as the schema has.
    expect(declaredTables().size).toBe(schemaTables(db).size);
    expect(schemaTables(db).size).toBeGreaterThan(70);
  });

  it('fail for a column, a table or a nullability a migration adds without its row type', () => {
    const changed = openDatabase(':memory:');
    try {
      changed.exec(`
        ALTER TABLE invoices ADD COLUMN late_fee INTEGER;
        CREATE TABLE refunds (id INTEGER PRIMARY KEY, amount INTEGER NOT NULL);
        DROP TABLE row_counts;`);
      expect(differences(changed)).toEqual([
        expect.stringMatching(/^invoices: schema \[.*, late_fee INTEGER NULL\], declared \[.*updated_at TEXT\]$/),
        'refunds: a table without a row type in sandbox/db/rows.ts',
        'row_counts: declared but not in the schema',
      ]);
    } finally {
      changed.close();
    }
  });
});
