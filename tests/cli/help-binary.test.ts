import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { execa } from 'execa';
import { describe, expect, it } from 'vitest';

// Black-box tests of the built binary's help, topics and completion (`node scripts/build.mjs` first).
const bin = fileURLToPath(new URL('../../bin/edshed.js', import.meta.url));
const configDir = mkdtempSync(join(tmpdir(), 'edshed-help-'));

const env = { EDSHED_CONFIG_DIR: configDir, EDSHED_API_URL: '', EDSHED_TOKEN: '', NO_COLOR: '1' };
const edshed = (args: string[]) => execa(process.execPath, [bin, ...args], { reject: false, input: '', env });

describe('edshed help output', () => {
  it('ends a generated command\'s help with an example, and keeps the route note out of it', async () => {
    const help = await edshed(['invoices', 'mark-paid', '--help']);
    expect(help.stdout).toMatch(/Calls POST superuser\/invoices\/\{id\}\/paid \(role: superuser\)/);
    expect(help.stdout).toMatch(/Example:\n {2}edshed invoices mark-paid 12 --method bacs --date 2026-11-02$/m);
    const inferred = await edshed(['auth', 'exchange-token', '--help']);
    expect(inferred.stdout).toMatch(/Example:\n {2}edshed auth exchange-token/);
    expect(inferred.stdout).not.toMatch(/Note:|mapped to/);
  });

  it('gives the route note in endpoints --json, only on rows that have one', async () => {
    const rows = JSON.parse((await edshed(['endpoints', '--json'])).stdout) as Record<string, string>[];
    expect(rows.find((r) => r.command === 'auth exchange-token')?.note).toMatch(/mapped to GET accesstoken/);
    expect(rows.find((r) => r.command === 'invoices mark-paid')).not.toHaveProperty('note');
  });

  it('searches endpoints by words in any order, exact command words first', async () => {
    const found = await edshed(['endpoints', '--search', 'paid mark', '--fields', 'command']);
    expect(found.exitCode).toBe(0);
    expect(found.stdout.split('\n')[1]).toBe('invoices mark-paid');
  });

  it('prints the help topics, and a command\'s own help for its words', async () => {
    const codes = await edshed(['help', 'exit-codes']);
    expect(codes.exitCode).toBe(0);
    expect(codes.stdout).toMatch(/^ {2}130 +interrupted/m);
    const environment = await edshed(['help', 'environment']);
    expect(environment.stdout).toMatch(/^ {2}EDSHED_STATE_DIR +directory of the audit log/m);
    expect(environment.stdout).toMatch(/1\. the --api-url flag\n {2}2\. the --env flag/);
    expect(environment.stdout).toMatch(/^ {2}sandbox +http:\/\/127\.0\.0\.1:8787\/$/m);
    const top = await edshed(['help']);
    expect(top.exitCode).toBe(0);
    expect(top.stdout).toMatch(/Usage: edshed \[options\] \[command\]/);
    expect(top.stdout).toMatch(/^ {2}help +Show help for a command, or a topic/m);
    const leaf = await edshed(['help', 'invoices', 'mark-paid']);
    expect(leaf.exitCode).toBe(0);
    expect(leaf.stdout).toMatch(/Usage: edshed invoices mark-paid \[options\] <id>/);
    expect((await edshed(['help', 'prices'])).stdout).toMatch(/show \[options\] +Show the per-locale price table/);
  });

  it('refuses an unknown topic or command with exit 2, a suggestion and the topics', async () => {
    const topic = await edshed(['help', 'exit-code']);
    expect(topic.exitCode).toBe(2);
    expect(topic.stdout).toBe('');
    expect(topic.stderr).toMatch(/no help topic or command "exit-code"\. Did you mean exit-codes\?/);
    expect(topic.stderr).toMatch(/^ {2}environment +/m);
    const verb = await edshed(['help', 'invoices', 'mark-payd']);
    expect(verb.exitCode).toBe(2);
    expect(verb.stderr).toMatch(/Did you mean invoices mark-paid\?/);
  });
});
