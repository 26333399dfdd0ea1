/**
 * What `edshed` and `edshed help` lead with: the daily workflows of support staff, an example each,
 * then every noun in a few groups (by the table's area), short enough to read on one screen or two.
 */
import type { Endpoint } from '../../core/endpoints/define.js';
import { wrap } from '../output/fit.js';

/** The workflows a support person runs every day, each with one example. */
const WORKFLOWS: readonly (readonly [what: string, example: string])[] = [
  ['Find a school', 'edshed schools find oakfield'],
  ['Show a school: subscriptions, unpaid invoices, admins', 'edshed schools show 1'],
  ['Show an invoice', 'edshed invoices show 4'],
  ['Mark an invoice paid (or promised, void...)', 'edshed invoices mark 4 paid --method bacs --date 2026-11-02'],
  ['Move a subscription to another school', 'edshed subscriptions move 5 --to 2'],
  ['Generate pupil accounts (passwords to a 0600 file)', 'edshed pupils generate --amount 30 --out class-3.csv'],
  ['Reconcile a bank statement with invoices', 'edshed invoices reconcile statement.csv'],
  [
    'Run a write for every row of a file, then resume it',
    'edshed invoices mark paid --from payments.csv; edshed runs list',
  ],
  ['Watch a dashboard', 'edshed dash billing'],
];

/** The group of each area of the table (tests/fixtures/endpoints.tsv); an area not named goes under "other". */
const GROUPS: readonly (readonly [group: string, areas: readonly string[]])[] = [
  [
    'Billing',
    [
      'superuser-billing',
      'school-subscriptions',
      'subscription-catalogue',
      'payments',
      'store',
      'vat',
      'sales-reporting',
    ],
  ],
  [
    'Schools and users',
    [
      'school',
      'teachers-users',
      'pupils',
      'groups',
      'districts',
      'deleted-users',
      'rostering',
      'auth',
      'avatar',
      'countries',
    ],
  ],
  [
    'Teaching and learning content',
    [
      'homework',
      'hives-leagues',
      'rewards',
      'lessons',
      'question-sets',
      'quiz-questions',
      'quiz-sessions',
      'spelling-sessions',
      'curricula-resources',
      'lists',
      'dictionary',
      'phonics',
      'grammar',
      'number',
      'writing',
      'notes',
      'tower-game',
      'pupil-reports',
      'learner-other',
    ],
  ],
  ['Site and system', ['site', 'system']],
];

/** The CLI's own commands (no API noun), and the summary each gives. */
export interface OwnCommand {
  readonly name: string;
  readonly summary: string;
}

/**
 * The text after the options of `edshed --help`: workflows with their examples, then the nouns by group,
 * then the CLI's own commands, a line each, wrapped to `width`.
 *
 * @example
 * startHelp(ENDPOINTS, [{ name: 'help', summary: 'Show help...' }], ['runs', 'dash'], 80)
 */
export function startHelp(
  endpoints: readonly Endpoint[],
  own: readonly OwnCommand[],
  curatedNouns: readonly string[],
  width = 80,
): string {
  const lines = ['', 'Daily workflows:'];
  for (const [what, example] of WORKFLOWS) lines.push(`  ${what}`, `      ${example}`);
  // A noun is in the group most of its entries' areas belong to.
  const votes = new Map<string, Map<string, number>>();
  for (const e of endpoints) {
    const group = GROUPS.find(([, areas]) => areas.includes(e.area))?.[0] ?? 'Other';
    const noun = e.command.split(' ')[0] as string;
    const tally = votes.get(noun) ?? new Map<string, number>();
    votes.set(noun, tally.set(group, (tally.get(group) ?? 0) + 1));
  }
  const nounsOf = new Map<string, Set<string>>([
    ...GROUPS.map(([g]) => [g, new Set<string>()] as const),
    ['Other', new Set<string>()],
  ]);
  for (const [noun, tally] of votes) {
    const group = [...tally].sort((a, b) => b[1] - a[1])[0]?.[0] ?? 'Other';
    nounsOf.get(group)?.add(noun);
  }
  nounsOf.set('Bulk runs, dashboards and tools', new Set(curatedNouns));
  lines.push(
    '',
    'Nouns (`edshed NOUN --help` lists its commands; `edshed endpoints --search',
    'WORDS` finds a command):',
  );
  for (const [group, nouns] of [...nounsOf].filter(([, n]) => n.size > 0))
    lines.push(`  ${group}:`, ...wrap([...nouns].sort().join(', '), width - 4).map((l) => `    ${l}`));
  const name = Math.max(...own.map((c) => c.name.length)) + 2;
  lines.push(
    '',
    'The CLI itself:',
    ...own.flatMap((c) =>
      wrap(c.summary, width - 2 - name).map((l, i) => `  ${i === 0 ? c.name.padEnd(name) : ' '.repeat(name)}${l}`),
    ),
  );
  return `${lines.join('\n')}\n`;
}
