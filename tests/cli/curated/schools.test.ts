import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../../../core/api/client.js';
import { runFindSchools, schoolRows } from '../../../cli/commands/schools/find.js';
import { runShowSchool } from '../../../cli/commands/schools/show.js';
import { fakeFactory, type FakeOptions } from '../../helpers/fake-factory.js';
import { BASE, testSandbox, type TestSandbox } from '../../sandbox/helpers/sandbox.js';
import { scalarOf } from '../../sandbox/helpers/sql.js';
import { run } from '../../../sandbox/kit/sql.js';

let t: TestSandbox;
beforeAll(() => {
  t = testSandbox({ now: () => new Date('2026-11-02T10:00:00Z') });
  for (let i = 1; i <= 55; i += 1)
    run(
      t.sandbox.db,
      "INSERT INTO schools (name, country, locale, account_region, created_at) VALUES (?, 'GB', 'en_GB', 'GB', '2026-01-01')",
      `Willow Bank School ${i}`,
    );
  for (const n of [127, 138, 143])
    run(
      t.sandbox.db,
      "INSERT INTO schools (name, country, locale, account_region, created_at) VALUES (?, 'AU', 'en_AU', 'AU', '2026-01-01')",
      `Ashgrove Primary Academy Trust ${n}`,
    );
});
afterAll(() => t.close());

async function factoryAs(username: string, options: FakeOptions = {}) {
  const client = new ApiClient().init({
    baseUrl: BASE,
    token: await t.login(username),
    fetch: t.sandbox.fetch,
    retry: { retries: 0 },
  });
  return fakeFactory({ client, ...options });
}

describe('schools find', () => {
  it('says when the API found more schools than it shows', async () => {
    const c = await factoryAs('superuser');
    expect(await runFindSchools(c, { text: ' willow bank ' })).toEqual({ shown: 50, total: 55 });
    expect(c.err()).toBe('Showing 50 of 55 schools matching "willow bank"; give more of the name to narrow it.\n');
    expect(c.out().split('\n')[0]).toBe('id\tname\tcountry\tlocale\tmatched');
  });

  it('says so when nothing matches, and refuses an empty text before sending anything', async () => {
    const c = await factoryAs('superuser');
    expect(await runFindSchools(c, { text: 'zzz' })).toEqual({ shown: 0, total: 0 });
    expect(c.err()).toBe('No school\'s name is like "zzz".\n');
    const postcode = await factoryAs('superuser');
    expect(await runFindSchools(postcode, { text: 'ZZ9 9ZZ' })).toEqual({ shown: 0, total: 0 });
    expect(postcode.err()).toBe(
      'No school\'s name is like "ZZ9 9ZZ". The school with postcode ZZ9 9ZZ: edshed schools show "ZZ9 9ZZ"\n',
    );
    const zero = await factoryAs('superuser');
    await runFindSchools(zero, { text: '0' });
    expect(zero.err()).toBe('No school\'s name is like "0".\n');
    await expect(runFindSchools(fakeFactory(), { text: '  ' })).rejects.toMatchObject({ exitCode: 2 });
  });

  it('on an 80-column terminal leaves out the matched column before it cuts a name', async () => {
    const narrow = await factoryAs('superuser', { tty: true, columns: 80 });
    await runFindSchools(narrow, { text: 'ashgrove primary' });
    for (const n of [127, 138, 143]) expect(narrow.out()).toContain(`│ Ashgrove Primary Academy Trust ${n} │`);
    expect(narrow.out()).not.toMatch(/…|matched/);
    expect(narrow.err()).toBe('Not shown at 80 columns: matched; --fields brings it back.\n');
    expect(
      Math.max(
        ...narrow
          .out()
          .split('\n')
          .map((line) => line.length),
      ),
    ).toBeLessThanOrEqual(80);
    const wide = await factoryAs('superuser', { tty: true, columns: 120 });
    await runFindSchools(wide, { text: 'ashgrove primary' });
    expect(wide.out()).toMatch(/│ Ashgrove Primary Academy Trust 127 │ .* │ name: Ashgrove Primary │/);
  });

  it('shows postcode and town only when some school in the answer has them', () => {
    expect(schoolRows([{ id: 1, name: 'A', country: 'GB', locale: 'en_GB', code: 'X' }])).toEqual([
      { id: 1, name: 'A', country: 'GB', locale: 'en_GB' },
    ]);
    expect(
      schoolRows([
        { id: 1, name: 'A', town: 'Leeds' },
        { id: 2, name: 'B' },
      ]),
    ).toEqual([
      { id: 1, name: 'A', country: null, locale: null, town: 'Leeds' },
      { id: 2, name: 'B', country: null, locale: null, town: null },
    ]);
  });
});

describe('schools show', () => {
  it('lays a school out for a person on a terminal: facts, subscriptions, unpaid invoices and admins a line each, totals in major units', async () => {
    const c = await factoryAs('superuser', { tty: true });
    await runShowSchool(c, { id: 1 });
    const out = c.out();
    expect(out).toMatch(
      /^Oakfield Primary School · school 1\n {2}where +GB · GB-ENG · en_GB\n {2}join code +OAKFIELD\n {2}people +4 teachers · 30 pupils · 4 groups\n/,
    );
    expect(out).toMatch(
      /\nSubscriptions \(6\)\n {2}#1 +Spelling Shed +expired +full +2025-09-02 +2026-09-01 +30\/300 seats\n/,
    );
    expect(Math.max(...out.split('\n').map((line) => [...line].length))).toBeLessThanOrEqual(100);
    expect(out).toMatch(
      /\nUnpaid invoices \(2\)\n {2}INV-000002 +promised +£480\.00 +due 2025-12-15 +overdue +invoice 2\n/,
    );
    expect(out).toMatch(/\n {2}Due: £1,020\.00 in 2 invoices \(£1,020\.00 overdue\)\n/);
    expect(out).toMatch(/\nAdmins \(1\)\n {2}Alex Admin +admin +admin@oakfield\.sandbox\.test +user 2\n/);
  });

  it('lays out for a teacher the school alone, each section they may not read marked with who may', async () => {
    const c = await factoryAs('teacher', { tty: true });
    const view = await runShowSchool(c, { id: 1 });
    expect(view.subscriptions).toBeNull();
    expect(c.out()).toMatch(
      /^Oakfield Primary School · school 1\n[^]*\nSubscriptions: not shown: for superusers and the school's admins only\n\nUnpaid invoices: not shown: for superusers and the school's admins only\n$/,
    );
    const admin = await factoryAs('admin', { tty: true });
    await runShowSchool(admin, { id: 1 });
    expect(admin.out()).toMatch(/Subscriptions \(6\)\n/);
    expect(admin.out()).toMatch(/\n {2}Due: £1,020\.00 in 2 invoices \(£1,020\.00 overdue\)\n/);
    expect(admin.out()).toMatch(/\nAdmins \(1\)\n {2}Alex Admin/);
  });

  it('prints TSV sections in a pipe, each with its header even when empty', async () => {
    const c = await factoryAs('superuser');
    const willow = scalarOf<number>(t.sandbox.db, "SELECT id FROM schools WHERE name = 'Willow Bank School 1'");
    await runShowSchool(c, { id: willow });
    expect(c.out()).toBe(
      `# school\nid\tname\tcountry\tregion\tlocale\tcode\tteachers\tpupils\tgroups\n${willow}\tWillow Bank School 1\tGB\t\ten_GB\t\t0\t0\t0\n\n` +
        '# subscriptions\nid\tproduct\tkind\tstate\tstart\texpiry\tseats\tused\tfree\tteachers\n\n' +
        '# open invoices\nid\tnumber\tsubscription\tstate\tstatus\tcurrency\tamount_due\tdue_at\n\n' +
        '# invoice totals\ncurrency\tinvoices\tamount_due\toverdue\tamount_overdue\n',
    );
  });

  it('refuses --fields before sending anything', async () => {
    await expect(runShowSchool(fakeFactory({ globals: { fields: 'id' } }), { id: 1 })).rejects.toMatchObject({
      exitCode: 2,
    });
  });
});
