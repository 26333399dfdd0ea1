import { describe, expect, it } from 'vitest';
import { createHarness, obj, rows } from './harness.js';
import { one } from '../../../sandbox/kit/sql.js';

const pathsOf = (body: Record<string, unknown>): string[] =>
  ((body.errors ?? []) as { path: string }[]).map((e) => e.path).sort();

describe('store item fields', () => {
  const h = createHarness();
  const itemRow = (id: number): unknown =>
    one(h.db, 'SELECT sku, name, category, tags, prices, active FROM store_items WHERE id = ?', id);

  it('answers a bad new item with every bad key, prices and stock included, and creates nothing', async () => {
    const count = h.value<number>('SELECT COUNT(*) FROM store_items');
    const res = await h.call('POST store/items', {
      input: {
        sku: 'no spaces',
        name: ' ',
        category: 'gifts',
        tags: ['ok', ' '],
        prices: { gbp: -1 },
        stock: { 1: 'ten' },
        active: 2,
      },
    });
    expect(res.status).toBe(422);
    expect(pathsOf(res.body)).toEqual(['active', 'name', 'prices.gbp', 'sku', 'stock.1', 'tags.1']);
    expect(res.body.message).toContain('sku: expected 2-40 letters, digits and dashes');
    expect(h.value('SELECT COUNT(*) FROM store_items')).toBe(count);
  });

  it('needs a SKU, a name, a category and prices', async () => {
    const res = await h.call('POST store/items', { input: {} });
    expect(res.status).toBe(422);
    expect(pathsOf(res.body)).toEqual(['category', 'name', 'prices', 'sku']);
  });

  it('trims text and tags, and takes the table kinds of a flag and of tags as comma-joined text', async () => {
    const input = {
      sku: ' BEE-PIN ',
      name: ' Bee pin ',
      category: 'gifts',
      tags: 'bees, pins',
      prices: { gbp: 150 },
      active: false,
    };
    const created = obj(await h.ok('POST store/items', { input }, 201), 'item');
    expect(created).toMatchObject({
      sku: 'BEE-PIN',
      name: 'Bee pin',
      tags: ['bees', 'pins'],
      prices: { gbp: 150 },
      active: false,
      stock: {},
    });
  });

  it('answers an update with every bad key, and writes nothing', async () => {
    const before = itemRow(1);
    const res = await h.call('PATCH store/items', {
      input: { id: 1, name: '', prices: { xyz: 5 }, tags: [' '], active: null },
    });
    expect(res.status).toBe(422);
    expect(pathsOf(res.body)).toEqual(['active', 'name', 'prices', 'tags.0']);
    expect(itemRow(1)).toEqual(before);
  });

  it('answers a bulk update with every bad key of every item, and changes none', async () => {
    const before = [itemRow(1), itemRow(2)];
    const res = await h.call('PATCH store/items', {
      input: {
        items: [
          { id: 1, active: 0 },
          { id: 'abc', sku: '-' },
          { id: 2, category: '', prices: { gbp: 1.5 } },
        ],
      },
    });
    expect(res.status).toBe(422);
    expect(pathsOf(res.body)).toEqual(['items.1.id', 'items.1.sku', 'items.2.category', 'items.2.prices.gbp']);
    expect([itemRow(1), itemRow(2)]).toEqual(before);
    const empty = await h.call('PATCH store/items', { input: { items: [] } });
    expect(empty.status).toBe(422);
    expect(pathsOf(empty.body)).toEqual(['items']);
  });

  it('applies a bulk update, an id given as digits', async () => {
    const body = await h.ok('PATCH store/items', {
      input: {
        items: [
          { id: '1', tags: [' plush '] },
          { id: 2, prices: { gbp: 777 } },
        ],
      },
    });
    const [first, second] = rows(body, 'items');
    expect(first).toMatchObject({ id: 1, tags: ['plush'] });
    expect(second).toMatchObject({ id: 2, prices: { gbp: 777 } });
  });
});

describe('purchase lines', () => {
  const h = createHarness();

  it('answers every bad key of every line in one 422, and creates no purchase', async () => {
    const count = h.value<number>('SELECT COUNT(*) FROM store_purchases');
    const items = [
      { sku: ' ', quantity: 0 },
      { item_id: 'abc', quantity: '2' },
      { sku: 'BEE-PLUSH', quantity: true },
    ];
    const res = await h.call('POST store/purchases/invoice', { input: { school_id: 3, items } });
    expect(res.status).toBe(422);
    expect(pathsOf(res.body)).toEqual(['items.0.quantity', 'items.0.sku', 'items.1.item_id', 'items.2.quantity']);
    expect(h.value('SELECT COUNT(*) FROM store_purchases')).toBe(count);
  });

  it('takes an item id and a quantity sent as digits', async () => {
    const body = await h.ok(
      'POST store/purchases/draft',
      { input: { school_id: 1, items: [{ item_id: '1', quantity: '2' }] } },
      201,
    );
    expect(obj(body, 'purchase').items).toEqual([expect.objectContaining({ item_id: 1, quantity: 2 })]);
  });
});
