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
  const { runProcess } = await import('./main.js');
  return runProcess(argv, VERSION);
}
