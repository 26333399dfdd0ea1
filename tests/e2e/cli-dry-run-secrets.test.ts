import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { execa } from 'execa';
import { describe, expect, it } from 'vitest';
import { BIN } from '../helpers/sandbox-process.js';

// Passwords through the built binary: no dry run prints a password, and the table's commands
// that send one never take it as a flag.

const SECRET = 'Hunter-Two-4417';
const dir = mkdtempSync(join(tmpdir(), 'edshed-secrets-'));
const edshed = (args: readonly string[], input = '') =>
  execa(process.execPath, [BIN, ...args, '--api-url', 'http://127.0.0.1:9/'], {
    reject: false,
    input,
    env: {
      EDSHED_CONFIG_DIR: join(dir, 'config'),
      XDG_STATE_HOME: join(dir, 'state'),
      EDSHED_TOKEN: '',
      NO_COLOR: '1',
    },
  });

describe('--dry-run and passwords', () => {
  it('api POST auth --field password=... --dry-run shows the password as ***', async () => {
    const result = await edshed([
      'api',
      'POST',
      'auth',
      '--field',
      'username=bob',
      '--field',
      `password=${SECRET}`,
      '--dry-run',
    ]);
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toContain('"password":"***"');
    expect(result.stdout + result.stderr).not.toContain(SECRET);
  });

  it('auth reset-password TOKEN --password ... exits 2 naming the ways to give it, and shows nothing of it', async () => {
    const result = await edshed(['auth', 'reset-password', 'abc', '--password', SECRET, '--dry-run']);
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toMatch(/--password: the password is never a flag/);
    expect(result.stdout + result.stderr).not.toContain(SECRET);
  });

  it('auth reset-password TOKEN --password-stdin --dry-run reads it from standard input and shows it as ***', async () => {
    const result = await edshed(['auth', 'reset-password', 'abc', '--password-stdin', '--dry-run'], `${SECRET}\n`);
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toContain('{"password":"***"}');
    expect(result.stdout + result.stderr).not.toContain(SECRET);
  });
});
