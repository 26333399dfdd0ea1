import { Database } from '../../sandbox/db/driver.js';
import { afterAll, describe, expect, it } from 'vitest';
import { statement } from '../../sandbox/db/fast/statements.js';

describe('the statement cache', () => {
  const db = new Database(':memory:');
  db.exec("CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT); INSERT INTO t (name) VALUES ('a'), ('b')");
  afterAll(() => db.close());

  it('hands out one compiled statement per connection and SQL text', () => {
    const first = statement(db, 'SELECT * FROM t WHERE id = ?');
    expect(statement(db, 'SELECT * FROM t WHERE id = ?')).toBe(first);
    expect(statement(db, 'SELECT * FROM t WHERE id = ? ')).not.toBe(first);
    expect(db.prepare('SELECT * FROM t WHERE id = ?')).not.toBe(first);
    const other = new Database(':memory:');
    other.exec('CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT)');
    expect(statement(other, 'SELECT * FROM t WHERE id = ?')).not.toBe(first);
    other.close();
  });

  it('gives a statement back in plain row mode after a caller plucked or read raw rows', () => {
    const sql = 'SELECT id, name FROM t ORDER BY id';
    expect(statement(db, sql).pluck().all()).toEqual([1, 2]);
    expect(statement(db, sql).all()).toEqual([
      { id: 1, name: 'a' },
      { id: 2, name: 'b' },
    ]);
    expect(statement(db, sql).raw().get()).toEqual([1, 'a']);
    expect(statement(db, sql).get()).toEqual({ id: 1, name: 'a' });
    expect(statement(db, sql).expand().get()).toEqual({ t: { id: 1, name: 'a' } });
    expect(statement(db, sql).get()).toEqual({ id: 1, name: 'a' });
  });

  it('refuses SQL that does not compile, and caches nothing for it', () => {
    expect(() => statement(db, 'SELECT nope FROM t')).toThrow(/no such column/);
    expect(() => statement(db, 'SELECT nope FROM t')).toThrow(/no such column/);
  });
});
