/** A statement's dates and amounts as banks write them. */
import { CURRENCIES } from '../billing.js';
import { daysInMonth } from '../dates.js';
import type { DateFormat } from './line.js';

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const pad = (n: number): string => String(n).padStart(2, '0');

function iso(year: number, month: number, day: number): string | undefined {
  if (year < 100) year += 2000;
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return undefined;
  return `${year}-${pad(month)}-${pad(day)}`;
}

/** The three numbers of a slashed, dashed or dotted date (`02/11/2026`), or undefined. */
function parts(text: string): [number, number, number] | undefined {
  const m = /^(\d{1,4})[/.-](\d{1,2})[/.-](\d{2,4})$/.exec(text.trim());
  return m ? [Number(m[1]), Number(m[2]), Number(m[3])] : undefined;
}

/**
 * How a date may read: 'iso' (year first, or a month name: one reading), 'both' (day/month and month/day
 * both valid and different), 'dmy' or 'mdy' (only that one is valid), or 'bad'.
 *
 * @example
 * dateReadings('03/04/2026') // 'both'
 * dateReadings('13/04/2026') // 'dmy'
 */
export function dateReadings(text: string): 'iso' | 'both' | 'dmy' | 'mdy' | 'bad' {
  const p = parts(text);
  if (p === undefined) return readDate(text, 'dmy') === undefined ? 'bad' : 'iso';
  const [a, b, c] = p;
  if (a > 31) return iso(a, b, c) ? 'iso' : 'bad';
  const dmy = iso(c, b, a) !== undefined;
  const mdy = iso(c, a, b) !== undefined;
  if (dmy && mdy) return a === b ? 'iso' : 'both';
  return dmy ? 'dmy' : mdy ? 'mdy' : 'bad';
}

/**
 * A date as YYYY-MM-DD: ISO (`2026-11-02`, `20261102`), slashed in the given order, or with a month name
 * (`2 Nov 2026`, `02-NOV-26`); undefined when it is not a date.
 *
 * @example
 * readDate('02/11/2026', 'dmy') // '2026-11-02'
 * readDate('02/11/2026', 'mdy') // '2026-02-11'
 */
export function readDate(text: string, format: DateFormat): string | undefined {
  const t = text.trim();
  const compact = /^(\d{4})(\d{2})(\d{2})/.exec(t);
  if (compact && !/^\d{4}[/.-]/.test(t)) return iso(Number(compact[1]), Number(compact[2]), Number(compact[3]));
  const named = /^(\d{1,2})[\s/-]+([A-Za-z]{3})[A-Za-z]*[\s/-]+(\d{2,4})$/.exec(t);
  if (named) {
    const month = MONTHS.indexOf((named[2] as string).toLowerCase()) + 1;
    return month === 0 ? undefined : iso(Number(named[3]), month, Number(named[1]));
  }
  const isoText = /^(\d{4})-(\d{2})-(\d{2})(?:[T ].*)?$/.exec(t);
  if (isoText) return iso(Number(isoText[1]), Number(isoText[2]), Number(isoText[3]));
  const p = parts(t);
  if (p === undefined) return undefined;
  const [a, b, c] = p;
  if (a > 31 || format === 'ymd') return iso(a, b, c);
  return format === 'dmy' ? iso(c, b, a) : iso(c, a, b);
}

/**
 * An amount in minor units: `1,234.56`, `£1234.56`, `-12.00`, `(12.00)`, `12.00 CR`, `1.234,56` (a comma
 * for decimals when it is the last separator and two digits follow; else commas only between groups of three
 * digits); undefined when it is not one (`12,5`, `1234,5`).
 *
 * @example
 * readAmount('£1,234.50') // 123450
 * readAmount('(12.00)') // -1200
 */
export function readAmount(text: string): number | undefined {
  let t = text.trim().replace(/[£$€\s]|[A-Z]{3}$|^[A-Z]{3}/g, '');
  let sign = 1;
  if (/^\(.*\)$/.test(t)) {
    sign = -1;
    t = t.slice(1, -1);
  }
  if (/CR$/i.test(t)) t = t.slice(0, -2);
  else if (/DR$/i.test(t)) {
    sign = -sign;
    t = t.slice(0, -2);
  }
  if (t.startsWith('-')) {
    sign = -sign;
    t = t.slice(1);
  } else if (t.startsWith('+')) t = t.slice(1);
  // A comma is the decimal point before the last two digits (`1.234,56`, `1234,56`), else it groups
  // thousands in threes (`1,234.56`); any other comma (`12,5`, `1,00,000`) would scale the amount by a guess.
  if (/^(\d{1,3}(\.\d{3})+|\d+),\d{2}$/.test(t)) t = t.replaceAll('.', '').replace(',', '.');
  else if (/^\d{1,3}(,\d{3})+(\.\d+)?$/.test(t)) t = t.replaceAll(',', '');
  const m = /^(\d+)(?:\.(\d{1,2}))?$/.exec(t);
  if (!m) return undefined;
  const minor = Number(m[1]) * 100 + Number((m[2] ?? '0').padEnd(2, '0'));
  return Number.isSafeInteger(minor) ? sign * minor : undefined;
}

/**
 * A currency code as the API writes it (`gbp`), or undefined for one it does not bill in.
 *
 * @example
 * readCurrency('GBP') // 'gbp'
 */
export function readCurrency(text: string): (typeof CURRENCIES)[number] | undefined {
  const code = text.trim().toLowerCase();
  return (CURRENCIES as readonly string[]).includes(code) ? (code as (typeof CURRENCIES)[number]) : undefined;
}
