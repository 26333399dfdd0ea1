import { describe, expect, it } from 'vitest';
import { run } from '../../../cli/main.js';
import { flagOf } from '../../../cli/input/flags.js';
import { recordOfParam } from '../../../cli/read/path-keys.js';
import { rankFuzzy, searchTexts } from '../../../cli/read/fuzzy.js';
import { sandboxCliSuite } from '../../helpers/sandbox-cli.js';

const suite = sandboxCliSuite();

describe('finding by what people were told', () => {
  it('finds Oakfield Primary School from "oakfeild", saying which words matched', async () => {
    const { f, sent } = await suite.cli();
    expect(await run(['schools', 'find', 'oakfeild'], f)).toBe(0);
    expect(f.out()).toBe('id\tname\tcountry\tlocale\tmatched\n1\tOakfield Primary School\tGB\ten_GB\tname: Oakfield\n');
    expect(sent).toEqual(['GET schools', 'GET schools']);
  });

  it('finds users from a misspelt name, best first, and says nothing is like a text that is not', async () => {
    const { f } = await suite.cli();
    expect(await run(['users', 'find', 'tayler', 'teacher', '--json'], f)).toBe(0);
    const { users } = JSON.parse(f.out()) as { users: { id: number; matched: { field: string; words: string[] }[] }[] };
    expect(users[0]?.id).toBe(3);
    expect(users[0]?.matched).toEqual(expect.arrayContaining([{ field: 'name', words: ['Taylor', 'Teacher'] }]));
    const none = await suite.cli();
    expect(await run(['users', 'find', 'qqqqqq'], none.f)).toBe(0);
    expect(none.f.err()).toBe('No user\'s name, username or email is like "qqqqqq".\n');
    expect(none.f.out()).toBe('');
  });

  it('ranks several words each on its own and asks the API for the starts of words', () => {
    const schools = [
      { id: 1, name: 'Oakfield Primary School' },
      { id: 2, name: 'Primrose Hill' },
      { id: 3, name: 'Oak Lane' },
    ];
    expect(
      rankFuzzy(schools, 'primary oak', [{ name: 'name', get: (s) => s.name }], (s) => s.id).map((r) => r.item.id),
    ).toEqual([1]);
    expect(searchTexts(' oakfeild  primery ')).toEqual(['oakfeild primery', 'oak', 'pri']);
  });
});

describe('what a path parameter names, and payload flags beside short options', () => {
  it('reads the record of an {id} off the route', () => {
    expect(recordOfParam('superuser/invoices/{id}/paid', 'id')).toBe('invoice');
    expect(recordOfParam('subscriptions/invoices/{id}/void', 'id')).toBe('invoice');
    expect(recordOfParam('superuser/users/{id}/session', 'id')).toBe('user');
    expect(recordOfParam('schools/{id}/subscription/future/{subscriptionId}', 'subscriptionId')).toBe('subscription');
    expect(recordOfParam('schoolsubscriptions/{id}', 'id')).toBe('subscription');
    expect(recordOfParam('users/me/school/pupils/{id}', 'id')).toBeUndefined();
    expect(recordOfParam('subscriptions/invoices/{shareableId}', 'shareableId')).toBeUndefined();
  });

  it("says in a generated command's --help what its record's path parameter may be given as", async () => {
    const { f } = await suite.cli();
    expect(await run(['subscriptions', 'show', '--help'], f)).toBe(0);
    expect(f.out().replace(/\s+/g, ' ')).toContain(
      ' id a subscription id, card reference or PO number (path parameter {id}) ',
    );
    const other = await suite.cli();
    expect(await run(['pupils', 'show', '--help'], other.f)).toBe(0);
    expect(other.f.out()).toMatch(/ {2}id +path parameter \{id\}\n/);
  });

  it('spells out a one-letter key that would sit beside a short option', async () => {
    expect([flagOf('q'), flagOf('y'), flagOf('po_number')]).toEqual(['query', 'y-value', 'po-number']);
    const { f } = await suite.cli();
    expect(await run(['users', 'list', '--help'], f)).toBe(0);
    expect(f.out()).toMatch(/--query <value> +q: text/);
    expect(f.out()).not.toMatch(/--q </);
  });
});
