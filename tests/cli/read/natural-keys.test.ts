import { describe, expect, it } from 'vitest';
import { run } from '../../../cli/main.js';
import { pickOne, readKey } from '../../../cli/read/keys.js';
import { INVOICE } from '../../../core/shapes/invoice.js';
import { sandboxCliSuite } from '../../helpers/sandbox-cli.js';
import { scalarOf } from '../../sandbox/helpers/sql.js';
import { run as sql } from '../../../sandbox/kit/sql.js';

// Support staff are told a number, an email, a name: every command that takes a record's id takes those
// too, at most one request per key, and an unknown or ambiguous key exits 2 with nothing written.
const suite = sandboxCliSuite();
const db = () => suite.sandbox().sandbox.db;
const writesOf = (sent: readonly string[]) => sent.filter((line) => !line.startsWith('GET '));

async function cli(args: string[]) {
  const { f, sent } = await suite.cli();
  const code = await run(args, f);
  return { code, sent, out: f.out(), err: f.err() };
}

describe('invoices by number and shareable id', () => {
  it('shows INV-000004 with one lookup, and marks INV-000008 paid by its number', async () => {
    const shown = await cli(['invoices', 'show', 'INV-000004', '--json']);
    expect(shown.code).toBe(0);
    expect(JSON.parse(shown.out).invoice.id).toBe(4);
    expect(shown.sent).toEqual([
      'GET subscriptions/invoices',
      `GET subscriptions/invoices/${scalarOf<string>(db(), 'SELECT shareable_id FROM invoices WHERE id = 4')}`,
    ]);
    const marked = await cli([
      'invoices',
      'mark-paid',
      'inv-000008',
      '--method',
      'bacs',
      '--date',
      '2026-09-01',
      '--json',
    ]);
    expect(marked.code).toBe(0);
    expect(marked.sent).toEqual(['GET subscriptions/invoices', 'POST superuser/invoices/8/paid']);
    expect(scalarOf<string>(db(), 'SELECT state FROM invoices WHERE id = 8')).toBe('paid');
  });

  it('refuses an unknown number or shareable id with exit 2 after its one lookup, nothing written', async () => {
    const number = await cli(['invoices', 'mark-paid', 'INV-999999', '--method', 'bacs', '--date', '2026-09-01']);
    expect([number.code, number.err]).toEqual([2, 'edshed: no invoice numbered INV-999999; nothing was written\n']);
    expect(number.sent).toEqual(['GET subscriptions/invoices']);
    const shareable = await cli(['invoices', 'mark', 'ffffffffffffffffffff', 'promised', '--reference', 'x']);
    expect(shareable.code).toBe(2);
    expect(shareable.err).toMatch(/no invoice with shareable id ffffffffffffffffffff; nothing was written/);
    expect(writesOf(shareable.sent)).toEqual([]);
  });

  it('takes a shareable id typed in capitals as the same id, in show and in a write', async () => {
    const upper = scalarOf<string>(db(), 'SELECT shareable_id FROM invoices WHERE id = 8').toUpperCase();
    const shown = await cli(['invoices', 'show', upper, '--fields', 'id']);
    expect([shown.code, shown.out]).toEqual([0, 'id\n8\n']);
    const planned = await cli([
      'invoices',
      'mark-paid',
      upper,
      '--method',
      'bacs',
      '--date',
      '2026-09-01',
      '--dry-run',
    ]);
    expect(planned.code).toBe(0);
    expect(planned.out).toMatch(/^POST \S+\/superuser\/invoices\/8\/paid$/m);
  });

  it('checks the rest of the input before looking a key up: a bad method sends nothing', async () => {
    const bad = await cli(['invoices', 'mark-paid', 'INV-000009', '--method', 'bitcoin', '--date', '2026-09-01']);
    expect(bad.code).toBe(2);
    expect(bad.sent).toEqual([]);
  });

  it('lists the invoices a key matches, one a line, when it matches several (numbers are unique in the API, so shown on data)', () => {
    const key = readKey('INV-000004', INVOICE.keys ?? [], 'invoice');
    if ('id' in key) throw new Error('a number is a key');
    expect(() =>
      pickOne('invoice', key, [
        { id: 4, name: 'INV-000004 a' },
        { id: 9, name: 'INV-000004 b' },
      ]),
    ).toThrow(
      /^"INV-000004" names 2 invoices; give one by its id \(nothing was written\):\n +4 {2}INV-000004 a\n +9 {2}INV-000004 b$/,
    );
  });

  it('names the forms an invoice is given in when a text has none of them', () => {
    expect(() => readKey('INV #4', INVOICE.keys ?? [], 'invoice')).toThrow(
      'invoice: give an invoice id, number or shareable id, not "INV #4"; nothing was sent',
    );
  });

  it('takes a number as a school quotes it, with a space or no dash, as the number the platform writes', async () => {
    for (const text of ['INV000004', 'inv 000004', 'Inv-000004']) {
      const shown = await cli(['invoices', 'show', text, '--fields', 'id,number']);
      expect([text, shown.code, shown.out]).toEqual([text, 0, 'id\tnumber\n4\tINV-000004\n']);
    }
    const unknown = await cli(['invoices', 'mark-paid', 'INV999999', '--method', 'bacs', '--date', '2026-09-01']);
    expect([unknown.code, unknown.err]).toEqual([2, 'edshed: no invoice numbered INV-999999; nothing was written\n']);
    expect(writesOf(unknown.sent)).toEqual([]);
  });

  it('refuses an unknown filter of the invoice list instead of listing every invoice', async () => {
    const { f, sent } = await suite.cli();
    const { buildRequest } = await import('../../../core/endpoints/call.js');
    const { tableEndpoint } = await import('../../../cli/table/table-endpoint.js');
    expect(() => buildRequest(tableEndpoint('invoices list'), { nonsense: 'INV-000004' })).toThrow(/nonsense/);
    expect(await run(['invoices', 'list', '--number', 'INV-000004', '--json'], f)).toBe(0);
    expect(JSON.parse(f.out()).invoices.map((i: { id: number }) => i.id)).toEqual([4]);
    expect(sent).toHaveLength(1);
    const answer = await suite
      .sandbox()
      .call('GET', 'subscriptions/invoices?numbr=INV-000004', { token: await suite.sandbox().login('superuser') });
    expect(answer.status).toBe(422);
  });
});

describe('users by email and username', () => {
  it('shows a user named by email or username with one lookup, a plain id with none', async () => {
    const byEmail = await cli(['users', 'show', 'teacher@oakfield.sandbox.test', '--format', 'table']);
    expect(byEmail.code).toBe(0);
    expect(byEmail.out.split('\n')[0]).toBe('Taylor Teacher (user 3)');
    expect(byEmail.sent.filter((line) => line === 'GET users')).toHaveLength(1);
    const byName = await cli(['users', 'devices', 'teacher2a', '--json']);
    expect(byName.code).toBe(0);
    expect(byName.sent).toEqual(['GET users', 'GET users/40/devices']);
    const byId = await cli(['users', 'devices', '40', '--json']);
    expect(byId.sent).toEqual(['GET users/40/devices']);
  });

  it("keeps a pupil's school username apart from its label, the other facts in line with it", async () => {
    const shown = await cli(['users', 'show', 'pupil', '--format', 'table']);
    expect(shown.code).toBe(0);
    expect(shown.out).toMatch(/^ {2}School user {2}pupil$/m);
    expect(shown.out).toMatch(/^ {2}Username {5}pupil$/m);
    expect(shown.out).toMatch(/^ {2}School {7}Oakfield Primary School \(school 1, GB\)$/m);
  });

  it('prints the user as one record in a pipe and in CSV, as the API answered it with --json', async () => {
    const piped = await cli(['users', 'show', 'teacher']);
    expect(piped.code).toBe(0);
    const [header, row] = piped.out.split('\n');
    expect(header?.split('\t')).toEqual(expect.arrayContaining(['id', 'username', 'email']));
    expect(row?.split('\t')[header?.split('\t').indexOf('email') ?? -1]).toBe('teacher@oakfield.sandbox.test');
    const csv = await cli(['users', 'show', '3', '--format', 'csv']);
    expect(csv.out.split('\n')[0]?.split(',')).toContain('username');
    const json = await cli(['users', 'show', '3', '--json']);
    expect((JSON.parse(json.out) as { username: string }).username).toBe('teacher');
  });

  it('refuses an unknown or shared email with exit 2, listing the users who share it, nothing written', async () => {
    const unknown = await cli(['users', 'forget-devices', 'nobody@nowhere.test', '--yes']);
    expect([unknown.code, unknown.err]).toEqual([
      2,
      'edshed: no user with email nobody@nowhere.test; nothing was written; to search names: edshed users find "nobody@nowhere.test"\n',
    ]);
    expect(unknown.sent).toEqual(['GET users']);
    sql(db(), "UPDATE users SET email = 'shared@oakfield.sandbox.test' WHERE id IN (8, 9)");
    const shared = await cli(['users', 'forget-devices', 'shared@oakfield.sandbox.test', '--yes']);
    expect(shared.code).toBe(2);
    expect(shared.err).toMatch(
      /^edshed: "shared@oakfield\.sandbox\.test" names 2 users; give one by its id \(nothing was written\):\n +8 {2}teacher1b .*\n +9 {2}teacher1c /,
    );
    expect(shared.sent).toEqual(['GET users']);
  });

  it('gives the search text of a user list a flag that is not one letter from -q', async () => {
    const found = await cli(['users', 'search', '--query', 'teacher2a', '--json']);
    expect(found.code).toBe(0);
    expect(JSON.parse(found.out).users.map((u: { username: string }) => u.username)).toEqual(['teacher2a']);
  });
});

describe('schools by name, URN and postcode', () => {
  it('shows a school by part of its name, its URN or its postcode, with one lookup', async () => {
    for (const key of ['Oakfield Primary', 'URN 100001', 'ls62ab']) {
      const shown = await cli(['schools', 'show', key, '--json']);
      expect(shown.code).toBe(0);
      expect(JSON.parse(shown.out).school.id).toBe(1);
      expect(shown.sent.filter((line) => line === 'GET schools')).toHaveLength(1);
      expect(shown.sent).toContain('GET schools/1');
    }
  });

  it('refuses an ambiguous or unknown name with exit 2 before reading the school', async () => {
    const several = await cli(['schools', 'show', 'school']);
    expect(several.code).toBe(2);
    expect(several.err).toMatch(
      /"school" names 3 schools; give one by its id \(nothing was written\):\n +2 {2}Maple Elementary School {2}US\n/,
    );
    expect(several.sent).toEqual(['GET schools']);
    const none = await cli(['schools', 'show', 'Nowhere Academy']);
    expect([none.code, none.err, none.sent]).toEqual([
      2,
      'edshed: no school named "Nowhere Academy"; nothing was written; to search names: edshed schools find "Nowhere Academy"\n',
      ['GET schools'],
    ]);
  });
});

describe('subscriptions by PO number and card reference', () => {
  it('moves a subscription named by its PO number to a school named by its name', async () => {
    const moved = await cli(['subscriptions', 'move', 'WPS-2026-14', '--to', 'Maple Elementary', '--dry-run']);
    expect(moved.code).toBe(0);
    expect(moved.out).toMatch(/POST .*subscriptions\/10\/move/);
    expect(writesOf(moved.sent)).toEqual([]);
  });

  it('shows a subscription named by its PO number in a pipe as its own fields, which --fields picks', async () => {
    const piped = await cli(['subscriptions', 'show', 'WPS-2026-14']);
    expect(piped.code).toBe(0);
    const [header, row] = piped.out.split('\n');
    expect(header?.split('\t').slice(0, 3)).toEqual(['id', 'school_id', 'product_id']);
    expect(row?.startsWith('10\t3\t')).toBe(true);
    const picked = await cli(['subscriptions', 'show', '10', '--fields', 'id,state,po_number']);
    expect([picked.code, picked.out]).toEqual([0, 'id\tstate\tpo_number\n10\tactive\tWPS-2026-14\n']);
    const json = await cli(['subscriptions', 'show', '10', '--json']);
    expect(Object.keys(JSON.parse(json.out) as object).sort()).toEqual(['invoices', 'subscription']);
  });

  it('refuses a PO number two subscriptions share, or none has, with exit 2 and no move', async () => {
    sql(db(), "UPDATE subscriptions SET po_number = 'PO-SHARED' WHERE id IN (2, 3)");
    const shared = await cli(['subscriptions', 'move', 'PO-SHARED', '--to', '2', '--yes']);
    expect(shared.code).toBe(2);
    expect(shared.err).toMatch(
      /"PO-SHARED" names 2 subscriptions; give one by its id \(nothing was written\):\n +2 {2}school 1 /,
    );
    expect(writesOf(shared.sent)).toEqual([]);
    const none = await cli(['subscriptions', 'set-po-number', 'sub_nothere', '--po-number', 'x']);
    expect([none.code, none.err]).toEqual([
      2,
      'edshed: no subscription with card reference sub_nothere; nothing was written\n',
    ]);
    expect(none.sent).toEqual(['GET schoolsubscriptions']);
  });
});
