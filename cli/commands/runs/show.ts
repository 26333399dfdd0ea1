import type { Command } from 'commander';
import { readJournal } from '../../bulk/journal-state.js';
import { journalFile } from '../../bulk/journal.js';
import { addCommonOptions, leafFactory } from '../../input/flags.js';
import { chooseFormat } from '../../output/render.js';
import { printResponse } from '../../output/print-response.js';
import type { DefineCommand } from '../define.js';

/** `edshed runs show ID`: one run's header, counts, and every item not done with its reason. */
const define: DefineCommand = (cmd: Command, f) => {
  cmd
    .description(
      'Show a bulk run: what it was, its counts, and each item not done (failed, unknown, skipped) with the reason',
    )
    .argument('<id>', 'run id (edshed runs list)')
    .addHelpText(
      'after',
      '\nExamples:\n  edshed runs show 20261102-100000-8000\n  edshed runs show 20261102-100000-8000 --json | jq \'.not_done[] | select(.status == "failed")\'',
    );
  addCommonOptions(cmd, new Set(), { connection: false });
  cmd.action(async (id: string) => {
    const c = leafFactory(f, cmd);
    const { header, counts, problems, resumes } = await readJournal(c.env, id);
    const run = {
      id,
      command: header.command,
      file: header.file,
      created: header.created,
      api: header.api,
      profile: header.profile,
      idempotency_prefix: header.idempotency_prefix,
      // Journals from before settings were kept: a resume uses the defaults.
      concurrency: header.settings?.concurrency ?? null,
      rate: header.settings?.rate ?? null,
      resumes,
      items: header.items,
      ...counts,
      // Not done and without a line in the journal: the run stopped before it reached them.
      never_sent: Math.max(0, header.items - counts.done - problems.length),
      journal: journalFile(c.env, id),
    };
    if (c.globals.json || c.globals.format === 'json') {
      c.io.stdout.write(`${JSON.stringify({ ...run, not_done: problems }, null, 2)}\n`);
      return;
    }
    if (chooseFormat(c.globals, c.io.stdoutIsTTY) === 'table' && c.globals.fields === undefined) {
      const { runView } = await import('./run-view.js');
      const { renderView } = await import('../../output/view.js');
      const width = c.io.columns ?? 120;
      c.io.stdout.write(renderView(runView(run, problems, width), width, c.colors));
      return;
    }
    await printResponse(c, run);
    const notDone = problems.length + run.never_sent;
    if (notDone === 0) return;
    if (!c.globals.quiet)
      c.io.stderr.write(`\nItems not done (${notDone}): ${notDoneParts(problems.length, run.never_sent)}\n`);
    if (problems.length > 0) await printResponse(c, problems);
  });
};

/** What the heading of the items not done stands for: those listed, and those the run never sent. */
function notDoneParts(listed: number, neverSent: number): string {
  const never = `${neverSent === 1 ? 'was' : 'were'} never sent`;
  if (listed === 0) return `${neverSent} ${never}`;
  return neverSent === 0 ? `${listed} listed below` : `${listed} listed below; ${neverSent} more ${never}`;
}

export default define;
