/** `validateResponses: true` checks each table method's reply against its declared shape; off, nothing is checked. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ClientConfigError, createClient, ResponseShapeError } from '../../../core/api/index.js';
import { bindEndpoints } from '../../../core/endpoints/methods.js';
import { sendJson, startHttpTestServer, type HttpTestServer } from '../../helpers/http-test-server.js';

/** Register entries, as `GET schools?dfe_schools=true` answers them; a broken one has its urn as text. */
const REGISTER = {
  schools: [
    {
      urn: 100001,
      name: 'Oakfield Primary School',
      town: 'Leeds',
      postcode: 'LS6 2AB',
      country: 'GB',
      school_id: 1,
      registered: true,
    },
  ],
  total: 1,
};
const BROKEN_REGISTER = { schools: [{ ...REGISTER.schools[0], urn: '100001' }], total: 1 };

/** A paid invoice whose `state` is not one of the invoice states and whose `total` is text. */
const WRONG = { invoice: { id: 6, state: 'settled', total: '450.00' }, changed: true };

describe('validateResponses', () => {
  let server: HttpTestServer;

  beforeAll(async () => {
    server = await startHttpTestServer((req, res) => {
      if (req.url?.startsWith('/users/me/password-verified'))
        return sendJson(res, 200, { verified: true, verified_at: null, extra: 'kept' });
      if (req.url?.startsWith('/schools?'))
        return sendJson(res, 200, req.url.includes('q=broken') ? BROKEN_REGISTER : REGISTER);
      return sendJson(res, 200, WRONG);
    });
  });
  afterAll(async () => {
    await server.close();
  });

  const api = (validateResponses?: boolean) =>
    bindEndpoints(
      createClient({
        baseUrl: server.url,
        token: 't',
        retry: { retries: 0 },
        ...(validateResponses === undefined ? {} : { validateResponses }),
      }),
    );

  it('throws ResponseShapeError naming each difference when the reply differs from its shape', async () => {
    const error = await api(true)
      .invoices.markPaid({ id: 6, method: 'bacs', date: '2026-11-02' })
      .then(
        () => null,
        (e: unknown) => e,
      );
    expect(error).toBeInstanceOf(ResponseShapeError);
    const shapeError = error as ResponseShapeError;
    expect(shapeError.command).toBe('invoices mark-paid');
    expect(shapeError.status).toBe(200);
    expect(shapeError.data).toEqual(WRONG);
    expect(shapeError.problems).toEqual(
      expect.arrayContaining([
        { path: 'invoice.state', message: expect.stringContaining('expected one of') },
        { path: 'invoice.total', message: 'expected number' },
      ]),
    );
    expect(shapeError.message).toMatch(
      /^The reply of invoices mark-paid differs from its declared shape: invoice\.[a-z_]+: expected .*; and \d+ more$/,
    );
  });

  it('lets a conforming reply through, with keys the shape does not name', async () => {
    const { data } = await api(true).me.passwordVerified();
    expect(data).toEqual({ verified: true, verified_at: null, extra: 'kept' });
  });

  it('reads a reply that varies with a query flag as either of its forms: register entries pass, a broken one does not', async () => {
    const { data } = await api(true).schools.list({ dfe_schools: true });
    expect(data).toEqual(REGISTER);
    const error = await api(true)
      .schools.list({ dfe_schools: true, q: 'broken' })
      .then(
        () => null,
        (e: unknown) => e,
      );
    expect(error).toBeInstanceOf(ResponseShapeError);
    expect((error as ResponseShapeError).problems).toEqual([
      { path: 'schools.0', message: 'matches none of the forms it may take' },
    ]);
  });

  it('checks nothing by default', async () => {
    const { data } = await api().invoices.markPaid({ id: 6, method: 'bacs', date: '2026-11-02' });
    expect(data).toEqual(WRONG);
  });

  it('refuses a value other than true or false', () => {
    expect(() => createClient({ baseUrl: server.url, validateResponses: 'yes' as unknown as boolean })).toThrow(
      ClientConfigError,
    );
  });
});
