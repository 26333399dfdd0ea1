/**
 * Checks an answer against its reply shape by reading the shape as it is, with nothing built first. A
 * one-off command checks each answer once: building zod schemas of its replies cost `edshed schools show`
 * more than checking its five answers with them (bench/README.md, one-off start-up). It accepts and refuses
 * exactly what the reply's zod schema (`replySchema`, schema.ts) does, with the same problems at the same
 * paths (tests/core/shapes/check.test.ts compares the two on answers near every reply of the table).
 */
import { fieldInfo, type FieldKind, type FieldSpec } from '../endpoints/define.js';
import { ISO_DATE, ISO_DAY } from './formats.js';
import { isEither, isListValue, isObjectShape, listItem, type ObjectShape, type OptionalList, type Reply, type ReplyValue } from './define.js';

/** How strictly an object is read: `loose` lets keys beyond the shape's through, `strict` refuses them. */
export type Strictness = 'loose' | 'strict';

/** One way a reply differs from its shape: where, and what was expected. */
export interface ReplyProblem {
  /** The path in the body, dotted (`invoice.state`, `invoices.3.total`); empty for the body itself. */
  readonly path: string;
  readonly message: string;
}

/**
 * A problem as found: `soft` when the value is of the right type but not of the right form (a date's
 * text, a number too large, an object with keys beyond its shape's), which still lets one form of an
 * `either` be the one meant (as zod's unions).
 */
interface Found extends ReplyProblem {
  readonly soft: boolean;
}

const NONE_OF_THE_FORMS = 'matches none of the forms it may take';
const at = (path: string, key: string | number): string => (path === '' ? String(key) : `${path}.${key}`);
const isObject = (data: unknown): data is Record<string, unknown> => typeof data === 'object' && data !== null && !Array.isArray(data);
const isPlainObject = (data: unknown): data is Record<string, unknown> => isObject(data) && [Object.prototype, null].includes(Object.getPrototypeOf(data));
const isNumber = (data: unknown): data is number => typeof data === 'number' && Number.isFinite(data);

/** A JSON value: text, a finite number, true or false, null, or lists and plain objects of these. */
function isJson(data: unknown): boolean {
  if (data === null || typeof data === 'string' || typeof data === 'boolean' || isNumber(data)) return true;
  if (Array.isArray(data)) return data.every(isJson);
  return isPlainObject(data) && Object.values(data).every(isJson);
}

type Check = (data: unknown, path: string, found: Found[]) => void;

const hard = (message: string): Check => (_data, path, found) => void found.push({ path, message, soft: false });
const typed = (test: (data: unknown) => boolean, expected: string): Check => (data, path, found) => {
  if (!test(data)) hard(`expected ${expected}`)(data, path, found);
};

const string = typed((data) => typeof data === 'string', 'string');

function int(data: unknown, path: string, found: Found[]): void {
  if (!isNumber(data)) found.push({ path, message: 'expected number', soft: false });
  else if (!Number.isInteger(data)) found.push({ path, message: 'expected int', soft: false });
  else if (!Number.isSafeInteger(data)) found.push({ path, message: `expected a whole number within ${Number.MAX_SAFE_INTEGER} of 0`, soft: true });
}

const text = (form: RegExp): Check => (data, path, found) => {
  if (typeof data !== 'string') string(data, path, found);
  else if (!form.test(data)) found.push({ path, message: `expected text of the form ${String(form)}`, soft: true });
};

const list = (item: Check): Check => (data, path, found) => {
  if (!Array.isArray(data)) return hard('expected array')(data, path, found);
  data.forEach((value, i) => item(value, at(path, i), found));
};

/** One of several forms: the first that fits; else the problems of the one form the value is of the type of, if only one. */
const oneOf = (forms: readonly Check[]): Check => (data, path, found) => {
  const tries: Found[][] = [];
  for (const form of forms) {
    const own: Found[] = [];
    form(data, path, own);
    if (own.length === 0) return;
    tries.push(own);
  }
  const ofType = tries.filter((own) => own.every((p) => p.soft));
  if (ofType.length === 1) found.push(...(ofType[0] as Found[]));
  else found.push({ path, message: NONE_OF_THE_FORMS, soft: false });
};

const id = oneOf([int, string]);
const json: Check = (data, path, found) => {
  if (!isJson(data)) hard(NONE_OF_THE_FORMS)(data, path, found);
};

/** Each kind of the table's field language, read as schema.ts builds it. */
const KINDS: Readonly<Record<FieldKind, Check>> = {
  string,
  text: string,
  int,
  number: typed(isNumber, 'number'),
  boolean: typed((data) => typeof data === 'boolean', 'boolean'),
  date: text(ISO_DATE),
  day: text(ISO_DAY),
  id,
  serial: int,
  ids: list(id),
  flag: (data, path, found) => {
    if (data !== 0 && data !== 1) hard(NONE_OF_THE_FORMS)(data, path, found);
  },
  take: int,
  skip: int,
  strings: list(string),
  json,
  object: (data, path, found) => {
    if (!isPlainObject(data)) return hard('expected record')(data, path, found);
    for (const [key, value] of Object.entries(data)) json(value, at(path, key), found);
  },
};

function fieldCheck(spec: FieldSpec, data: unknown, path: string, found: Found[]): void {
  const info = fieldInfo(spec);
  if (info.nullable && data === null) return;
  if (info.kind !== 'enum') return KINDS[info.kind](data, path, found);
  const values = info.oneOf ?? [];
  if (!values.includes(data as string)) found.push({ path, message: `expected one of ${values.map((v) => JSON.stringify(v)).join(', ')}`, soft: false });
}

function objectCheck(fields: Reply, open: boolean, strictness: Strictness, data: unknown, path: string, found: Found[]): void {
  if (!isObject(data)) return hard('expected object')(data, path, found);
  for (const [key, value] of Object.entries(fields)) {
    if (data[key] === undefined && mayBeAbsent(value)) continue;
    valueCheck(value, strictness, data[key], at(path, key), found);
  }
  if (open || strictness === 'loose') return;
  const unnamed = Object.keys(data).filter((key) => !Object.hasOwn(fields, key));
  if (unnamed.length > 0) found.push({ path, message: `keys the shape does not name: ${unnamed.join(', ')}`, soft: true });
}

/** Whether a key holding this value may be left out (or be undefined). */
function mayBeAbsent(value: ReplyValue): boolean {
  if (isEither(value)) return false;
  if (isListValue(value)) return !Array.isArray(value) && (value as OptionalList).optional === true;
  if (isObjectShape(value)) return value.optional === true;
  return fieldInfo(value).optional;
}

function valueCheck(value: ReplyValue, strictness: Strictness, data: unknown, path: string, found: Found[]): void {
  if (isEither(value)) return oneOf(value.either.map((form): Check => (d, p, f) => valueCheck(form, strictness, d, p, f)))(data, path, found);
  if (isListValue(value)) {
    if (data === null && !Array.isArray(value) && (value as OptionalList).nullable === true) return;
    return list((d, p, f) => valueCheck(listItem(value), strictness, d, p, f))(data, path, found);
  }
  if (isObjectShape(value)) {
    if (data === null && value.nullable === true) return;
    return objectCheck(value.fields, value.open === true, strictness, data, path, found);
  }
  fieldCheck(value, data, path, found);
}

/**
 * How `data` differs from `reply` (an empty list when it conforms). `loose` (the default) is how a client
 * reads: keys it does not know pass through. `strict` is how the conformance test reads the sandbox: a key
 * the shape does not name is a mistake of the shape or of the sandbox.
 *
 * @example
 * replyProblems({ invoice: INVOICE }, { invoice: { id: 'x' } })
 * // [{ path: 'invoice.id', message: 'expected number' }, ...]
 */
export function replyProblems(reply: Reply | ObjectShape, data: unknown, strictness: Strictness = 'loose'): ReplyProblem[] {
  const found: Found[] = [];
  if (isObjectShape(reply as ReplyValue)) {
    const shape = reply as ObjectShape;
    if (!(data === null && shape.nullable === true)) objectCheck(shape.fields, shape.open === true, strictness, data, '', found);
  } else objectCheck(reply as Reply, false, strictness, data, '', found);
  return found.map(({ path, message }) => ({ path, message }));
}
