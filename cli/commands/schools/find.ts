import type { Command } from 'commander';
import { CliError, EXIT } from '../../errors/cli-error.js';
import type { Factory } from '../../factory/factory.js';
import { addCommonOptions, leafFactory } from '../../input/flags.js';
import { planOutput } from '../../output/plan.js';
import type { Row } from '../../output/rows.js';
import { printResponse } from '../../output/print-response.js';
import { checkedAnswer } from '../../read/records.js';
import { schoolKey } from '../../read/schools.js';
import type { DefineCommand } from '../define.js';
import type { School } from '../../../core/shapes/types.js';
import {
  MATCHED_PRIORITY,
  matchedText,
  rankFuzzy,
  searchTexts,
  type FuzzyField,
  type Ranked,
} from '../../read/fuzzy.js';
import { together } from '../../read/together.js';

/** After no match: the command that finds a school by the id, URN or postcode the text is, if it is one. */
function showHint(text: string): string {
  let key: ReturnType<typeof schoolKey>;
  try {
    key = schoolKey(text);
  } catch {
    return ''; // no id, URN or postcode (`0`): the name was all it could be
  }
  if ('id' in key) return ` School ${key.id}: edshed schools show ${key.id}`;
  return key.key.field === 'name' ? '' : ` The school ${key.key.phrase} ${key.value}: edshed schools show "${text}"`;
}

export interface FindSchoolsOptions {
  /** Part of the school's name. */
  readonly text: string;
  /** Only schools with a live subscription. */
  readonly subscribed?: boolean | undefined;
}

/** Where a school is, when the answer says: shown only when some school in the list has it. */
const PLACE_KEYS = ['postcode', 'town', 'city'] as const;

/**
 * The columns a person reads: id, name, country and locale, and postcode or town when the answer has them.
 *
 * @example
 * schoolRows([{ id: 1, name: 'Oakfield Primary School', country: 'GB', locale: 'en_GB', code: 'OAKFIELD' }])
 * // [{ id: 1, name: 'Oakfield Primary School', country: 'GB', locale: 'en_GB' }]
 */
export function schoolRows(schools: readonly Readonly<Record<string, unknown>>[]): Row[] {
  const places = PLACE_KEYS.filter((key) =>
    schools.some((s) => s[key] !== undefined && s[key] !== null && s[key] !== ''),
  );
  return schools.map((s) => ({
    id: s.id,
    name: s.name,
    country: s.country ?? null,
    locale: s.locale ?? null,
    ...Object.fromEntries(places.map((key) => [key, s[key] ?? null])),
  }));
}

/** What a school is found by: its name (the API searches names only). */
const SCHOOL_FIELDS: readonly FuzzyField<School>[] = [{ name: 'name', get: (school) => school.name }];

/**
 * Finds schools like the text, forgiving typos and parts of words: asks the API's name search
 * (`GET schools?q=`) for the text and the starts of its words (`searchTexts`), ranks what came with
 * Fuse.js, and prints them best first with what matched; says on stderr when the API found more than it
 * shows. Answers how many were shown and how many matched.
 *
 * @example
 * await runFindSchools(c, { text: 'oakfeild' }); // 1  Oakfield Primary School  GB  en_GB  name: Oakfield
 */
export async function runFindSchools(
  c: Factory,
  options: FindSchoolsOptions,
): Promise<{ shown: number; total: number }> {
  const text = options.text.trim().replace(/\s+/g, ' ');
  if (text === '')
    throw new CliError(
      'give part of the school name to look for, e.g. `edshed schools find oak`; nothing was sent',
      EXIT.usage,
    );
  const plan = planOutput(c, { write: false, command: 'schools find' });
  const api = await c.api();
  const answers = await together(
    searchTexts(text).map(async (q) =>
      checkedAnswer(
        'schools list',
        await api.schools.list({ q, ...(options.subscribed ? { subscribed: true } : {}) }),
        'GET schools',
      ),
    ),
  );
  const ranked = rankFuzzy(
    answers.flatMap((answer) => answer.schools as readonly School[]),
    text,
    SCHOOL_FIELDS,
    (school) => school.id,
  );
  const schools = ranked.map((hit) => hit.item);
  const total = Math.max(answers[0]?.total ?? 0, schools.length);
  const whole = plan.fields !== undefined || plan.format === 'json' || plan.format === 'ndjson';
  const data = { schools: ranked.map((hit) => ({ ...hit.item, matched: hit.matched })), total };
  const rows = schoolRows(schools).map((row, i) => ({
    ...row,
    matched: matchedText((ranked[i] as Ranked<School>).matched),
  }));
  await printResponse(
    c,
    whole ? data : rows,
    whole ? 'schools' : undefined,
    whole ? plan : { ...plan, priorities: MATCHED_PRIORITY },
  );
  if (!c.globals.quiet) {
    if (schools.length === 0) c.io.stderr.write(`No school's name is like "${text}".${showHint(text)}\n`);
    else if (total > schools.length)
      c.io.stderr.write(
        `Showing ${schools.length} of ${total} schools matching "${text}"; give more of the name to narrow it.\n`,
      );
  }
  return { shown: schools.length, total };
}

const define: DefineCommand = (cmd: Command, f) => {
  cmd
    .description('Find schools by name, forgiving typos and parts of words: best first, with what matched')
    .argument('<text...>', 'the school name or part of it, misspelt or not (case does not matter)')
    .option('--subscribed', 'only schools with a live subscription')
    .addHelpText(
      'after',
      '\nCalls GET schools?q= (any signed-in user; join codes only for superusers) for the text and the first\n' +
        'three letters of each word, then ranks what came (Fuse.js): "oakfeild" finds Oakfield Primary School.\n' +
        'The matched column says which words matched.\n\nExamples:\n  edshed schools find oak\n  edshed schools find oakfeild\n  edshed schools find "north side" --subscribed\n  edshed schools find oak --json',
    );
  addCommonOptions(cmd);
  cmd.action(async (words: string[]) => {
    const c = leafFactory(f, cmd);
    await runFindSchools(c, {
      text: words.join(' '),
      subscribed: cmd.opts<{ subscribed?: boolean }>().subscribed === true,
    });
  });
};

export default define;
