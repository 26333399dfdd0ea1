import type { Command } from 'commander';
import { billingSpec } from '../../dash/billing/spec.js';
import { leafFactory } from '../../input/flags.js';
import type { DefineCommand } from '../define.js';
import { addDashOptions, dashOptions, runDash } from './run-dash.js';

const HELP = `
For superusers. Panes: invoices by state with totals per currency (overdue in red), subscriptions
expiring in the next 30, 60 and 90 days, recent cancellations, the sales headline figures, and bulk runs
from this machine still in progress or paused. Refreshes every --interval seconds (never two at once).

Keys: Tab and arrows move between panes, Enter opens one (arrows scroll, / filters), Esc goes back,
r refreshes, ? shows the keys, q quits. In the invoices list, p marks the selected invoice promised
(asks for the reference) and m marks it paid (asks for the method and date); both confirm first and go
through edshed invoices mark (checked, audited, read back).

Off a terminal, --once prints one plain-text snapshot (--once --json the data); without --once it exits 2.

Examples:
  edshed dash billing
  edshed dash billing --interval 10
  edshed dash billing --once
  edshed dash billing --once --json | jq '.invoices | length'`;

/** `edshed dash billing`: the live billing dashboard. */
const define: DefineCommand = (cmd: Command, f) => {
  cmd
    .description('Live billing dashboard: invoices, expiring subscriptions, cancellations, sales, bulk runs')
    .addHelpText('after', HELP);
  addDashOptions(cmd);
  cmd.action(async () => {
    const c = leafFactory(f, cmd);
    const options = dashOptions(cmd.opts());
    await runDash(c, 'billing', billingSpec(c), options);
  });
};

export default define;
