import type { Command } from 'commander';
import { formatMoney } from '../../../core/domain/money.js';
import { priceQuantity, type Quote, type QuoteLine } from '../../../core/domain/tier-pricing.js';
import { CliError, EXIT } from '../../errors/cli-error.js';
import { addCommonOptions, leafFactory } from '../../input/flags.js';
import { printResponse } from '../../output/print-response.js';
import type { Factory } from '../../factory/factory.js';
import type { DefineCommand } from '../define.js';
import { readPriceFile } from './price-file.js';

/**
 * `--quantity` as a whole number, 0 or more; anything else is a usage error.
 *
 * @example
 * parseQuantity('120') // 120
 * parseQuantity('1.5') // throws CliError (exit 2)
 */
export function parseQuantity(text: string): number {
  const quantity = Number(text);
  if (!/^\d+$/.test(text.trim()) || !Number.isSafeInteger(quantity)) {
    throw new CliError(`--quantity: expected a whole number, 0 or more (got "${text}")`, EXIT.usage);
  }
  return quantity;
}

function tierLabel(line: QuoteLine, quote: Quote): string {
  if (line.tier === null) return quote.priceType;
  return `tier ${line.tier + 1} (${line.upTo === null ? 'unbounded' : `up to ${line.upTo}`})`;
}

/** Rows for a table: one per tier line, then the total; amounts formatted when the currency is known. */
function tableRows(quote: Quote, currency: string | undefined) {
  const money = (minor: number) => (currency ? formatMoney(minor, currency) : minor);
  const lines = quote.lines.map((line) => ({
    tier: tierLabel(line, quote),
    quantity: line.quantity,
    unit_amount: money(line.unitAmount),
    flat_amount: money(line.flatAmount),
    amount: money(line.amount),
  }));
  return [
    ...lines,
    { tier: 'total', quantity: quote.quantity, unit_amount: '', flat_amount: '', amount: money(quote.total) },
  ];
}

export interface PricesTierOptions {
  /** The price as JSON, or - for standard input. */
  readonly file: string;
  readonly quantity: number;
  /** Format amounts in this currency (default: the file's currency key, else minor units). */
  readonly currency?: string | undefined;
}

/**
 * Prices a quantity under the file's fixed, graduated or volume price and prints the lines and total.
 *
 * @example
 * await runPricesTier(c, { file: 'price.json', quantity: 120, currency: 'gbp' });
 */
export async function runPricesTier(c: Factory, options: PricesTierOptions): Promise<void> {
  const { quantity } = options;
  const file = await readPriceFile(options.file, c.io);
  const currency = options.currency?.toLowerCase() ?? file.currency;
  if (currency !== undefined && !Intl.supportedValuesOf('currency').includes(currency.toUpperCase())) {
    throw new CliError(`--currency: "${options.currency}" is not a currency code`, EXIT.usage);
  }
  let quote: Quote;
  try {
    quote = priceQuantity(file.price, quantity);
  } catch (error) {
    throw new CliError(`${options.file}: ${(error as Error).message}`, EXIT.usage);
  }
  const json = c.globals.json === true || c.globals.format === 'json' || c.globals.format === 'ndjson';
  if (json) {
    await printResponse(c, {
      ...quote,
      ...(currency ? { currency, total_formatted: formatMoney(quote.total, currency) } : {}),
    });
    return;
  }
  await printResponse(c, tableRows(quote, currency));
}

const define: DefineCommand = (cmd: Command, f) => {
  cmd
    .description('Price a quantity under a fixed, graduated or volume price read from a JSON file')
    .requiredOption(
      '--file <path>',
      'the price as JSON: price_type, unit_amount, flat_amount, price_tiers (- for standard input)',
    )
    .requiredOption('--quantity <n>', 'how many units (seats, pupils, licences)')
    .option('--currency <code>', "format amounts in this currency (default: the file's currency key, else minor units)")
    .addHelpText(
      'after',
      '\nAmounts in the file are minor units (pence, cents); tiers have up_to (null = unbounded), unit_amount, flat_amount.\n\nExamples:\n  edshed prices tier --file price.json --quantity 120\n  edshed prices tier --file price.json --quantity 30 --currency gbp --json',
    );
  addCommonOptions(cmd, new Set(), { connection: false });
  cmd.action(async (opts: { file: string; quantity: string; currency?: string } & Record<string, unknown>) => {
    const c = leafFactory(f, cmd);
    await runPricesTier(c, { file: opts.file, quantity: parseQuantity(opts.quantity), currency: opts.currency });
  });
};

export default define;
