import type { Command } from 'commander';
import { MAX_TAKE } from '../../../core/domain/constants.js';
import type { User } from '../../../core/shapes/types.js';
import { CliError, EXIT } from '../../errors/cli-error.js';
import type { Factory } from '../../factory/factory.js';
import { addCommonOptions, leafFactory } from '../../input/flags.js';
import { planOutput } from '../../output/plan.js';
import { printResponse } from '../../output/print-response.js';
import { MATCHED_PRIORITY, matchedText, rankFuzzy, searchTexts, type FuzzyField } from '../../read/fuzzy.js';
import { checkedAnswer } from '../../read/records.js';
import { together } from '../../read/together.js';
import type { DefineCommand } from '../define.js';

/** What a user is found by: what the API's user search looks in. */
const USER_FIELDS: readonly FuzzyField<User>[] = [
  { name: 'username', get: (user) => user.username },
  { name: 'email', get: (user) => user.email },
  { name: 'name', get: (user) => `${user.first_name} ${user.last_name}` },
  { name: 'display name', get: (user) => user.display_name },
];

/** Users shown at most: the best matches, the rest counted. */
const SHOWN = 50;

/**
 * Finds users like the text, forgiving typos and parts of words (superusers): asks the API's user search
 * (`GET users?q=`) for the text and the starts of its words, ranks what came with Fuse.js, and prints
 * them best first with what matched. Answers how many were shown and how many were like it.
 *
 * @example
 * await runFindUsers(c, { text: 'tayler' }); // 3  teacher  Taylor Teacher  teacher  1  name: Taylor
 */
export async function runFindUsers(
  c: Factory,
  options: { readonly text: string; readonly schoolId?: number | undefined },
): Promise<{ shown: number; total: number }> {
  const text = options.text.trim().replace(/\s+/g, ' ');
  if (text === '')
    throw new CliError(
      'give part of a name, username or email to look for, e.g. `edshed users find taylor`; nothing was sent',
      EXIT.usage,
    );
  const plan = planOutput(c, { write: false, command: 'users find' });
  const api = await c.api();
  const answers = await together(
    searchTexts(text).map(async (q) =>
      checkedAnswer(
        'users list',
        await api.users.list({ q, take: MAX_TAKE, ...(options.schoolId ? { schoolid: options.schoolId } : {}) }),
        'GET users',
      ),
    ),
  );
  const ranked = rankFuzzy(
    answers.flatMap((answer) => answer.users),
    text,
    USER_FIELDS,
    (user) => user.id,
  );
  const shown = ranked.slice(0, SHOWN);
  const whole = plan.fields !== undefined || plan.format === 'json' || plan.format === 'ndjson';
  const data = { users: shown.map((hit) => ({ ...hit.item, matched: hit.matched })), total: ranked.length };
  const rows = shown.map(({ item: user, matched }) => ({
    id: user.id,
    username: user.username,
    name: user.display_name,
    kind: user.kind,
    school_id: user.school_id,
    matched: matchedText(matched),
  }));
  await printResponse(
    c,
    whole ? data : rows,
    whole ? 'users' : undefined,
    whole ? plan : { ...plan, priorities: MATCHED_PRIORITY },
  );
  if (!c.globals.quiet) {
    if (ranked.length === 0) c.io.stderr.write(`No user's name, username or email is like "${text}".\n`);
    else if (ranked.length > shown.length)
      c.io.stderr.write(
        `Showing the best ${shown.length} of ${ranked.length} users like "${text}"; give more of it to narrow it.\n`,
      );
  }
  return { shown: shown.length, total: ranked.length };
}

const define: DefineCommand = (cmd: Command, f) => {
  cmd
    .description('Find users by name, username or email, forgiving typos: best first, with what matched')
    .argument('<text...>', 'a name, username or email, or part of one, misspelt or not')
    .option('--school <id>', 'only users of this school (its id)')
    .addHelpText(
      'after',
      '\nCalls GET users?q= (role: superuser) for the text and the first three letters of each word, then ranks\n' +
        'what came (Fuse.js): "tayler" finds Taylor Teacher. The matched column says which field and words matched;\n' +
        '`edshed users show ID` shows one.\n\nExamples:\n  edshed users find tayler\n  edshed users find hanah --school 1\n  edshed users find oakfield.sandbox --json',
    );
  addCommonOptions(cmd);
  cmd.action(async (words: string[]) => {
    const c = leafFactory(f, cmd);
    const school = cmd.opts<{ school?: string }>().school;
    const { positiveId } = await import('../../input/ids.js');
    await runFindUsers(c, {
      text: words.join(' '),
      schoolId: school === undefined ? undefined : positiveId(school, '--school', 'a school id'),
    });
  });
};

export default define;
