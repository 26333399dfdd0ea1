import { describe, expect, it } from 'vitest';
import type { InvoiceState } from '../../../sandbox/domain/invoices/invoices.js';
import { createHarness, obj } from './harness.js';
import { invoiceIn, stateOf } from './fixtures.js';
import { run } from '../../../sandbox/kit/sql.js';

const STATES: readonly InvoiceState[] = ['open', 'promised', 'paid', 'void', 'uncollectable', 'refunded'];

interface Case {
  readonly name: string;
  readonly route: string;
  readonly as?: string;
  readonly input?: Record<string, unknown>;
  readonly currency?: 'aud';
  /** State before -> state after, for the states the call is allowed from; every other state is refused with 409. */
  readonly allowed: Partial<Record<InvoiceState, InvoiceState>>;
}

const CASES: readonly Case[] = [
  {
    name: 'mark promised',
    route: 'POST superuser/invoices/{id}/promised',
    input: { reference: 'PO-1' },
    allowed: { open: 'promised' },
  },
  {
    name: 'edit promise',
    route: 'PUT superuser/invoices/{id}/promised',
    input: { reference: 'PO-2' },
    allowed: { promised: 'promised' },
  },
  {
    name: 'mark paid',
    route: 'POST superuser/invoices/{id}/paid',
    input: { method: 'bacs', date: '2026-08-30' },
    allowed: { open: 'paid', promised: 'paid' },
  },
  {
    name: 'edit payment',
    route: 'PUT superuser/invoices/{id}/paid',
    input: { method: 'cheque', date: '2026-08-31' },
    allowed: { paid: 'paid' },
  },
  {
    name: 'school pays by card',
    route: 'POST users/me/school/invoices/{id}/pay',
    as: 'admin',
    allowed: { open: 'paid', promised: 'paid' },
  },
  {
    name: 'void',
    route: 'POST subscriptions/invoices/{id}/void',
    allowed: { open: 'void', promised: 'void', uncollectable: 'void', void: 'void' },
  },
  {
    name: 'remittance',
    route: 'POST superuser/invoices/{id}/remittance',
    input: { date_received: '2026-08-20', new_file: 'remit.pdf' },
    allowed: { open: 'open', promised: 'promised', paid: 'paid' },
  },
  {
    name: 'forex',
    route: 'POST superuser/invoices/{id}/forex',
    currency: 'aud',
    allowed: { open: 'open', promised: 'promised', paid: 'paid' },
  },
  {
    name: 'send to accounting',
    route: 'POST superuser/invoices/{id}/{accounting}',
    allowed: { open: 'open', promised: 'promised', paid: 'paid', uncollectable: 'uncollectable', refunded: 'refunded' },
  },
];

describe('invoice lifecycle: every transition from every state', () => {
  const h = createHarness();
  for (const c of CASES) {
    for (const from of STATES) {
      const to = c.allowed[from];
      it(`${c.name} from ${from}: ${to === undefined ? 'refused' : `-> ${to}`}`, async () => {
        const id = invoiceIn(h.db, from, { currency: c.currency });
        const params: Record<string, string | number> = c.route.includes('{accounting}')
          ? { id, accounting: 'xero' }
          : { id };
        const reply = await h.call(c.route, { as: c.as, params, input: c.input });
        if (to === undefined) {
          expect(reply.status).toBe(409);
          expect(reply.body.message).toContain(`Invoice ${id} is ${from}`);
          expect(stateOf(h.db, 'invoices', id)).toBe(from);
        } else {
          expect(reply.status).toBe(200);
          expect(obj(reply.body, 'invoice').state).toBe(to);
          expect(stateOf(h.db, 'invoices', id)).toBe(to);
        }
      });
    }
  }

  it.each(STATES)('restore from %s', async (from) => {
    const id = invoiceIn(h.db, from);
    const reply = await h.call('POST {card_provider}/{id}/invoices/{iid}', {
      params: { card_provider: 'stripe', id: 1, iid: id },
    });
    const allowed: Partial<Record<InvoiceState, InvoiceState>> = { void: 'open', open: 'open' };
    expect(reply.status).toBe(allowed[from] ? 200 : 409);
    expect(stateOf(h.db, 'invoices', id)).toBe(allowed[from] ?? from);
  });
});

describe('invoice details', () => {
  const h = createHarness();

  it('records the payment method and date, refusing an unknown method and a future or pre-issue date', async () => {
    const id = invoiceIn(h.db, 'open');
    const route = 'POST superuser/invoices/{id}/paid';
    expect((await h.call(route, { params: { id }, input: { method: 'barter', date: '2026-08-30' } })).status).toBe(422);
    const future = await h.call(route, { params: { id }, input: { method: 'bacs', date: '2026-09-02' } });
    expect(future.status).toBe(422);
    expect(future.body.message).toContain('future');
    expect((await h.call(route, { params: { id }, input: { method: 'bacs', date: '2026-07-31' } })).status).toBe(422);
    const paid = obj(await h.ok(route, { params: { id }, input: { method: 'cheque', date: '2026-08-15' } }), 'invoice');
    expect(paid).toMatchObject({ state: 'paid', paid_method: 'cheque', paid_date: '2026-08-15', amount_due: 0 });
  });

  it("takes a date-time as the payment day it is written in (the table's day field), not as a second check's refusal", async () => {
    const id = invoiceIn(h.db, 'open');
    const paid = obj(
      await h.ok('POST superuser/invoices/{id}/paid', {
        params: { id },
        input: { method: 'bacs', date: '2026-08-15T16:30:00+01:00' },
      }),
      'invoice',
    );
    expect(paid).toMatchObject({ state: 'paid', paid_date: '2026-08-15' });
  });

  it("checks what the handlers used to re-check once, in the table, answering the platform's 422", async () => {
    const id = invoiceIn(h.db, 'open');
    const blank = await h.call('POST superuser/invoices/{id}/promised', {
      params: { id },
      input: { reference: '   ' },
    });
    expect(blank.status).toBe(422);
    expect(blank.body).toMatchObject({ error: 'Invalid data', errors: [{ path: 'reference' }] });
    const long = await h.call('POST superuser/invoices/{id}/promised', {
      params: { id },
      input: { reference: 'x'.repeat(121) },
    });
    expect(long.body).toMatchObject({ error: 'Invalid data', errors: [{ path: 'reference' }] });
    const trimmed = obj(
      await h.ok('POST superuser/invoices/{id}/promised', { params: { id }, input: { reference: '  PO-77 ' } }),
      'invoice',
    );
    expect(trimmed.promised_reference).toBe('PO-77');
    const aud = invoiceIn(h.db, 'paid', { currency: 'aud' });
    const negative = await h.call('POST superuser/invoices/{id}/forex', {
      params: { id: aud },
      input: { amount_final: -1 },
    });
    expect(negative.status).toBe(422);
    expect(negative.body).toMatchObject({ error: 'Invalid data', errors: [{ path: 'amount_final' }] });
  });

  it('treats marking paid again with the same details as a no-op and other details as a conflict', async () => {
    const id = invoiceIn(h.db, 'open');
    const input = { method: 'bacs', date: '2026-08-30' };
    await h.ok('POST superuser/invoices/{id}/paid', { params: { id }, input });
    const again = await h.ok('POST superuser/invoices/{id}/paid', { params: { id }, input });
    expect(again.changed).toBe(false);
    const other = await h.call('POST superuser/invoices/{id}/paid', {
      params: { id },
      input: { method: 'card', date: '2026-08-30' },
    });
    expect(other.status).toBe(409);
    expect(other.body.message).toContain('Invoice ' + String(id) + ' is paid (bacs, 2026-08-30)');
  });

  it('keeps the promise reference and lets PUT change it', async () => {
    const id = invoiceIn(h.db, 'open');
    await h.ok('POST superuser/invoices/{id}/promised', { params: { id }, input: { reference: 'PO-9' } });
    expect(
      (await h.ok('POST superuser/invoices/{id}/promised', { params: { id }, input: { reference: 'PO-9' } })).changed,
    ).toBe(false);
    const edited = obj(
      await h.ok('PUT superuser/invoices/{id}/promised', { params: { id }, input: { reference: 'PO-10' } }),
      'invoice',
    );
    expect(edited.promised_reference).toBe('PO-10');
  });

  it('records a remittance once; PUT changes it and needs one to exist', async () => {
    const id = invoiceIn(h.db, 'open');
    const noneYet = await h.call('PUT superuser/invoices/{id}/remittance', {
      params: { id },
      input: { date_received: '2026-08-20' },
    });
    expect(noneYet.status).toBe(409);
    expect(noneYet.body.message).toContain('has no remittance');
    await h.ok('POST superuser/invoices/{id}/remittance', {
      params: { id },
      input: { date_received: '2026-08-20', new_file: 'a.pdf' },
    });
    expect(
      (
        await h.call('POST superuser/invoices/{id}/remittance', {
          params: { id },
          input: { date_received: '2026-08-21' },
        })
      ).status,
    ).toBe(409);
    const edited = obj(
      await h.ok('PUT superuser/invoices/{id}/remittance', {
        params: { id },
        input: { date_received: '2026-08-21', new_file: 'b.pdf' },
      }),
      'invoice',
    );
    expect(edited).toMatchObject({ remittance_date_received: '2026-08-21', remittance_file: 'b.pdf' });
  });

  it('forex-marks a foreign invoice with its gbp amount and refuses a gbp invoice', async () => {
    const aud = invoiceIn(h.db, 'paid', { currency: 'aud' });
    const total = h.value<number>('SELECT total FROM invoices WHERE id = ?', aud);
    const marked = obj(await h.ok('POST superuser/invoices/{id}/forex', { params: { id: aud } }), 'invoice');
    expect(marked).toMatchObject({ forex: true, amount_final: Math.round(total * 0.52) });
    const given = obj(
      await h.ok('POST superuser/invoices/{id}/forex', { params: { id: aud }, input: { amount_final: 5000 } }),
      'invoice',
    );
    expect(given.amount_final).toBe(5000);
    const gbp = await h.call('POST superuser/invoices/{id}/forex', { params: { id: invoiceIn(h.db, 'open') } });
    expect(gbp.status).toBe(409);
    expect(gbp.body.message).toContain('gbp');
  });

  it('sends to accounting once: a second send answers the first record', async () => {
    const id = invoiceIn(h.db, 'paid');
    const first = obj(
      await h.ok('POST superuser/invoices/{id}/{accounting}', { params: { id, accounting: 'xero' } }),
      'invoice',
    );
    expect(first.accounting_id).toMatch(/^xero:INV-\d{6}$/);
    const second = await h.ok('POST superuser/invoices/{id}/{accounting}', { params: { id, accounting: 'xero' } });
    expect(second.changed).toBe(false);
    expect(obj(second, 'invoice').accounting_id).toBe(first.accounting_id);
    expect(obj(second, 'invoice').sent_to_accounting_at).toBe(first.sent_to_accounting_at);
  });

  it('restoring a void invoice drops the promise made before the void', async () => {
    const id = invoiceIn(h.db, 'promised');
    await h.ok('POST subscriptions/invoices/{id}/void', { params: { id } });
    const restored = obj(
      await h.ok('POST {card_provider}/{id}/invoices/{iid}', { params: { card_provider: 'stripe', id: 1, iid: id } }),
      'invoice',
    );
    expect(restored).toMatchObject({ state: 'open', promised_reference: null, voided_at: null });
  });

  it('a declined card leaves the invoice open', async () => {
    const id = invoiceIn(h.db, 'open');
    run(h.db, "UPDATE payment_methods SET provider_ref = 'pm_card_declined' WHERE school_id = 1");
    const reply = await h.call('POST users/me/school/invoices/{id}/pay', { as: 'admin', params: { id } });
    expect(reply.status).toBe(402);
    expect(stateOf(h.db, 'invoices', id)).toBe('open');
  });
});
