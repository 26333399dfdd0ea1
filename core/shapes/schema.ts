/**
 * Schemas of replies, built from the shapes on first use, for code that wants a zod schema (to parse with
 * its types, or to compose). They check what the API answered; they change nothing (a reply's text is not
 * trimmed, its numbers are not coerced). `zod/mini`, so a bundle takes only the checks it uses. To check
 * an answer once, `replyProblems` (check.ts) reads the shape itself, with nothing to build.
 */
import * as z from 'zod/mini';
import { fieldInfo, type FieldKind, type FieldSpec } from '../endpoints/define.js';
import { ISO_DATE, ISO_DAY } from './formats.js';
import { isEither, isListValue, isObjectShape, listItem, type ObjectShape, type OptionalList, type Reply, type ReplyValue } from './define.js';
import type { Strictness } from './check.js';


const idValue = () => z.union([z.int(), z.string()]);

const KINDS: Record<FieldKind, () => z.ZodMiniType> = {
  string: () => z.string(),
  text: () => z.string(),
  int: () => z.int(),
  number: () => z.number(),
  boolean: () => z.boolean(),
  date: () => z.string().check(z.regex(ISO_DATE)),
  day: () => z.string().check(z.regex(ISO_DAY)),
  id: idValue,
  serial: () => z.int(),
  ids: () => z.array(idValue()),
  flag: () => z.union([z.literal(0), z.literal(1)]),
  take: () => z.int(),
  skip: () => z.int(),
  strings: () => z.array(z.string()),
  json: () => z.json(),
  object: () => z.record(z.string(), z.json()),
};

function fieldValue(spec: FieldSpec): { schema: z.ZodMiniType; optional: boolean } {
  const info = fieldInfo(spec);
  let schema: z.ZodMiniType = info.kind === 'enum' ? z.enum(info.oneOf as [string, ...string[]]) : KINDS[info.kind]();
  if (info.nullable) schema = z.nullable(schema);
  return { schema, optional: info.optional };
}

function objectSchema(fields: Reply, open: boolean, strictness: Strictness): z.ZodMiniType {
  const shape: Record<string, z.ZodMiniType> = {};
  for (const [key, value] of Object.entries(fields)) {
    const { schema, optional } = valueSchema(value, strictness);
    shape[key] = optional ? z.optional(schema) : schema;
  }
  return open || strictness === 'loose' ? z.looseObject(shape) : z.strictObject(shape);
}

function valueSchema(value: ReplyValue, strictness: Strictness): { schema: z.ZodMiniType; optional: boolean } {
  if (isEither(value)) return { schema: z.union(value.either.map((v) => valueSchema(v, strictness).schema)), optional: false };
  if (isListValue(value)) {
    const list = z.array(valueSchema(listItem(value), strictness).schema);
    const options: Omit<OptionalList, 'list'> = Array.isArray(value) ? {} : (value as OptionalList);
    return { schema: options.nullable ? z.nullable(list) : list, optional: options.optional === true };
  }
  if (isObjectShape(value)) {
    const schema = objectSchema(value.fields, value.open === true, strictness);
    return { schema: value.nullable ? z.nullable(schema) : schema, optional: value.optional === true };
  }
  return fieldValue(value);
}

const cache = { loose: new WeakMap<object, z.ZodMiniType>(), strict: new WeakMap<object, z.ZodMiniType>() };

/**
 * The schema of a reply (or of one shape), memoised per object. `loose` (the default) is how a client
 * reads: keys it does not know pass through. `strict` is how the conformance test reads the sandbox: a key
 * the shape does not name is a mistake of the shape or of the sandbox.
 *
 * @example
 * replySchema({ invoice: INVOICE }).safeParse(data).success
 */
export function replySchema(reply: Reply | ObjectShape, strictness: Strictness = 'loose'): z.ZodMiniType {
  const memo = cache[strictness];
  let schema = memo.get(reply);
  if (!schema) {
    schema = isObjectShape(reply as ReplyValue) ? valueSchema(reply as ObjectShape, strictness).schema : objectSchema(reply as Reply, false, strictness);
    memo.set(reply, schema);
  }
  return schema;
}
