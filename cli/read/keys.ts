/**
 * Natural keys on the command line: what people are told (an invoice number, an email, a school's name)
 * where a command wants an id. A shape declares its keys (core/shapes, `keys`); this reads a text as an id
 * or as one of them, and turns what a lookup found into the one id, or a refusal that lists the matches.
 * The lookups themselves are each record's reader (cli/read/invoices.ts, users.ts, schools.ts, subscriptions.ts).
 */
import type { NaturalKey } from '../../core/shapes/define.js';
import { CliError, EXIT } from '../errors/cli-error.js';

/** A text read as a record's id, or as one of its natural keys with the value to look up. */
export type KeyText =
  { readonly id: number } | { readonly key: NaturalKey; readonly value: string; readonly text: string };

/** A record a lookup found, as a refusal lists it: its id and a name a person knows it by. */
export interface KeyMatch {
  readonly id: number;
  readonly name: string;
}

/**
 * Reads a command-line text as an id (digits: no request is needed) or as the first of `keys` whose form
 * it has. `record` names the record in messages (`invoice`). Empty text is bad usage (exit 2).
 *
 * @example
 * readKey('4', INVOICE.keys, 'invoice') // { id: 4 }
 * readKey('INV-000004', INVOICE.keys, 'invoice') // { key: { field: 'number', ... }, value: '000004', text: 'INV-000004' }
 */
export function readKey(text: string, keys: readonly NaturalKey[], record: string): KeyText {
  const trimmed = text.trim();
  if (/^\d+$/.test(trimmed)) {
    if (!/^[1-9]\d{0,14}$/.test(trimmed))
      throw new CliError(
        `${record}: expected ${record} id (a whole number from 1), got "${text}"; nothing was sent`,
        EXIT.usage,
      );
    return { id: Number(trimmed) };
  }
  for (const key of keys) {
    if (trimmed === '') break;
    if (key.form === undefined) return { key, value: trimmed, text: trimmed };
    const match = new RegExp(`^(?:${key.form})$`, 'i').exec(trimmed);
    if (match) return { key, value: match[1] ?? trimmed, text: trimmed };
  }
  throw new CliError(`${record}: give ${describeKeys(keys, record)}, not "${text}"; nothing was sent`, EXIT.usage);
}

/**
 * What a record may be named by, for help and messages: "an invoice id, number or shareable id".
 *
 * @example
 * describeKeys(USER.keys, 'user') // 'a user id, email or username'
 */
export function describeKeys(keys: readonly NaturalKey[], record: string): string {
  const names = [
    `${/^[aeiou]/i.test(record) ? 'an' : 'a'} ${record} id`,
    ...keys.map((key) => key.phrase.replace(/^(with|named|numbered)\s*/, '') || key.field.replace(/_/g, ' ')),
  ];
  return names.length === 1 ? (names[0] as string) : `${names.slice(0, -1).join(', ')} or ${names.at(-1) as string}`;
}

/** The records `edshed <record>s find` searches by name. */
const SEARCHED: readonly string[] = ['user', 'school'];

/**
 * The one record a key names, from what its lookup found: none is an unknown key, several an ambiguous
 * one, both refused with exit 2 before anything is written, the several listed one a line (id and name).
 * `more` is how many matched beyond those given (a list's total past its page).
 *
 * @example
 * pickOne('invoice', key, [{ id: 4, name: 'INV-000004' }]) // 4
 * pickOne('invoice', key, []) // throws: no invoice numbered INV-999999; nothing was written
 */
export function pickOne(
  record: string,
  key: Extract<KeyText, { key: NaturalKey }>,
  matches: readonly KeyMatch[],
  more = 0,
): number {
  const unique = [...new Map(matches.map((m) => [m.id, m])).values()];
  if (unique.length === 1 && more <= 0) return (unique[0] as KeyMatch).id;
  const named = `${key.key.phrase} ${key.key.field === 'name' ? `"${key.text}"` : key.value}`;
  // A person or a school may be known by another name, or misspelt: `find` searches names, forgiving typos.
  const search = SEARCHED.includes(record) ? `; to search names: edshed ${record}s find "${key.text}"` : '';
  if (unique.length === 0) throw new CliError(`no ${record} ${named}; nothing was written${search}`, EXIT.usage);
  const lines = unique.map((m) => `  ${String(m.id).padStart(6)}  ${m.name}`);
  const rest = more > 0 ? [`  ... and ${more} more`] : [];
  throw new CliError(
    `"${key.text}" names ${unique.length + Math.max(more, 0)} ${record}s; give one by its id (nothing was written):\n${[...lines, ...rest].join('\n')}`,
    EXIT.usage,
  );
}

/**
 * A command-line text checked as an id or a key (exit 2 when it is neither), with no request: the id as a
 * number, a key as its text, for a run function that looks keys up after its own local checks.
 *
 * @example
 * idOrKey('5', SUBSCRIPTION.keys ?? [], 'subscription') // 5
 * idOrKey('PO-OAK-2025', SUBSCRIPTION.keys ?? [], 'subscription') // 'PO-OAK-2025'
 */
export function idOrKey(text: string | undefined, keys: readonly NaturalKey[], record: string): number | string {
  const read = readKey(text ?? '', keys, record);
  return 'id' in read ? read.id : read.text;
}
