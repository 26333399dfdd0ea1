import { Argument, Command, Option } from 'commander';
import { describe, expect, it } from 'vitest';
import { completeWords } from '../../cli/completion/candidates.js';
import { offerList, offerValues } from '../../cli/completion/values.js';
import { run } from '../../cli/main.js';
import { INVOICE } from '../../core/shapes/index.js';
import { fakeFactory } from '../helpers/fake-factory.js';

function program(): Command {
  const root = new Command('tool').option('--api-url <url>', 'url').option('--json', 'json');
  const things = root.command('things');
  things
    .command('mark-paid')
    .argument('<id>')
    .option('--method <value>', 'm')
    .option('-y, --yes', 'y')
    .option('--field <kv>', 'f', (v: string, p: string[] = []) => [...p, v]);
  things.command('mark-promised');
  root.command('shell').addArgument(new Argument('<shell>').choices(['bash', 'zsh']));
  root.command('secret', { hidden: true });
  return root;
}

describe('completion candidates', () => {
  it('completes nouns, then verbs, leaving hidden commands out', () => {
    expect(completeWords(program(), [''])).toEqual(['things', 'shell', 'help']);
    expect(completeWords(program(), ['th'])).toEqual(['things']);
    expect(completeWords(program(), ['things', 'mark-p'])).toEqual(['mark-paid', 'mark-promised']);
    expect(completeWords(program(), ['--api-url', 'http://x', 'things', ''])).toContain('mark-paid');
    expect(completeWords(program(), ['secret'])).toEqual([]);
  });

  it('completes the flags of the command and its parents, without those already given once', () => {
    expect(completeWords(program(), ['things', 'mark-paid', '12', '--'])).toEqual([
      '--method',
      '--yes',
      '--field',
      '--help',
      '--api-url',
      '--json',
    ]);
    expect(completeWords(program(), ['things', 'mark-paid', '-y', '--field', 'a=1', '--method', 'x', '--'])).toEqual([
      '--field',
      '--help',
      '--api-url',
      '--json',
    ]);
  });

  it('completes argument choices, and nothing for a value of its own', () => {
    expect(completeWords(program(), ['shell', ''])).toEqual(['bash', 'zsh']);
    expect(completeWords(program(), ['things', 'mark-paid', '--method', ''])).toEqual([]);
    expect(completeWords(program(), ['things', 'mark-paid', '12', ''])).toEqual([]);
  });

  it('completes the values offered for an option, which commander does not check', () => {
    const root = program();
    root.command('pay').addOption(offerValues(new Option('--method <value>', 'm'), ['bacs', 'card', 'cheque']));
    expect(completeWords(root, ['pay', '--method', 'c'])).toEqual(['card', 'cheque']);
    expect(root.commands.find((c) => c.name() === 'pay')?.options[0]?.argChoices).toBeUndefined();
  });

  it('completes a comma-separated list item by item, leaving out those named and all after the first', () => {
    const root = program();
    root
      .command('list')
      .addOption(offerList(new Option('--fields <list>', 'f'), ['all', 'id', 'number', 'state', 'school_id']));
    expect(completeWords(root, ['list', '--fields', ''])).toEqual(['all', 'id', 'number', 'state', 'school_id']);
    expect(completeWords(root, ['list', '--fields', 's'])).toEqual(['state', 'school_id']);
    expect(completeWords(root, ['list', '--fields', 'id,'])).toEqual(['id,number', 'id,state', 'id,school_id']);
    expect(completeWords(root, ['list', '--fields', 'id,state,sc'])).toEqual(['id,state,school_id']);
    expect(completeWords(root, ['list', '--fields', 'id,zz'])).toEqual([]);
  });

  it('answers from the real CLI through the hidden __complete command', async () => {
    const complete = async (...words: string[]) => {
      const f = fakeFactory();
      expect(await run(['__complete', '--', ...words], f)).toBe(0);
      return f.out().split('\n').filter(Boolean);
    };
    expect(await complete('inv')).toEqual(['invoices']);
    expect(await complete('')).toEqual(
      expect.arrayContaining(['endpoints', 'help', 'completion', 'invoices', 'prices']),
    );
    expect(await complete('')).not.toContain('__complete');
    expect(await complete('invoices', 'mark-p')).toEqual(expect.arrayContaining(['mark-paid', 'mark-promised']));
    expect(await complete('invoices', 'mark-paid', '12', '--')).toEqual(
      expect.arrayContaining(['--method', '--date', '--idempotency-key', '--json', '--api-url']),
    );
    expect(await complete('endpoints', '--s')).toEqual(['--search']);
    expect(await complete('completion', '')).toEqual(['bash', 'zsh', 'fish']);
    expect(await complete('help', 'ex')).toEqual(expect.arrayContaining(['exit-codes', 'external-curricula']));
    expect(await complete('help', 'invoices', 'mark-pa')).toEqual(['mark-paid']);
    expect(await complete('invoices', 'mark-paid', '12', '--method', 'b')).toEqual(['bacs']);
    expect(await complete('--env', 'p')).toEqual(['production', 'preview']);
    expect(await complete('subscriptions', 'list', '--state', 'c')).toEqual(['cancelling', 'cancelled']);
    expect(await complete('sandbox', 'start', '--seed', '')).toEqual(['demo', 'large']);
    // --fields: the fields of the command's reply shape (core/shapes), then item after item.
    expect(await complete('invoices', 'list', '--fields', '')).toEqual(['all', ...Object.keys(INVOICE.fields)]);
    expect(await complete('invoices', 'list', '--fields', 'id,amount_')).toEqual([
      'id,amount_final',
      'id,amount_refunded',
      'id,amount_due',
    ]);
    expect(await complete('schools', 'list', '--fields', 'na')).toEqual(['name']);
  });
});
