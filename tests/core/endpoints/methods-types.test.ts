import { describe, expect, expectTypeOf, it } from 'vitest';
import { bindEndpoints, type ApiMethods, type Requester } from '../../../core/endpoints/methods.js';
import type { ApiRequest } from '../../../core/api/types.js';

// These checks run in `tsc --noEmit` (part of npm test): the method types come from the table itself.
type MarkPaidInput = Parameters<ApiMethods['invoices']['markPaid']>[0];

describe('client method types derived from the table', () => {
  it('requires path parameters and required payload keys, with their kinds', () => {
    expectTypeOf<MarkPaidInput>().toMatchTypeOf<{
      id: string | number;
      method: 'bacs' | 'card' | 'cheque' | 'cash' | 'direct_debit' | 'wire';
      date: string;
    }>();
    // @ts-expect-error the method must be one of the payment methods
    const badMethod: MarkPaidInput = { id: 1, method: 'bitcoin', date: '2026-11-02' };
    // @ts-expect-error the date is required
    const missingDate: MarkPaidInput = { id: 1, method: 'bacs' };
    // @ts-expect-error the id must be a string or a number
    const badId: MarkPaidInput = { id: true, method: 'bacs', date: '2026-11-02' };
    expect([missingDate, badId, badMethod]).toHaveLength(3);
  });

  it('groups methods by noun in camelCase and sends the derived request', async () => {
    const sent: ApiRequest[] = [];
    const requester: Requester = {
      request: async (req) => {
        sent.push(req);
        return {
          status: 200,
          data: {} as never,
          headers: new Headers(),
          apiTarget: undefined,
          requestId: undefined,
          replayed: false,
          attempts: 1,
        };
      },
    };
    const api = bindEndpoints(requester);
    await api.invoices.markPaid({ id: 12, method: 'bacs', date: '2026-11-02' });
    await api.schoolSubscriptions.list();
    await api.schools.show({ id: 3 });
    expect(sent.map((r) => `${r.method} ${r.path}`)).toEqual([
      'POST superuser/invoices/12/paid',
      'GET users/me/school/subscriptions',
      'GET schools/3',
    ]);
  });
});
