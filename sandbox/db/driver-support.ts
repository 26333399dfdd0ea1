/**
 * Which Nodes the SQLite driver runs on, decided from the version alone, before the driver loads: on a
 * Node it crashes on, the crash is a segmentation fault (exit 139, no message), which no handler sees.
 * Measured: better-sqlite3 13 (the driver from Node 22, sandbox/db/driver.ts) loads on every Node 22,
 * then opening a database kills the process on 22.0.0, 22.11.0, 22.12.0, 22.13.0 and 22.13.1, and works
 * on 22.14.0 and later. The ranges are package.json's `engines`, which CI tests at each end.
 * Imports nothing, so a command can check before loading the sandbox.
 */

/** The Node releases the sandbox's driver is tested on, as package.json's `engines` says them. */
export const SUPPORTED_NODES = '^20.19.0 || ^22.14.0 || ^24.0.0';

/** The first release of each Node line on which the driver of that line works (below it, it crashes). */
const FIRST_WORKING: Readonly<Record<number, readonly [minor: number, patch: number]>> = { 22: [14, 0] };

/**
 * Why the sandbox cannot run on this Node, or undefined when it can. A line without a known crash
 * (20, 24, and Nodes newer than those tested) is left to try.
 *
 * @example
 * driverRefusal('22.13.1'); // 'The sandbox cannot run on Node 22.13.1: ...'
 * driverRefusal('22.14.0'); // undefined
 */
export function driverRefusal(version: string = process.versions.node): string | undefined {
  const [major = 0, minor = 0, patch = 0] = version.split('.').map((part) => Number.parseInt(part, 10));
  const first = FIRST_WORKING[major];
  if (first === undefined) return undefined;
  const [firstMinor, firstPatch] = first;
  if (minor > firstMinor || (minor === firstMinor && patch >= firstPatch)) return undefined;
  return `The sandbox cannot run on Node ${version}: its SQLite driver (better-sqlite3) crashes on Node ${major} before ${major}.${firstMinor}.${firstPatch}. Use Node ${SUPPORTED_NODES.replaceAll('^', '').replaceAll(' || ', ', ')} or newer in its line, then run \`npm install\` again.`;
}
