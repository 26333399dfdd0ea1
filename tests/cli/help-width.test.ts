import { describe, expect, it } from 'vitest';
import { COMMAND, reflowHelp } from '../../cli/help/reflow.js';
import { CURATED } from '../../cli/commands/index.js';
import { run } from '../../cli/main.js';
import { fakeFactory } from '../helpers/fake-factory.js';

describe('help on an 80-column terminal', () => {
  it('re-wraps a too-wide paragraph at spaces and keeps a narrow one as written', () => {
    const text =
      'Narrow line.\n\nThe plan is applied as bulk apply applies it, to a copy of the file served by this process.\nso the copy is removed.\n';
    const out = reflowHelp(text, 40);
    expect(out.split('\n').every((l) => l.length <= 40)).toBe(true);
    expect(out.startsWith('Narrow line.\n\nThe plan is applied as bulk apply')).toBe(true);
    expect(out.replace(/\s+/g, ' ')).toBe(text.replace(/\s+/g, ' '));
  });

  it('wraps a list item and an aligned row under their own text, and never breaks an example', () => {
    const example = '  edshed invoices reconcile export.csv --columns date=Posted,amount=Value,text=Memo+Payee --json';
    const text = `- a list item that goes on for long enough to need a second line here\n  --flag <x>   a meaning that goes on for long enough to need wrapping\n${example}\n`;
    const lines = reflowHelp(text, 40).split('\n');
    expect(lines.slice(0, 2)).toEqual(['- a list item that goes on for long', '  enough to need a second line here']);
    expect(lines[2]).toBe('  --flag <x>   a meaning that goes on');
    expect(lines[3]).toBe('               for long enough to need');
    expect(lines).toContain(example);
  });

  it('leaves a word longer than the width whole on a line of its own', () => {
    expect(reflowHelp('see https://help.edshed.com/a/very/long/path/to/an/article here', 20).split('\n')).toEqual([
      'see',
      'https://help.edshed.com/a/very/long/path/to/an/article',
      'here',
    ]);
  });

  it("prints every curated command's --help within 80 columns, apart from example command lines", async () => {
    const wide: string[] = [];
    for (const words of Object.keys(CURATED)) {
      const f = fakeFactory();
      const narrow = f.withIo({ ...f.io, columns: 80 });
      expect(await run([...words.split(' '), '--help'], narrow)).toBe(0);
      for (const line of f.out().split('\n'))
        if (line.length > 80 && !COMMAND.test(line.trimStart())) wide.push(`${words}: ${line}`);
    }
    expect(wide).toEqual([]);
  });
});

describe('help topics on an 80-column terminal', () => {
  it('prints every `edshed help <topic>` within 80 columns, apart from example command lines', async () => {
    const { HELP_TOPICS } = await import('../../cli/help/topics.js');
    const wide: string[] = [];
    for (const topic of Object.keys(HELP_TOPICS)) {
      const f = fakeFactory();
      expect(await run(['help', topic], f.withIo({ ...f.io, columns: 80 }))).toBe(0);
      for (const line of f.out().split('\n'))
        if (line.length > 80 && !COMMAND.test(line.trimStart())) wide.push(`${topic}: ${line}`);
    }
    expect(wide).toEqual([]);
  });

  it('keeps the envelope of a list on a line of its own in `edshed help output`', async () => {
    const f = fakeFactory();
    expect(await run(['help', 'output'], f.withIo({ ...f.io, columns: 80 }))).toBe(0);
    expect(f.out()).toMatch(/^ {4}\{ "invoices": \[ \.\.\.records\.\.\. \], "total": 11 \}$/m);
  });
});
