/** Calendar helpers: billing dates are days (`YYYY-MM-DD`, UTC); timestamps are full ISO strings. */

/** The UTC day of a date. */
export function day(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** `days` after a day (negative for before). */
export function addDays(dayText: string, days: number): string {
  const d = new Date(`${dayText}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return day(d);
}

/** `months` after a day, clamped to the month's last day (31 Jan + 1 month = 28/29 Feb). */
export function addMonths(dayText: string, months: number): string {
  const d = new Date(`${dayText}T00:00:00Z`);
  const target = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + months, 1));
  const last = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(d.getUTCDate(), last));
  return day(target);
}

/** Whole days from `a` to `b` (negative when b is earlier). */
export function daysBetween(a: string, b: string): number {
  return Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000);
}
