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

/**
 * The values to complete for an option: its commander choices, else those offered with `offerValues`.
 *
 * @example
 * valuesOf(option) // ['bacs', 'card', ...]
 */
export function valuesOf(option: Option): readonly string[] {
  return option.argChoices ?? offered.get(option) ?? [];
}
