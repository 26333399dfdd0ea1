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
