import { describe, expect, it } from 'vitest';
import { DEFAULT_TAKE } from '../../../sandbox/kit/input.js';
import { createHarness, rows } from './harness.js';
import { all } from '../../../sandbox/kit/sql.js';

interface Brief {
  id: number;
  school_id: number;
  subscription_id: number | null;
  state: string;
  currency: string;
  issued_at: string;
}

describe('GET subscriptions/invoices: filters and pages', () => {
  const h = createHarness();
  const briefs = all<Brief>(
    h.db,
    'SELECT id, school_id, subscription_id, state, currency, issued_at FROM invoices ORDER BY id DESC',
  );
  const some = briefs[Math.floor(briefs.length / 2)] as Brief;
  const days = [...new Set(briefs.map((i) => i.issued_at))].sort();
  const middle = days[Math.floor(days.length / 2)] as string;

  const cases: [string, Record<string, string>, (i: Brief) => boolean][] = [
    ['no filter', {}, () => true],
    ['school', { school_id: String(some.school_id) }, (i) => i.school_id === some.school_id],
    [
      'subscription',
      { subscription_id: String(some.subscription_id) },
      (i) => i.subscription_id === some.subscription_id,
    ],
    ['state', { state: 'paid' }, (i) => i.state === 'paid'],
    ['currency, any case', { currency: some.currency.toUpperCase() }, (i) => i.currency === some.currency],
    ['from', { from: middle }, (i) => i.issued_at >= middle],
    ['to', { to: middle }, (i) => i.issued_at <= middle],
    [
      'several',
      { school_id: String(some.school_id), state: some.state, to: some.issued_at },
      (i) => i.school_id === some.school_id && i.state === some.state && i.issued_at <= some.issued_at,
    ],
    ['nothing matches', { state: 'paid', currency: 'xyz' }, () => false],
  ];

  it.each(cases)('%s: the matching invoices newest first, with their total', async (_name, filter, keep) => {
    const expected = briefs.filter(keep);
    const body = await h.ok('GET subscriptions/invoices', { input: { ...filter, take: '500' } });
    expect(body.total).toBe(expected.length);
    expect(rows(body, 'invoices').map((i) => i.id)).toEqual(expected.slice(0, 500).map((i) => i.id));
  });

  it('pages with skip and take (the sandbox-wide default page), the total unchanged', async () => {
    const first = await h.ok('GET subscriptions/invoices');
    expect(rows(first, 'invoices').map((i) => i.id)).toEqual(briefs.slice(0, DEFAULT_TAKE).map((i) => i.id));
    const page = await h.ok('GET subscriptions/invoices', { input: { skip: '3', take: '4' } });
    expect(rows(page, 'invoices').map((i) => i.id)).toEqual(briefs.slice(3, 7).map((i) => i.id));
    expect(page.total).toBe(briefs.length);
  });

  it('a school admin gets their own school whatever school_id says', async () => {
    const own = briefs.filter((i) => i.school_id === 1);
    const body = await h.ok('GET subscriptions/invoices', { as: 'admin', input: { school_id: '3', take: '500' } });
    expect(rows(body, 'invoices').map((i) => i.id)).toEqual(own.map((i) => i.id));
    expect(body.total).toBe(own.length);
  });
});
