import { describe, expect, it } from 'vitest';
import { checkAll } from '../../sandbox/kit/check-all.js';
import { DomainError } from '../../sandbox/domain/errors.js';
import { HttpError } from '../../sandbox/kit/handler.js';
import { invalid, notFound, parseFields } from '../../sandbox/kit/input.js';
import { DOMAIN_ERROR_STATUS } from '../../sandbox/kit/reply.js';

/** What a check threw, with the status the server answers it with. */
function thrown(run: () => unknown): (DomainError | HttpError) & { readonly httpStatus: number } {
  try {
    run();
  } catch (error) {
    if (error instanceof DomainError)
      return Object.assign(error, { httpStatus: DOMAIN_ERROR_STATUS[error.kind].status });
    if (error instanceof HttpError) return Object.assign(error, { httpStatus: error.status });
    throw error;
  }
  throw new Error('expected a DomainError or an HttpError');
}

const NAMED = { name: { kind: 'text', min: 1, max: 5 }, seats: 'int?' } as const;

describe('checkAll', () => {
  it('returns every result in order when all checks pass', () => {
    const [fields, ids] = checkAll(
      () => parseFields(NAMED, { name: ' Oak ', seats: '3' }),
      () => [4, 9],
    );
    expect(fields).toMatchObject({ name: 'Oak', seats: 3 });
    expect(ids).toEqual([4, 9]);
  });

  it('answers one 422 naming the keys of every failing check', () => {
    const error = thrown(() =>
      checkAll(
        () => parseFields(NAMED, { name: '', seats: 'many' }),
        () => 'fine',
        () => {
          throw invalid('groups', 'expected ids (a list or comma-joined)');
        },
      ),
    );
    expect(error.httpStatus).toBe(422);
    expect((error.data?.['errors'] as { path: string }[]).map((e) => e.path)).toEqual(['name', 'seats', 'groups']);
    expect(error.message).toMatch(/^name: .*; seats: .*; groups: expected ids \(a list or comma-joined\)$/);
  });

  it('keeps a single 422 as it was, message included', () => {
    const only = new HttpError(422, 'Invalid data', 'ends_at: homework cannot end before it starts', {
      errors: [{ path: 'ends_at', message: 'must not be before starts_at' }],
    });
    expect(
      thrown(() =>
        checkAll(
          () => 1,
          () => {
            throw only;
          },
        ),
      ),
    ).toBe(only);
  });

  it('reports a bad payload before another error, and that error when the payload is good', () => {
    const missing = () => {
      throw notFound('Pupil', 12);
    };
    expect(thrown(() => checkAll(missing, () => parseFields(NAMED, {}))).httpStatus).toBe(422);
    expect(thrown(() => checkAll(() => parseFields(NAMED, { name: 'a' }), missing)).httpStatus).toBe(404);
  });
});
