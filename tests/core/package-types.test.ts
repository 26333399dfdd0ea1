import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { execa } from 'execa';
import { afterAll, describe, expect, it } from 'vitest';

// A script author's view: import the built package by name and let tsc check the calls against the
// emitted declarations (npm test builds before vitest runs).
const root = fileURLToPath(new URL('../../', import.meta.url));
const dir = `${root}tests/.consumer-${process.pid}`;
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function typecheck(source: string): Promise<{ exitCode: number | undefined; stdout: string }> {
  mkdirSync(dir, { recursive: true });
  writeFileSync(`${dir}/script.ts`, source);
  const compilerOptions = {
    noEmit: true,
    strict: true,
    skipLibCheck: true,
    module: 'nodenext',
    moduleResolution: 'nodenext',
    target: 'es2023',
    types: ['node'],
  };
  writeFileSync(`${dir}/tsconfig.json`, JSON.stringify({ compilerOptions, files: ['script.ts'] }));
  const tsc = `${root}node_modules/typescript/bin/tsc`;
  const result = await execa(process.execPath, [tsc, '-p', dir], { reject: false, cwd: root });
  return { exitCode: result.exitCode, stdout: result.stdout };
}

describe('the package as scripts import it', () => {
  it('gives typed client methods through the package name', async () => {
    const ok = await typecheck(`
import { bindEndpoints, PAYMENT_METHODS } from 'edshed-toolkit';
import { createNodeClient } from 'edshed-toolkit/node';
const api = bindEndpoints(createNodeClient({ environment: 'sandbox', token: 't' }));
export const done = api.invoices.markPaid({ id: 12, method: PAYMENT_METHODS[0], date: '2026-11-02' });
`);
    expect(ok.stdout).toBe('');
    expect(ok.exitCode).toBe(0);
  }, 60_000);

  it('types connect(): its options, the bound methods and its errors', async () => {
    const ok = await typecheck(`
import { ClientConfigError } from 'edshed-toolkit';
import { connect, ConfigFileError, type ConnectedApi, type ConnectOptions } from 'edshed-toolkit/node';
const options: ConnectOptions = { env: 'sandbox', profile: 'staging', retry: { retries: 0 }, connections: 4 };
const api: ConnectedApi = await connect(options);
export const paid = api.invoices.markPaid({ id: 6, method: 'bacs', date: '2026-11-02' }, { idempotencyKey: 'k' });
export const where: string = api.connection.baseUrl;
export const closed: Promise<void> = api.close();
export const isConfig = (error: unknown): boolean => error instanceof ConfigFileError && error instanceof ClientConfigError && error.path.length > 0;
// @ts-expect-error not an option of connect()
export const bad = connect({ baseUrl: 'https://x.test' });
`);
    expect(ok.stdout).toBe('');
    expect(ok.exitCode).toBe(0);
  }, 60_000);

  it('refuses a call the table does not allow', async () => {
    const bad = await typecheck(`
import { bindEndpoints } from 'edshed-toolkit';
import { createNodeClient } from 'edshed-toolkit/node';
const api = bindEndpoints(createNodeClient({ environment: 'sandbox' }));
export const done = api.invoices.markPaid({ id: 12, method: 'bitcoin', date: '2026-11-02' });
`);
    expect(bad.exitCode).not.toBe(0);
    expect(bad.stdout).toMatch(/bitcoin/);
  }, 60_000);
});
