import { describe, expect, it } from 'vitest';
import { diffLines, diffRecords } from '../../../cli/commands/bulk/rehearse-diff.js';
import { outcomeOf, shortfallMessage, type RehearsedItem } from '../../../cli/commands/bulk/rehearse-run.js';
import type { RehearsalRecords } from '../../../sandbox/server/private-copy.js';

// What a rehearsal reports: each journal outcome as a person reads it, and the records changed on the copy.

const invoice = (id: number, state: 'open' | 'paid' | 'void', total: number, currency: 'gbp' | 'usd' = 'gbp') => ({
  id,
  number: `INV-${String(id).padStart(6, '0')}`,
  school_id: 1,
  state,
  currency,
  total,
});

describe('outcomeOf', () => {
  it('tells the API refusing an item (4xx) from drift, a row set aside and a failure of the run', () => {
    expect(outcomeOf({ status: 'done', http_status: 200, message: 'ok' })).toBe('done');
    expect(outcomeOf({ status: 'failed', http_status: 409, message: 'Conflict: Invoice 5 is paid' })).toBe('refused');
    expect(outcomeOf({ status: 'failed', http_status: 422, message: 'Invalid data' })).toBe('refused');
    expect(outcomeOf({ status: 'skipped', http_status: null, message: 'drift: was open, now void' })).toBe('drift');
    expect(outcomeOf({ status: 'skipped', http_status: null, message: 'id: not a whole number' })).toBe('set aside');
    expect(outcomeOf({ status: 'failed', http_status: 503, message: 'Service unavailable' })).toBe('failed');
    expect(outcomeOf({ status: 'unknown', http_status: null, message: 'connection dropped' })).toBe('failed');
    expect(outcomeOf(undefined)).toBe('failed');
  });
});

describe('shortfallMessage', () => {
  const item = (index: number, outcome: RehearsedItem['outcome'], message: string): RehearsedItem => ({
    index,
    line: index + 2,
    target_id: index + 1,
    path: `invoice ${index + 1} paid`,
    outcome,
    http_status: null,
    message,
  });

  it('tells an item whose target the copy does not hold from one production would not do', () => {
    const done = item(0, 'done', 'open -> paid');
    const gone = item(1, 'drift', 'drift: was open, now not found');
    const refused = { ...item(2, 'refused', 'Conflict: Invoice 3 is void'), http_status: 409 };
    expect(shortfallMessage([done], 'copy.db')).toBeUndefined();
    expect(shortfallMessage([done, refused], 'copy.db')).toBe(
      '1 of 2 items would not be done in production (see above); copy.db is unchanged',
    );
    expect(shortfallMessage([done, gone, { ...gone, index: 3 }], 'copy.db')).toBe(
      '2 of 3 items would not be done on copy.db (see above): 2 targets are not in it (copy their schools with edshed sandbox import to rehearse them); copy.db is unchanged',
    );
    expect(shortfallMessage([gone, refused], 'copy.db')).toMatch(
      /^2 of 2 items .*: 1 target is not in it \(copy its school .*\), and 1 would not be done in production; copy\.db is unchanged$/,
    );
  });
});

describe('diffRecords and diffLines', () => {
  const before: RehearsalRecords = {
    invoices: [
      invoice(1, 'open', 54_000),
      invoice(2, 'open', 10_000, 'usd'),
      invoice(3, 'paid', 5_000),
      invoice(4, 'open', 700),
    ],
    subscriptions: [
      { id: 7, school_id: 3, state: 'active' },
      { id: 8, school_id: 1, state: 'active' },
      { id: 9, school_id: 3, state: 'active' },
    ],
  };
  const after: RehearsalRecords = {
    invoices: [
      invoice(1, 'paid', 54_000),
      invoice(2, 'paid', 10_000, 'usd'),
      invoice(3, 'paid', 5_000),
      invoice(4, 'open', 900),
      invoice(5, 'open', 100),
    ],
    subscriptions: [
      { id: 7, school_id: 2, state: 'active' },
      { id: 8, school_id: 1, state: 'cancelled' },
    ],
  };

  it('lists only the records that changed, with how they were and are (null for one created or gone)', () => {
    const diff = diffRecords(before, after);
    expect(diff.invoices.map((c) => [c.id, c.before?.state ?? null, c.after?.state ?? null])).toEqual([
      [1, 'open', 'paid'],
      [2, 'open', 'paid'],
      [4, 'open', 'open'],
      [5, null, 'open'],
    ]);
    expect(diff.subscriptions).toEqual([
      { id: 7, before: { school_id: 3, state: 'active' }, after: { school_id: 2, state: 'active' } },
      { id: 8, before: { school_id: 1, state: 'active' }, after: { school_id: 1, state: 'cancelled' } },
      { id: 9, before: { school_id: 3, state: 'active' }, after: null },
    ]);
  });

  it('groups invoices by change of state with totals per currency, and subscriptions by school', () => {
    const lines = diffLines(diffRecords(before, after));
    expect(lines).toContain('Invoices changed: 4');
    expect(lines).toContain('  open → paid: 2, £540.00 (GBP), US$100.00 (USD)');
    expect(lines).toContain('    invoice 4 (INV-000004, school 1): open → open, total £7.00 → £9.00');
    expect(lines).toContain('  none → open: 1, £1.00 (GBP)');
    expect(lines).toContain('Subscriptions changed: 3');
    expect(lines).toContain('    subscription 7: school 3 → school 2');
    expect(lines).toContain('    subscription 8: at school 1, active → cancelled');
    expect(lines).toContain('    subscription 9: school 3 → none, active → none');
  });

  it('says none when nothing changed', () => {
    expect(diffLines(diffRecords(before, before))).toEqual(['Invoices changed: none', 'Subscriptions changed: none']);
  });
});
