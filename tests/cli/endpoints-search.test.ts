import { describe, expect, it } from 'vitest';
import { ENDPOINTS } from '../../core/endpoints/index.js';
import { endpointRows } from '../../cli/commands/endpoints/list.js';
import { rankBySearch, searchScore } from '../../cli/help/search.js';

const row = (command: string, summary = '', path = 'x/y') => ({ command, method: 'POST', path, summary });

describe('endpoints --search', () => {
  it('matches every word in any order over command, path and summary', () => {
    const commands = (text: string) => endpointRows(ENDPOINTS, { search: text }).map((r) => r.command);
    expect(commands('mark paid')[0]).toBe('invoices mark-paid');
    expect(commands('paid mark')[0]).toBe('invoices mark-paid');
    expect(commands('MARK-PAID')).toContain('store-purchases mark-paid');
    expect(commands('superuser/invoices paid')).toContain('invoices mark-paid');
    expect(commands('mark paid zebra')).toEqual([]);
    expect(commands('  ').length).toBe(endpointRows(ENDPOINTS).length);
  });

  it('ranks whole command words above parts of words, the path, and the summary', () => {
    const rows = [
      row('reports paid-late', 'lists invoices marked by hand'),
      row('invoices remark-paid'),
      row('invoices mark-paid'),
      row('x y', '', 'mark/paid'),
    ];
    expect(rankBySearch(rows, 'paid mark').map((r) => r.command)).toEqual([
      'invoices mark-paid',
      'invoices remark-paid',
      'reports paid-late',
      'x y',
    ]);
    expect(searchScore(row('invoices mark-paid'), ['mark'])).toBeGreaterThan(
      searchScore(row('invoices remark-paid'), ['mark']) ?? 0,
    );
    expect(searchScore(row('invoices list'), ['pupils'])).toBeUndefined();
  });

  it('puts the exact noun or verb first, then the command with the fewest other words', () => {
    const rows = [
      row('schools invoices-list'),
      row('invoices list-all'),
      row('invoices list'),
      row('store listings', 'invoices'),
    ];
    expect(rankBySearch(rows, 'invoices list').map((r) => r.command)).toEqual([
      'invoices list',
      'schools invoices-list',
      'invoices list-all',
      'store listings',
    ]);
    expect(
      rankBySearch([row('schools list'), row('invoices list-all'), row('invoices show')], 'invoices').map(
        (r) => r.command,
      ),
    ).toEqual(['invoices show', 'invoices list-all']);
  });
});
