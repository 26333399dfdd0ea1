import { ENDPOINTS } from '../../core/endpoints/index.js';
import { CURATED } from '../commands/index.js';

export { similarWords } from './similar-words.js';

/**
 * Every visible command as noun -> its verbs (empty for a one-word command such as `endpoints`), from
 * the endpoint table and the curated commands; hidden commands are left out.
 *
 * @example
 * commandWords().get('invoices')?.has('mark-paid'); // true
 */
export function commandWords(): Map<string, Set<string>> {
  const words = new Map<string, Set<string>>();
  const add = (command: string) => {
    const [noun, verb] = command.split(' ') as [string, string | undefined];
    const verbs = words.get(noun) ?? new Set<string>();
    if (verb !== undefined) verbs.add(verb);
    words.set(noun, verbs);
  };
  for (const endpoint of ENDPOINTS) add(endpoint.command);
  for (const [command, entry] of Object.entries(CURATED)) if (!entry.hidden) add(command);
  return words;
}
