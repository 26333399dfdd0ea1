import { z } from 'zod';
import { HttpError } from '../handler.js';

/**
 * Validates a handler's input with a schema of its own (the table validates the keys it names; handlers
 * read a few more where the spec leaves the payload open). A failure is a 422 in the platform's shape.
 *
 * @example
 * const { seats } = parseInput(z.object({ seats: z.coerce.number().int().min(0) }), ctx.input);
 */
export function parseInput<T extends z.ZodType>(schema: T, input: unknown): z.output<T> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const errors = result.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }));
  const first = errors[0];
  const message = first ? `${first.path || 'payload'}: ${first.message}` : 'Invalid payload';
  throw new HttpError(422, 'Invalid data', message, { errors });
}

/**
 * A numeric path parameter; anything else cannot name a row, so it is a 404.
 *
 * @example
 * const id = idParam(ctx.params, 'id', 'Invoice');
 */
export function idParam(params: Readonly<Record<string, string>>, name: string, entity: string): number {
  const text = params[name] ?? '';
  const id = Number(text);
  if (!/^\d+$/.test(text) || !Number.isSafeInteger(id) || id <= 0) throw notFound(entity, text);
  return id;
}

/**
 * The 404 for a row that does not exist or is not the caller's to see (the two look the same, so ids do not leak).
 *
 * @example
 * throw notFound('Invoice', 12);
 */
export function notFound(entity: string, id: number | string): HttpError {
  return new HttpError(404, 'Not found', `${entity} ${id} not found`);
}

/** Input schemas shared by several handlers. */
export const fields = {
  id: z.coerce.number().int().positive(),
  ids: z.union([
    z.array(z.coerce.number().int().positive()),
    z.string().transform((s, ctx) => {
      const parts = s.split(',').map((p) => Number(p.trim()));
      if (parts.some((n) => !Number.isSafeInteger(n) || n <= 0)) {
        ctx.addIssue({ code: 'custom', message: 'expected comma-joined ids' });
        return z.NEVER;
      }
      return parts;
    }),
  ]),
  /** A calendar date, YYYY-MM-DD (a date-time is cut to its date). */
  day: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}/, 'expected a date YYYY-MM-DD')
    .refine((s) => !Number.isNaN(Date.parse(s.slice(0, 10))), 'not a real date')
    .transform((s) => s.slice(0, 10)),
  flag: z.union([z.boolean(), z.coerce.number().int().min(0).max(1)]).transform((v) => (v === true || v === 1 ? 1 : 0)),
  skip: z.coerce.number().int().min(0).default(0),
  take: z.coerce.number().int().min(1).max(500).default(25),
} as const;

export const pageSchema = z.looseObject({ skip: fields.skip, take: fields.take });
