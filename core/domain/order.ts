/**
 * Orders machine strings (ISO dates, currency codes, keys) by their UTF-16 code units, which is their
 * meaning's order. `localeCompare` would load ICU's collator on first use, 10 to 20 ms of a one-off
 * command's start-up (bench/one-off.bench.mjs), for text no person reads in a sorted list.
 *
 * @example
 * ['2026-12-01', '2026-11-30'].sort(byCodeUnits) // ['2026-11-30', '2026-12-01']
 */
export function byCodeUnits(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
