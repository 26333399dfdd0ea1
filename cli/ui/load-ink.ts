/** What loadInk needs to know besides the environment. */
export interface LoadInkOptions {
  /**
   * The CLI's own colour decision for the terminal Ink draws on (`wantsColor`). Ink's chalk makes its
   * own when it loads, from the terminal and FORCE_COLOR only: it knows nothing of NO_COLOR or
   * --no-color. When this is false, FORCE_COLOR=0 is what chalk sees while Ink loads.
   */
  readonly colour?: boolean;
}

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
export async function loadInk<T>(
  load: () => Promise<T>,
  env: NodeJS.ProcessEnv = process.env,
  options: LoadInkOptions = {},
): Promise<T> {
  const hidden = CI_VARIABLES.flatMap((name) => (name in env ? [[name, env[name]] as const] : []));
  for (const [name] of hidden) delete env[name];
  const force = options.colour === false ? { had: 'FORCE_COLOR' in env, value: env.FORCE_COLOR } : undefined;
  if (force) env.FORCE_COLOR = '0';
  try {
    return await load();
  } finally {
    for (const [name, value] of hidden) env[name] = value;
    if (force?.had) env.FORCE_COLOR = force.value;
    else if (force) delete env.FORCE_COLOR;
  }
}
