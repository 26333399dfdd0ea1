import { describe, expect, it } from 'vitest';
import { collectPages } from '../../cli/read/pages.js';
import { checkedAnswer } from '../../cli/read/records.js';
import { MAX_TAKE } from '../../core/domain/constants.js';
import { invoiceOf, schoolOf } from '../helpers/records.js';

// The curated commands and the dashboards read API answers with the reply their table entry declares
// (core/shapes): no field list of their own.
describe('checkedAnswer', () => {
  it('answers the reply as it came, keys the shape does not name included', async () => {
    const data = { school: { ...schoolOf({ id: 1, name: 'Oakfield' }), postcode: 'OX1 1AA' } };
    expect(await checkedAnswer('schools show', { data }, 'GET schools/1')).toBe(data);
  });

  it("refuses an answer unlike the entry's reply (exit 1), naming the field and what it should be", async () => {
    const data = { school: { ...schoolOf({ id: 1, name: 'Oakfield' }), country: 7 } };
    await expect(checkedAnswer('schools show', { data }, 'GET schools/1')).rejects.toMatchObject({
      exitCode: 1,
      message: 'GET schools/1 answered without the expected school (school.country: expected string)',
    });
    await expect(checkedAnswer('schools show', { data: {} }, 'GET schools/1')).rejects.toMatchObject({
      exitCode: 1,
      message: 'GET schools/1 answered without the expected school (school: expected object)',
    });
  });

  it('checks each entry by its own reply: an invoice list needs whole invoices and the total', async () => {
    const list = { invoices: [invoiceOf({ id: 4 })], total: 1 };
    expect(await checkedAnswer('invoices list', { data: list }, 'GET subscriptions/invoices')).toBe(list);
    await expect(
      checkedAnswer(
        'invoices list',
        { data: { invoices: [{ id: 4, state: 'open' }], total: 1 } },
        'GET subscriptions/invoices',
      ),
    ).rejects.toMatchObject({
      exitCode: 1,
      message: expect.stringMatching(
        /^GET subscriptions\/invoices answered without the expected invoices \(invoices\.0\.\w+: /,
      ),
    });
  });
});

describe('collectPages', () => {
  it('reads page after page until a short one, each checked', async () => {
    const ids = Array.from({ length: MAX_TAKE + 3 }, (_, i) => i + 1);
    const skips: number[] = [];
    const all = await collectPages(
      async ({ skip, take }) => {
        skips.push(skip);
        return { data: { invoices: ids.slice(skip, skip + take).map((id) => invoiceOf({ id })), total: ids.length } };
      },
      'invoices list',
      'invoices',
      'GET subscriptions/invoices',
    );
    expect(all.map((i) => i.id)).toEqual(ids);
    expect(skips).toEqual([0, MAX_TAKE]);
  });
});
