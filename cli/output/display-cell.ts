import { formatMoney } from '../../core/domain/money.js';
import type { Colors } from './colors.js';
import { cellText, type Row } from './rows.js';

const MONEY_KEY = /^(amount(_[a-z]+)?|total|tax|price|subtotal|balance|[a-z]+_total)$/;
const STATE_KEY = /^(state|status)$/;

/**
 * A cell as a person should read it in a table: money in major units with its currency (`£1,234.50`)
 * when the row says its currency, states coloured. Machine formats (JSON, CSV, TSV) keep the API's values.
 *
 * @example
 * displayCell({ total: 123450, currency: 'gbp' }, 'total', colors) // '£1,234.50'
 */
export function displayCell(row: Row, column: string, colors: Colors | undefined): string {
  const value = row[column];
  const currency = row.currency;
  if (
    typeof value === 'number' &&
    typeof currency === 'string' &&
    /^[a-z]{3}$/i.test(currency) &&
    MONEY_KEY.test(column)
  ) {
    try {
      return formatMoney(value, currency);
    } catch {
      return cellText(value);
    }
  }
  const text = cellText(value);
  return colors && STATE_KEY.test(column) && typeof value === 'string' ? colors.state(text) : text;
}
