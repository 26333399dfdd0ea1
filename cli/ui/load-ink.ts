/** The variables Ink 6 (through `is-in-ci`) reads to decide it runs in CI. */
const CI_VARIABLES = ['CI', 'CONTINUOUS_INTEGRATION'] as const;

/**
 * Loads an Ink view for a terminal the caller has already found to be one (from `isTTY`).
 *
 * Ink 6 reads `CI` and `CONTINUOUS_INTEGRATION` once, when it is first loaded, and when either is set it
 * draws nothing until the view ends: `edshed dash billing` run from a shell that exports `CI=true` showed
 * a blank screen until `q`, and a bulk run showed no progress. Those variables say nothing about the
 * terminal, so they are hidden while Ink loads and put back at once after (child processes and the
 * rest of the command still see them). Ink 7 has an `interactive` option for this, but needs Node 22.
 *
 * @example
 * const { runInkDashboard } = await loadInk(() => import('./dash/ink-dash.js'));
 */
export async function loadInk<T>(load: () => Promise<T>, env: NodeJS.ProcessEnv = process.env): Promise<T> {
  const hidden = CI_VARIABLES.flatMap((name) => (name in env ? [[name, env[name]] as const] : []));
  for (const [name] of hidden) delete env[name];
  try {
    return await load();
  } finally {
    for (const [name, value] of hidden) env[name] = value;
  }
}
