import type { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import { ApiClient } from '../../core/api/client.js';
import { ENDPOINTS } from '../../core/endpoints/index.js';
import type { Endpoint } from '../../core/endpoints/define.js';
import { exampleOf } from '../../cli/help/example.js';
import { CURATED } from '../../cli/commands/index.js';
import { buildProgram, run } from '../../cli/main.js';
import { fakeFactory } from '../helpers/fake-factory.js';
import { BASE, testSandbox } from '../sandbox/helpers/sandbox.js';

/** The words a shell makes of an example (its values hold no spaces; quotes only wrap). */
const words = (line: string) =>
  line
    .split(' ')
    .slice(1)
    .map((w) => w.replace(/^(["'])(.*)\1$/, '$2'));

describe('help examples', () => {
  it('builds a command line from the entry: sample ids, then required payload keys with a sample value', () => {
    const markPaid = ENDPOINTS.find((e) => e.command === 'invoices mark-paid');
    expect(markPaid && exampleOf(markPaid)).toBe('edshed invoices mark-paid 12 --method bacs --date 2026-11-02');
    const entry = {
      command: 'things make',
      params: ['schoolId', 'card_provider', 'sid'],
      payload: {
        po_number: 'string',
        seats: 'int',
        tags: 'strings?',
        extra: 'json',
        kind: { oneOf: ['a', 'b'], optional: true },
      },
    } as const;
    expect(exampleOf(entry)).toBe(`edshed things make 12 card_provider 34 --po-number "text" --seats 1 --extra '{}'`);
  });

  it('gives every endpoint an example that the CLI accepts and sends', { timeout: 120_000 }, async () => {
    const globals = new Set((await buildProgram(fakeFactory(), undefined)).options.map((o) => o.long?.slice(2)));
    // Known: the program takes a global option wherever it stands, so a payload key with a global's
    // name (`token`) never reaches the leaf. Curated commands replace their table entry.
    const shadowed = (e: Endpoint) => words(exampleOf(e)).some((w) => w.startsWith('--') && globals.has(w.slice(2)));
    const failures: string[] = [];
    for (const endpoint of ENDPOINTS.filter((e) => !CURATED[e.command] && !shadowed(e))) {
      const sent: unknown[] = [];
      const client = {
        request: async (request: unknown) => (sent.push(request), { data: {} }),
      } as unknown as ApiClient;
      const example = exampleOf(endpoint);
      // A password comes on standard input (--password-stdin), never as a flag.
      const f = fakeFactory({ client, ...(example.includes('-stdin') ? { stdin: 'Sample-Pass-1\n' } : {}) });
      const code = await run([...words(example), ...(endpoint.destructive ? ['--yes'] : []), '--json'], f);
      if (code !== 0 || sent.length !== 1) failures.push(`${example}: exit ${code} ${f.err()}`);
    }
    expect(failures).toEqual([]);
  });

  it('runs the help examples of curated reads against a sandbox: each exits 0', { timeout: 60_000 }, async () => {
    const t = testSandbox({ now: () => new Date('2026-11-02T10:00:00Z') });
    try {
      const client = new ApiClient().init({
        baseUrl: BASE,
        token: await t.login('superuser'),
        fetch: t.sandbox.fetch,
        retry: { retries: 0 },
      });
      const failures: string[] = [];
      for (const command of ['invoices show', 'schools show', 'schools find', 'users show', 'users find']) {
        const [noun, verb] = command.split(' ') as [string, string];
        const program = await buildProgram(fakeFactory(), noun, verb);
        const leaf = program.commands
          .find((c) => c.name() === noun)
          ?.commands.find((c) => c.name() === verb) as Command;
        let help = '';
        leaf.configureOutput({ writeOut: (s) => (help += s) });
        leaf.outputHelp();
        // The lines under "Examples:", each cut at a comment or a pipe (what the shell would hand edshed).
        const examples = (help.split(/\nExamples?:\n/)[1] ?? '')
          .split('\n')
          .filter((line) => line.startsWith('  edshed '))
          .map((line) => line.replace(/\s+(#|\|).*$/, '').trim());
        expect(examples.length, command).toBeGreaterThan(0);
        for (const example of examples) {
          const f = fakeFactory({ client });
          const code = await run(words(example), f);
          if (code !== 0) failures.push(`${example}: exit ${code} ${f.err()}`);
        }
      }
      expect(failures).toEqual([]);
    } finally {
      await t.close();
    }
  });

  it('ends the help of every command that runs something with an example', async () => {
    const leaves = (cmd: Command): Command[] => (cmd.commands.length === 0 ? [cmd] : cmd.commands.flatMap(leaves));
    const nouns = (await buildProgram(fakeFactory(), undefined)).commands.map((c) => c.name());
    const missing: string[] = [];
    for (const noun of nouns) {
      const program = await buildProgram(fakeFactory(), noun);
      for (const leaf of leaves(program.commands.find((c) => c.name() === noun) as Command)) {
        let help = '';
        leaf.configureOutput({ writeOut: (s) => (help += s) });
        leaf.outputHelp();
        if (!/\nExamples?:\n {2}edshed /.test(help))
          missing.push(`${leaf.parent === program ? '' : `${noun} `}${leaf.name()}`);
      }
    }
    expect(nouns.length).toBeGreaterThan(50);
    expect(missing).toEqual([]);
  });
});
