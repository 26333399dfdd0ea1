import type { Command } from 'commander';
import { loadJobs } from '../../dash/jobs/load.js';
import { jobsPanes } from '../../dash/jobs/panes.js';
import { leafFactory } from '../../input/flags.js';
import type { DefineCommand } from '../define.js';
import { addDashOptions, dashOptions, runDash } from './run-dash.js';

const HELP = `
For superusers. Panes: background jobs running or queued with their progress as bars, the engagement
snapshot jobs (with the period each computes), failed jobs with their error, email statistics (sent,
delivered, opened, bounced, suppressed), and every job. Refreshes every --interval seconds.

Keys: Tab and arrows move between panes, Enter opens one (arrows scroll, / filters), Esc goes back,
r refreshes, ? shows the keys, q quits. Off a terminal, --once prints one plain-text snapshot
(--once --json the data); without --once it exits 2.

Examples:
  edshed dash jobs --interval 5
  edshed dash jobs --once`;

/** `edshed dash jobs`: background jobs and email statistics, live. */
const define: DefineCommand = (cmd: Command, f) => {
  cmd
    .description('Live background jobs with progress bars, engagement snapshot jobs, email statistics')
    .addHelpText('after', HELP);
  addDashOptions(cmd);
  cmd.action(async () => {
    const c = leafFactory(f, cmd);
    await runDash(
      c,
      'jobs',
      { name: 'jobs', title: 'EdShed jobs', load: loadJobs, panes: jobsPanes },
      dashOptions(cmd.opts()),
    );
  });
};

export default define;
