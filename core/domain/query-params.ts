import { QueryParamError } from './query-param-error.js';

/** A parsed query: URLSearchParams, or an object as `node:querystring` gives it. */
export type QueryInput = URLSearchParams | Readonly<Record<string, unknown>>;

export interface NumberParamOptions {
  readonly required?: boolean;
  /** Also refuse fractions (our addition for ids, skip and take). */
  readonly integer?: boolean;
}

function valuesOf(query: QueryInput, name: string): unknown[] {
  if (query instanceof URLSearchParams) return query.getAll(name);
  const value = Object.hasOwn(query, name) ? query[name] : undefined;
  if (value === undefined) return [];
  return Array.isArray(value) ? value : [value];
}

/**
 * Reads a number-type query parameter (O §5): it must be a single value and, when required, present.
 * An empty value counts as missing. Throws QueryParamError otherwise.
 *
 * @example
 * numberParam(new URLSearchParams('take=10'), 'take', { required: true }) // 10
 * numberParam({ skip: ['0', '10'] }, 'skip')                              // throws: must be a single value
 * numberParam({}, 'curriculum_id')                                        // undefined
 */
export function numberParam(query: QueryInput, name: string, options: NumberParamOptions & { required: true }): number;
export function numberParam(query: QueryInput, name: string, options?: NumberParamOptions): number | undefined;
export function numberParam(query: QueryInput, name: string, options: NumberParamOptions = {}): number | undefined {
  const values = valuesOf(query, name);
  if (values.length > 1) throw new QueryParamError(name, 'multiple');
  const [raw] = values;
  const text = typeof raw === 'number' ? String(raw) : typeof raw === 'string' ? raw.trim() : raw;
  if (text === undefined || text === null || text === '') {
    if (options.required) throw new QueryParamError(name, 'missing');
    return undefined;
  }
  if (typeof text !== 'string') throw new QueryParamError(name, 'not-a-number');
  const value = Number(text);
  if (!Number.isFinite(value) || (options.integer && !Number.isInteger(value)))
    throw new QueryParamError(name, 'not-a-number');
  return value;
}
