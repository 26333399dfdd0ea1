/**
 * How the resources search reads a search text: a word matches a resource when the resource's text holds
 * it as typed (so a partial word, `volc`, still finds), or holds a word of the same English stem (Porter's
 * algorithm, the `stemmer` package), so `volcanoes` finds `Volcano` and `poems` finds `Poem`. SQLite has
 * no stemmer, so this runs over the rows the other filters left.
 */
import { stemmer } from 'stemmer';

/** The words of a text, lower case: runs of letters and digits (`Charlotte's` is `charlotte` and `s`). */
function wordsOf(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word !== '');
}

/** A search text as its words, each with its stem ('' for a word that is not letters and digits alone). */
export interface SearchWords {
  readonly words: readonly { readonly typed: string; readonly stem: string }[];
}

/**
 * The words of a search text (blank words dropped), each with its stem.
 *
 * @example
 * searchWords('Volcanoes  poems') // { words: [{ typed: 'volcanoes', stem: 'volcano' }, { typed: 'poems', stem: 'poem' }] }
 */
export function searchWords(text: string): SearchWords {
  return {
    words: text
      .trim()
      .split(/\s+/)
      .filter((word) => word !== '')
      .map((word) => {
        const typed = word.toLowerCase();
        // Only a word of letters and digits has a stem: `a\u0000` or `50%` match as typed, or not at all.
        const letters = wordsOf(word);
        return { typed, stem: letters.length === 1 && letters[0] === typed ? stemmer(typed) : '' };
      }),
  };
}

/**
 * Whether a resource's text (its title, key, description and categories, as one string) holds every word
 * of the search, as typed or by stem.
 *
 * @example
 * matchesEvery(searchWords('volcanoes'), 'A Day at the Volcano') // true
 * matchesEvery(searchWords('volc'), 'A Day at the Volcano')      // true
 */
export function matchesEvery(search: SearchWords, text: string): boolean {
  if (search.words.length === 0) return true;
  const lower = text.toLowerCase();
  let stems: Set<string> | undefined;
  return search.words.every(({ typed, stem }) => {
    if (lower.includes(typed)) return true;
    stems ??= new Set(wordsOf(text).map((word) => stemmer(word)));
    return stem !== '' && stems.has(stem);
  });
}
