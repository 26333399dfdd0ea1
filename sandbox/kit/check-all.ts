/**
 * Payload checks in several steps (the table's field kinds, then a nested shape or an id list the kinds
 * cannot state) answered as one 422, so a payload with two bad keys hears of both, as one zod parse would.
 */
import { HttpError } from './handler.js';
import type { InvalidField } from './input.js';

function problemsOf(error: HttpError): InvalidField[] {
  const errors = error.data?.['errors'];
  return Array.isArray(errors) ? (errors as InvalidField[]) : [{ path: '', message: error.message }];
}

/**
 * Runs every check, and when any answered a 422, answers one 422 naming the problems of all of them (in
 * the order of the checks). Any other error is thrown as it is.
 *
 * @example
 * const [fields, orgs] = checkAll(
 *   () => parseFields({ name: { kind: 'text', min: 1 } }, ctx.input),
 *   () => parseField('orgs', orgList.optional(), ctx.input['orgs']),
 * ); // { name: '', orgs: [1] } -> 422 naming name and orgs.0
 */
export function checkAll<const T extends readonly unknown[]>(...checks: { readonly [K in keyof T]: () => T[K] }): T {
  const results: unknown[] = [];
  const problems: InvalidField[] = [];
  for (const check of checks) {
    try {
      results.push(check());
    } catch (error) {
      if (!(error instanceof HttpError) || error.status !== 422) throw error;
      problems.push(...problemsOf(error));
    }
  }
  if (problems.length > 0) {
    const message = problems.map((p) => (p.path ? `${p.path}: ${p.message}` : p.message)).join('; ');
    throw new HttpError(422, 'Invalid data', message, { errors: problems });
  }
  return results as unknown as T;
}
