import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { execa } from 'execa';
import { describe, expect, it } from 'vitest';

// Black-box tests of the built binary's help, topics and completion (`node scripts/build.mjs` first).
const bin = fileURLToPath(new URL('../../bin/edshed.js', import.meta.url));
const configDir = mkdtempSync(join(tmpdir(), 'edshed-help-'));

const edshed = (args: string[]) =>
  execa(process.execPath, [bin, ...args], { reject: false, input: '', env: { EDSHED_CONFIG_DIR: configDir, EDSHED_API_URL: '', EDSHED_TOKEN: '', NO_COLOR: '1' } });

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
});
