import { describe, expect, it } from 'vitest';
import { defineArea } from '../../../core/endpoints/define.js';
import { buildTable } from '../../../core/endpoints/table.js';
import { ENDPOINTS } from '../../../core/endpoints/index.js';
import { buildRequest, fillPath } from '../../../core/endpoints/call.js';
import { InvalidInputError } from '../../../core/endpoints/invalid-input-error.js';
import { bindEndpoints, type Requester } from '../../../core/endpoints/methods.js';
import type { ApiRequest } from '../../../core/api/types.js';

const table = buildTable([
  defineArea('test', {
    'invoices mark-paid': {
      route: 'POST superuser/invoices/{id}/paid',
      role: 'superuser',
      summary: 'Mark paid',
      payload: { method: 'string', date: 'date' },
    },
    'pupils list': {
      route: 'GET users/me/school/pupils',
      role: 'admin',
      summary: 'List pupils',
      payload: { school_username: 'string?', take: 'int?' },
    },
    'pupils delete-many': {
      route: 'DELETE users/me/school/pupils',
      role: 'admin',
      summary: 'Delete pupils',
      payload: { ids: 'ids' },
      destructive: true,
    },
    'groups add-pupils': {
      route: 'POST users/me/school/groups/{id}/pupils',
      role: 'admin',
      summary: 'Add pupils',
      payload: { pupils: 'ids', move: 'flag' },
    },
    'schools update': { route: 'PATCH schools/{id}', role: 'admin', summary: 'Update a school', open: true },
    'invoices filter': {
      route: 'GET invoices',
      role: 'admin',
      summary: 'Filter invoices',
      payload: { state: { oneOf: ['open', 'paid'], optional: true } },
    },
  }),
]);
const [markPaid, listPupils, deletePupils, addPupils, updateSchool] = table as [
  (typeof table)[0],
  (typeof table)[0],
  (typeof table)[0],
  (typeof table)[0],
  (typeof table)[0],
];

describe('buildRequest', () => {
  it('fills path parameters and sends write payloads as the body', () => {
    expect(buildRequest(markPaid, { id: 12, method: 'bacs', date: '2026-11-02' }, { idempotencyKey: 'k1' })).toEqual({
      method: 'POST',
      path: 'superuser/invoices/12/paid',
      body: { method: 'bacs', date: '2026-11-02' },
      idempotencyKey: 'k1',
    });
  });

  it('sends GET and DELETE payloads as the query, coercing text from the command line', () => {
    expect(buildRequest(listPupils, { take: '5' })).toEqual({
      method: 'GET',
      path: 'users/me/school/pupils',
      query: { take: 5 },
    });
    expect(buildRequest(deletePupils, { ids: '*' })).toMatchObject({ method: 'DELETE', query: { ids: '*' } });
    expect(buildRequest(addPupils, { id: 3, pupils: [4, 5], move: '1' })).toMatchObject({
      body: { pupils: [4, 5], move: 1 },
    });
  });

  it('names every bad field and sends nothing', () => {
    const attempt = () => buildRequest(markPaid, { method: 7, date: 'soon' });
    expect(attempt).toThrow(InvalidInputError);
    try {
      attempt();
    } catch (error) {
      expect((error as InvalidInputError).issues.map((i) => i.path)).toEqual(['id', 'method', 'date']);
    }
  });

  it("says a required key left out is missing, with its choices, instead of the schema's type message", () => {
    const realMarkPaid = ENDPOINTS.find((e) => e.command === 'invoices mark-paid');
    if (!realMarkPaid) throw new Error('the table has invoices mark-paid');
    const issuesOfCall = (input: Record<string, unknown>) => {
      try {
        buildRequest(realMarkPaid, input);
      } catch (error) {
        return (error as InvalidInputError).issues;
      }
      return [];
    };
    expect(issuesOfCall({ id: 8 })).toEqual([
      {
        path: 'method',
        in: 'payload',
        message: 'missing (required); one of bacs, card, cheque, cash, direct_debit, wire',
      },
      { path: 'date', in: 'payload', message: 'missing (required)' },
    ]);
    expect(issuesOfCall({ id: 8, method: 'bitcoin', date: '2026-11-02' })[0]?.message).toBe(
      'expected one of bacs, card, cheque, cash, direct_debit, wire (got "bitcoin")',
    );
  });

  it('refuses unknown keys on a closed payload and keeps them on an open one', () => {
    expect(() => buildRequest(listPupils, { colour: 'red' })).toThrow(/colour/);
    expect(buildRequest(updateSchool, { id: 1, name: 'Oak' })).toMatchObject({ body: { name: 'Oak' } });
  });

  it('encodes path parameters and refuses one containing a slash', () => {
    expect(fillPath('schools/{id}', { id: 'a b' })).toBe('schools/a%20b');
    expect(() => buildRequest(updateSchool, { id: '1/../2' })).toThrow(/id: expected a whole number from 1/);
    const withKey = ENDPOINTS.find((e) => e.params.length > 0 && !e.params.includes('id'));
    if (!withKey) throw new Error('the table has an entry with a path parameter other than id');
    expect(() => buildRequest(withKey, Object.fromEntries(withKey.params.map((p) => [p, 'a/b'])))).toThrow(
      /must not contain/,
    );
  });

  it('takes {id} as a whole number from 1, as the platform numbers them', () => {
    for (const bad of ['abc', '0', '-1', '1.5', ' 7'])
      expect(() => buildRequest(updateSchool, { id: bad }), bad).toThrow(/id: expected a whole number from 1/);
    expect(buildRequest(updateSchool, { id: 12 }).path).toBe('schools/12');
    expect(buildRequest(updateSchool, { id: '12' }).path).toBe('schools/12');
  });
});

describe('bindEndpoints', () => {
  it('derives api.<noun>.<verb> methods that send the built request', async () => {
    const sent: ApiRequest[] = [];
    const requester: Requester = {
      request: async (req) => {
        sent.push(req);
        return {
          status: 200,
          data: { ok: true } as never,
          headers: new Headers(),
          apiTarget: undefined,
          requestId: undefined,
          replayed: false,
          attempts: 1,
        };
      },
    };
    const api = bindEndpoints(requester, table) as unknown as Record<
      string,
      Record<string, (input?: object, options?: object) => Promise<unknown>>
    >;
    await api.invoices?.markPaid?.({ id: 9, method: 'card', date: '2026-01-02' });
    await api.pupils?.list?.();
    expect(sent.map((r) => `${r.method} ${r.path}`)).toEqual([
      'POST superuser/invoices/9/paid',
      'GET users/me/school/pupils',
    ]);
  });
});

describe('enum fields', () => {
  it('accepts only the listed values, and may be left out when optional', () => {
    const filter = table[5] as (typeof table)[0];
    expect(buildRequest(filter, { state: 'paid' })).toMatchObject({ query: { state: 'paid' } });
    expect(buildRequest(filter, {})).toEqual({ method: 'GET', path: 'invoices' });
    expect(() => buildRequest(filter, { state: 'lost' })).toThrow(/state: expected one of open, paid.* \(got "lost"\)/);
  });
});
