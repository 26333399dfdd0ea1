import { createRequire } from 'node:module';
import type BetterSqlite3 from 'better-sqlite3';
import { driverRefusal } from './driver-support.js';

/**
 * The SQLite driver the sandbox runs on: one API (better-sqlite3's), the release that works on this Node.
 * better-sqlite3 12 (the dependency, compiled at install) is the last release for Node 20, and it aborts
 * Node 24.19+ when a statement is garbage-collected (`RemoveEnvironmentCleanupHook: Assertion (env) !=
 * nullptr`); 13 (the N-API rewrite, same API, prebuilt, no compile) fixes that and needs Node 22. npm
 * installs 13 under the alias `better-sqlite3-13`, an optional dependency it skips on Node 20 (its
 * `engines`), so each Node loads the one built for it. Types are better-sqlite3's (`@types/better-sqlite3`).
 *
 * @example
 * const db = new Database(':memory:');
 */
const require = createRequire(import.meta.url);

/**
 * An open sandbox database: the one name for the better-sqlite3 handle (handlers import it from
 * sandbox/kit/sql.ts). Declared with the driver, which imports nothing of ours, so the kit and the
 * statement cache can name it without importing the migrations and read models database.ts opens with.
 */
export type Db = BetterSqlite3.Database;

/** The package loaded: the alias of 13 from Node 22, else 12. */
export const DRIVER_PACKAGE: string =
  Number(process.versions.node.split('.')[0]) >= 22 ? 'better-sqlite3-13' : 'better-sqlite3';

function load(): typeof BetterSqlite3 {
  // Before the driver loads: where it crashes, it takes the process with it, and nothing could say why.
  const refusal = driverRefusal();
  if (refusal !== undefined) throw new Error(refusal);
  try {
    return require(DRIVER_PACKAGE) as typeof BetterSqlite3;
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (code !== 'MODULE_NOT_FOUND') throw error;
    throw new Error(
      `${DRIVER_PACKAGE} is not installed for Node ${process.version}: run \`npm install\` (or \`npm ci\`) again under this Node`,
      { cause: error },
    );
  }
}

export const Database: typeof BetterSqlite3 = load();

/** The driver's name and release, and the SQLite library it runs, for `edshed --version --verbose`. */
export function driverVersions(): { readonly driver: string; readonly sqlite: string } {
  const { version } = require(`${DRIVER_PACKAGE}/package.json`) as { version: string };
  const db = new Database(':memory:');
  try {
    return {
      driver: `better-sqlite3 ${version}`,
      sqlite: db.prepare('SELECT sqlite_version()').pluck().get() as string,
    };
  } finally {
    db.close();
  }
}
