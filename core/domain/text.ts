import { ELLIPSIS_DEFAULT_LENGTH } from './constants.js';

// Made on first use: creating a segmenter loads ICU data (about 20 ms), which importing this module must not cost.
let graphemes: Intl.Segmenter | undefined;

/**
 * Shortens text to at most `length` characters followed by '...' (O §5, §9). Characters are counted as
 * graphemes (what a reader sees as one character), so an emoji or an accented letter is never cut in half;
 * text within the limit is returned as it is.
 *
 * @example
 * truncate('The Highwayman: a poetry unit for ages 9 to 11', 20) // 'The Highwayman: a po...'
 * truncate('Short')                                               // 'Short'
 */
export function truncate(text: string, length: number = ELLIPSIS_DEFAULT_LENGTH): string {
  if (!Number.isInteger(length) || length < 0)
    throw new RangeError(`Truncate length must be a whole number, 0 or more (got ${length})`);
  const chars = Array.from(
    (graphemes ??= new Intl.Segmenter(undefined, { granularity: 'grapheme' })).segment(text),
    (part) => part.segment,
  );
  return chars.length <= length ? text : `${chars.slice(0, length).join('')}...`;
}

/**
 * Prepares a sentence for speech: each run of underscores becomes the spoken word 'blank' (O §5), with a
 * space added where the run touched a word so the result reads as words.
 *
 * @example
 * prepareForSpeech('The cat sat on the ____.') // 'The cat sat on the blank.'
 * prepareForSpeech('un___able')                // 'un blank able'
 */
export function prepareForSpeech(text: string): string {
  return text.replace(/_+/g, (run, at: number, whole: string) => {
    const before = at > 0 && !/\s/.test(whole[at - 1] ?? '') ? ' ' : '';
    const next = whole[at + run.length];
    const after = next !== undefined && /[\p{L}\p{N}]/u.test(next) ? ' ' : '';
    return `${before}blank${after}`;
  });
}

const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * Shows a duration given in seconds (O §9): under a minute as seconds, under an hour as minutes and
 * seconds, under a day as hours and minutes, otherwise as whole days. Fractions of a second are dropped.
 *
 * @example
 * formatDuration(45)     // '45s'
 * formatDuration(200)    // '3m 20s'
 * formatDuration(7500)   // '2h 5m'
 * formatDuration(200000) // '2d'
 */
export function formatDuration(seconds: number): string {
  if (!Number.isFinite(seconds) || seconds < 0)
    throw new RangeError(`A duration must be 0 or more seconds (got ${seconds})`);
  const whole = Math.floor(seconds);
  if (whole < MINUTE) return `${whole}s`;
  if (whole < HOUR) return `${Math.floor(whole / MINUTE)}m ${whole % MINUTE}s`;
  if (whole < DAY) return `${Math.floor(whole / HOUR)}h ${Math.floor((whole % HOUR) / MINUTE)}m`;
  return `${Math.floor(whole / DAY)}d`;
}
