/**
 * Stage 3, identify: who a line's text names. The words of its text reach school and district names
 * through the index (`reach`: the names its rarer words hit most, each scored by `weighedFit`); those
 * named enough are payers (`namesOf`), those named clearly may decide a line alone (`clearPayers`).
 */
import { nameFit, nameWords, weighedFit } from '../names.js';
import type { ClearPayer } from '../payer-conflict.js';
import {
  BANK_NAME,
  COMMON_WORD,
  DISTRICT_MIN,
  NAME_MIN,
  NAME_STRONG,
  NAME_WINDOW,
  NAMES_KEPT,
  PREFIX_MIN,
  REACHED,
  WORD_MIN,
} from '../tuning.js';
import type { NameIndex } from './index.js';
import type { LineRead } from './read.js';
import type { MatchRun } from './run.js';

/** A school or district a text names, and how well. */
export interface Named {
  readonly id: number;
  /** How much of the name the text shows, how much of the text it explains, whether it shows its first word (`nameFit`). */
  readonly score: number;
  readonly cover: number;
  readonly leads: boolean;
}

/** For a slot without weights (none is): an empty list, never written to. */
const NO_WEIGHTS = new Float64Array(0);

/** Schools, or districts, the text's words reach most, each scored, best score first (the run's scratch reused). */
function reach(words: readonly string[], names: NameIndex, run: MatchRun): Named[] {
  const { index } = run;
  let hits = run.hits.get(names);
  if (hits === undefined) run.hits.set(names, (hits = new Float64Array(names.ids.length)));
  const touched: number[] = [];
  for (const word of new Set(words)) {
    if (word.length < WORD_MIN) continue;
    const slots = names.byWord.get(word);
    // Very common words (PRIM, ST) alone reach too many to score; a rarer word of the same name reaches it.
    if (slots === undefined || slots.length > COMMON_WORD) continue;
    const w = index.wordWeight(word);
    for (const slot of slots) {
      if (hits[slot] === 0) touched.push(slot);
      hits[slot] = (hits[slot] ?? 0) + w;
    }
  }
  // Only the names the text's words reach most are scored in full: the `REACHED` reached most, and every
  // name reached as much as the last of them (a cut among names the text reaches alike would drop a payer).
  // The `REACHED`th highest reach (the lowest, for fewer names), kept in a short list: sorting every name a
  // line's words touch (hundreds) cost more than scoring.
  const { top } = run;
  let kept = 0;
  for (const slot of touched) {
    const v = hits[slot] ?? 0;
    if (kept === REACHED && v <= (top[REACHED - 1] ?? 0)) continue;
    let at = kept < REACHED ? kept++ : REACHED - 1;
    for (; at > 0 && (top[at - 1] ?? 0) < v; at -= 1) top[at] = top[at - 1] ?? 0;
    top[at] = v;
  }
  const floor = (kept === 0 ? 0 : (top[kept - 1] ?? 0)) - 1e-9;
  const reached = touched.filter((slot) => (hits[slot] ?? 0) >= floor);
  for (const slot of touched) hits[slot] = 0;
  // The text's words weighed once for every name scored.
  const textWeights = words.map(index.wordWeight);
  const against = words.map((t) => t.length >= PREFIX_MIN && index.knownWord(t));
  return reached
    .map((slot) => {
      const fit = weighedFit(
        names.words[slot] ?? [],
        names.weights[slot] ?? NO_WEIGHTS,
        words,
        textWeights,
        against,
        run.fit,
      );
      // Rounded, so that two names explaining the same words compare equal whatever the order of the sum.
      return {
        id: names.ids[slot] as number,
        score: fit.score,
        cover: Math.round(fit.cover * 1e6) / 1e6,
        leads: fit.leads,
      };
    })
    .sort((a, b) => b.score - a.score);
}

/**
 * Whether the text begins with the name cut short by the bank: its first `BANK_NAME` characters (the text
 * at least one short of them, trimmed) are all words of the name from its first, the last perhaps cut
 * inside a word of the name.
 *
 * @example
 * cutShort('HILLCREST VILLAGE', ['HILLCREST', 'VILL', 'PRIM', 'ACAD'], run) // true
 * cutShort('BROOKFIELD GREEN P BACS', ['BROOKFIELD', 'GREEN', 'PRIM'], run) // true
 * cutShort('HILLCREST BACS', ['HILLCREST', 'VILL', 'PRIM', 'ACAD'], run) // false: not cut
 * cutShort('HILLCREST VILL BACS', ['HILLCREST', 'VILL', 'PRIM', 'ACAD'], run) // false: BAC begins no word of it
 */
export function cutShort(text: string, name: readonly string[], run: MatchRun): boolean {
  const { index } = run;
  if (text.trim().length < BANK_NAME - 1) return false;
  const head = nameWords(text.slice(0, BANK_NAME));
  const last = head.at(-1) ?? '';
  const whole = name.some((w) => w.startsWith(last)) && !name.includes(last) ? head.slice(0, -1) : head;
  const fit = nameFit(name, whole, index.wordWeight, index.knownWord, run.fit);
  return (
    whole.length > 0 && fit.leads && Math.abs(fit.cover - whole.reduce((sum, w) => sum + index.wordWeight(w), 0)) < 1e-9
  );
}

/**
 * What the school and district names of a text tell, read once for every text with the same name words:
 * the names reached with their fits, the most of the text one name explains (`top`), those named enough
 * to be payers, and the payers themselves (schools, and the schools of districts named).
 */
export interface NamesRead {
  readonly reachedSchools: readonly Named[];
  readonly top: number;
  readonly schools: readonly Named[];
  readonly districts: readonly Named[];
  readonly schoolScore: ReadonlyMap<number, number>;
  readonly districtScore: ReadonlyMap<number, number>;
  readonly best: number;
  readonly payerSchools: readonly number[];
  readonly payers: readonly number[];
}

/**
 * What a text's name words name, read once a run for each set of words (the run's `names`).
 *
 * @example
 * namesOf(['OAKFIELD', 'PRIM'], run).payers // [the id of Oakfield Primary School]
 */
export function namesOf(words: readonly string[], run: MatchRun): NamesRead {
  const { index } = run;
  const key = words.join(' ');
  const memo = run.names;
  const known = memo.get(key);
  if (known !== undefined) return known;
  const reachedSchools = reach(words, index.schoolNames, run);
  const reachedDistricts = reach(words, index.districtNames, run);
  // The most of the text one name explains. A name explaining that much fits the text as well as any: a
  // bank cuts a name at `BANK_NAME` characters, so "HILLCREST ACADEMY" names the trust "Hillcrest Academy Trust"
  // as much as the school "Hillcrest Primary Academy", however many words either has that it does not show.
  let top = 0;
  for (const n of reachedSchools) top = Math.max(top, n.cover);
  for (const n of reachedDistricts) top = Math.max(top, n.cover);
  const fitsBest = (n: Named): boolean => top > 0 && n.cover >= top && n.leads;
  const schools = reachedSchools.filter((n) => n.score >= NAME_MIN || fitsBest(n));
  // A district named even in part widens the payers: its schools' invoices become options too (never fewer).
  const districts = reachedDistricts.filter((n) => n.score >= DISTRICT_MIN || fitsBest(n));
  // By name: the best-named schools (within a whisker of the best), any named district's schools, and
  // every school and district the text fits as well as any other.
  const best = Math.max(schools[0]?.score ?? 0, districts[0]?.score ?? 0);
  const payerSchools = schools.filter((s) => s.score >= best - NAME_WINDOW || fitsBest(s)).map((s) => s.id);
  const districtSchools = districts.flatMap((d) => index.schoolsOfDistrict.get(d.id) ?? []);
  const read: NamesRead = {
    reachedSchools,
    top,
    schools,
    districts,
    best,
    payerSchools,
    schoolScore: new Map(schools.map((n) => [n.id, n.score])),
    districtScore: new Map(districts.map((n) => [n.id, n.score])),
    payers: [...new Set([...payerSchools, ...districtSchools])],
  };
  if (memo.size < NAMES_KEPT) memo.set(key, read);
  return read;
}

/**
 * The payers a line's text names clearly: schools and districts named well (`NAME_STRONG`), or cut short
 * by the bank's name field as far as it goes, as a name must be to decide a line alone.
 *
 * @example
 * clearPayers(readLine(line, run), run) // [{ kind: 'school', named: { id: 12, score: 0.9, ... } }]
 */
export function clearPayers(read: LineRead, run: MatchRun): ClearPayer[] {
  const { index } = run;
  const { top, schools, districts } = read.names;
  const clearly = (n: Named, wordsOf: ReadonlyMap<number, string[]>): boolean =>
    n.score >= NAME_STRONG ||
    (top > 0 && n.cover >= top && n.leads && cutShort(read.line.text, wordsOf.get(n.id) ?? [], run));
  return [
    ...schools.filter((n) => clearly(n, index.schoolWords)).map((named) => ({ kind: 'school' as const, named })),
    ...districts.filter((n) => clearly(n, index.districtWords)).map((named) => ({ kind: 'district' as const, named })),
  ];
}

/**
 * The payers a reference or PO of another school's invoice is checked against: those the text names
 * clearly (`clearPayers`), and those whose name it begins with and explains the most of, though it fits
 * several alike ("WILLOWDALE JNR": three Willowdale Junior Schools). Such a name is none of them clearly,
 * but clearly not a school whose name explains less of the text.
 *
 * @example
 * namedPayers(readLine(line, run), run) // [{ kind: 'school', named: { id: 20, score: 0.53, ... } }, ...]
 */
export function namedPayers(read: LineRead, run: MatchRun): ClearPayer[] {
  const { top, schools, districts } = read.names;
  const leading = (n: Named): boolean => top > 0 && n.cover >= top && n.leads;
  const clear = clearPayers(read, run);
  const known = new Set(clear.map((p) => `${p.kind} ${p.named.id}`));
  const more = [
    ...schools.filter(leading).map((named) => ({ kind: 'school' as const, named })),
    ...districts.filter(leading).map((named) => ({ kind: 'district' as const, named })),
  ].filter((p) => !known.has(`${p.kind} ${p.named.id}`));
  return [...clear, ...more];
}
