import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../sandbox/db/database.js';
import { createRecord, listRecords } from '../../sandbox/generic/records.js';

describe('listRecords: equality filters on stored documents', () => {
  const db = openDatabase(':memory:');
  const now = new Date('2026-09-01T09:00:00Z');
  const add = (data: Record<string, unknown>): number =>
    createRecord(db, { collection: 'lists', ownerId: null, schoolId: null, data, now }).id;
  const three = add({ level: 3, done: true, ratio: 2.5, code: '7' });
  const four = add({ level: 4, done: false, ratio: 0.5, code: 7 });
  const text = add({ level: '3', done: 'yes', code: 'x' });
  afterAll(() => db.close());

  const ids = (where: Record<string, string | number | boolean>): number[] =>
    listRecords(db, 'lists', null, { skip: 0, take: 50, where }).items.map((r) => r.id);

  it('matches whole numbers given as numbers (bound as integers, not as 3.0)', () => {
    expect(ids({ level: 3 })).toEqual([three, text]);
    expect(ids({ level: 4 })).toEqual([four]);
  });

  it('matches booleans stored as JSON true and false', () => {
    expect(ids({ done: true })).toEqual([three]);
    expect(ids({ done: false })).toEqual([four]);
  });

  it('matches fractions, and numbers and strings with the same text either way round', () => {
    expect(ids({ ratio: 2.5 })).toEqual([three]);
    expect(ids({ level: '3' })).toEqual([three, text]);
    expect(ids({ code: 7 })).toEqual([three, four]);
    expect(ids({ code: 'x', level: '3' })).toEqual([text]);
    expect(listRecords(db, 'lists', null, { skip: 0, take: 50, where: { level: 3 } }).total).toBe(2);
  });
});
