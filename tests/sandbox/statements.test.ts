import { Database } from '../../sandbox/db/driver.js';
import { afterAll, describe, expect, it } from 'vitest';
import { cachingDb, statement } from '../../sandbox/db/statements.js';

describe('the statement cache', () => {
  const db = new Database(':memory:');
  db.exec("CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT); INSERT INTO t (name) VALUES ('a'), ('b')");
  const view = cachingDb(db);
  afterAll(() => db.close());

  it('hands out one compiled statement per SQL text, through the view and through statement()', () => {
    const first = view.prepare('SELECT * FROM t WHERE id = ?');
    expect(view.prepare('SELECT * FROM t WHERE id = ?')).toBe(first);
    expect(statement(db, 'SELECT * FROM t WHERE id = ?')).toBe(first);
    expect(statement(view, 'SELECT * FROM t WHERE id = ?')).toBe(first);
    expect(cachingDb(view)).toBe(view);
    expect(db.prepare('SELECT * FROM t WHERE id = ?')).not.toBe(first);
  });

  it('gives a statement back in plain row mode after a caller plucked or read raw rows', () => {
    const sql = 'SELECT id, name FROM t ORDER BY id';
    expect(view.prepare(sql).pluck().all()).toEqual([1, 2]);
    expect(view.prepare(sql).all()).toEqual([{ id: 1, name: 'a' }, { id: 2, name: 'b' }]);
    expect(view.prepare(sql).raw().get()).toEqual([1, 'a']);
    expect(statement(db, sql).get()).toEqual({ id: 1, name: 'a' });
    expect(view.prepare(sql).expand().get()).toEqual({ t: { id: 1, name: 'a' } });
    expect(view.prepare(sql).get()).toEqual({ id: 1, name: 'a' });
  });

  it('keeps the rest of the connection working on the view', () => {
    const insert = view.transaction((name: string) => view.prepare('INSERT INTO t (name) VALUES (?)').run(name).lastInsertRowid);
    expect(insert('c')).toBe(3);
    expect(view.inTransaction).toBe(false);
    view.exec('BEGIN');
    expect(view.inTransaction).toBe(true);
    view.exec('ROLLBACK');
    view.pragma('user_version = 7');
    expect(db.pragma('user_version', { simple: true })).toBe(7);
    expect(view.prepare('SELECT COUNT(*) FROM t').pluck().get()).toBe(3);
    expect(() => view.prepare('SELECT nope FROM t')).toThrow(/no such column/);
  });
});
