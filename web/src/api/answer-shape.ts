/**
 * An answer's shape as plain data, and the check that reads it. The shapes are core's (each entry's
 * `reply`, core/shapes): `answerShapeOf` (answer-shape-of.ts) writes one as data, which the site's build
 * does for the site's entries (web/plugins/site-endpoints.ts), so the bundle carries this small reader
 * instead of zod and the table. It accepts what core's loose reply schema accepts
 * (tests/web/answer-shape.test.ts). This module imports no part of core's shape language: what a first
 * visit loads holds only the reader, and the shape helpers stay in the chunk of the pages that define shapes.
 */
import { ISO_DATE, ISO_DAY } from '../../../core/shapes/formats.js';

export type AnswerShape =
  | 'string'
  | 'number'
  | 'int'
  | 'boolean'
  | 'unknown'
  | 'date'
  | 'day'
  | { readonly object: Readonly<Record<string, AnswerShape>> }
  | { readonly array: AnswerShape }
  | { readonly optional: AnswerShape }
  | { readonly nullable: AnswerShape }
  | { readonly anyOf: readonly AnswerShape[] }
  | { readonly oneOf: readonly (string | number)[] };

/** An answer that is not of its shape, naming where. */
export class AnswerShapeError extends Error {
  override name = 'AnswerShapeError';
}

function fail(path: string, expected: string, value: unknown): never {
  const got = value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value;
  throw new AnswerShapeError(`Unexpected answer: ${path || 'the answer'} should be ${expected}, not ${got}`);
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function checkObject(
  shape: Extract<AnswerShape, { object: unknown }>,
  value: unknown,
  path: string,
): Record<string, unknown> {
  if (!isObject(value)) fail(path, 'an object', value);
  const out: Record<string, unknown> = { ...value };
  for (const [key, field] of Object.entries(shape.object)) {
    const at = `${path}${path ? '.' : ''}${key}`;
    const optional = typeof field === 'object' && 'optional' in field;
    if (!optional && !(key in value)) fail(at, 'present', undefined);
    if (key in value) out[key] = checkShape(field, value[key], at);
  }
  return out;
}

/**
 * The value checked against its shape (a copy of its objects), or an AnswerShapeError naming the first
 * place that does not fit.
 *
 * @example
 * checkShape({ object: { id: 'int' } }, { id: 4, extra: 1 }) // { id: 4, extra: 1 }
 * checkShape({ array: 'string' }, ['a', 2])                  // throws: [1] should be a string
 */
export function checkShape(shape: AnswerShape, value: unknown, path = ''): unknown {
  switch (shape) {
    case 'string':
      return typeof value === 'string' ? value : fail(path, 'a string', value);
    case 'number':
      return typeof value === 'number' && Number.isFinite(value) ? value : fail(path, 'a number', value);
    case 'int':
      return Number.isSafeInteger(value) ? value : fail(path, 'a whole number', value);
    case 'boolean':
      return typeof value === 'boolean' ? value : fail(path, 'true or false', value);
    case 'unknown':
      return value;
    case 'date':
      return typeof value === 'string' && ISO_DATE.test(value)
        ? value
        : fail(path, 'a date (2026-09-01, with a time if any)', value);
    case 'day':
      return typeof value === 'string' && ISO_DAY.test(value) ? value : fail(path, 'a day (2026-09-01)', value);
  }
  if ('object' in shape) return checkObject(shape, value, path);
  if ('array' in shape)
    return Array.isArray(value)
      ? Array.from(value, (item: unknown, i) => checkShape(shape.array, item, `${path}[${i}]`))
      : fail(path, 'a list', value);
  if ('optional' in shape) return value === undefined ? undefined : checkShape(shape.optional, value, path);
  if ('nullable' in shape) return value === null ? null : checkShape(shape.nullable, value, path);
  if ('oneOf' in shape)
    return shape.oneOf.includes(value as string | number)
      ? value
      : fail(path, `one of ${shape.oneOf.join(', ')}`, value);
  for (const option of shape.anyOf) {
    try {
      return checkShape(option, value, path);
    } catch (error) {
      if (!(error instanceof AnswerShapeError)) throw error;
    }
  }
  return fail(path, 'of another form', value);
}
