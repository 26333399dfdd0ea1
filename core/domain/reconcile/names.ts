/**
 * School and district names as banks write them: capitals, no punctuation, words cut short or
 * abbreviated ("ST MARYS CE PRIM" for "St Mary's C of E Primary School"). Both sides become the same
 * canonical words, so a bank's text can be compared with a name word by word.
 */
import { CUT_CREDIT, PREFIX_MIN } from './tuning.js';

/** Phrases first (longest), then single words: each to its canonical word; '' drops it. */
const PHRASES: readonly (readonly [RegExp, string])[] = [
  [/\bCHURCH OF ENGLAND\b/g, 'CE'],
  [/\bC OF E\b/g, 'CE'],
  [/\bCOFE\b/g, 'CE'],
  [/\bROMAN CATHOLIC\b/g, 'RC'],
  [/\bCHURCH IN WALES\b/g, 'CIW'],
];

const WORDS: Readonly<Record<string, string>> = {
  SAINT: 'ST',
  STS: 'ST',
  CHURCH: 'CE',
  CHRCH: 'CE',
  PRIMARY: 'PRIM',
  PRI: 'PRIM',
  PRM: 'PRIM',
  PRIMY: 'PRIM',
  SCHOOL: '',
  SCHOOLS: '',
  SCH: '',
  SCHL: '',
  SCHOOLS_: '',
  ACADEMY: 'ACAD',
  ACAD: 'ACAD',
  ACADEMIES: 'ACAD',
  JUNIOR: 'JNR',
  JUN: 'JNR',
  JR: 'JNR',
  INFANT: 'INF',
  INFANTS: 'INF',
  COMMUNITY: 'COMM',
  COMM: 'COMM',
  CATHOLIC: 'CATH',
  CATH: 'CATH',
  SECONDARY: 'SEC',
  SEC: 'SEC',
  COLLEGE: 'COLL',
  COLL: 'COLL',
  INTERNATIONAL: 'INTL',
  INTL: 'INTL',
  ELEMENTARY: 'ELEM',
  ELEM: 'ELEM',
  DISTRICT: 'DIST',
  DIST: 'DIST',
  TRUST: 'TR',
  TRST: 'TR',
  MULTI: 'MULTI',
  FEDERATION: 'FED',
  FED: 'FED',
  NURSERY: 'NURS',
  UNIFIED: 'UNIF',
  INDEPENDENT: 'IND',
  LIMITED: '',
  LTD: '',
  THE: '',
  AND: '',
  OF: '',
  A: '',
  EDUCATION: 'EDU',
  FOUNDATION: 'FDN',
  VILLAGE: 'VILL',
  VOLUNTARY: 'VA',
  AIDED: '',
  CONTROLLED: '',
  VC: 'CE',
  GRAMMAR: 'GRAM',
  HIGH: 'HIGH',
  MIDDLE: 'MID',
};

/**
 * A name or a bank's text as canonical words.
 *
 * @example
 * nameWords("St Mary's C of E Primary School") // ['ST', 'MARYS', 'CE', 'PRIM']
 * nameWords('ST MARYS CE PRIM') // ['ST', 'MARYS', 'CE', 'PRIM']
 */
export function nameWords(name: string): string[] {
  let text = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toUpperCase()
    .replace(/['’`]/g, '')
    .replace(/&/g, ' AND ')
    .replace(/[^A-Z0-9]+/g, ' ');
  for (const [pattern, word] of PHRASES) text = text.replace(pattern, word);
  return text
    .split(' ')
    .filter((w) => w !== '')
    .map((w) => WORDS[w] ?? w)
    .filter((w) => w !== '');
}

/** How a name fits a bank's text: `score` (0 to 1), `cover` and `leads`, as `nameFit` tells. */
export interface NameFit {
  readonly score: number;
  readonly cover: number;
  readonly leads: boolean;
}

/** Which text words `weighedFit` has matched: kept by a caller scoring many names (a matching run) to reuse. */
export interface FitScratch {
  used: Uint8Array;
}

/**
 * A fresh scratch for `weighedFit`.
 *
 * @example
 * const scratch = fitScratch(); weighedFit(name, weights, text, textWeights, against, scratch);
 */
export function fitScratch(): FitScratch {
  return { used: new Uint8Array(16) };
}

/**
 * How a name fits a bank's text, in one pass. Each name word is found in the text whole, or cut short or
 * abbreviated (one a prefix of the other, at least `PREFIX_MIN` letters: `CUT_CREDIT`), each text word used once; words weigh
 * by their rarity (`weight`).
 * - `score`: how much of the name the text shows, 0 to 1. Text words that other names use but this one
 *   does not (`known`: "REDWOOD" for "Greenfield Green Primary") count against it: they name someone else.
 * - `cover`: how much of the text the name explains, the weight of the text words it matches. Two names
 *   explaining the same text words are named by the text alike, however many words either has that the
 *   text does not show (a bank cuts a name at 18 characters, showing only its first words).
 * - `leads`: whether the text shows the name's first word (a bank cuts a name's end, never its start).
 *
 * @example
 * nameFit(['ST', 'MARYS', 'CE', 'PRIM'], ['ST', 'MARYS', 'CE', 'PRI'], () => 1, () => true).score // 0.95
 * nameFit(['HILLCREST', 'PRIM', 'ACAD'], ['HILLCREST', 'ACAD'], () => 1, () => true).cover // 2
 * nameFit(['HILLCREST', 'ACAD', 'TR'], ['HILLCREST', 'ACAD'], () => 1, () => true).cover // 2: the trust is named as much
 */
export function nameFit(
  name: readonly string[],
  text: readonly string[],
  weight: (word: string) => number,
  known: (word: string) => boolean,
  scratch: FitScratch = fitScratch(),
): NameFit {
  return weighedFit(
    name,
    Float64Array.from(name, weight),
    text,
    text.map(weight),
    text.map((t) => t.length >= PREFIX_MIN && known(t)),
    scratch,
  );
}

/**
 * `nameFit` with the words' weights given (`nameWeights[n]` is `name[n]`'s), and which text words count
 * against a name they are not in (`against[i]`: at least `PREFIX_MIN` letters, and of some name): a line scores
 * dozens of names against one text, so its words are weighed once. Plain loops over the caller's scratch
 * array (`fitScratch`), grown when a text is longer.
 *
 * @example
 * weighedFit(['ST', 'MARYS'], Float64Array.of(1, 1), ['ST', 'MARYS'], [1, 1], [false, false], fitScratch()).score // 1
 */
export function weighedFit(
  name: readonly string[],
  nameWeights: Float64Array,
  text: readonly string[],
  textWeights: readonly number[],
  against: readonly boolean[],
  scratch: FitScratch = fitScratch(),
): NameFit {
  if (scratch.used.length < text.length) scratch.used = new Uint8Array(text.length * 2);
  const used = scratch.used.fill(0, 0, text.length);
  let total = 0;
  let found = 0;
  let leads = false;
  for (let n = 0; n < name.length; n += 1) {
    const word = name[n] as string;
    const w = nameWeights[n] as number;
    total += w;
    let k = -1;
    for (let i = 0; i < text.length && k < 0; i += 1) if (used[i] === 0 && text[i] === word) k = i;
    let credit = 1;
    if (k < 0 && word.length >= PREFIX_MIN) {
      for (let i = 0; i < text.length && k < 0; i += 1) {
        const t = text[i] as string;
        if (used[i] === 0 && t.length >= PREFIX_MIN && (word.startsWith(t) || t.startsWith(word))) k = i;
      }
      credit = CUT_CREDIT;
    }
    if (k >= 0) {
      used[k] = 1;
      found += w * credit;
      if (n === 0) leads = true;
    }
  }
  let weightAgainst = 0;
  let cover = 0;
  for (let i = 0; i < text.length; i += 1) {
    if (used[i] === 1) cover += textWeights[i] as number;
    else if (against[i] === true) weightAgainst += textWeights[i] as number;
  }
  return { score: name.length === 0 || total === 0 ? 0 : found / (total + weightAgainst), cover, leads };
}
