import { describe, expect, it } from 'vitest';
import { addDays, dayNumber } from '../../../core/domain/reconcile/day-number.js';

describe('day numbers', () => {
  it('count days since 1970-01-01 as Date.UTC does, across leap days and centuries', () => {
    for (const date of [
      '1970-01-01',
      '1999-12-31',
      '2000-02-29',
      '2000-03-01',
      '2024-02-29',
      '2026-11-27',
      '2100-03-01',
    ]) {
      expect(dayNumber(date)).toBe(
        Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10))) / 86_400_000,
      );
    }
  });

  it('add days across month ends, leap days and years, as the generator dates payments', () => {
    expect([
      addDays('2026-10-31', 1),
      addDays('2024-02-28', 1),
      addDays('2023-02-28', 1),
      addDays('2026-12-31', 1),
      addDays('2026-03-01', -1),
      addDays('2026-06-01', 0),
    ]).toEqual(['2026-11-01', '2024-02-29', '2023-03-01', '2027-01-01', '2026-02-28', '2026-06-01']);
    for (const date of ['1999-12-31', '2000-02-29', '2026-11-27'])
      expect(dayNumber(addDays(date, 40)) - dayNumber(date)).toBe(40);
  });
});
