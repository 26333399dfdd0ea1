import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { PAGE_SIZE } from '../../core/domain/constants.js';
import { DomainError } from '../../sandbox/domain/errors.js';
import { HttpError } from '../../sandbox/kit/handler.js';
import { domainErrorReply } from '../../sandbox/server/errors-shape.js';
import {
  DEFAULT_TAKE,
  describeIssues,
  fields,
  invalid,
  MAX_TAKE,
  notFound,
  page,
  parseFields,
  parseIds,
  parseInput,
  pathId,
  toId,
} from '../../sandbox/kit/input.js';

/** What a thrown DomainError (or HttpError) answers: status and body, as the server sends them. */
function answer(run: () => unknown): { status: number; body: Record<string, unknown> } {
  try {
    run();
  } catch (error) {
    if (error instanceof DomainError) {
      const reply = domainErrorReply(error);
      if (reply.kind === 'json') return { status: reply.status, body: reply.body as Record<string, unknown> };
    }
    if (error instanceof HttpError)
      return { status: error.status, body: { error: error.error, message: error.message, ...error.data } };
    throw error;
  }
  throw new Error('expected a DomainError or an HttpError');
}

describe('422s in the platform shape', () => {
  const schema = z.object({ name: z.string().min(1), seats: z.number().int(), nested: z.object({ when: z.string() }) });

  it('names every failing key in errors and in the message', () => {
    const reply = answer(() => parseInput(schema, { name: '', seats: 1.5, nested: {} }));
    expect(reply.status).toBe(422);
    expect(reply.body.error).toBe('Invalid data');
    expect((reply.body.errors as { path: string }[]).map((e) => e.path)).toEqual(['name', 'seats', 'nested.when']);
    expect(
      String(reply.body.message)
        .split('; ')
        .map((part) => part.split(':')[0]),
    ).toEqual(['name', 'seats', 'nested.when']);
  });

  it('leaves the path empty for a problem with the whole payload', () => {
    const parsed = z
      .object({})
      .strict()
      .refine(() => false, 'nothing is ever right')
      .safeParse({});
    expect(parsed.success).toBe(false);
    if (!parsed.success)
      expect(describeIssues(parsed.error)).toEqual({
        message: 'nothing is ever right',
        errors: [{ path: '', message: 'nothing is ever right' }],
      });
  });

  it('answers the parsed value when it is valid', () => {
    expect(parseInput(schema, { name: 'a', seats: 2, nested: { when: 'now' } })).toEqual({
      name: 'a',
      seats: 2,
      nested: { when: 'now' },
    });
  });

  it('makes a one-key 422 with invalid()', () => {
    expect(
      answer(() => {
        throw invalid('amount', 'too large');
      }),
    ).toEqual({
      status: 422,
      body: { error: 'Invalid data', message: 'amount: too large', errors: [{ path: 'amount', message: 'too large' }] },
    });
  });
});

describe('keys the table leaves unnamed, checked with its field kinds', () => {
  const LINK = {
    tenant_id: 'id',
    name: { kind: 'text', min: 1, max: 20 },
    seats: 'int?',
    ends_at: { kind: 'day', optional: true, nullable: true },
  } as const;

  it('coerces and trims as the table does, and keeps the keys it does not name', () => {
    const parsed = parseFields(LINK, {
      tenant_id: '42',
      name: ' Oak ',
      seats: '30',
      ends_at: '2026-11-02T10:00:00Z',
      extra: [1],
    });
    expect(parsed).toEqual({ tenant_id: 42, name: 'Oak', seats: 30, ends_at: '2026-11-02', extra: [1] });
  });

  it('names every failing key, under the path of the object when given', () => {
    const top = answer(() => parseFields(LINK, { tenant_id: '', name: '', ends_at: '2026-02-30' }));
    expect(top.status).toBe(422);
    expect((top.body.errors as { path: string }[]).map((e) => e.path)).toEqual(['tenant_id', 'name', 'ends_at']);
    const nested = answer(() => parseFields(LINK, { tenant_id: 1, name: 'x'.repeat(21) }, 'homework.2'));
    expect(nested.body.errors).toEqual([{ path: 'homework.2.name', message: expect.stringMatching(/20/) }]);
    expect(String(nested.body.message)).toMatch(/^homework\.2\.name: /);
  });
});

describe('ids', () => {
  it('reads ids from numbers and digit strings, and answers 404 for anything else', () => {
    expect(toId(12, 'Pupil')).toBe(12);
    expect(toId('12', 'Pupil')).toBe(12);
    for (const bad of ['abc', '0', 0, -3, 1.5, '1e3', '', undefined, null, '99999999999999999999']) {
      expect(answer(() => toId(bad, 'Pupil')).status, String(bad)).toBe(404);
    }
    expect(answer(() => toId('abc', 'Pupil')).body).toEqual({ error: 'Not found', message: 'Pupil abc not found' });
  });

  it('reads a path parameter, `id` unless named', () => {
    expect(pathId({ params: { id: '7' } }, 'Invoice')).toBe(7);
    expect(pathId({ params: { id: '7', gid: '9' } }, 'Group', 'gid')).toBe(9);
    expect(answer(() => pathId({ params: { id: 'x' } }, 'Invoice')).body.message).toBe('Invoice x not found');
  });

  it('parses lists of ids given as arrays, comma-joined strings or one id, without repeats', () => {
    expect(parseIds([3, '4', 3], 'ids')).toEqual([3, 4]);
    expect(parseIds('4, 5,6', 'ids')).toEqual([4, 5, 6]);
    expect(parseIds(8, 'ids')).toEqual([8]);
    expect(parseIds('*', 'ids', true)).toBe('*');
    expect(answer(() => parseIds('*', 'ids')).body).toMatchObject({ error: 'Invalid data', errors: [{ path: 'ids' }] });
    expect(answer(() => parseIds('1,0', 'ids')).status).toBe(422);
    expect(fields.ids.safeParse('2,x').success).toBe(false);
  });

  it('answers 404 in one wording', () => {
    expect(notFound('Invoice', 12).message).toBe('Invoice 12 not found');
  });
});

describe('paging', () => {
  it('defaults to the core page size and caps take at one maximum', () => {
    expect(DEFAULT_TAKE).toBe(PAGE_SIZE);
    expect(page({ input: {} })).toEqual({ skip: 0, take: DEFAULT_TAKE });
    expect(page({ input: { skip: '20', take: String(MAX_TAKE) } })).toEqual({ skip: 20, take: MAX_TAKE });
    expect(page({ input: { skip: 3, take: 4 } })).toEqual({ skip: 3, take: 4 });
  });

  it('refuses a malformed skip or take with a 422 naming it', () => {
    for (const [input, path] of [
      [{ take: String(MAX_TAKE + 1) }, 'take'],
      [{ take: '0' }, 'take'],
      [{ take: 'ten' }, 'take'],
      [{ skip: '-1' }, 'skip'],
      [{ skip: 2.5 }, 'skip'],
    ] as const) {
      expect(answer(() => page({ input })).body, JSON.stringify(input)).toMatchObject({
        error: 'Invalid data',
        errors: [{ path }],
      });
    }
  });
});
