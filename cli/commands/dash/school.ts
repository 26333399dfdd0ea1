import type { Command } from 'commander';
import { schoolSpec } from '../../dash/school/spec.js';
import { leafFactory } from '../../input/flags.js';
import { lookupSchool, schoolKey, SCHOOL_NAMED_BY } from '../../read/schools.js';
import type { DefineCommand } from '../define.js';
import { addDashOptions, dashOptions, runDash } from './run-dash.js';

const HELP = `
For a school admin (their own school; ID optional) and superusers (any school; ID needed). Panes: the
school's pupil, teacher and group counts; each subscription with seats used against seats bought as a
bar; homework due this week and the groups' recent activity (a school's own admins: the API has no
superuser route to them); for superusers the activity of the latest engagement snapshot and the unpaid
invoices (the same reads as edshed schools show).

Keys: Tab and arrows move between panes, Enter opens one (arrows scroll, / filters), Esc goes back,
r refreshes, ? shows the keys, q quits. Off a terminal, --once prints one plain-text snapshot
(--once --json the data); without --once it exits 2.

Examples:
  edshed dash school 1
  edshed dash school "Oakfield Primary" --once
  edshed dash school --once
  edshed dash school 1 --once --json | jq .subscriptions`;

/** `edshed dash school [ID]`: a live view of one school. */
const define: DefineCommand = (cmd: Command, f) => {
  cmd
    .description('Live school dashboard: seats per subscription, pupils, teachers and groups, homework, activity')
    .argument('[school]', `${SCHOOL_NAMED_BY} (superusers; a school admin may leave it out)`)
    .addHelpText('after', HELP);
  addDashOptions(cmd);
  cmd.action(async (idArg: string | undefined) => {
    const c = leafFactory(f, cmd);
    // An id, or a name, URN or postcode (its form checked here; looked up once, after the local checks).
    const key = idArg === undefined ? undefined : schoolKey(idArg);
    const options = dashOptions(cmd.opts());
    await runDash(
      c,
      'school',
      async (api) => schoolSpec(c, api, key === undefined ? undefined : (await lookupSchool(api, key)).id),
      options,
    );
  });
};

export default define;
