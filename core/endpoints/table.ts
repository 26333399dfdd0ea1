import {
  METHODS,
  reachOf,
  type AreaDef,
  type Endpoint,
  type EndpointSpec,
  type Method,
  type ReachRule,
} from './define.js';
import { DEFAULT_REACH } from './reach.js';
import { pathParams } from './route-pattern.js';

const COMMAND = /^[a-z][a-z0-9]*(?:-[a-z0-9]+)* [a-z][a-z0-9]*(?:-[a-z0-9]+)*$/;

/** `mark-paid` -> `markPaid`. */
export function camelCase(word: string): string {
  return word.replace(/-([a-z0-9])/g, (_, c: string) => c.toUpperCase());
}

/** Parses `METHOD path` into its parts, throwing on anything else. */
export function parseRoute(route: string): { method: Method; path: string } {
  const space = route.indexOf(' ');
  const method = route.slice(0, space) as Method;
  const path = route.slice(space + 1);
  if (space < 0 || !METHODS.includes(method) || path.length === 0 || path.charCodeAt(0) === 47 || path.includes(' ')) {
    throw new Error(`Bad route "${route}": expected "METHOD path" with a path relative to the API base`);
  }
  return { method, path };
}

/** Turns one entry into its table form, checking the command name; `reach` is its area's default. */
export function toEndpoint(
  area: string,
  command: string,
  spec: EndpointSpec,
  reach: ReachRule = DEFAULT_REACH,
): Endpoint {
  // Runs for every entry at start-up, so it does the least work that still refuses a bad entry.
  if (!COMMAND.test(command))
    throw new Error(`Bad command name "${command}" in area ${area}: expected "noun verb" in kebab-case`);
  const space = command.indexOf(' ');
  const noun = command.slice(0, space);
  const verb = command.slice(space + 1);
  const { method, path } = parseRoute(spec.route);
  return {
    ...spec,
    command,
    area,
    method,
    path,
    params: path.includes('{') ? pathParams(path) : [],
    noun: noun.includes('-') ? camelCase(noun) : noun,
    verb: verb.includes('-') ? camelCase(verb) : verb,
    idempotent: spec.idempotent ?? (method === 'GET' || method === 'PUT' || method === 'DELETE'),
    destructive: spec.destructive ?? false,
    reach: spec.reach ?? reachOf(reach, method),
  };
}

/**
 * Assembles area definitions into the table, refusing duplicate commands or routes. `reach` gives each
 * area's default reach (an area it does not name gets `DEFAULT_REACH`).
 *
 * @example
 * const table = buildTable([schoolArea, invoiceArea], { school: 'school', 'superuser-billing': 'superuser' });
 */
export function buildTable(
  areas: readonly AreaDef[],
  reach: Readonly<Record<string, ReachRule>> = {},
): readonly Endpoint[] {
  const commands = new Set<string>();
  const routes = new Set<string>();
  const table: Endpoint[] = [];
  for (const { area, entries } of areas) {
    for (const [command, spec] of Object.entries(entries)) {
      if (commands.has(command)) throw new Error(`Duplicate command "${command}" (area ${area})`);
      if (routes.has(spec.route)) throw new Error(`Duplicate route "${spec.route}" (area ${area})`);
      commands.add(command);
      routes.add(spec.route);
      table.push(toEndpoint(area, command, spec, reach[area]));
    }
  }
  return table;
}
