import { describe, expect, it } from 'vitest';
import { migrate } from '../../sandbox/db/database.js';
import { MIGRATIONS } from '../../sandbox/db/migrations/index.js';
import { databaseBefore } from './helpers/database-before.js';
import { all, one, run } from '../../sandbox/kit/sql.js';

describe('migration 28: the write counter becomes an append-only log', () => {
  it('keeps the counts already made, each as one row with its count', () => {
    const db = databaseBefore(28);
    run(
      db,
      "INSERT INTO write_counts (route, target, count) VALUES ('POST superuser/invoices/{id}/paid', 'superuser/invoices/4/paid', 3), ('POST users/me/lists', 'users/me/lists', 1)",
    );
    expect(migrate(db)).toBe(MIGRATIONS.filter((m) => m.version >= 28).length);
    const sums = all(
      db,
      'SELECT route, target, SUM(count) AS count FROM write_log GROUP BY route, target ORDER BY route',
    );
    expect(sums).toEqual([
      { route: 'POST superuser/invoices/{id}/paid', target: 'superuser/invoices/4/paid', count: 3 },
      { route: 'POST users/me/lists', target: 'users/me/lists', count: 1 },
    ]);
    expect(one(db, "SELECT 1 FROM sqlite_master WHERE name = 'write_counts'")).toBeUndefined();
  });
});
