/**
 * Schemas of replies, built from the shapes on first use. They check what the API answered; they change
 * nothing (a reply's text is not trimmed, its numbers are not coerced). `zod/mini`, so the site's bundle
 * takes only the checks it uses.
 */
import * as z from 'zod/mini';
import { fieldInfo, type FieldKind, type FieldSpec } from '../endpoints/define.js';
import { ISO_DATE, ISO_DAY } from './formats.js';
import { conformsLoosely } from './conforms.js';
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

/** How strictly an object is read: `loose` lets keys beyond the shape's through, `strict` refuses them. */
export type Strictness = 'loose' | 'strict';

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
  if (isEither(value))
    return { schema: z.union(value.either.map((v) => valueSchema(v, strictness).schema)), optional: false };
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
    schema = isObjectShape(reply as ReplyValue)
      ? valueSchema(reply as ObjectShape, strictness).schema
      : objectSchema(reply as Reply, false, strictness);
    memo.set(reply, schema);
  }
  return schema;
}

/** One way a reply differs from its shape: where, and what was expected. */
export interface ReplyProblem {
  /** The path in the body, dotted (`invoice.state`, `invoices.3.total`); empty for the body itself. */
  readonly path: string;
  readonly message: string;
}

function describe(issue: z.core.$ZodIssue): string {
  switch (issue.code) {
    case 'invalid_type':
      return `expected ${issue.expected}`;
    case 'invalid_value':
      return `expected one of ${issue.values.map((v) => JSON.stringify(v)).join(', ')}`;
    case 'invalid_format':
      return issue.format === 'regex'
        ? `expected text of the form ${(issue as { pattern?: string }).pattern ?? ''}`
        : `expected ${issue.format}`;
    case 'unrecognized_keys':
      return `keys the shape does not name: ${issue.keys.join(', ')}`;
    case 'invalid_union':
      return 'matches none of the forms it may take';
    default:
      return issue.message;
  }
}

/**
 * How `data` differs from `reply` (an empty list when it conforms). Read loosely, a reply that conforms
 * is answered by the quick check derived from the same shapes (conforms.ts), without the schema's parse.
 *
 * @example
 * replyProblems({ invoice: INVOICE }, { invoice: { id: 'x' } })
 * // [{ path: 'invoice.id', message: 'expected int' }, ...]
 */
export function replyProblems(
  reply: Reply | ObjectShape,
  data: unknown,
  strictness: Strictness = 'loose',
): ReplyProblem[] {
  if (strictness === 'loose' && conformsLoosely(reply, data)) return [];
  const result = replySchema(reply, strictness).safeParse(data);
  if (result.success) return [];
  return result.error.issues.map((issue) => ({ path: issue.path.map(String).join('.'), message: describe(issue) }));
}
