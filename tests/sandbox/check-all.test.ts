import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { checkAll } from '../../sandbox/kit/check-all.js';
import { notFound, parseField, parseFields, parseIds } from '../../sandbox/kit/input.js';

/** A 422 whose problems are at these paths, in this order, each named in the message too. */
const invalidAt = (...paths: string[]) =>
  expect.objectContaining({
    status: 422,
    message: expect.stringMatching(new RegExp(`^${paths.map((p) => `${p.replace('.', '\\.')}: [^;]+`).join('; ')}$`)),
    data: { errors: paths.map((path) => ({ path, message: expect.any(String) })) },
  });

describe('checkAll', () => {
  const input = { name: ' ', seats: 'many', orgs: [1, { id: 'o1' }], ids: 'a,b' };

  it('answers one 422 naming the problems of every check, in order', () => {
    const run = () =>
      checkAll(
        () => parseFields({ name: { kind: 'text', min: 1 }, seats: 'int' }, input),
        () => parseField('orgs', z.array(z.record(z.string(), z.unknown())), input.orgs),
        () => parseIds(input.ids, 'ids'),
      );
    expect(run).toThrow(invalidAt('name', 'seats', 'orgs.0', 'ids'));
  });

  it('answers the results of the checks, in order, when all pass', () => {
    const [fields, ids] = checkAll(
      () => parseFields({ seats: 'int' }, { seats: '30', kept: true }),
      () => parseIds('4,5', 'ids'),
    );
    expect(fields).toEqual({ seats: 30, kept: true });
    expect(ids).toEqual([4, 5]);
  });

  it('throws any other error as it is, without running the later checks', () => {
    let later = false;
    const run = () =>
      checkAll(
        () => {
          throw notFound('Group', 9);
        },
        () => (later = true),
      );
    expect(run).toThrow(expect.objectContaining({ status: 404, message: 'Group 9 not found' }));
    expect(later).toBe(false);
  });
});
