/**
 * The built CLI's entry. `edshed --version` is answered here without loading anything else, so it
 * starts about as fast as node itself; everything else loads main lazily.
 */
declare const __EDSHED_VERSION__: string | undefined;

export const VERSION: string = typeof __EDSHED_VERSION__ === 'string' ? __EDSHED_VERSION__ : '0.0.0-dev';

/** Runs `edshed` with the given arguments and resolves to the exit code. */
export async function main(argv: readonly string[]): Promise<number> {
  if (argv.length === 1 && (argv[0] === '--version' || argv[0] === '-V')) {
    process.stdout.write(`${VERSION}\n`);
    return 0;
  }
  if (argv.length === 2 && argv.includes('--verbose') && (argv.includes('--version') || argv.includes('-V')))
    return printVersions();
  const { runProcess } = await import('./main.js');
  return runProcess(argv, VERSION);
}

/**
 * `edshed --version --verbose`: the release, then the Node and the SQLite the sandbox runs on, one line
 * each, for a support ticket. Exit 1 (with the reason on that line) when the SQLite driver cannot load.
 */
async function printVersions(): Promise<number> {
  process.stdout.write(`edshed ${VERSION}\nNode.js ${process.version}\n`);
  try {
    const { driverVersions } = await import('../sandbox/db/driver.js');
    const { sqlite, driver } = driverVersions();
    process.stdout.write(`SQLite ${sqlite} (${driver})\n`);
    return 0;
  } catch (error) {
    process.stdout.write(`SQLite unavailable: ${error instanceof Error ? error.message : String(error)}\n`);
    return 1;
  }
}
