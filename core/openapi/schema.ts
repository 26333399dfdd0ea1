/**
 * JSON Schema (draft 2020-12, as OpenAPI 3.1 takes it) of the table's field language: a payload field as
 * the API accepts it, a reply value as the API answers it. Plain functions of plain data: no zod, no node.
 */
import { MAX_TAKE } from '../domain/constants.js';
import { fieldInfo, type FieldInfo, type FieldKind, type FieldSpec } from '../endpoints/define.js';
import {
  isEither,
  isListValue,
  isObjectShape,
  listItem,
  type ObjectShape,
  type OptionalList,
  type Reply,
  type ReplyValue,
} from '../shapes/define.js';
import { ISO_DATE, ISO_DAY } from '../shapes/formats.js';

/** A JSON Schema object (the part of draft 2020-12 the document uses). */
export interface JsonSchema {
  readonly type?: string;
  readonly $ref?: string;
  readonly anyOf?: readonly JsonSchema[];
  readonly oneOf?: readonly JsonSchema[];
  readonly enum?: readonly (string | number)[];
  readonly const?: string | number;
  readonly properties?: Readonly<Record<string, JsonSchema>>;
  readonly required?: readonly string[];
  readonly additionalProperties?: boolean | JsonSchema;
  readonly items?: JsonSchema;
  readonly minItems?: number;
  readonly maxItems?: number;
  readonly minLength?: number;
  readonly maxLength?: number;
  readonly minimum?: number;
  readonly maximum?: number;
  readonly pattern?: string;
  readonly description?: string;
  readonly examples?: readonly unknown[];
}

const DATE_WORDS = 'an ISO 8601 date or date-time (YYYY-MM-DD, YYYY-MM-DDTHH:MM:SSZ)';
const ID: JsonSchema = {
  anyOf: [
    { type: 'integer', minimum: 1 },
    { type: 'string', minLength: 1 },
  ],
};

/** What each kind accepts in a request (query text is taken as the number or list it spells). */
const REQUEST_KINDS: Record<FieldKind, JsonSchema> = {
  string: { type: 'string' },
  text: { type: 'string', description: 'Trimmed of surrounding whitespace.' },
  int: { type: 'integer' },
  number: { type: 'number' },
  boolean: { type: 'boolean' },
  date: { type: 'string', pattern: ISO_DATE.source, description: `${DATE_WORDS}, naming a real day and time.` },
  day: {
    type: 'string',
    pattern: ISO_DATE.source,
    description: 'A calendar day, YYYY-MM-DD; a date-time is cut to the day it is written in.',
  },
  id: ID,
  serial: { type: 'integer', minimum: 1 },
  ids: {
    anyOf: [
      { type: 'array', items: ID, minItems: 1 },
      {
        type: 'string',
        pattern: '^(?:\\*|[^,\\s]+(?:,[^,\\s]+)*)$',
        description: 'Ids joined by commas, or * where the operation allows all.',
      },
    ],
  },
  flag: {
    anyOf: [{ enum: [0, 1] }, { type: 'boolean' }],
    description: '0 or 1 (true and false are taken as 1 and 0).',
  },
  take: { type: 'integer', minimum: 1, maximum: MAX_TAKE, description: 'Page size.' },
  skip: { type: 'integer', minimum: 0, description: 'How many items to pass over.' },
  strings: { type: 'array', items: { type: 'string' } },
  json: { description: 'Any JSON value.' },
  object: { type: 'object', additionalProperties: true },
};

/** What each kind holds in a reply. */
const REPLY_KINDS: Record<FieldKind, JsonSchema> = {
  string: { type: 'string' },
  text: { type: 'string' },
  int: { type: 'integer' },
  number: { type: 'number' },
  boolean: { type: 'boolean' },
  date: { type: 'string', pattern: ISO_DATE.source, description: DATE_WORDS },
  day: { type: 'string', pattern: ISO_DAY.source, description: 'A calendar day, YYYY-MM-DD.' },
  id: { anyOf: [{ type: 'integer' }, { type: 'string' }] },
  serial: { type: 'integer' },
  ids: { type: 'array', items: { anyOf: [{ type: 'integer' }, { type: 'string' }] } },
  flag: { enum: [0, 1] },
  take: { type: 'integer' },
  skip: { type: 'integer' },
  strings: { type: 'array', items: { type: 'string' } },
  json: { description: 'Any JSON value.' },
  object: { type: 'object', additionalProperties: true },
};

/** The same schema, or `null`. */
export function orNull(schema: JsonSchema): JsonSchema {
  return { anyOf: [schema, { type: 'null' }] };
}

function limits(info: FieldInfo, base: JsonSchema): JsonSchema {
  if (info.min === undefined && info.max === undefined) return base;
  const [low, high] =
    base.type === 'string'
      ? (['minLength', 'maxLength'] as const)
      : base.type === 'array'
        ? (['minItems', 'maxItems'] as const)
        : (['minimum', 'maximum'] as const);
  return {
    ...base,
    ...(info.min === undefined ? {} : { [low]: info.min }),
    ...(info.max === undefined ? {} : { [high]: info.max }),
  };
}

/**
 * The schema of a payload field as a request may send it.
 *
 * @example
 * requestFieldSchema({ kind: 'text', min: 1, max: 120 }) // { type: 'string', ..., minLength: 1, maxLength: 120 }
 */
export function requestFieldSchema(spec: FieldSpec): JsonSchema {
  const info = fieldInfo(spec);
  let schema: JsonSchema;
  if (info.kind === 'enum') schema = { enum: info.oneOf ?? [] };
  else if (info.pattern !== undefined)
    schema = {
      type: 'string',
      pattern: info.pattern,
      description: `Expected ${info.expected ?? 'text of a set form'}.`,
      ...(info.example === undefined ? {} : { examples: [info.example] }),
    };
  else schema = limits(info, REQUEST_KINDS[info.kind]);
  if (info.expected !== undefined && info.pattern === undefined)
    schema = { ...schema, description: `Expected ${info.expected}.` };
  return info.nullable ? orNull(schema) : schema;
}

/** Where a reply's named shapes go: `ref` gives the reference to a shape (registering it on first sight). */
export interface ShapeRegistry {
  ref(shape: ObjectShape): string;
}

function replyFieldSchema(spec: FieldSpec): JsonSchema {
  const info = fieldInfo(spec);
  const schema: JsonSchema = info.kind === 'enum' ? { enum: info.oneOf ?? [] } : REPLY_KINDS[info.kind];
  return info.nullable ? orNull(schema) : schema;
}

/**
 * The schema of an object shape's own fields (named shapes inside it become references).
 *
 * @example
 * objectSchema(INVOICE.fields, registry, { summary: INVOICE.summary })
 */
export function objectSchema(
  fields: Reply,
  registry: ShapeRegistry,
  options: { readonly open?: boolean; readonly summary?: string } = {},
): JsonSchema {
  const properties: Record<string, JsonSchema> = {};
  const required: string[] = [];
  for (const [key, value] of Object.entries(fields)) {
    const { schema, optional } = replyValueSchema(value, registry);
    properties[key] = schema;
    if (!optional) required.push(key);
  }
  return {
    type: 'object',
    ...(options.summary === undefined ? {} : { description: options.summary }),
    properties,
    ...(required.length > 0 ? { required } : {}),
    ...(options.open ? { additionalProperties: true } : {}),
  };
}

/**
 * The schema of one reply value, and whether its key may be absent.
 *
 * @example
 * replyValueSchema([INVOICE], registry) // { schema: { type: 'array', items: { $ref: '#/components/schemas/Invoice' } }, optional: false }
 */
export function replyValueSchema(
  value: ReplyValue,
  registry: ShapeRegistry,
): { schema: JsonSchema; optional: boolean } {
  if (isEither(value)) {
    const oneOf = value.either.map((v) => replyValueSchema(v, registry).schema);
    const words =
      value.flag === undefined
        ? {}
        : { description: `The first form, or the second when the request sets \`${value.flag}=true\`.` };
    return { schema: { oneOf, ...words }, optional: false };
  }
  if (isListValue(value)) {
    const list: JsonSchema = { type: 'array', items: replyValueSchema(listItem(value), registry).schema };
    const options: Omit<OptionalList, 'list'> = Array.isArray(value) ? {} : (value as OptionalList);
    return { schema: options.nullable ? orNull(list) : list, optional: options.optional === true };
  }
  if (isObjectShape(value)) {
    const schema: JsonSchema =
      value.name === undefined
        ? objectSchema(value.fields, registry, { open: value.open === true })
        : { $ref: registry.ref(value) };
    return { schema: value.nullable ? orNull(schema) : schema, optional: value.optional === true };
  }
  return { schema: replyFieldSchema(value), optional: fieldInfo(value).optional };
}
