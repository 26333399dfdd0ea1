/** What the rest of the toolkit reads off an entry's reply: its main value, and the fields a person can pick. */
import {
  isEither,
  isListValue,
  isObjectShape,
  listItem,
  type ObjectShape,
  type OptionalList,
  type Reply,
  type ReplyValue,
} from './define.js';

/** The value a reply is about: its key, its object shape, and whether it is a list of them. */
export interface MainValue {
  readonly key: string;
  readonly shape: ObjectShape;
  readonly list: boolean;
}

/** The object shapes a value may hold, each with whether it comes as a list (an either gives each of its forms). */
function objectForms(value: ReplyValue): { shape: ObjectShape; list: boolean }[] {
  if (isEither(value)) return value.either.flatMap(objectForms);
  if (isListValue(value)) return objectForms(listItem(value)).map((form) => ({ ...form, list: true }));
  return isObjectShape(value) ? [{ shape: value, list: false }] : [];
}

/** The reply's main key and every object form its value may take (the first is what a plain request gets). */
function mainForms(reply: Reply | undefined): { key: string; forms: { shape: ObjectShape; list: boolean }[] } | null {
  for (const [key, value] of Object.entries(reply ?? {})) {
    const forms = objectForms(value);
    if (forms.length > 0) return { key, forms };
  }
  return null;
}

/**
 * The reply's main value: the first key holding an object shape or a list of one (`invoices` of
 * `{ invoices: [INVOICE], total: 'int' }`), or null when the reply holds only plain fields. Where the
 * value is one of several forms (`byFlag`), the first: what a request without the flag gets.
 *
 * @example
 * mainValue({ invoice: INVOICE, changed: 'boolean' }) // { key: 'invoice', shape: INVOICE, list: false }
 */
export function mainValue(reply: Reply | undefined): MainValue | null {
  const main = mainForms(reply);
  const first = main?.forms[0];
  return main && first ? { key: main.key, ...first } : null;
}

/**
 * The fields `--fields` may name for an entry's answer: its main shape's keys (those of each of its forms,
 * where it has several), or null when the reply's shape is not declared or holds no object (then the
 * fields are known only once answered).
 *
 * @example
 * replyFieldNames(invoicesMarkPaid) // ['id', 'number', 'shareable_id', ...]
 */
export function replyFieldNames(endpoint: { readonly reply?: Reply }): readonly string[] | null {
  const main = mainForms(endpoint.reply);
  if (!main || main.forms.some((form) => form.shape.open)) return null;
  return [...new Set(main.forms.flatMap((form) => Object.keys(form.shape.fields)))];
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

/** The values of a reply value that hold others: an either's values, a list's item, an object's fields. */
function innerValues(value: ReplyValue): readonly ReplyValue[] {
  if (isEither(value)) return value.either;
  if (isListValue(value)) return [listItem(value)];
  return isObjectShape(value) ? Object.values(value.fields) : [];
}

/**
 * The query flags a reply varies with (`byFlag`), anywhere in it.
 *
 * @example
 * replyFlags(schoolsList.reply) // ['dfe_schools']
 */
export function replyFlags(reply: Reply): string[] {
  const flags = new Set<string>();
  const visit = (value: ReplyValue): void => {
    if (isEither(value) && value.flag !== undefined) flags.add(value.flag);
    innerValues(value).forEach(visit);
  };
  Object.values(reply).forEach(visit);
  return [...flags];
}

function chosen(value: ReplyValue, flags: ReadonlySet<string>): ReplyValue {
  if (isEither(value)) {
    if (value.flag === undefined) return { ...value, either: value.either.map((v) => chosen(v, flags)) };
    return chosen(value.either[flags.has(value.flag) ? 1 : 0] ?? value.either[0] ?? 'json', flags);
  }
  if (isListValue(value)) {
    const item = chosen(listItem(value), flags);
    return Array.isArray(value) ? [item] : { ...(value as OptionalList), list: item };
  }
  if (isObjectShape(value)) return { ...value, fields: replyWithFlags(value.fields, flags) };
  return value;
}

/**
 * The reply a request gets with the given query flags set (and the others not): each `byFlag` value
 * replaced by the value it picks.
 *
 * @example
 * replyWithFlags(schoolsList.reply, new Set(['dfe_schools'])) // { schools: [REGISTER_SCHOOL], total: 'int' }
 */
export function replyWithFlags(reply: Reply, flags: ReadonlySet<string>): Reply {
  return Object.fromEntries(Object.entries(reply).map(([key, value]) => [key, chosen(value, flags)]));
}
