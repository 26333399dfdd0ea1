import { Database } from '../../sandbox/db/driver.js';
import { afterAll, describe, expect, it } from 'vitest';
import { allRows, cachingDb, statement } from '../../sandbox/db/statements.js';

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

describe('allRows', () => {
  const db = new Database(':memory:');
  db.exec("CREATE TABLE p (id INTEGER PRIMARY KEY, name TEXT, score REAL, blob BLOB, big INTEGER); INSERT INTO p VALUES (1, 'a', 1.5, x'01', 9007199254740993), (2, NULL, NULL, NULL, 2)");
  const view = cachingDb(db);
  afterAll(() => db.close());

  it('gives the same objects as all(): keys, order, values, duplicate names and expressions', () => {
    for (const sql of [
      'SELECT * FROM p ORDER BY id',
      'SELECT name, id, 1 + 1, id AS name FROM p ORDER BY id DESC',
      'SELECT * FROM p WHERE id = @id',
      'SELECT * FROM p WHERE 0',
      `SELECT id AS "we""ird name", name AS "__proto__", score AS "1" FROM p`,
    ]) {
      const prepared = view.prepare(sql);
      const params = sql.includes('@id') ? [{ id: 2 }] : [];
      const fast = allRows<Record<string, unknown>>(prepared, ...params);
      const plain = prepared.all(...params) as Record<string, unknown>[];
      expect(fast, sql).toEqual(plain);
      expect(fast.map((row) => Object.keys(row)), sql).toEqual(plain.map((row) => Object.keys(row)));
    }
  });

  it('leaves the statement in plain row mode, also when a call fails', () => {
    const prepared = view.prepare('SELECT id FROM p WHERE id = ?');
    expect(() => allRows(prepared)).toThrow(/Too few parameter/);
    expect(prepared.get(1)).toEqual({ id: 1 });
    expect(allRows(prepared, 1)).toEqual([{ id: 1 }]);
    expect(prepared.get(2)).toEqual({ id: 2 });
  });

  it('refuses a statement that returns no data as all() does', () => {
    const write = view.prepare("UPDATE p SET name = 'b' WHERE id = 2");
    expect(() => allRows(write)).toThrow(/does not return data/);
  });
});
