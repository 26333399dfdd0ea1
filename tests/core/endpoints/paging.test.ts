import { describe, expect, it } from 'vitest';
import { MAX_TAKE } from '../../../core/domain/constants.js';
import { buildRequest } from '../../../core/endpoints/call.js';
import { ENDPOINTS, type Endpoint } from '../../../core/endpoints/index.js';
import { InvalidInputError } from '../../../core/endpoints/invalid-input-error.js';

function entry(command: string): Endpoint {
  const found = ENDPOINTS.find((e) => e.command === command);
  if (!found) throw new Error(`no entry ${command}`);
  return found;
}

function issuesOf(endpoint: Endpoint, input: Record<string, unknown>): string[] {
  try {
    buildRequest(endpoint, input);
  } catch (error) {
    if (error instanceof InvalidInputError) return error.issues.map((i) => `${i.path}: ${i.message}`);
    throw error;
  }
  return [];
}

describe.each(['invoices list', 'subscriptions list'])('paging of %s', (command) => {
  const endpoint = entry(command);

  it.each([
    [{ take: 1 }, { take: 1 }],
    [{ take: MAX_TAKE }, { take: MAX_TAKE }],
    [
      { take: '25', skip: '0' },
      { take: 25, skip: 0 },
    ],
    [{ skip: 500 }, { skip: 500 }],
  ])('sends %j as the query %j', (input, query) => {
    expect(buildRequest(endpoint, input)).toMatchObject({ method: 'GET', query });
  });

  it.each([
    [{ take: 0 }, `take: expected a whole number from 1 to ${MAX_TAKE}`],
    [{ take: MAX_TAKE + 1 }, `take: expected a whole number from 1 to ${MAX_TAKE}`],
    [{ take: '2.5' }, `take: expected a whole number from 1 to ${MAX_TAKE}`],
    [{ take: 'ten' }, `take: expected a whole number from 1 to ${MAX_TAKE}`],
    [{ skip: -1 }, 'skip: expected a whole number, 0 or more'],
    [{ skip: '1.5' }, 'skip: expected a whole number, 0 or more'],
  ])('refuses %j before sending, naming the field', (input, issue) => {
    expect(() => buildRequest(endpoint, input)).toThrow(InvalidInputError);
    expect(issuesOf(endpoint, input)).toEqual([issue]);
  });

  it('names both fields when both are out of range', () => {
    expect(issuesOf(endpoint, { skip: -5, take: 5000 }).map((i) => i.split(':')[0])).toEqual(['skip', 'take']);
  });
});

describe('the table', () => {
  it('declares every take and skip with the paging kinds, so each carries the one range', () => {
    const loose = ENDPOINTS.flatMap((e) =>
      Object.entries(e.payload ?? {})
        .filter(([key, spec]) => (key === 'take' || key === 'skip') && spec !== `${key}?` && spec !== key)
        .map(([key]) => `${e.command} ${key}`),
    );
    expect(loose).toEqual([]);
  });
});
