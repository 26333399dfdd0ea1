/**
 * A number-type query parameter broke the rule of O §5: it came more than once, was required and missing,
 * or was not a number.
 *
 * @example
 * try { numberParam(query, 'skip', { required: true }); }
 * catch (e) { if (e instanceof QueryParamError) reply.code(400).send({ error: e.message }); }
 */
export class QueryParamError extends Error {
  constructor(
    readonly param: string,
    readonly reason: 'multiple' | 'missing' | 'not-a-number',
  ) {
    const text = { multiple: 'must be a single value', missing: 'is required', 'not-a-number': 'must be a number' }[
      reason
    ];
    super(`Query parameter "${param}" ${text}`);
    this.name = 'QueryParamError';
  }
}
