import type { Command } from 'commander';
import { PRICE_KINDS, localePrices, type LocalePrices } from '../../../core/domain/prices.js';
import { LOCALES, findLocale } from '../../../core/domain/locales.js';
import { CliError, EXIT } from '../../errors/cli-error.js';
import { addCommonOptions, leafFactory } from '../../input/flags.js';
import { printResponse } from '../../output/print-response.js';
import type { Factory } from '../../factory/factory.js';
import type { DefineCommand } from '../define.js';

/**
 * Every locale that has a price row, in table order.
 *
 * @example
 * pricedLocales().map((p) => p.locale.code) // ['en-gb', 'en-au', 'en-ca', ...]
 */
export function pricedLocales(): LocalePrices[] {
  return LOCALES.flatMap((locale) => localePrices(locale.code) ?? []);
}

/** The JSON shape: minor units, exact decimals and the formatted text. */
function jsonRow(prices: LocalePrices) {
  const { locale, ...rest } = prices;
  return { locale: locale.code, country: locale.country, ...rest };
}

/** The table shape: one formatted amount per column. */
function tableRow(prices: LocalePrices) {
  const amounts = Object.fromEntries(
    PRICE_KINDS.map((kind) => [kind === 'mathsApp' ? 'maths_app' : kind, prices.formatted[kind]]),
  );
  return {
    locale: prices.locale.code,
    currency: prices.currency,
    ...amounts,
    pupils_per_classroom: prices.pupilsPerClassroom,
  };
}

function select(localeOption: string | undefined): LocalePrices[] {
  if (localeOption === undefined) return pricedLocales();
  const prices = localePrices(localeOption);
  if (!prices) {
    const known = pricedLocales()
      .map((p) => p.locale.code)
      .join(', ');
    const why = findLocale(localeOption) ? 'has no price table' : 'is not a locale';
    throw new CliError(`--locale: "${localeOption}" ${why} (priced locales: ${known})`, EXIT.usage);
  }
  return [prices];
}

export interface PricesShowOptions {
  /** Only this locale's row. */
  readonly locale?: string | undefined;
}

/**
 * Prints the price table (formatted amounts; JSON also gives minor units and exact decimals).
 *
 * @example
 * await runPricesShow(c, { locale: 'en-au' });
 */
export async function runPricesShow(c: Factory, options: PricesShowOptions): Promise<void> {
  const rows = select(options.locale);
  const json = c.globals.json === true || c.globals.format === 'json' || c.globals.format === 'ndjson';
  await printResponse(c, json ? rows.map(jsonRow) : rows.map(tableRow));
}

const define: DefineCommand = (cmd: Command, f) => {
  cmd
    .description(
      'Show the per-locale price table: personal, teacher, premium, app and maths app prices, pupils per classroom',
    )
    .option('--locale <code>', 'only this locale (en-gb, en-au, en_US, ...)')
    .addHelpText(
      'after',
      '\nAmounts are formatted for the locale; --json also gives minor units (pence, cents) and exact decimals.\n\nExamples:\n  edshed prices\n  edshed prices --locale en-au\n  edshed prices --locale en-za --json',
    );
  addCommonOptions(cmd, new Set(), { connection: false });
  cmd.action(async (opts: { locale?: string } & Record<string, unknown>) => {
    await runPricesShow(leafFactory(f, cmd), { locale: opts.locale });
  });
};

export default define;
