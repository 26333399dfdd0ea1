import { z } from 'zod';
import { HttpError } from '../handler.js';

/**
 * Validates handler input beyond what the table's schema names (open payloads, nested objects), answering
 * 422 in the platform's shape: `{ error: 'Invalid data', message, errors: [{ path, message }] }`.
 *
 * @example
 * const { name } = parseInput(z.object({ name: z.string().min(1) }), ctx.input);
 */
export function parseInput<T extends z.ZodType>(schema: T, value: unknown): z.output<T> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const errors = result.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }));
  const first = errors[0];
  const message = first ? `${first.path || 'payload'}: ${first.message}` : 'The payload is not valid';
  throw new HttpError(422, 'Invalid data', message, { errors });
}

/**
 * A 422 for one field, in the same shape as `parseInput`.
 *
 * @example
 * throw invalid('amount', 'expected a number from 1 to 100');
 */
export function invalid(path: string, message: string): HttpError {
  return new HttpError(422, 'Invalid data', `${path}: ${message}`, { errors: [{ path, message }] });
}

/**
 * A positive integer id from a path parameter or payload value, or 404 (a malformed id names no row).
 *
 * @example
 * const id = toId(ctx.params['id'], 'Pupil'); // 404 for 'abc'
 */
export function toId(value: unknown, label: string): number {
  const id = typeof value === 'number' ? value : typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : NaN;
  if (!Number.isSafeInteger(id) || id <= 0) throw new HttpError(404, 'Not found', `${label} ${String(value)} not found`);
  return id;
}

/** An id as the payload carries it: a number or a numeric string. */
export const idValue = z.union([z.number().int().positive(), z.string().regex(/^\d+$/).transform(Number)]);

/** A list of ids: an array or a comma-joined string. */
export const idList = z.union([
  z.array(idValue),
  z
    .string()
    .regex(/^\d+(?:\s*,\s*\d+)*$/, 'expected comma-joined ids')
    .transform((s) => s.split(',').map((part) => Number(part.trim()))),
  idValue.transform((id) => [id]),
]);

/**
 * Parses ids sent as a list or comma-joined, or the wildcard `*` when `allowAll` (delete all pupils).
 *
 * @example
 * parseIds('4,5,6', 'ids') // [4, 5, 6]
 * parseIds('*', 'ids', true) // '*'
 */
export function parseIds(value: unknown, path: string, allowAll = false): number[] | '*' {
  if (allowAll && (value === '*' || (Array.isArray(value) && value.length === 1 && value[0] === '*'))) return '*';
  const result = idList.safeParse(value);
  if (!result.success) throw invalid(path, allowAll ? 'expected ids (a list or comma-joined) or *' : 'expected ids (a list or comma-joined)');
  return [...new Set(result.data)];
}

/**
 * skip/take paging from the query: take between 1 and 1000 (default `take`), skip from 0.
 *
 * @example
 * const { skip, take } = paging(ctx.input, 10);
 */
export function paging(input: Readonly<Record<string, unknown>>, defaultTake = 100): { skip: number; take: number } {
  const schema = z.object({
    skip: z.coerce.number().int().min(0).default(0),
    take: z.coerce.number().int().min(1).max(1000).default(defaultTake),
  });
  return parseInput(schema, { skip: input['skip'], take: input['take'] });
}
