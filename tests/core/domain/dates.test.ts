import { describe, expect, it } from 'vitest';
import { daysInMonth, isIsoDate, isLeapYear, isoDateProblem } from '../../../core/domain/dates.js';

describe('isLeapYear and daysInMonth', () => {
  it.each([
    [2024, true],
    [2025, false],
    [2000, true],
    [2100, false],
  ])('isLeapYear(%i) is %s', (year, leap) => {
    expect(isLeapYear(year)).toBe(leap);
  });

  it.each([
    [2025, 1, 31],
    [2025, 2, 28],
    [2024, 2, 29],
    [2025, 4, 30],
    [2025, 9, 30],
    [2025, 12, 31],
  ])('daysInMonth(%i, %i) is %i', (year, month, days) => {
    expect(daysInMonth(year, month)).toBe(days);
  });
});

describe('isoDateProblem', () => {
  it.each([
    '2026-11-02',
    '2024-02-29',
    '2000-02-29',
    '2026-12-31',
    '2026-11-02T10:30',
    '2026-11-02T10:30:00',
    '2026-11-02T23:59:59.999Z',
    '2026-11-02 00:00:00Z',
    '2026-11-02T10:30:00+05:30',
    '2026-11-02T10:30:00-0800',
  ])('accepts %s, which Date.parse reads too', (text) => {
    expect(isoDateProblem(text)).toBeNull();
    expect(isIsoDate(text)).toBe(true);
    expect(Number.isNaN(Date.parse(text))).toBe(false);
  });

  it.each([
    ['2026-02-30', '2026-02-30 is not a day of the calendar'],
    ['2025-02-29', '2025-02-29 is not a day of the calendar'],
    ['1900-02-29', '1900-02-29 is not a day of the calendar'],
    ['2026-13-01', '2026-13-01 is not a day of the calendar'],
    ['2026-00-10', '2026-00-10 is not a day of the calendar'],
    ['2026-04-31', '2026-04-31 is not a day of the calendar'],
    ['2026-04-00', '2026-04-00 is not a day of the calendar'],
    ['2026-02-30T10:00:00Z', '2026-02-30 is not a day of the calendar'],
    ['2026-11-02T24:00', '24:00 is not a time of day'],
    ['2026-11-02T10:60:00Z', '10:60:00 is not a time of day'],
    ['2026-11-02T10:30:60Z', '10:30:60 is not a time of day'],
    ['2026-11-02T10:30:00+24:00', '+24:00 is not a time zone offset'],
    ['2026-11-02T10:30:00+05:60', '+05:60 is not a time zone offset'],
  ])('refuses %s: %s', (text, problem) => {
    expect(isoDateProblem(text)).toBe(problem);
    expect(isIsoDate(text)).toBe(false);
  });

  it.each([
    '',
    'soon',
    '2026-2-3',
    '02/11/2026',
    '2026-11-02T10',
    '2026-11-02T1:30',
    '2026-11-02T10:30:00.Z',
    '2026-11-02Z',
    ' 2026-11-02',
    '2026-11-02T10:30:00 GMT',
  ])('refuses %j as not written in the form', (text) => {
    expect(isoDateProblem(text)).toMatch(/^not written YYYY-MM-DD or YYYY-MM-DDTHH:MM/);
  });
});
