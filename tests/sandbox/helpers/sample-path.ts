import type { Endpoint } from '../../../core/endpoints/index.js';
import { ROSTER_PROVIDERS } from '../../../sandbox/domain/rostering/roster-providers.js';

const PROVIDERS: Readonly<Record<string, string>> = ROSTER_PROVIDERS;

/**
 * A concrete path for a row of the table: each rostering placeholder filled with its provider (the only
 * value that reaches that row), every other parameter with `fill(name, index)`.
 *
 * @example
 * samplePath(endpoint, () => '1') // 'users/me/school/linkwonde' for POST users/me/school/link{roster_a}
 */
export function samplePath(endpoint: Pick<Endpoint, 'path'>, fill: (name: string, index: number) => string): string {
  let index = 0;
  return endpoint.path.replace(
    /\{([A-Za-z_][A-Za-z0-9_]*)\}/g,
    (_, name: string) => PROVIDERS[name] ?? fill(name, index++),
  );
}
