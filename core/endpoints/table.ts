import { METHODS, type AreaDef, type Endpoint, type EndpointSpec, type Method } from './define.js';

const PARAM = /\{([A-Za-z_][A-Za-z0-9_]*)\}/g;
const WORD = /^[a-z][a-z0-9]*(?:-[a-z0-9]+)*$/;

/** `mark-paid` -> `markPaid`. */
export function camelCase(word: string): string {
  return word.replace(/-([a-z0-9])/g, (_, c: string) => c.toUpperCase());
}

/**
 * Path parameter names of a route path, in order.
 *
 * @example
 * pathParams('schools/{id}/set{school_system}id') // ['id', 'school_system']
 */
export function pathParams(path: string): string[] {
  return [...path.matchAll(PARAM)].map((m) => m[1] as string);
}

/** Parses `METHOD path` into its parts, throwing on anything else. */
export function parseRoute(route: string): { method: Method; path: string } {
  const space = route.indexOf(' ');
  const method = route.slice(0, space) as Method;
  const path = route.slice(space + 1);
  if (space < 0 || !METHODS.includes(method) || path.length === 0 || path.startsWith('/') || path.includes(' ')) {
    throw new Error(`Bad route "${route}": expected "METHOD path" with a path relative to the API base`);
  }
  return { method, path };
}

/** Turns one entry into its table form, checking the command name. */
export function toEndpoint(area: string, command: string, spec: EndpointSpec): Endpoint {
  const words = command.split(' ');
  const [noun, verb] = words;
  if (words.length !== 2 || noun === undefined || verb === undefined || !WORD.test(noun) || !WORD.test(verb)) {
    throw new Error(`Bad command name "${command}" in area ${area}: expected "noun verb" in kebab-case`);
  }
  const { method, path } = parseRoute(spec.route);
  const idempotent = spec.idempotent ?? (method === 'GET' || method === 'PUT' || method === 'DELETE');
  return {
    ...spec,
    command,
    area,
    method,
    path,
    params: pathParams(path),
    noun: camelCase(noun),
    verb: camelCase(verb),
    idempotent,
    destructive: spec.destructive ?? false,
  };
}

/**
 * Assembles area definitions into the table, refusing duplicate commands or routes.
 *
 * @example
 * const table = buildTable([schoolArea, invoiceArea]);
 */
export function buildTable(areas: readonly AreaDef[]): readonly Endpoint[] {
  const commands = new Set<string>();
  const routes = new Set<string>();
  const table: Endpoint[] = [];
  for (const { area, entries } of areas) {
    for (const [command, spec] of Object.entries(entries)) {
      if (commands.has(command)) throw new Error(`Duplicate command "${command}" (area ${area})`);
      if (routes.has(spec.route)) throw new Error(`Duplicate route "${spec.route}" (area ${area})`);
      commands.add(command);
      routes.add(spec.route);
      table.push(toEndpoint(area, command, spec));
    }
  }
  return table;
}
