/**
 * School and district names as banks write them: capitals, no punctuation, words cut short or
 * abbreviated ("ST MARYS CE PRIM" for "St Mary's C of E Primary School"). Both sides become the same
 * canonical words, so a bank's text can be compared with a name word by word.
 */

/** Phrases first (longest), then single words: each to its canonical word; '' drops it. */
const PHRASES: readonly (readonly [RegExp, string])[] = [
  [/\bCHURCH OF ENGLAND\b/g, 'CE'],
  [/\bC OF E\b/g, 'CE'],
  [/\bCOFE\b/g, 'CE'],
  [/\bROMAN CATHOLIC\b/g, 'RC'],
  [/\bCHURCH IN WALES\b/g, 'CIW'],
];

const WORDS: Readonly<Record<string, string>> = {
  SAINT: 'ST', STS: 'ST', CHURCH: 'CE', CHRCH: 'CE', PRIMARY: 'PRIM', PRI: 'PRIM', PRM: 'PRIM', PRIMY: 'PRIM', SCHOOL: '', SCHOOLS: '', SCH: '', SCHL: '', SCHOOLS_: '',
  ACADEMY: 'ACAD', ACAD: 'ACAD', ACADEMIES: 'ACAD', JUNIOR: 'JNR', JUN: 'JNR', JR: 'JNR', INFANT: 'INF', INFANTS: 'INF', COMMUNITY: 'COMM', COMM: 'COMM',
  CATHOLIC: 'CATH', CATH: 'CATH', SECONDARY: 'SEC', SEC: 'SEC', COLLEGE: 'COLL', COLL: 'COLL', INTERNATIONAL: 'INTL', INTL: 'INTL', ELEMENTARY: 'ELEM',
  ELEM: 'ELEM', DISTRICT: 'DIST', DIST: 'DIST', TRUST: 'TR', TRST: 'TR', MULTI: 'MULTI', FEDERATION: 'FED', FED: 'FED', NURSERY: 'NURS',
  UNIFIED: 'UNIF', INDEPENDENT: 'IND', LIMITED: '', LTD: '', THE: '', AND: '', OF: '', A: '', EDUCATION: 'EDU', FOUNDATION: 'FDN', VILLAGE: 'VILL',
  VOLUNTARY: 'VA', AIDED: '', CONTROLLED: '', VC: 'CE', GRAMMAR: 'GRAM', HIGH: 'HIGH', MIDDLE: 'MID',
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

/**
 * How much of a name a bank's text shows, 0 to 1. Each name word is found in the text whole, or cut
 * short or abbreviated (one a prefix of the other, at least 3 letters: 0.8), each text word used once;
 * words weigh by their rarity (`weight`). Text words that other names use but this one does not
 * (`known`: "REDWOOD" for "Greenfield Green Primary") count against it: they name someone else.
 *
 * @example
 * nameScore(['ST', 'MARYS', 'CE', 'PRIM'], ['ST', 'MARYS', 'CE', 'PRI'], () => 1, () => true) // 0.95
 */
export function nameScore(name: readonly string[], text: readonly string[], weight: (word: string) => number, known: (word: string) => boolean): number {
  if (name.length === 0) return 0;
  const { used, found, total } = matchWords(name, text, weight);
  let against = 0;
  text.forEach((t, i) => {
    if (!used[i] && t.length >= 3 && known(t)) against += weight(t);
  });
  return total === 0 ? 0 : found / (total + against);
}

/**
 * How much of a bank's text a name explains: the weight of the text words it matches (whole, or cut
 * short, as `nameScore` matches them). Two names that explain the same text words equally are named by
 * the text equally, however many words either has that the text does not show (a text cut at 18
 * characters shows only a name's first words).
 *
 * @example
 * nameCover(['HILLCREST', 'PRIM', 'ACAD'], ['HILLCREST', 'ACAD'], () => 1) // 2
 * nameCover(['HILLCREST', 'ACAD', 'TR'], ['HILLCREST', 'ACAD'], () => 1) // 2: the trust is named as well
 */
export function nameCover(name: readonly string[], text: readonly string[], weight: (word: string) => number): number {
  const { used } = matchWords(name, text, weight);
  return text.reduce((sum, t, i) => (used[i] ? sum + weight(t) : sum), 0);
}

/** Each name word found in the text whole (1), or cut short or abbreviated (0.8), each text word used once. */
function matchWords(name: readonly string[], text: readonly string[], weight: (word: string) => number): { used: boolean[]; found: number; total: number } {
  const used = new Array<boolean>(text.length).fill(false);
  let total = 0;
  let found = 0;
  for (const word of name) {
    const w = weight(word);
    total += w;
    let k = text.findIndex((t, i) => !used[i] && t === word);
    let credit = 1;
    if (k < 0) {
      k = text.findIndex((t, i) => !used[i] && t.length >= 3 && word.length >= 3 && (word.startsWith(t) || t.startsWith(word)));
      credit = 0.8;
    }
    if (k >= 0) {
      used[k] = true;
      found += w * credit;
    }
  }
  return { used, found, total };
}
