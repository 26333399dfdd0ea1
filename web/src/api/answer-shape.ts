/**
 * An answer schema of the site written as data, and the check that reads it: what the build makes of the
 * zod/mini schemas of ./schemas.ts (web/plugins/site-schemas.ts), so the bundle carries this small reader
 * instead of zod. It accepts and returns exactly what the zod schema does (tests/web/answer-shape.test.ts).
 */
export type AnswerShape =
  | 'string'
  | 'number'
  | 'boolean'
  | 'unknown'
  | { readonly minLength: number }
  | { readonly object: Readonly<Record<string, AnswerShape>>; readonly loose: boolean }
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

function checkObject(shape: Extract<AnswerShape, { object: unknown }>, value: unknown, path: string): Record<string, unknown> {
  if (!isObject(value)) fail(path, 'an object', value);
  const out: Record<string, unknown> = shape.loose ? { ...value } : {};
  for (const [key, field] of Object.entries(shape.object)) {
    const optional = typeof field === 'object' && 'optional' in field;
    if (!optional && !(key in value)) fail(`${path}${path ? '.' : ''}${key}`, 'present', undefined);
    const checked = checkShape(field, value[key], `${path}${path ? '.' : ''}${key}`);
    if (checked !== undefined || key in value) out[key] = checked;
    else delete out[key];
  }
  return out;
}

/**
 * The value checked against its shape: a copy holding what the schema keeps (an object's own keys only,
 * unless loose), or an AnswerShapeError naming the first place that does not fit.
 *
 * @example
 * checkShape({ object: { id: 'number' }, loose: false }, { id: 4, extra: 1 }) // { id: 4 }
 * checkShape({ array: 'string' }, ['a', 2])                                  // throws: [1] should be a string
 */
export function checkShape(shape: AnswerShape, value: unknown, path = ''): unknown {
  switch (shape) {
    case 'string':
      return typeof value === 'string' ? value : fail(path, 'a string', value);
    case 'number':
      return typeof value === 'number' && Number.isFinite(value) ? value : fail(path, 'a number', value);
    case 'boolean':
      return typeof value === 'boolean' ? value : fail(path, 'true or false', value);
    case 'unknown':
      return value;
  }
  if ('minLength' in shape) return typeof value === 'string' && value.length >= shape.minLength ? value : fail(path, `a text of ${shape.minLength} or more characters`, value);
  if ('object' in shape) return checkObject(shape, value, path);
  if ('array' in shape) return Array.isArray(value) ? Array.from(value, (item: unknown, i) => checkShape(shape.array, item, `${path}[${i}]`)) : fail(path, 'a list', value);
  if ('optional' in shape) return value === undefined ? undefined : checkShape(shape.optional, value, path);
  if ('nullable' in shape) return value === null ? null : checkShape(shape.nullable, value, path);
  if ('oneOf' in shape) return shape.oneOf.includes(value as string | number) ? value : fail(path, `one of ${shape.oneOf.join(', ')}`, value);
  for (const option of shape.anyOf) {
    try {
      return checkShape(option, value, path);
    } catch (error) {
      if (!(error instanceof AnswerShapeError)) throw error;
    }
  }
  return fail(path, 'of another form', value);
}

/**
 * A check with the `parse` of the zod schema it was made from.
 *
 * @example
 * answerCheck({ object: { id: 'number' }, loose: true }).parse({ id: 1 }) // { id: 1 }
 */
export function answerCheck(shape: AnswerShape): { parse(value: unknown): unknown } {
  return { parse: (value) => checkShape(shape, value) };
}
