/**
 * The path parameters that name a provider rather than a numbered row (`{card_provider}`, `{school_system}`,
 * one-roster's `{x}`), with the names the sandbox knows for each. A name it does not know is a parent that
 * does not exist: 404, exactly like a made-up id, before the handler runs (so nothing is created under it).
 */
import { CARD_PROVIDERS } from './billing/card-providers.js';
import { DomainError } from './errors.js';
import { ONE_ROSTER_VENDORS, SCHOOL_SYSTEMS } from './rostering/roster-providers.js';

/** A provider parameter: its name, the segment it follows where the name alone is not enough, what it names and the names known. */
interface PathName {
  readonly param: string;
  readonly after?: string;
  readonly label: string;
  readonly names: readonly string[];
}

/** Every provider parameter of the table (`{x}` is a OneRoster provider after `one-roster/` only). */
export const PATH_NAMES: readonly PathName[] = [
  { param: 'card_provider', label: 'Card provider', names: CARD_PROVIDERS },
  { param: 'school_system', label: 'School system', names: SCHOOL_SYSTEMS },
  { param: 'x', after: 'one-roster', label: 'OneRoster provider', names: ONE_ROSTER_VENDORS },
];

/** The rule of a route path's parameter, if it names a provider. */
function ruleOf(path: string, param: string): PathName | undefined {
  return PATH_NAMES.find(
    (rule) =>
      rule.param === param && path.includes(rule.after === undefined ? `{${param}}` : `${rule.after}/{${param}}`),
  );
}

/**
 * The first name the sandbox knows for a provider parameter of a route path, or undefined for any other parameter.
 *
 * @example
 * knownName('POST one-roster/{x}/school', 'x') // 'generic'
 * knownName('GET superuser/{accounting}/{x}/contacts', 'x') // undefined
 */
export function knownName(path: string, param: string): string | undefined {
  return ruleOf(path, param)?.names[0];
}

/**
 * Refuses a request whose path names a provider the sandbox does not know (compared case-blind, as the
 * rostering handlers read it).
 *
 * @example
 * requireKnownNames('users/me/school/{school_system}/request', { school_system: 'nosuch' }); // throws DomainError('not-found', 'School system nosuch not found; ...')
 * requireKnownNames('{school_system}/schools/{id}', { school_system: 'Clever', id: '2' }); // passes
 */
export function requireKnownNames(path: string, params: Readonly<Record<string, string>>): void {
  for (const [param, value] of Object.entries(params)) {
    const rule = ruleOf(path, param);
    if (rule && !rule.names.includes(value.toLowerCase())) {
      throw new DomainError(
        'not-found',
        `${rule.label} ${value} not found; the sandbox knows ${rule.names.join(', ')}`,
      );
    }
  }
}
