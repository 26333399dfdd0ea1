/**
 * Every entry that declares its reply answers in that shape, read strictly (a key the shape does not name
 * is a mistake of the shape or of the sandbox), as the role it needs against the seeded sandbox.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENDPOINTS } from '../../core/endpoints/index.js';
import { replyProblems } from '../../core/shapes/schema.js';
import { testSandbox, type TestSandbox } from './helpers/sandbox.js';

/** A request each declared entry can answer on the demo seed. */
const CASES: Readonly<Record<string, { readonly path: string; readonly body?: Readonly<Record<string, unknown>> }>> = {
  'invoices list': { path: 'subscriptions/invoices' },
  'invoices mark-promised': { path: 'superuser/invoices/6/promised', body: { reference: 'PO-1' } },
  'invoices update-promised': { path: 'superuser/invoices/6/promised', body: { reference: 'PO-2' } },
  'invoices mark-paid': { path: 'superuser/invoices/4/paid', body: { method: 'bacs', date: '2026-11-02' } },
  'invoices update-paid': { path: 'superuser/invoices/4/paid', body: { method: 'cheque', date: '2026-11-03' } },
  'invoices add-remittance': { path: 'superuser/invoices/4/remittance', body: { date_received: '2026-11-04' } },
  'invoices update-remittance': { path: 'superuser/invoices/4/remittance', body: { date_received: '2026-11-05' } },
  'invoices send-to-accounting': { path: 'superuser/invoices/4/xero' },
  'invoices mark-forex': { path: 'superuser/invoices/6/forex', body: { amount_final: 45_000 } },
  'invoices void': { path: 'subscriptions/invoices/7/void' },
};

describe('replies conform to the shapes the table declares', () => {
  let t: TestSandbox;
  let token: string;
  beforeAll(async () => {
    t = testSandbox();
    token = await t.login('superuser');
  });
  afterAll(() => t.close());

  const declared = ENDPOINTS.filter((e) => e.reply !== undefined);

  it('has a request for every entry that declares a reply', () => {
    expect(declared.map((e) => e.command).filter((c) => !(c in CASES))).toEqual([]);
  });

  for (const endpoint of declared) {
    it(`${endpoint.method} ${endpoint.path}`, async () => {
      const request = CASES[endpoint.command];
      if (!request || !endpoint.reply) throw new Error(`no request for ${endpoint.command}`);
      const res = await t.call(endpoint.method, request.path, { token, ...(request.body ? { body: request.body } : {}) });
      expect(res.status, JSON.stringify(res.body)).toBeLessThan(300);
      expect(replyProblems(endpoint.reply, res.body, 'strict')).toEqual([]);
    });
  }
});
