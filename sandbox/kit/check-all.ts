/**
 * Several payload checks answered as one: a payload with two bad keys gets one 422 naming both, even
 * when different checks (the table's field kinds, an id list, a nested item) find them.
 */
import { DomainError, invalidFields, type InvalidField } from '../domain/errors.js';
import { HttpError } from './handler.js';

type Results<T extends readonly (() => unknown)[]> = { -readonly [K in keyof T]: ReturnType<T[K]> };

/** An invalid-payload refusal, whichever way it was thrown (a domain rule's, or a handler's own 422). */
type Refusal = DomainError | HttpError;

function isRefusal(error: unknown): error is Refusal {
  return (
    (error instanceof DomainError && error.kind === 'invalid') || (error instanceof HttpError && error.status === 422)
  );
}

function problemsOf(error: Refusal): InvalidField[] {
  const errors = error.data?.['errors'];
  if (Array.isArray(errors) && errors.length > 0) return errors as InvalidField[];
  return [{ path: '', message: error.message }];
}

/**
 * Runs every check and returns their results in order. When checks answer 422, the caller gets one:
 * the only one as it was, or their `errors` together (message `path: message; ...`, as the kit words a
 * 422). Any other error is thrown after them, so a bad payload is reported before a missing row.
 *
 * @example
 * const [fields, pupilIds] = checkAll(
 *   () => parseFields(NEW_HOMEWORK_FIELDS, body),
 *   () => pupilIdsFrom(ctx.db, schoolId, ctx.input),
 * ); // title and pupilIds both bad: one 422 naming both
 */
export function checkAll<const T extends readonly (() => unknown)[]>(...checks: T): Results<T> {
  const refused: Refusal[] = [];
  let other: { error: unknown } | undefined;
  const results = checks.map((check) => {
    try {
      return check();
    } catch (error) {
      if (isRefusal(error)) refused.push(error);
      else other ??= { error };
      return undefined;
    }
  });
  const [first] = refused;
  if (first !== undefined && refused.length === 1) throw first;
  if (first !== undefined) throw invalidFields(refused.flatMap(problemsOf));
  if (other !== undefined) throw other.error;
  return results as Results<T>;
}
