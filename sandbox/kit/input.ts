/**
 * Handler input, one way for every handler: payload checks answering 422 in the platform's shape
 * (`{ error: 'Invalid data', message, errors: [{ path, message }] }`), ids from paths and payloads, the 404
 * for a row, and skip/take paging. The server validates the keys the table names before the handler runs;
 * handlers use these for what the table leaves open.
 */
import { z } from 'zod';
import { MAX_TAKE, PAGE_SIZE } from '../../core/domain/constants.js';
import type { FieldSpec, ParsedPayload } from '../../core/endpoints/define.js';
import { fieldsSchema, skipSchema, takeSchema } from '../../core/endpoints/schemas.js';
import type { HandlerContext } from './handler.js';
import { invalid, invalidFields, notFound, type InvalidField } from '../domain/errors.js';

/** A list call's page when it gives no `take` (the site's page size). */
export const DEFAULT_TAKE = PAGE_SIZE;
/** The largest `take` any list call accepts: the table's, so a handler pages as the server validates. */
export { MAX_TAKE };

/** The refusals every handler uses, declared once in the domain (`sandbox/domain/errors.ts`). */
export { invalid, notFound, type InvalidField };

/**
 * The message and `errors` of a 422 from a failed zod parse: every issue, as `path: message`, joined by `; `.
 *
 * @example
 * const { message, errors } = describeIssues(result.error);
 */
export function describeIssues(error: z.core.$ZodError): { message: string; errors: InvalidField[] } {
  const errors = error.issues.map((issue) => ({ path: issue.path.map(String).join('.'), message: issue.message }));
  const message = errors.map((e) => (e.path ? `${e.path}: ${e.message}` : e.message)).join('; ');
  return { message: message || 'The payload is not valid', errors };
}

/**
 * Checks a value against a schema of the handler's own, or throws the 422.
 *
 * @example
 * const { seats } = parseInput(z.object({ seats: z.coerce.number().int().min(0) }), ctx.input);
 */
export function parseInput<T extends z.core.$ZodType>(schema: T, value: unknown): z.output<T> {
  const result = z.safeParse(schema, value);
  if (result.success) return result.data;
  const { message, errors } = describeIssues(result.error);
  throw invalidFields(errors, message);
}

/**
 * Checks the inside of one payload key whose shape the table cannot state (it names the key as `json`):
 * a list of objects, a record keyed by id. Issues are reported under the key (`items.0.quantity`).
 *
 * @example
 * const prices = parseField('prices', z.partialRecord(z.enum(CURRENCIES), z.number().int().min(0)), ctx.input.prices);
 */
export function parseField<T extends z.core.$ZodType>(path: string, schema: T, value: unknown): z.output<T> {
  const result = z.safeParse(schema, value);
  if (result.success) return result.data;
  const errors = result.error.issues.map((issue) => ({
    path: [path, ...issue.path.map(String)].join('.'),
    message: issue.message,
  }));
  throw invalidFields(errors, errors.map((e) => `${e.path}: ${e.message}`).join('; '));
}

/**
 * Checks keys the table leaves unnamed (an `open` entry's, or an object inside a `json` key) with the
 * table's own field kinds, so an id, a date or a length limit means here what it means in the table.
 * Other keys are kept. Every failing key is reported, under `path` when given (`homework.2.title`).
 *
 * @example
 * const LINK = { external_id: 'id?', domain: 'string?' } as const;
 * const { external_id } = parseFields(LINK, ctx.input); // string | number | undefined
 */
export function parseFields<const P extends Readonly<Record<string, FieldSpec>>>(
  fields: P,
  value: unknown,
  path = '',
): ParsedPayload<P> & { readonly [key: string]: unknown } {
  const schema = fieldsSchema(fields, { open: true });
  return (path === '' ? parseInput(schema, value) : parseField(path, schema, value)) as ParsedPayload<P> & {
    readonly [key: string]: unknown;
  };
}

/**
 * A list of names as sent (`strings`), each trimmed; a blank one is a 422 naming its place.
 *
 * @example
 * trimmedNames([' spelling ', 'maths'], 'permissions') // ['spelling', 'maths']
 */
export function trimmedNames(values: readonly string[], path: string): string[] {
  const trimmed = values.map((v) => v.trim());
  const blank = trimmed.indexOf('');
  if (blank >= 0) throw invalid(`${path}.${blank}`, 'expected a name, not blank');
  return trimmed;
}

/**
 * A positive whole-number id from a payload value (a number or a string of digits), or 404: a malformed id names no row.
 *
 * @example
 * const pupilId = toId(ctx.input['pupilId'], 'Pupil'); // 404 for 'abc'
 */
export function toId(value: unknown, label: string): number {
  const id = typeof value === 'number' ? value : typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : NaN;
  if (!Number.isSafeInteger(id) || id <= 0) throw notFound(label, String(value ?? ''));
  return id;
}

/**
 * The id in a path parameter (`id` unless named), or 404.
 *
 * @example
 * const id = pathId(ctx, 'Invoice'); // 12 for superuser/invoices/12/paid
 * const groupId = pathId(ctx, 'Group', 'gid');
 */
export function pathId(ctx: Pick<HandlerContext, 'params'>, label: string, name = 'id'): number {
  return toId(ctx.params[name], label);
}

// The table's `skip` and `take` kinds, so open payloads page within the same range as declared ones.
const pageSchema = z.object({ skip: z.optional(skipSchema), take: z.optional(takeSchema) });

/**
 * `skip` and `take` of a list call: skip from 0, take from 1 to MAX_TAKE, DEFAULT_TAKE when not given; 422 otherwise.
 *
 * @example
 * const { skip, take } = page(ctx);
 */
export function page(ctx: Pick<HandlerContext, 'input'>): { skip: number; take: number } {
  const { skip = 0, take = DEFAULT_TAKE } = parseInput(pageSchema, {
    skip: ctx.input['skip'],
    take: ctx.input['take'],
  });
  return { skip, take };
}

/**
 * The page a list call asks for, or undefined when it gives neither `skip` nor `take` (lists that answered
 * everything before they took paging keep doing so).
 *
 * @example
 * const wanted = pageIfAsked(ctx); // undefined for GET users/me/school/pupils without skip or take
 */
export function pageIfAsked(ctx: Pick<HandlerContext, 'input'>): { skip: number; take: number } | undefined {
  return ctx.input['skip'] === undefined && ctx.input['take'] === undefined ? undefined : page(ctx);
}

/** An id as a payload carries it: a positive whole number or a string of digits. */
export const idValue = z
  .union([z.number(), z.string().regex(/^\d+$/, 'expected an id').transform(Number)])
  .pipe(z.number().int().positive());

/** A list of ids: an array, a comma-joined string, or a single id. */
export const idList = z.union([
  z.array(idValue),
  z
    .string()
    .regex(/^\s*\d+(?:\s*,\s*\d+)*\s*$/, 'expected ids, a list or comma-joined')
    .transform((s) => s.split(',').map((part) => Number(part.trim())))
    .pipe(z.array(z.number().int().positive())),
  idValue.transform((id) => [id]),
]);

/**
 * Ids sent as a list or comma-joined, without repeats, or the wildcard `*` when `allowAll` (delete all pupils); 422 otherwise.
 *
 * @example
 * parseIds('4,5,6', 'ids') // [4, 5, 6]
 * parseIds('*', 'ids', true) // '*'
 */
export function parseIds(value: unknown, path: string, allowAll = false): number[] | '*' {
  if (allowAll && (value === '*' || (Array.isArray(value) && value.length === 1 && value[0] === '*'))) return '*';
  const result = idList.safeParse(value);
  if (!result.success)
    throw invalid(
      path,
      allowAll ? 'expected ids (a list or comma-joined) or *' : 'expected ids (a list or comma-joined)',
    );
  return [...new Set(result.data)];
}

/**
 * Payload values several handlers check inside keys the table leaves open (ids, days, dates and flags are
 * the table's own kinds: `parseFields`).
 */
export const fields = {
  ids: idList,
  /** An email address, trimmed and lower-cased (the table calls it `text`; its form is checked here). */
  email: z.string().trim().toLowerCase().email(),
} as const;
