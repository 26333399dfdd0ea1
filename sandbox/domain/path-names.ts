/**
 * The path parameters that name a provider rather than a numbered row (`{card_provider}`, `{school_system}`,
 * one-roster's `{x}`), with the names the sandbox knows for each. A name it does not know is a parent that
 * does not exist: 404, exactly like a made-up id, before the handler runs (so nothing is created under it).
 */
import { CARD_PROVIDERS } from './billing/card-providers.js';
import { DomainError } from './errors.js';
import { ONE_ROSTER_VENDORS, SCHOOL_SYSTEMS } from './rostering/roster-providers.js';

/** Each provider parameter: what it names, in words, and the names the sandbox knows. */
export const PATH_NAMES: Readonly<Record<string, { readonly label: string; readonly names: readonly string[] }>> = {
  card_provider: { label: 'Card provider', names: CARD_PROVIDERS },
  school_system: { label: 'School system', names: SCHOOL_SYSTEMS },
  x: { label: 'OneRoster provider', names: ONE_ROSTER_VENDORS },
};

/**
 * Refuses a request whose path names a provider the sandbox does not know (compared case-blind, as the
 * rostering handlers read it).
 *
 * @example
 * requireKnownNames({ school_system: 'nosuch' }); // throws DomainError('not-found', 'School system nosuch not found; ...')
 * requireKnownNames({ school_system: 'Clever', id: '2' }); // passes
 */
export function requireKnownNames(params: Readonly<Record<string, string>>): void {
  for (const [param, value] of Object.entries(params)) {
    const known = PATH_NAMES[param];
    if (known && !known.names.includes(value.toLowerCase())) {
      throw new DomainError('not-found', `${known.label} ${value} not found; the sandbox knows ${known.names.join(', ')}`);
    }
  }
}
