import { readFile } from 'node:fs/promises';
import { z } from 'zod';
import { PRICE_SCHEMA, type Price } from '../../../core/domain/price-schema.js';
import { CliError, EXIT } from '../../errors/cli-error.js';
import type { Io } from '../../factory/io.js';
import { fileErrorText } from '../../../core/node/file-error-text.js';

/** A price file may name its currency (as API prices do); it is only used to format amounts. */
const CURRENCY_SCHEMA = z.object({
  currency: z
    .string()
    .regex(/^[A-Za-z]{3}$/, 'must be a three-letter currency code')
    .refine((code) => Intl.supportedValuesOf('currency').includes(code.toUpperCase()), 'is not a currency Intl knows')
    .optional(),
});

export interface PriceFile {
  readonly price: Price;
  readonly currency: string | undefined;
}

function issuesText(error: z.ZodError): string {
  return error.issues
    .map((issue) => `${issue.path.length > 0 ? issue.path.join('.') : '(top level)'}: ${issue.message}`)
    .join('; ');
}

/**
 * Reads and validates a price file (`-` for standard input). Every problem is a usage error naming the
 * file and the field.
 *
 * @example
 * const { price, currency } = await readPriceFile('price.json', io);
 */
export async function readPriceFile(source: string, io: Io): Promise<PriceFile> {
  const name = source === '-' ? 'standard input' : source;
  let text: string;
  try {
    text = source === '-' ? await io.readStdin() : await readFile(source, 'utf8');
  } catch (error) {
    throw new CliError(`--file ${name}: cannot read: ${fileErrorText(error)}`, EXIT.usage);
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new CliError(`--file ${name}: not valid JSON (${(error as Error).message})`, EXIT.usage);
  }
  const price = PRICE_SCHEMA.safeParse(value);
  if (!price.success) throw new CliError(`--file ${name}: ${issuesText(price.error)}`, EXIT.usage);
  const currency = CURRENCY_SCHEMA.safeParse(value);
  if (!currency.success) throw new CliError(`--file ${name}: ${issuesText(currency.error)}`, EXIT.usage);
  return { price: price.data, currency: currency.data.currency?.toLowerCase() };
}
