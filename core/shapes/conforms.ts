/**
 * A quick yes to "does this reply conform to its shape, read loosely?", derived from the same shapes as
 * the reply schemas (schema.ts) and memoised per shape. It is the fast path of `replyProblems`: a reply
 * that conforms (nearly every one) is answered without zod's parse, which builds a result per value; any
 * other goes to the schema, which says what differs. So it must never say yes where the schema would say
 * no (tests/core/shapes/conforms.test.ts holds it to that); a `no` only costs the schema's check. Kinds it
 * has no quick check for (`json`, `object`) make the whole shape go to the schema.
 */
import { fieldInfo, type FieldKind, type FieldSpec } from '../endpoints/define.js';
import { ISO_DATE, ISO_DAY } from './formats.js';
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

/** True only when the value conforms. */
type Check = (value: unknown) => boolean;

const isInt: Check = (value) => Number.isSafeInteger(value);
const isString: Check = (value) => typeof value === 'string';
const isId: Check = (value) => isInt(value) || isString(value);
const listOf =
  (item: Check): Check =>
  (value) =>
    Array.isArray(value) && value.every((v) => item(v));
const matching =
  (pattern: RegExp): Check =>
  (value) =>
    typeof value === 'string' && pattern.test(value);

/** Each kind as schema.ts's KINDS reads it; undefined: no quick check (the schema decides). */
const KINDS: Record<FieldKind, Check | undefined> = {
  string: isString,
  text: isString,
  int: isInt,
  number: (value) => Number.isFinite(value),
  boolean: (value) => typeof value === 'boolean',
  date: matching(ISO_DATE),
  day: matching(ISO_DAY),
  id: isId,
  serial: isInt,
  ids: listOf(isId),
  flag: (value) => value === 0 || value === 1,
  take: isInt,
  skip: isInt,
  strings: listOf(isString),
  json: undefined,
  object: undefined,
};

interface Part {
  readonly check: Check;
  readonly optional: boolean;
}

const nullable =
  (check: Check): Check =>
  (value) =>
    value === null || check(value);

function fieldCheck(spec: FieldSpec): Part | undefined {
  const info = fieldInfo(spec);
  let check: Check | undefined;
  if (info.kind === 'enum') {
    const allowed = new Set<unknown>(info.oneOf);
    check = (value) => typeof value === 'string' && allowed.has(value);
  } else check = KINDS[info.kind];
  if (check === undefined) return undefined;
  return { check: info.nullable ? nullable(check) : check, optional: info.optional };
}

function objectCheck(fields: Reply): Check | undefined {
  const keys: string[] = [];
  const parts: Part[] = [];
  for (const [key, value] of Object.entries(fields)) {
    const part = valueCheck(value);
    if (part === undefined) return undefined;
    keys.push(key);
    parts.push(part);
  }
  return (value) => {
    if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
    const record = value as Readonly<Record<string, unknown>>;
    for (let i = 0; i < keys.length; i += 1) {
      const part = parts[i] as Part;
      const field = record[keys[i] as string];
      if (field === undefined ? !part.optional : !part.check(field)) return false;
    }
    return true;
  };
}

function valueCheck(value: ReplyValue): Part | undefined {
  if (isEither(value)) {
    const members = value.either.map((v) => valueCheck(v)?.check);
    if (members.some((m) => m === undefined)) return undefined;
    const checks = members as Check[];
    return { check: (v) => checks.some((check) => check(v)), optional: false };
  }
  if (isListValue(value)) {
    const item = valueCheck(listItem(value));
    if (item === undefined) return undefined;
    const options: Omit<OptionalList, 'list'> = Array.isArray(value) ? {} : (value as OptionalList);
    const list = listOf(item.check);
    return { check: options.nullable ? nullable(list) : list, optional: options.optional === true };
  }
  if (isObjectShape(value)) {
    const check = objectCheck(value.fields);
    if (check === undefined) return undefined;
    return { check: value.nullable ? nullable(check) : check, optional: value.optional === true };
  }
  return fieldCheck(value);
}

const memo = new WeakMap<object, Check | null>();

/**
 * Whether `data` certainly conforms to `reply` read loosely (keys the shape does not name pass); false
 * when it does not, or when the shape has a kind with no quick check (then ask the schema).
 *
 * @example
 * conformsLoosely(INVOICE, response.data.invoice) // true
 */
export function conformsLoosely(reply: Reply | ObjectShape, data: unknown): boolean {
  let check = memo.get(reply);
  if (check === undefined) {
    check =
      (isObjectShape(reply as ReplyValue) ? valueCheck(reply as ObjectShape)?.check : objectCheck(reply as Reply)) ??
      null;
    memo.set(reply, check);
  }
  return check !== null && check(data);
}
