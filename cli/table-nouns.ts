/**
 * The endpoint table by noun, for building the program. Running one noun (`edshed invoices list`) needs
 * only that noun's entries, and loading all 777 costs a one-off command about a tenth of its time: the
 * built CLI has a small module of each noun's entries, generated from this same table (noun-modules.ts).
 */
import type { Endpoint } from '../core/endpoints/define.js';
import { NOUN_MODULES } from './noun-modules.js';

/** The table's entries grouped by noun, in table order: for `edshed --help` and typo suggestions. */
export async function tableNouns(): Promise<ReadonlyMap<string, readonly Endpoint[]>> {
  const { ENDPOINTS } = await import('../core/endpoints/index.js');
  const nouns = new Map<string, Endpoint[]>();
  for (const endpoint of ENDPOINTS) {
    const noun = endpoint.command.split(' ')[0] as string;
    nouns.set(noun, [...(nouns.get(noun) ?? []), endpoint]);
  }
  return nouns;
}

/**
 * One noun's entries in table order; none when the word is not a noun of the table.
 *
 * @example
 * (await nounEntries('invoices')).map((e) => e.command) // ['invoices list', 'invoices show', ...]
 */
export async function nounEntries(noun: string): Promise<readonly Endpoint[]> {
  if (NOUN_MODULES === undefined) return (await tableNouns()).get(noun) ?? [];
  const load = Object.hasOwn(NOUN_MODULES, noun) ? NOUN_MODULES[noun] : undefined;
  return load === undefined ? [] : (await load()).default;
}
