/** What the rest of the toolkit reads off an entry's reply: its main value, and the fields a person can pick. */
import { isListValue, isObjectShape, listItem, type ObjectShape, type Reply } from './define.js';

/** The value a reply is about: its key, its object shape, and whether it is a list of them. */
export interface MainValue {
  readonly key: string;
  readonly shape: ObjectShape;
  readonly list: boolean;
}

/**
 * The reply's main value: the first key holding an object shape or a list of one (`invoices` of
 * `{ invoices: [INVOICE], total: 'int' }`), or null when the reply holds only plain fields.
 *
 * @example
 * mainValue({ invoice: INVOICE, changed: 'boolean' }) // { key: 'invoice', shape: INVOICE, list: false }
 */
export function mainValue(reply: Reply | undefined): MainValue | null {
  for (const [key, value] of Object.entries(reply ?? {})) {
    if (isListValue(value)) {
      const item = listItem(value);
      if (isObjectShape(item)) return { key, shape: item, list: true };
      continue;
    }
    if (isObjectShape(value)) return { key, shape: value, list: false };
  }
  return null;
}

/**
 * The fields `--fields` may name for an entry's answer: its main shape's keys, or null when the reply's
 * shape is not declared or holds no object (then the fields are known only once answered).
 *
 * @example
 * replyFieldNames(invoicesMarkPaid) // ['id', 'number', 'shareable_id', ...]
 */
export function replyFieldNames(endpoint: { readonly reply?: Reply }): readonly string[] | null {
  const main = mainValue(endpoint.reply);
  if (!main || main.shape.open) return null;
  return Object.keys(main.shape.fields);
}

/**
 * The columns a terminal table shows of an entry's answer by default: its main shape's declared columns
 * when the answer is a list of them, or null (a single object is shown field by field, every field).
 *
 * @example
 * tableColumns(invoicesList) // ['id', 'number', 'school_id', 'state', 'total', 'due_at']
 */
export function tableColumns(endpoint: { readonly reply?: Reply }): readonly string[] | null {
  const main = mainValue(endpoint.reply);
  return main?.list && main.shape.columns ? main.shape.columns : null;
}
