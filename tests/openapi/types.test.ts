/**
 * `openapi-typescript` turns the document into types that compile, and a generated client (openapi-fetch)
 * typed by them takes the table's paths and payloads and refuses wrong ones: `tsc` checks the generated
 * file and a small usage file, whose `@ts-expect-error` lines fail the check if the types let anything through.
 */
import { symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { execa } from 'execa';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../helpers/consumer-dir.js';
import { writtenDocument } from './document-file.js';

const USAGE = `import createClient from 'openapi-fetch';
import type { components, paths } from './api.ts';

const client = createClient<paths>({ baseUrl: 'http://127.0.0.1:8787', headers: { 'x-token': 'a-session-token' } });

export async function markPaid(id: number): Promise<string> {
  const { data, error } = await client.POST('/superuser/invoices/{id}/paid', {
    params: { path: { id }, header: { 'Idempotency-Key': 'mark-paid-1' } },
    body: { method: 'bacs', date: '2026-11-02' },
  });
  if (error) return error.message;
  const invoice: components['schemas']['Invoice'] = data.invoice;
  const state: string = invoice.state;
  return \`\${invoice.number} \${state} \${data.changed}\`;
}

export async function schools(): Promise<number> {
  const { data } = await client.GET('/users/me');
  return data ? Object.keys(data).length : 0;
}

export async function mistakes(): Promise<void> {
  // @ts-expect-error: not a payment method of the table
  await client.POST('/superuser/invoices/{id}/paid', { params: { path: { id: 1 } }, body: { method: 'gold coins', date: '2026-11-02' } });
  // @ts-expect-error: the date is required
  await client.POST('/superuser/invoices/{id}/paid', { params: { path: { id: 1 } }, body: { method: 'bacs' } });
  // @ts-expect-error: no such path
  await client.GET('/superuser/invoices/{id}/nothing', { params: { path: { id: 1 } } });
  const { data } = await client.POST('/superuser/invoices/{id}/paid', { params: { path: { id: 1 } }, body: { method: 'bacs', date: '2026-11-02' } });
  // @ts-expect-error: the reply has no such key
  console.log(data?.receipt);
}
`;

const TSCONFIG = {
  compilerOptions: {
    strict: true,
    noEmit: true,
    target: 'es2022',
    module: 'nodenext',
    moduleResolution: 'nodenext',
    allowImportingTsExtensions: true,
    skipLibCheck: false,
    types: [],
    lib: ['es2022', 'dom'],
  },
  files: ['api.ts', 'usage.ts'],
};

describe('openapi-typescript types of the document', () => {
  it('compile with tsc, with a typed openapi-fetch client over them', async () => {
    const { dir, path } = await writtenDocument();
    const generated = await execa(
      join(ROOT, 'node_modules/.bin/openapi-typescript'),
      [path, '-o', join(dir, 'api.ts')],
      { cwd: dir, reject: false },
    );
    expect(generated.exitCode, String(generated.stderr)).toBe(0);
    writeFileSync(join(dir, 'usage.ts'), USAGE);
    writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify(TSCONFIG));
    writeFileSync(join(dir, 'package.json'), JSON.stringify({ type: 'module', private: true }));
    symlinkSync(join(ROOT, 'node_modules'), join(dir, 'node_modules'));
    const tsc = await execa(process.execPath, [join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', dir], {
      cwd: dir,
      reject: false,
    });
    expect(tsc.exitCode, `${tsc.stdout}\n${tsc.stderr}`).toBe(0);
  }, 120_000);
});
