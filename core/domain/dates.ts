/**
 * Dates as the API sends them: ISO 8601 text, a day (`2026-11-02`) or a date-time
 * (`2026-11-02T10:30:00Z`). Checked by hand rather than with `Date.parse`, which rolls an impossible
 * day over into the next month (`2026-02-30` parses as 2 March).
 */

/** What a date text must look like, for messages. */
export const ISO_DATE_FORM = 'YYYY-MM-DD or YYYY-MM-DDTHH:MM[:SS[.sss]][Z|±HH:MM]';

const ISO_DATE =
  /^(?<day>(?<year>\d{4})-(?<month>\d{2})-(?<date>\d{2}))(?:[T ](?<time>(?<hours>\d{2}):(?<minutes>\d{2})(?::(?<seconds>\d{2})(?:\.\d+)?)?)(?<offset>Z|[+-](?<offsetHours>\d{2}):?(?<offsetMinutes>\d{2}))?)?$/;

/**
 * Whether `year` has a 29 February (Gregorian rules).
 *
 * @example
 * isLeapYear(2024) // true
 * isLeapYear(2100) // false
 */
export function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

/**
 * The number of days in a month (1 to 12) of a year.
 *
 * @example
 * daysInMonth(2025, 2) // 28
 * daysInMonth(2024, 2) // 29
 */
export function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/**
 * What is wrong with a date text, or null when it is an ISO 8601 day or date-time that names a real
 * day of the calendar and a real time of day (hours 0-23, minutes and seconds 0-59).
 *
 * @example
 * isoDateProblem('2026-11-02T10:30:00Z') // null
 * isoDateProblem('2026-02-30') // '2026-02-30 is not a day of the calendar'
 * isoDateProblem('2026-11-02T24:00') // '24:00 is not a time of day'
 * isoDateProblem('next week') // 'not written YYYY-MM-DD or …'
 */
export function isoDateProblem(text: string): string | null {
  const parts = ISO_DATE.exec(text)?.groups;
  if (!parts) return `not written ${ISO_DATE_FORM}`;
  const n = (key: string): number => Number(parts[key] ?? 0);
  if (n('month') < 1 || n('month') > 12 || n('date') < 1 || n('date') > daysInMonth(n('year'), n('month'))) {
    return `${parts['day']} is not a day of the calendar`;
  }
  if (n('hours') > 23 || n('minutes') > 59 || n('seconds') > 59) return `${parts['time']} is not a time of day`;
  if (n('offsetHours') > 23 || n('offsetMinutes') > 59) return `${parts['offset']} is not a time zone offset`;
  return null;
}

/**
 * Whether a text is an ISO 8601 day or date-time of the calendar (see `isoDateProblem`).
 *
 * @example
 * isIsoDate('2024-02-29') // true
 * isIsoDate('2025-02-29') // false
 */
export function isIsoDate(text: string): boolean {
  return isoDateProblem(text) === null;
}
