import type { Option } from 'commander';

/** The values the completion scripts offer for an option whose value is checked elsewhere (the table's zod schema, a command). */
const offered = new WeakMap<Option, readonly string[]>();

/**
 * Marks the values an option takes, for completion only: unlike commander's `.choices()`, nothing is
 * checked or added to the help here, so a bad value keeps the message of the check that owns it.
 *
 * @example
 * cmd.addOption(offerValues(new Option('--method <value>'), PAYMENT_METHODS));
 */
export function offerValues(option: Option, values: readonly string[]): Option {
  offered.set(option, values);
  return option;
}

/** Options whose value is a comma-separated list of the values offered (`--fields id,state`). */
const lists = new WeakSet<Option>();

/**
 * Marks an option's value as a comma-separated list of `values`, for completion only: each item
 * completes after the commas typed (`--fields id,st` gives `id,state`), those already named left out.
 *
 * @example
 * offerList(fieldsOption, ['all', 'id', 'number', 'state']);
 */
export function offerList(option: Option, values: readonly string[]): Option {
  lists.add(option);
  return offerValues(option, values);
}

/**
 * The candidates for `typed`, the value of `option` being typed: those of `valuesOf` starting with it,
 * or for a list (`offerList`) the items typed so far and each value not named yet (`all` only first).
 *
 * @example
 * valueCandidates(fieldsOption, 'id,st') // ['id,state']
 */
export function valueCandidates(option: Option, typed: string): string[] {
  const values = [...new Set(valuesOf(option))];
  if (!lists.has(option)) return values.filter((value) => value.startsWith(typed));
  const cut = typed.lastIndexOf(',') + 1;
  const before = typed.slice(0, cut);
  const named = new Set(before.split(',').filter(Boolean));
  const offered = before === '' ? values : values.filter((value) => value !== 'all');
  return offered
    .filter((value) => !named.has(value))
    .map((value) => `${before}${value}`)
    .filter((word) => word.startsWith(typed));
}

/**
 * The values to complete for an option: its commander choices, else those offered with `offerValues`.
 *
 * @example
 * valuesOf(option) // ['bacs', 'card', ...]
 */
export function valuesOf(option: Option): readonly string[] {
  return option.argChoices ?? offered.get(option) ?? [];
}
