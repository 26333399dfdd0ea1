/**
 * Forgiving search over what an API search answered: typos and parts of words ranked with Fuse.js (Bitap
 * matching, so "oakfeild" finds "Oakfield"), each hit saying which field and words matched. The API's own
 * search is a substring one (sandbox/kit/search.ts), so `searchTexts` picks what to ask it for first.
 */
import Fuse, { type FuseResult } from 'fuse.js';

/** A field of the records searched: its name in the "matched" column and how to read it. */
export interface FuzzyField<T> {
  readonly name: string;
  readonly get: (item: T) => string | null | undefined;
}

/** A field that matched, and the words of it that did. */
export interface FieldMatch {
  readonly field: string;
  readonly words: readonly string[];
}

/** A record found, best first, and why. */
export interface Ranked<T> {
  readonly item: T;
  readonly matched: readonly FieldMatch[];
}

/** Queries sent at most for one search: the whole text and the starts of its first words. */
const MAX_QUERIES = 4;
/** How much of a word is asked for: enough to narrow, short enough to come before the typo. */
const PREFIX = 3;

/**
 * What to ask a substring search for so a misspelt or partial text still reaches its records: the whole
 * text, then the first three letters of each word (a typo is rarely that early), at most four queries.
 *
 * @example
 * searchTexts('oakfeild primery') // ['oakfeild primery', 'oak', 'pri']
 */
export function searchTexts(text: string): string[] {
  const whole = text.trim().replace(/\s+/g, ' ');
  const starts = whole
    .split(' ')
    .filter((word) => word.length >= PREFIX)
    .map((word) => word.slice(0, PREFIX).toLowerCase());
  return [...new Set([whole, ...starts])].filter((q) => q !== '').slice(0, MAX_QUERIES);
}

/** The words of a value that a match's character ranges touch. */
function wordsAt(value: string, ranges: readonly (readonly [number, number])[]): string[] {
  const words: string[] = [];
  for (const word of value.matchAll(/\S+/g)) {
    const start = word.index;
    const end = start + word[0].length - 1;
    if (ranges.some(([a, b]) => a <= end && b >= start) && !words.includes(word[0])) words.push(word[0]);
  }
  return words;
}

function matchesOf<T>(result: FuseResult<T>): FieldMatch[] {
  return (result.matches ?? []).flatMap((match) => {
    const words = wordsAt(match.value ?? '', match.indices);
    return match.key === undefined || words.length === 0 ? [] : [{ field: match.key, words }];
  });
}

/**
 * The records like the text, best first: typos, parts of words and words in another order forgiven
 * (Fuse.js, threshold 0.4, anywhere in the field). Records equal by `idOf` count once.
 *
 * @example
 * rankFuzzy(schools, 'oakfeild', [{ name: 'name', get: (s) => s.name }], (s) => s.id)
 * // [{ item: { id: 1, name: 'Oakfield Primary School', ... }, matched: [{ field: 'name', words: ['Oakfield'] }] }]
 */
export function rankFuzzy<T>(
  items: readonly T[],
  text: string,
  fields: readonly FuzzyField<T>[],
  idOf: (item: T) => unknown,
): Ranked<T>[] {
  const unique = [...new Map(items.map((item) => [idOf(item), item])).values()];
  const fuse = new Fuse(unique, {
    keys: fields.map((field) => ({ name: field.name, getFn: (item: T) => field.get(item) ?? '' })),
    includeMatches: true,
    includeScore: true,
    ignoreLocation: true,
    threshold: 0.4,
    minMatchCharLength: 2,
  });
  const words = text
    .trim()
    .split(/\s+/)
    .filter((w) => w !== '');
  if (words.length <= 1)
    return fuse.search(text.trim()).map((result) => ({ item: result.item, matched: matchesOf(result) }));
  // Several words each on its own ("primary oak" finds Oakfield Primary School): every word must match
  // some field; ranked by the sum of their scores.
  const scored = new Map<T, { score: number; matched: FieldMatch[]; hits: number }>();
  for (const word of words) {
    for (const result of fuse.search(word)) {
      const entry = scored.get(result.item) ?? { score: 0, matched: [], hits: 0 };
      scored.set(result.item, {
        score: entry.score + (result.score ?? 1),
        matched: merge(entry.matched, matchesOf(result)),
        hits: entry.hits + 1,
      });
    }
  }
  return [...scored.entries()]
    .filter(([, entry]) => entry.hits === words.length)
    .sort((a, b) => a[1].score - b[1].score)
    .map(([item, entry]) => ({ item, matched: entry.matched }));
}

function merge(a: readonly FieldMatch[], b: readonly FieldMatch[]): FieldMatch[] {
  const out = a.map((m) => ({ field: m.field, words: [...m.words] }));
  for (const match of b) {
    const same = out.find((m) => m.field === match.field);
    if (same) same.words.push(...match.words.filter((w) => !same.words.includes(w)));
    else out.push({ field: match.field, words: [...match.words] });
  }
  return out;
}

/**
 * Why a record matched, in a column: "name: Oakfield Primary".
 *
 * @example
 * matchedText([{ field: 'email', words: ['teacher@oakfield.sandbox.test'] }]) // 'email: teacher@oakfield.sandbox.test'
 */
export function matchedText(matched: readonly FieldMatch[]): string {
  return matched.map((m) => `${m.field}: ${m.words.join(' ')}`).join('; ');
}

/**
 * How long the matched column stays on a narrow terminal (a table's `priorities`): it gives way before
 * the names beside it are cut, since a person reads the name first.
 *
 * @example
 * await printResponse(c, rows, undefined, { ...plan, priorities: MATCHED_PRIORITY });
 */
export const MATCHED_PRIORITY: Readonly<Record<string, number>> = { matched: 2 };
