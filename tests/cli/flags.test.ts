import { describe, expect, it } from 'vitest';
import { attributeOf, flagOf, jsonOrText, parseFieldArgs } from '../../cli/input/flags.js';
import { commandWord, run } from '../../cli/main.js';
import { fakeFactory } from '../helpers/fake-factory.js';

describe('flags and argv', () => {
  it('turns payload keys into flags and flags into commander attributes', () => {
    expect(flagOf('po_number')).toBe('po-number');
    expect(flagOf('pupilIds')).toBe('pupil-ids');
    expect(attributeOf('po-number')).toBe('poNumber');
  });

  it('parses --field key=value with JSON values, refusing a pair without =', () => {
    expect(parseFieldArgs(['seats=30', 'po_number=PO-1', 'ids=[1,2]', 'note=a=b'])).toEqual({
      seats: 30,
      po_number: 'PO-1',
      ids: [1, 2],
      note: 'a=b',
    });
    expect(() => parseFieldArgs(['seats'])).toThrow(/expected key=value/);
    expect(jsonOrText('true')).toBe(true);
  });

  it('finds the command word after global options and their values', () => {
    expect(commandWord(['--api-url', 'http://x', '--json', 'invoices', 'list'])).toBe('invoices');
    expect(commandWord(['--verbose'])).toBeUndefined();
    expect(commandWord(['--', 'api'])).toBe('api');
  });

  it('refuses contradicting output options given together, on one command or across the program and the command, naming both', async () => {
    const cases: [string[], RegExp][] = [
      [
        ['invoices', 'list', '--json', '--format', 'csv'],
        /option '--json' cannot be used with option '--format <kind>'/,
      ],
      [
        ['--json', '--format', 'csv', 'invoices', 'list'],
        /option '--json' cannot be used with option '--format <kind>'/,
      ],
      [
        ['--json', 'invoices', 'list', '--format', 'csv'],
        /--json cannot be used with --format csv: give one of them; nothing was sent/,
      ],
      [['--format', 'tsv', 'whoami', '--json'], /--json cannot be used with --format tsv/],
      [
        ['invoices', 'list', '--quiet', '--verbose'],
        /option '-q, --quiet' cannot be used with option '--verbose'|option '--verbose' cannot be used with option '-q, --quiet'/,
      ],
      [['--verbose', 'audit', '-q'], /--quiet cannot be used with --verbose/],
      [['-q', 'invoices', 'list', '--verbose'], /--quiet cannot be used with --verbose/],
    ];
    for (const [args, message] of cases) {
      const sent: unknown[] = [];
      const f = fakeFactory({
        client: { request: async (request: unknown) => (sent.push(request), { data: { invoices: [] } }) } as never,
      });
      expect(await run(args, f), args.join(' ')).toBe(2);
      expect(f.err(), args.join(' ')).toMatch(message);
      expect(sent, args.join(' ')).toEqual([]);
    }
  });
});
