import { describe, expect, it } from 'vitest';
import { createHarness, obj } from './harness.js';
import { purchaseIn, stateOf } from './fixtures.js';

const STATES = ['draft', 'finalised', 'promised', 'paid', 'shipped', 'void'] as const;
type State = (typeof STATES)[number];

interface Case {
  readonly name: string;
  readonly route: string;
  readonly as?: string;
  readonly input?: Record<string, unknown>;
  readonly allowed: Partial<Record<State, State | 'deleted'>>;
}

const CASES: readonly Case[] = [
  {
    name: 'edit',
    route: 'PATCH store/purchases/{id}',
    input: { items: [{ sku: 'PENCILS-10', quantity: 3 }] },
    allowed: { draft: 'draft' },
  },
  {
    name: 'set shipping',
    route: 'PATCH store/purchases/{id}/shipping',
    input: { shipping: 500 },
    allowed: { draft: 'draft' },
  },
  {
    name: 'finalise',
    route: 'PATCH store/purchases/{id}/finalised',
    allowed: { draft: 'finalised', finalised: 'finalised' },
  },
  {
    name: 'mark promised',
    route: 'PATCH store/purchases/{id}/promised',
    input: { reference: 'BACS-1' },
    allowed: { finalised: 'promised', promised: 'promised' },
  },
  {
    name: 'mark paid',
    route: 'PATCH store/purchases/{id}/paid',
    input: { method: 'bacs' },
    allowed: { finalised: 'paid', promised: 'paid', paid: 'paid' },
  },
  {
    name: 'school pays by card',
    route: 'POST store/purchases/{id}/pay',
    as: 'admin',
    allowed: { finalised: 'paid', promised: 'paid' },
  },
  {
    name: 'ship',
    route: 'PATCH store/purchases/{id}/shipped',
    input: { tracking: 'TRK1' },
    allowed: { paid: 'shipped', shipped: 'shipped' },
  },
  {
    name: 'void',
    route: 'PATCH store/purchases/{id}/void',
    allowed: { finalised: 'void', promised: 'void', void: 'void' },
  },
  { name: 'delete', route: 'DELETE store/purchases/{id}', allowed: { draft: 'deleted' } },
  {
    name: 'set PO number',
    route: 'PATCH store/purchases/{id}/po_number',
    as: 'admin',
    input: { po_number: 'PO-55' },
    allowed: { draft: 'draft', finalised: 'finalised', promised: 'promised', paid: 'paid', shipped: 'shipped' },
  },
  {
    name: 'remove PO number',
    route: 'DELETE store/purchases/{id}/po_number',
    as: 'admin',
    allowed: { draft: 'draft', finalised: 'finalised', promised: 'promised', paid: 'paid', shipped: 'shipped' },
  },
  {
    name: 'send to accounting',
    route: 'POST superuser/merch/{id}/{accounting}',
    allowed: { finalised: 'finalised', promised: 'promised', paid: 'paid', shipped: 'shipped' },
  },
];

describe('store purchase lifecycle: every step from every state', () => {
  const h = createHarness();
  for (const c of CASES) {
    for (const from of STATES) {
      const to = c.allowed[from];
      it(`${c.name} from ${from}: ${to === undefined ? 'refused' : `-> ${to}`}`, async () => {
        const id = purchaseIn(h.db, from);
        const params: Record<string, string | number> = c.route.includes('{accounting}')
          ? { id, accounting: 'xero' }
          : { id };
        const reply = await h.call(c.route, { as: c.as, params, input: c.input });
        if (to === undefined) {
          expect(reply.status).toBe(409);
          expect(reply.body.message).toContain(`Purchase ${id} is ${from}`);
          expect(stateOf(h.db, 'store_purchases', id)).toBe(from);
        } else if (to === 'deleted') {
          expect(reply.status).toBe(200);
          expect(stateOf(h.db, 'store_purchases', id)).toBeUndefined();
        } else {
          expect(reply.status, JSON.stringify(reply.body)).toBe(200);
          expect(obj(reply.body, 'purchase').state).toBe(to);
        }
      });
    }
  }
});

describe('store stock and orders', () => {
  const h = createHarness();
  const stock = (sku: string, location = 1): number =>
    h.value<number>(
      'SELECT s.quantity FROM store_stock s JOIN store_items i ON i.id = s.item_id WHERE i.sku = ? AND s.location_id = ?',
      sku,
      location,
    );

  it('finalising takes stock and voiding returns it', async () => {
    const before = stock('BEE-PLUSH');
    const id = purchaseIn(h.db, 'draft');
    await h.ok('PATCH store/purchases/{id}/finalised', { params: { id } });
    expect(stock('BEE-PLUSH')).toBe(before - 2);
    await h.ok('PATCH store/purchases/{id}/void', { params: { id } });
    expect(stock('BEE-PLUSH')).toBe(before);
  });

  it('refuses to finalise when a line is out of stock, and without a shipping cost', async () => {
    const draft = await h.ok(
      'POST store/purchases/draft',
      { input: { school_id: 1, items: [{ sku: 'STAMP-SET', quantity: 1 }] } },
      201,
    );
    const id = Number(obj(draft, 'purchase').id);
    const noShipping = await h.call('PATCH store/purchases/{id}/finalised', { params: { id } });
    expect(noShipping.status).toBe(409);
    expect(noShipping.body.message).toContain('no shipping cost');
    await h.ok('PATCH store/purchases/{id}/shipping', { params: { id }, input: { shipping: 400 } });
    const sold = await h.call('PATCH store/purchases/{id}/finalised', { params: { id } });
    expect(sold.status).toBe(409);
    expect(sold.body.message).toContain('Item STAMP-SET has 0 in stock');
    expect(stateOf(h.db, 'store_purchases', id)).toBe('draft');
  });

  it('a card purchase is charged at once with the warehouse shipping price and takes stock', async () => {
    const before = stock('MUG-TEACHER');
    const body = await h.ok(
      'POST store/purchases',
      { as: 'admin', input: { items: [{ sku: 'MUG-TEACHER', quantity: 3 }], paymentMethod: 'pm_card_visa' } },
      201,
    );
    const purchase = obj(body, 'purchase');
    expect(purchase).toMatchObject({
      state: 'paid',
      origin: 'card',
      currency: 'gbp',
      shipping: 695,
      subtotal: 3 * 899,
      total: 3 * 899 + 695,
      payment_method: 'card visa 4242',
    });
    expect(stock('MUG-TEACHER')).toBe(before - 3);
    expect(
      h.value(
        "SELECT COUNT(*) FROM email_logs WHERE template = 'store-order' AND subject LIKE ?",
        `%${String(purchase.number)}`,
      ),
    ).toBe(1);
  });

  it('a declined card or a sold-out item leaves no purchase behind', async () => {
    const count = h.value<number>('SELECT COUNT(*) FROM store_purchases');
    expect(
      (
        await h.call('POST store/purchases', {
          as: 'admin',
          input: { items: [{ sku: 'MUG-TEACHER', quantity: 1 }], paymentMethod: 'pm_card_declined' },
        })
      ).status,
    ).toBe(402);
    expect(
      (
        await h.call('POST store/purchases', {
          as: 'admin',
          input: { items: [{ sku: 'STAMP-SET', quantity: 1 }], paymentMethod: 'pm_card_visa' },
        })
      ).status,
    ).toBe(409);
    expect(h.value('SELECT COUNT(*) FROM store_purchases')).toBe(count);
  });

  it('an invoice order is priced in the warehouse currency and needs items', async () => {
    expect((await h.call('POST store/purchases/invoice', { as: 'admin', input: { items: [] } })).status).toBe(422);
    const body = await h.ok(
      'POST store/purchases/invoice',
      {
        input: {
          school_id: 3,
          items: [
            { sku: 'BEE-PLUSH', quantity: 1 },
            { sku: 'BEE-PLUSH', quantity: 2 },
          ],
        },
      },
      201,
    );
    const purchase = obj(body, 'purchase');
    expect(purchase).toMatchObject({
      state: 'draft',
      origin: 'invoice',
      currency: 'aud',
      location_id: 3,
      shipping: null,
    });
    expect(purchase.items).toEqual([
      { item_id: 1, sku: 'BEE-PLUSH', name: 'Spelling bee plush toy', quantity: 3, unit_price: 2469 },
    ]);
  });

  it('names the line and key of a bad line, and checks the keys the table names before anything is written', async () => {
    const badLine = await h.call('POST store/purchases/invoice', {
      input: {
        school_id: 3,
        items: [
          { sku: 'BEE-PLUSH', quantity: 1 },
          { sku: 'BEE-PLUSH', quantity: 0 },
        ],
      },
    });
    expect(badLine.status).toBe(422);
    expect(badLine.body).toMatchObject({ error: 'Invalid data', errors: [{ path: 'items.1.quantity' }] });
    const badSchool = await h.call('POST store/purchases/invoice', {
      input: { school_id: 'abc', items: [{ sku: 'BEE-PLUSH', quantity: 1 }] },
    });
    expect(badSchool.body).toMatchObject({
      error: 'Invalid data',
      errors: [{ path: 'school_id', message: 'expected an id, a whole number from 1' }],
    });
    const badStock = await h.call('PUT store/items/{id}/stock', { params: { id: 1 }, input: { locations: { 2: -1 } } });
    expect(badStock.body).toMatchObject({ error: 'Invalid data', errors: [{ path: 'locations.2' }] });
  });

  it('items: SKUs are unique, stock is set per location', async () => {
    const created = obj(
      await h.ok(
        'POST store/items',
        { input: { sku: 'BEE-MAGNET', name: 'Bee magnet', category: 'gifts', prices: { gbp: 299 }, stock: { 1: 10 } } },
        201,
      ),
      'item',
    );
    expect(created).toMatchObject({ sku: 'BEE-MAGNET', stock: { 1: 10 }, stock_total: 10 });
    expect(
      (
        await h.call('POST store/items', {
          input: { sku: 'bee-magnet', name: 'Again', category: 'gifts', prices: { gbp: 1 } },
        })
      ).status,
    ).toBe(409);
    const restocked = obj(
      await h.ok('PUT store/items/{id}/stock', {
        params: { id: Number(created.id) },
        input: { locations: { 2: 4, 3: 0 } },
      }),
      'item',
    );
    expect(restocked.stock).toEqual({ 1: 10, 2: 4, 3: 0 });
    const bySku = obj(
      await h.ok('GET store/items/sku/{sku}', { as: 'teacher', params: { sku: 'BEE-MAGNET' } }),
      'item',
    );
    expect(bySku.id).toBe(created.id);
  });
});
