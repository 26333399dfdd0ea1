import { registerBulkCommands, registerTargetWishes } from '../bulk/registry.js';
import { CURATED_BULK, TARGET_WISHES } from './bulk-commands.js';
import type { CuratedCommand } from './define.js';

// Whatever command runs, a bulk run or plan it starts, resumes or applies finds what it needs of the
// commands by name, and bulk imports none of them.
registerBulkCommands(CURATED_BULK);
registerTargetWishes(TARGET_WISHES);

/**
 * Hand-written commands: workflows and conveniences that are not one API call. A curated command with
 * the same words as a table entry replaces the generated one (`auth login` stores the token instead of
 * printing it). Each module is imported only when its command runs or its help is shown.
 */
export const CURATED: Readonly<Record<string, CuratedCommand>> = {
  endpoints: {
    summary: 'List every API operation and the command that calls it',
    load: () => import('./endpoints/list.js'),
  },
  api: {
    summary: 'Make a raw API call: edshed api METHOD path [--field key=value]',
    load: () => import('./api/call.js'),
    standalone: true,
  },
  login: {
    summary: 'Sign in and store the session token (same as auth login)',
    load: () => import('./auth/login.js'),
    standalone: true,
  },
  logout: {
    summary: 'End the session and forget the stored token (same as auth logout)',
    load: () => import('./auth/logout.js'),
    standalone: true,
  },
  whoami: {
    summary: 'Show who you are signed in as, on which API, with which profile',
    load: () => import('./auth/whoami.js'),
    standalone: true,
  },
  openapi: {
    summary: 'Write the OpenAPI 3.1 document of the API (JSON), generated from the endpoint table',
    load: () => import('./openapi/write.js'),
    standalone: true,
  },
  audit: {
    summary: 'Show the audit log of writes sent from this machine',
    load: () => import('./audit/list.js'),
    standalone: true,
  },
  'auth login': {
    summary: 'Sign in and store the session token in the credentials file',
    load: () => import('./auth/login.js'),
  },
  'auth logout': {
    summary: 'End the session on the server and forget the stored token',
    load: () => import('./auth/logout.js'),
  },
  'auth status': { summary: 'Show which API and account the CLI will use', load: () => import('./auth/status.js') },
  'auth whoami': { summary: 'Show who you are signed in as (same as whoami)', load: () => import('./auth/whoami.js') },
  'profiles list': {
    summary: 'List the profiles and the default one',
    load: () => import('./profiles/list.js'),
    isDefault: true,
  },
  'profiles use': { summary: 'Make a profile the default', load: () => import('./profiles/use.js') },
  'profiles remove': { summary: 'Forget a profile and its stored token', load: () => import('./profiles/remove.js') },
  'prices show': {
    summary: 'Show the per-locale price table',
    load: () => import('./prices/show.js'),
    isDefault: true,
  },
  'prices tier': {
    summary: 'Price a quantity under a fixed, graduated or volume price from a file',
    load: () => import('./prices/tier.js'),
  },
  'sandbox start': { summary: 'Start the local sandbox API server', load: () => import('./sandbox/start.js') },
  'sandbox import': {
    summary: 'Copy chosen schools of the signed-in API (GET only) into a pseudonymised sandbox database file',
    load: () => import('./sandbox/import.js'),
  },
  'sandbox statement': {
    summary: "Write a bank statement paying the sandbox's own invoices, with its truth",
    load: () => import('./sandbox/statement.js'),
  },
  help: {
    summary: 'Show help for a command, or a topic (exit-codes, environment, reconcile, output)',
    load: () => import('./help/show.js'),
  },
  completion: {
    summary: 'Print a shell completion script: bash, zsh or fish',
    load: () => import('./completion/script.js'),
  },
  __complete: {
    summary: 'Print the completions of the last word (used by the completion scripts)',
    load: () => import('./completion/complete.js'),
    hidden: true,
  },
  // Curated workflows: invoices mark (one action on many invoices, a line each).
  'invoices mark': {
    summary: 'Mark invoices paid, promised, void, restored, forex, remittance or sent to accounting',
    load: () => import('./invoices/mark.js'),
  },
  // `invoices show` replaces the table's command (shareable id only): it takes the invoice id too (`invoices show 4` used to answer 404).
  // Bank statements matched to invoices, a plan for bulk apply.
  'invoices reconcile': {
    summary: 'Match bank statement lines (CSV, OFX, CAMT.053) to invoices; a plan of which to mark paid',
    load: () => import('./invoices/reconcile.js'),
  },
  'invoices show': {
    summary: 'Show an invoice, with its school and credits, by its id or its shareable id',
    load: () => import('./invoices/show.js'),
  },
  // Curated workflows: move a subscription between schools, find a school, one view of a school.
  // `subscriptions move` and `schools show` replace the table's commands; `edshed api` and the typed client still call those routes.
  'subscriptions move': {
    summary: 'Move a subscription to another school: shows both, asks once, reads it back',
    load: () => import('./subscriptions/move.js'),
  },
  'schools find': {
    summary: 'Find schools by name, forgiving typos and parts of words',
    load: () => import('./schools/find.js'),
  },
  // Support staff find records by what they were told: a user by id, email or username; users like a name.
  'users show': {
    summary: 'Show a user: role, school, email, last seen (by id, email or username)',
    load: () => import('./users/show.js'),
  },
  'users find': {
    summary: 'Find users by name, username or email, forgiving typos',
    load: () => import('./users/find.js'),
  },
  'schools show': {
    summary: 'Show a school with subscriptions, seats, unpaid invoices and totals, teacher and pupil counts',
    load: () => import('./schools/show.js'),
  },
  // Curated workflows: engagement snapshots computed by a background job, and generated pupils.
  'snapshots create': {
    summary: 'Take an engagement snapshot of a date range; --wait follows the job',
    load: () => import('./snapshots/create.js'),
  },
  'snapshots wait': {
    summary: 'Wait for an engagement snapshot to be computed, with progress',
    load: () => import('./snapshots/wait.js'),
  },
  'snapshots list': {
    summary: 'List the engagement snapshots with their state',
    load: () => import('./snapshots/list.js'),
  },
  'snapshots show': {
    summary: 'Show one engagement snapshot: period, state, progress',
    load: () => import('./snapshots/show.js'),
  },
  'snapshots data': {
    summary: 'Print the rows of an engagement snapshot (one per school)',
    load: () => import('./snapshots/data.js'),
  },
  'snapshots download': {
    summary: 'Save an engagement snapshot as a CSV file',
    load: () => import('./snapshots/download.js'),
  },
  'snapshots delete': {
    summary: 'Delete an engagement snapshot (asks first)',
    load: () => import('./snapshots/delete.js'),
  },
  'pupils generate': {
    summary: 'Generate pupil accounts; their initial passwords go to a 0600 CSV file',
    load: () => import('./pupils/generate.js'),
  },
  // Bulk runs (`--from FILE` on write commands): their journals, and resuming them.
  'runs list': { summary: 'List the bulk runs started from this machine', load: () => import('./runs/list.js') },
  'runs show': { summary: 'Show a bulk run and the items not done', load: () => import('./runs/show.js') },
  'runs results': {
    summary: "Every item's last outcome across a run and its resumes (CSV or NDJSON)",
    load: () => import('./runs/results.js'),
  },
  'runs resume': {
    summary: 'Resume a bulk run: send the items not done, with their same keys',
    load: () => import('./runs/resume.js'),
  },
  // Bulk runs, plan then apply: run a plan saved by `--from FILE --dry-run --plan plan.json`.
  'bulk apply': {
    summary: 'Run a saved bulk plan exactly; skips invoices and subscriptions whose state changed since',
    load: () => import('./bulk/apply.js'),
  },
  'bulk rehearse': {
    summary:
      "Rehearse a saved bulk plan on a throw-away copy of a sandbox database: each item's outcome and the records changed",
    load: () => import('./bulk/rehearse.js'),
  },
  // Ink dashboards: live on a terminal, --once for a plain snapshot.
  'dash billing': {
    summary: 'Live billing dashboard: invoices by state, expiring subscriptions, cancellations, sales, bulk runs',
    load: () => import('./dash/billing.js'),
  },
  'dash school': {
    summary: 'Live school dashboard: seats per subscription, pupils, teachers, groups, homework, activity',
    load: () => import('./dash/school.js'),
  },
  'dash jobs': {
    summary: 'Live background jobs with progress bars, engagement snapshots, email statistics',
    load: () => import('./dash/jobs.js'),
  },
};

/** One-line descriptions of nouns that have curated commands only. */
export const CURATED_NOUNS: Readonly<Record<string, string>> = {
  prices: 'Per-locale price table and tier pricing (show, tier)',
  sandbox:
    'Local, stateful sandbox API server (start), pseudonymised copies of schools (import), and statements of its invoices (statement)',
  profiles: 'Sign-in profiles side by side (list, use, remove)',
  runs: 'Bulk runs from --from FILE: journals and resume (list, show, results, resume)',
  bulk: 'Saved bulk plans: run one exactly (apply), or rehearse it on a copy of a sandbox database (rehearse)',
  dash: 'Live dashboards on the terminal (billing, school, jobs); --once for a snapshot',
};
