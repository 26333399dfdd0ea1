/**
 * The endpoint table for building the program and listing it. Running one noun (`edshed invoices list`)
 * needs only that noun's entries, and listing (`edshed endpoints`, `--help`) only the entries' data: the
 * built CLI reads both from modules generated from this same table (table-modules.ts), not the table's
 * code, which costs a one-off command about a tenth of its time to load.
 */
import type { Endpoint } from '../../core/endpoints/define.js';
import { TABLE_MODULES } from './table-modules.js';

/**
 * Every entry of the table, in table order.
 *
 * @example
 * (await tableEntries()).length // 777
 */
export async function tableEntries(): Promise<readonly Endpoint[]> {
  if (TABLE_MODULES !== undefined) return (await TABLE_MODULES.all()).default;
  return (await import('../../core/endpoints/index.js')).ENDPOINTS;
}

/** The table's entries grouped by noun, in table order: for `edshed --help` and typo suggestions. */
export async function tableNouns(): Promise<ReadonlyMap<string, readonly Endpoint[]>> {
  const nouns = new Map<string, Endpoint[]>();
  for (const endpoint of await tableEntries()) {
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
  if (TABLE_MODULES === undefined) return (await tableNouns()).get(noun) ?? [];
  const load = Object.hasOwn(TABLE_MODULES.nouns, noun) ? TABLE_MODULES.nouns[noun] : undefined;
  return load === undefined ? [] : (await load()).default;
}

/**
 * The entries of a client noun (`schoolSubscriptions`, as `api.schoolSubscriptions`): its command noun's
 * (`school-subscriptions`), or the whole table when the camelCase name does not lead back to one.
 *
 * @example
 * (await methodNounEntries('schoolSubscriptions')).map((e) => e.verb) // ['list', ...]
 */
export async function methodNounEntries(noun: string): Promise<readonly Endpoint[]> {
  const own = await nounEntries(noun.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`));
  return own.some((e) => e.noun === noun) ? own : tableEntries();
}

/**
 * One entry by its command, read with its noun's entries only.
 *
 * @example
 * (await tableEntry('schools show')).role // 'teacher'
 */
export async function tableEntry(command: string): Promise<Endpoint> {
  const found = (await nounEntries(command.split(' ')[0] as string)).find((e) => e.command === command);
  if (!found) throw new Error(`no table entry "${command}"`);
  return found;
}
