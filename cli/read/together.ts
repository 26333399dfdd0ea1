import { ForbiddenError, UnauthorisedError } from '../../core/api/errors/index.js';

/**
 * Waits for reads sent together and answers their values in order. When some fail, it throws the most
 * telling failure, whatever finished first: not signed in or not allowed (exit 4) before anything else,
 * then the first failure in argument order (so a missing school is reported the same way every run).
 *
 * @example
 * const [school, subs] = await together([readSchool(c, 1), readSubscriptions(c, 1)]);
 */
export async function together<T extends readonly unknown[]>(
  reads: readonly [...{ [K in keyof T]: Promise<T[K]> }],
): Promise<T> {
  const settled = await Promise.allSettled(reads);
  const failures = settled.flatMap((result) => (result.status === 'rejected' ? [result.reason as unknown] : []));
  if (failures.length > 0)
    throw failures.find((e) => e instanceof UnauthorisedError || e instanceof ForbiddenError) ?? failures[0];
  return settled.map((result) => (result as PromiseFulfilledResult<unknown>).value) as unknown as T;
}
