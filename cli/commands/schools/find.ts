import type { Command } from 'commander';
import { CliError, EXIT } from '../../cli-error.js';
import type { Factory } from '../../factory.js';
import { addCommonOptions, leafFactory } from '../../flags.js';
import { planOutput } from '../../output/plan.js';
import type { Row } from '../../output/rows.js';
import { printResponse } from '../../print-response.js';
import { checkedAnswer } from '../../read/records.js';
import type { DefineCommand } from '../index.js';

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
  const places = PLACE_KEYS.filter((key) => schools.some((s) => s[key] !== undefined && s[key] !== null && s[key] !== ''));
  return schools.map((s) => ({
    id: s.id,
    name: s.name,
    country: s.country ?? null,
    locale: s.locale ?? null,
    ...Object.fromEntries(places.map((key) => [key, s[key] ?? null])),
  }));
}

/**
 * Finds schools whose name contains the text (`GET schools?q=`) and prints them; says on stderr when the
 * API found more than it shows. Answers how many were shown and how many matched.
 *
 * @example
 * await runFindSchools(c, { text: 'oak' }); // 1  Oakfield Primary School  GB  en_GB
 */
export async function runFindSchools(c: Factory, options: FindSchoolsOptions): Promise<{ shown: number; total: number }> {
  const text = options.text.trim();
  if (text === '') throw new CliError('give part of the school name to look for, e.g. `edshed schools find oak`; nothing was sent', EXIT.usage);
  const plan = planOutput(c, { write: false, command: 'schools find' });
  const api = await c.api();
  const data = await checkedAnswer('schools list', await api.schools.list({ q: text, ...(options.subscribed ? { subscribed: true } : {}) }), 'GET schools');
  const { schools } = data;
  const total = Math.max(data.total, schools.length);
  const whole = plan.fields !== undefined || plan.format === 'json' || plan.format === 'ndjson';
  await printResponse(c, whole ? data : schoolRows(schools), whole ? 'schools' : undefined, plan);
  if (!c.globals.quiet) {
    if (schools.length === 0) c.io.stderr.write(`No school's name contains "${text}".\n`);
    else if (total > schools.length) c.io.stderr.write(`Showing ${schools.length} of ${total} schools matching "${text}"; give more of the name to narrow it.\n`);
  }
  return { shown: schools.length, total };
}

const define: DefineCommand = (cmd: Command, f) => {
  cmd
    .description('Find schools by part of their name: id, name, country, locale')
    .argument('<text...>', 'part of the school name (case does not matter)')
    .option('--subscribed', 'only schools with a live subscription')
    .addHelpText('after', '\nCalls GET schools?q=TEXT (any signed-in user; join codes only for superusers).\n\nExamples:\n  edshed schools find oak\n  edshed schools find "north side" --subscribed\n  edshed schools find oak --json');
  addCommonOptions(cmd);
  cmd.action(async (words: string[]) => {
    const c = leafFactory(f, cmd);
    await runFindSchools(c, { text: words.join(' '), subscribed: cmd.opts<{ subscribed?: boolean }>().subscribed === true });
  });
};

export default define;
