/**
 * Core's reply shapes written as the site's answer shapes. Only the site's build runs this (it writes the
 * site's entries as data, web/plugins/site-endpoints.ts), so it stays out of answer-shape.ts, whose reader
 * the browser loads.
 */
import { fieldInfo, type FieldKind } from '../../../core/endpoints/define.js';
import {
  isEither,
  isListValue,
  isObjectShape,
  listItem,
  type OptionalList,
  type Reply,
  type ReplyValue,
} from '../../../core/shapes/define.js';
import type { AnswerShape } from './answer-shape.js';

const ID: AnswerShape = { anyOf: ['int', 'string'] };

/** Each kind of the table's field language as an answer shape (as core/shapes/schema.ts reads it). */
const KIND_SHAPES: Readonly<Record<FieldKind, AnswerShape>> = {
  string: 'string',
  text: 'string',
  int: 'int',
  number: 'number',
  boolean: 'boolean',
  date: 'date',
  day: 'day',
  id: ID,
  serial: 'int',
  ids: { array: ID },
  flag: { oneOf: [0, 1] },
  take: 'int',
  skip: 'int',
  strings: { array: 'string' },
  json: 'unknown',
  object: { object: {} },
};

const wrap = (shape: AnswerShape, o: { readonly optional?: boolean; readonly nullable?: boolean }): AnswerShape => {
  const inner = o.nullable ? { nullable: shape } : shape;
  return o.optional ? { optional: inner } : inner;
};

function valueShape(value: ReplyValue): AnswerShape {
  if (isEither(value)) return { anyOf: value.either.map(valueShape) };
  if (isListValue(value)) {
    const options: Omit<OptionalList, 'list'> = Array.isArray(value) ? {} : (value as OptionalList);
    return wrap({ array: valueShape(listItem(value)) }, options);
  }
  if (isObjectShape(value)) return wrap(answerShapeOf(value.fields), value);
  const info = fieldInfo(value);
  return wrap(info.kind === 'enum' ? { oneOf: info.oneOf ?? [] } : KIND_SHAPES[info.kind], info);
}

/**
 * A reply of core's table as an answer shape: objects keep keys beyond those named (a client reads
 * loosely), and each field's kind is checked as core's reply schema checks it.
 *
 * @example
 * answerShapeOf({ sessionToken: 'string' }) // { object: { sessionToken: 'string' } }
 */
export function answerShapeOf(reply: Reply): AnswerShape {
  return { object: Object.fromEntries(Object.entries(reply).map(([key, value]) => [key, valueShape(value)])) };
}
