import { describe, expect, it } from 'vitest';
import { fieldSchema } from '../../../core/endpoints/schemas.js';

function messageOf(spec: Parameters<typeof fieldSchema>[0], value: unknown): string | null {
  const result = fieldSchema(spec).safeParse(value);
  return result.success ? null : (result.error.issues[0]?.message ?? '');
}

describe('date fields', () => {
  it.each(['2026-11-02', '2024-02-29', '2026-11-02T10:30:00Z', '2026-11-02T23:59:59.5+01:00'])('accept %s', (value) => {
    expect(fieldSchema('date').parse(value)).toBe(value);
  });

  it.each([
    ['2026-02-30', '2026-02-30 is not a day of the calendar'],
    ['2025-02-29', '2025-02-29 is not a day of the calendar'],
    ['2026-13-01', '2026-13-01 is not a day of the calendar'],
    ['2026-02-30T10:00:00Z', '2026-02-30 is not a day of the calendar'],
    ['2026-11-02T25:00:00Z', '25:00:00 is not a time of day'],
    ['2026-11-02T10:61Z', '10:61 is not a time of day'],
    ['soon', 'not written YYYY-MM-DD'],
  ])('refuse %s, saying what is expected and what is wrong', (value, problem) => {
    const message = messageOf('date', value);
    expect(message).toMatch(/^expected an ISO 8601 date \(YYYY-MM-DD\) or date-time: /);
    expect(message).toContain(problem);
  });

  it('may be left out when optional, but not sent as another type', () => {
    expect(fieldSchema('date?').parse(undefined)).toBeUndefined();
    expect(messageOf('date?', '2026-02-30')).toMatch(/not a day of the calendar/);
    expect(messageOf('date', 20261102)).not.toBeNull();
  });
});

describe('paging fields', () => {
  it.each([
    ['take', 1, 1],
    ['take', '1000', 1000],
    ['skip', 0, 0],
    ['skip', '40', 40],
  ] as const)('%s accepts %j as %i', (kind, value, parsed) => {
    expect(fieldSchema(kind).parse(value)).toBe(parsed);
  });

  it.each([
    ['take', 0],
    ['take', 1001],
    ['take', 1.5],
    ['take', ''],
    ['skip', -1],
    ['skip', 'all'],
  ] as const)('%s refuses %j', (kind, value) => {
    expect(messageOf(kind, value)).toMatch(/^expected a whole number/);
  });
});

describe('day fields', () => {
  it.each([
    ['2026-11-02', '2026-11-02'],
    ['2026-11-02T10:30:00Z', '2026-11-02'],
    ['2026-11-02T23:30:00-05:00', '2026-11-02'],
  ])('take %s as the day %s', (value, day) => {
    expect(fieldSchema('day').parse(value)).toBe(day);
  });

  it.each(['2026-02-30', '2026-02-30T10:00:00Z', '2026-08-31T24:00:00Z', 'soon'])(
    'refuse %s as a date field does',
    (value) => {
      expect(messageOf('day', value)).toBe(messageOf('date', value));
      expect(messageOf('day', value)).toMatch(/^expected an ISO 8601 date/);
    },
  );
});

describe('fields with limits', () => {
  it('trims text and counts its length after trimming', () => {
    const name = { kind: 'text', min: 1, max: 5 } as const;
    expect(fieldSchema(name).parse('  abc ')).toBe('abc');
    expect(messageOf(name, '   ')).toMatch(/>=1 characters/);
    expect(messageOf(name, 'abcdef')).toMatch(/<=5 characters/);
  });

  it('checks the value of numbers, after query text is coerced', () => {
    const seats = { kind: 'int', min: 0, max: 10, optional: true } as const;
    expect(fieldSchema(seats).parse('7')).toBe(7);
    expect(fieldSchema(seats).parse(undefined)).toBeUndefined();
    expect(messageOf(seats, -1)).toMatch(/>=0/);
    expect(messageOf(seats, '11')).toMatch(/<=10/);
    expect(messageOf(seats, 1.5)).not.toBeNull();
  });

  it('counts the items of a list of strings', () => {
    expect(fieldSchema({ kind: 'strings', min: 1 }).parse('a,b')).toEqual(['a', 'b']);
    expect(messageOf({ kind: 'strings', min: 1 }, [])).not.toBeNull();
  });

  it('takes null only where the field is nullable', () => {
    expect(fieldSchema({ kind: 'id', nullable: true }).parse(null)).toBeNull();
    expect(fieldSchema({ oneOf: ['a', 'b'], nullable: true, optional: true }).parse(null)).toBeNull();
    expect(messageOf({ kind: 'id' }, null)).not.toBeNull();
  });

  it('refuses limits on a kind they do not apply to', () => {
    expect(() => fieldSchema({ kind: 'date', max: 3 })).toThrow(
      /min and max apply to string, text, int, number, strings, not to a date field/,
    );
  });
});

describe('id fields', () => {
  it('take text as the number only when it is the number as written, and keep any other id as sent', () => {
    const id = fieldSchema('id');
    expect(id.parse('42')).toBe(42);
    expect(id.parse(42)).toBe(42);
    for (const opaque of ['007', '0', '1e3', '0x1F', '12345678901234567890', 'school-7'])
      expect(id.parse(opaque)).toBe(opaque);
    expect(messageOf('id', '')).not.toBeNull();
    expect(messageOf('id', 0)).not.toBeNull();
  });
});

describe('serial fields', () => {
  it.each([
    [12, 12],
    ['12', 12],
  ])('take %j as the row id %d', (value, id) => {
    expect(fieldSchema('serial').parse(value)).toBe(id);
  });

  it.each(['abc', 0, -3, 1.5, '', '1e3x'])('refuse %j', (value) => {
    expect(messageOf('serial', value)).toBe('expected an id, a whole number from 1');
  });
});

describe('flag fields', () => {
  it.each([
    [1, 1],
    ['0', 0],
    [true, 1],
    [false, 0],
  ])('take %j as %d', (value, flag) => {
    expect(fieldSchema('flag').parse(value)).toBe(flag);
  });

  it.each([2, 'yes', null])('refuse %j', (value) => {
    expect(messageOf('flag', value)).not.toBeNull();
  });
});
