import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ENDPOINTS } from '../../../core/endpoints/index.js';
import type { Endpoint } from '../../../core/endpoints/define.js';
import { bodyHash, driftOf, readPlan, type Plan } from '../../../cli/bulk/plan-file.js';
import { showsChange } from '../../../cli/bulk/read-back.js';
import { targetIdOf, targetKindOf } from '../../../cli/bulk/targets.js';

const endpointOf = (command: string): Endpoint => ENDPOINTS.find((e) => e.command === command) as Endpoint;
const dir = mkdtempSync(join(tmpdir(), 'edshed-plan-'));

const plan: Plan = {
  type: 'edshed-plan',
  version: 1,
  plan_id: '20261102-100000-8000',
  created: '2026-11-02T10:00:00.000Z',
  command: 'invoices mark-paid',
  endpoint: { method: 'POST', path: 'superuser/invoices/{id}/paid' },
  defaults: { method: 'bacs' },
  input: { path: '/tmp/pay.csv', sha256: 'a'.repeat(64), rows: 1 },
  items: [
    {
      index: 0,
      line: 2,
      target_id: 8,
      path: 'superuser/invoices/8/paid',
      body_hash: bodyHash({ method: 'bacs', date: '2026-11-02' }),
      state: 'open',
    },
  ],
};

function planFile(name: string, content: unknown): string {
  const file = join(dir, name);
  writeFileSync(file, typeof content === 'string' ? content : JSON.stringify(content));
  return file;
}

describe('the plan file', () => {
  it('reads back a plan it wrote', async () => {
    expect(await readPlan(planFile('good.json', plan))).toEqual(plan);
  });

  it('reads a reconcile plan with its statement lines, with no items when no line is confident', async () => {
    const line = {
      id: 'h:abc#1',
      date: '2026-11-02',
      amount: 1200,
      currency: 'gbp',
      text: 'OAKFIELD',
      file: 'nov.csv',
      line: 4,
      class: 'ambiguous',
      invoices: [],
      candidates: [{ invoices: [8], score: 35, signals: [{ signal: 'amount', points: 30, detail: 'exact' }] }],
      note: 'only the amount agrees',
    };
    const reconcile = {
      ...plan,
      items: [],
      lines: [line],
      statements: [{ path: '/tmp/nov.csv', sha256: 'b'.repeat(64) }],
    };
    expect(await readPlan(planFile('reconcile.json', reconcile))).toEqual(reconcile);
    await expect(
      readPlan(planFile('bad-line.json', { ...reconcile, lines: [{ ...line, class: 'maybe' }] })),
    ).rejects.toThrow(/lines\.0\.class/);
  });

  it.each([
    ['not JSON', '{"type":', /not a plan \(not JSON\)/],
    ['another version', { ...plan, version: 2 }, /version/],
    ['no items', { ...plan, items: [] }, /items/],
    ['a bad body hash', { ...plan, items: [{ ...plan.items[0], body_hash: 'xyz' }] }, /items\.0\.body_hash/],
    ['an unknown key', { ...plan, extra: 1 }, /not a valid plan/],
    ['a bad input hash', { ...plan, input: { ...plan.input, sha256: 'nothex' } }, /input\.sha256/],
  ])('refuses %s with exit 2, naming the problem', async (name, content, message) => {
    const read = readPlan(planFile(`${name}.json`, content));
    await expect(read).rejects.toMatchObject({ exitCode: 2 });
    await expect(read).rejects.toThrow(message);
  });

  it('refuses a file that is not there', async () => {
    await expect(readPlan(join(dir, 'missing.json'))).rejects.toThrow(
      /cannot read the plan: no such file \(ENOENT\); nothing was sent/,
    );
  });

  it('hashes bodies so that any change to one shows', () => {
    expect(bodyHash({ method: 'bacs' })).toBe(bodyHash({ method: 'bacs' }));
    expect(bodyHash({ method: 'bacs' })).not.toBe(bodyHash({ method: 'card' }));
    expect(bodyHash(undefined)).toBe(bodyHash(null));
  });
});

describe('drift between plan and apply', () => {
  it('names the state planned and the state now', () => {
    expect(driftOf('open', { state: 'paid' })).toBe('drift: was open, now paid');
    expect(driftOf('open', undefined)).toBe('drift: was open, now not found');
  });

  it('is none when the state is the same, or nothing was planned', () => {
    expect(driftOf('open', { state: 'open' })).toBeUndefined();
    expect(driftOf(null, { state: 'paid' })).toBeUndefined();
  });

  it('sees an unknown item already applied only when the target shows that very change', () => {
    const body = { method: 'bacs', date: '2026-11-02' };
    expect(
      showsChange('invoices mark-paid', { state: 'paid', paid_method: 'bacs', paid_date: '2026-11-02' }, body),
    ).toBe(true);
    expect(
      showsChange('invoices mark-paid', { state: 'paid', paid_method: 'card', paid_date: '2026-11-02' }, body),
    ).toBe(false);
    expect(showsChange('invoices mark-paid', { state: 'open' }, body)).toBe(false);
    expect(showsChange('invoices mark-paid', undefined, body)).toBe(false);
    expect(showsChange('notes create', { state: 'paid' }, body)).toBe(false);
  });
});

describe('targets of invoice and subscription workflows', () => {
  it('knows the kind of target by the noun and an {id}', () => {
    expect(targetKindOf(endpointOf('invoices mark-paid'))).toBe('invoices');
    expect(targetKindOf(endpointOf('subscriptions cancel-at-expiry'))).toBe('subscriptions');
    expect(targetKindOf(endpointOf('notes create'))).toBeUndefined();
    expect(targetKindOf(endpointOf('invoices list'))).toBeUndefined();
  });

  it('reads the target id from the request path', () => {
    expect(targetIdOf(endpointOf('invoices mark-paid'), 'superuser/invoices/8/paid')).toBe(8);
    expect(targetIdOf(endpointOf('invoices send-to-accounting'), 'superuser/invoices/12/xero')).toBe(12);
    expect(targetIdOf(endpointOf('invoices mark-paid'), 'superuser/invoices/8/void')).toBeUndefined();
  });
});
