import { describe, expect, it } from 'vitest';
import type { ApiClient } from '../../../core/api/client.js';
import { bindEndpoints, type ApiMethods } from '../../../core/endpoints/methods.js';
import { run } from '../../../cli/main.js';
import { invoiceRef } from '../../../cli/commands/invoices/show.js';
import { findInvoice, readInvoices } from '../../../cli/read/invoices.js';
import { invoiceOf } from '../../helpers/records.js';
import { sandboxCliSuite } from '../../helpers/sandbox-cli.js';
import { scalarOf } from '../../sandbox/helpers/sql.js';

// `invoices show` takes the invoice id or its shareable id (`invoices show 4` used to answer 404).
const suite = sandboxCliSuite();
const cli = (signedIn = true) => suite.cli({ signedIn });
const shareableOf = (id: number) =>
  scalarOf<string>(suite.sandbox().sandbox.db, 'SELECT shareable_id FROM invoices WHERE id = ?', id);

/** The typed client over a newest-first list of `ids` (as the API lists invoices) that counts the pages asked for. */
function listOf(ids: readonly number[]): { client: ApiMethods; counted: { pages: number } } {
  const counted = { pages: 0 };
  const client = {
    request: async (request: { query?: Record<string, unknown> }) => {
      counted.pages += 1;
      const skip = Number(request.query?.skip ?? 0);
      const take = Number(request.query?.take ?? 100);
      return {
        data: { invoices: ids.slice(skip, skip + take).map((id) => invoiceOf({ id, total: 100 })), total: ids.length },
      };
    },
  } as unknown as ApiClient;
  return { client: bindEndpoints(client), counted };
}

describe('invoices show', () => {
  it('tells the two ids apart by their form', () => {
    expect(invoiceRef('4')).toEqual({ id: 4 });
    expect(invoiceRef(' 12 ')).toEqual({ id: 12 });
    expect(invoiceRef('afc018d5847896c2facc')).toEqual({ shareableId: 'afc018d5847896c2facc' });
    expect(() => invoiceRef('0')).toThrow(
      /expected an invoice id \(a whole number from 1\) or a shareable id, got "0"/,
    );
  });

  it('shows invoice 4 by its id and by its shareable id, the same invoice both ways', async () => {
    const byId = await cli();
    expect(await run(['invoices', 'show', '4', '--json'], byId.f)).toBe(0);
    const shown = JSON.parse(byId.f.out()) as { invoice: { id: number; shareable_id: string; school: { id: number } } };
    expect(shown.invoice).toMatchObject({ id: 4, shareable_id: shareableOf(4), school: { id: 1 } });
    expect(byId.sent.at(-1)).toBe(`GET subscriptions/invoices/${shareableOf(4)}`);
    const byShareable = await cli(false);
    expect(await run(['invoices', 'show', shareableOf(4), '--json'], byShareable.f)).toBe(0);
    expect(JSON.parse(byShareable.f.out())).toEqual(shown);
    expect(byShareable.sent).toEqual([`GET subscriptions/invoices/${shareableOf(4)}`]);
  });

  it('finds an invoice in a long list in a few pages, with or without gaps in the ids', async () => {
    // Newest first, as the API lists them: 200,000 invoices; in the second list every id not divisible by 7.
    const lists = [
      Array.from({ length: 200_000 }, (_, i) => 200_000 - i),
      Array.from({ length: 200_000 }, (_, i) => 280_000 - i).filter((id) => id % 7 !== 0),
    ];
    for (const ids of lists) {
      const { client, counted } = listOf(ids);
      for (const id of [ids.at(-1) as number, 4, 99_999, ids[0] as number]) {
        if (!ids.includes(id)) continue;
        counted.pages = 0;
        expect((await findInvoice(client, id))?.id, String(id)).toBe(id);
        expect(counted.pages, `pages to find ${id}`).toBeLessThanOrEqual(ids === lists[0] ? 2 : 14);
      }
      // 7,000 is in the first list only; absent, it is known absent in a few pages too.
      counted.pages = 0;
      expect((await findInvoice(client, 7000))?.id).toBe(ids === lists[0] ? 7000 : undefined);
      expect(counted.pages).toBeLessThanOrEqual(14);
    }
  });

  it('says when an invoice id is not among those the caller can list (exit 1)', async () => {
    const missing = await cli();
    expect(await run(['invoices', 'show', '999999'], missing.f)).toBe(1);
    expect(missing.f.err()).toBe(
      'edshed: Invoice 999999 not found in the invoices you can list (GET subscriptions/invoices)\n',
    );
  });

  it('refuses an invoice id without sign-in (exit 4), and a bad argument before any request (exit 2)', async () => {
    const anonymous = await cli(false);
    expect(await run(['invoices', 'show', '4'], anonymous.f)).toBe(4);
    const bad = await cli();
    expect(await run(['invoices', 'show', 'a/b'], bad.f)).toBe(2);
    expect(await run(['invoices', 'show', '4', '--fields', 'number,nope'], bad.f)).toBe(2);
    expect(bad.sent).toEqual([]);
  });
});

describe('reading invoices by id for a bulk run', () => {
  const tenThousand = Array.from({ length: 10_000 }, (_, i) => 10_000 - i);
  const state = (invoice: { readonly state: string }) => invoice.state;

  it('jumps to a few old invoices of a long list: one page each, after the first (a dozen walked 640 requests once)', async () => {
    const { client, counted } = listOf(tenThousand);
    const wanted = [40, 9_141, 1_200, 777, 3, 5_000];
    const found = await readInvoices(client, [...wanted, 20_000], state);
    expect([...found.keys()].sort((a, b) => a - b)).toEqual([...wanted].sort((a, b) => a - b));
    expect(counted.pages).toBeLessThanOrEqual(1 + wanted.length);
  });

  it('reads many ids in pages of the largest size, or ids near the newest end in one page each', async () => {
    const many = listOf(tenThousand);
    const spread = Array.from({ length: 500 }, (_, i) => 10_000 - i * 20);
    expect((await readInvoices(many.client, spread, state)).size).toBe(500);
    expect(many.counted.pages).toBeLessThanOrEqual(1 + 10);
    const recent = listOf(tenThousand);
    expect([...(await readInvoices(recent.client, [9_990, 9_700], state)).keys()]).toEqual([9_990, 9_700]);
    expect(recent.counted.pages).toBe(2);
  });

  it('costs as many pages for the oldest ids as for the newest, about one per 1,000 ids, with or without gaps in the ids', async () => {
    // 51,000 invoices; in the second list every id not divisible by 7 (a gap every 7 ids).
    const lists = [
      Array.from({ length: 51_000 }, (_, i) => 51_000 - i),
      Array.from({ length: 60_000 }, (_, i) => 60_000 - i).filter((id) => id % 7 !== 0),
    ];
    for (const ids of lists) {
      const pagesFor = async (wanted: readonly number[]) => {
        const { client, counted } = listOf(ids);
        expect((await readInvoices(client, wanted, state)).size).toBe(wanted.length);
        return counted.pages;
      };
      const oldest = await pagesFor(ids.slice(-10_000));
      const newest = await pagesFor(ids.slice(0, 10_000));
      expect(oldest, 'oldest').toBeLessThanOrEqual(ids === lists[0] ? 11 : 16);
      expect(newest, 'newest').toBeLessThanOrEqual(ids === lists[0] ? 11 : 16);
      expect(Math.abs(oldest - newest)).toBeLessThanOrEqual(ids === lists[0] ? 1 : 5);
    }
  });

  it('walks a list that is not newest first to its end', async () => {
    const shuffled = [...tenThousand].sort((a, b) => (a % 97) - (b % 97) || a - b);
    const { client, counted } = listOf(shuffled);
    expect((await readInvoices(client, [40, 3], state)).size).toBe(2);
    expect(counted.pages).toBeGreaterThan(1);
  });
});
