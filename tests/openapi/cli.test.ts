/**
 * `edshed openapi` (the built binary): the document on stdout or in a file written whole, every entry of the
 * table an operation, and a path it cannot write refused with exit 2 before anything is built.
 */
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { execa } from 'execa';
import { describe, expect, it } from 'vitest';
import { ENDPOINTS } from '../../core/endpoints/index.js';
import { freshEnv } from '../helpers/isolated-env.js';
import { BIN } from '../helpers/sandbox-process.js';

const env = freshEnv('edshed-openapi-cli-');
const edshed = (args: readonly string[]) => execa(process.execPath, [BIN, ...args], { env, reject: false });

interface Operation {
  readonly operationId: string;
  readonly security: readonly unknown[];
  readonly 'x-roles': readonly string[];
  readonly parameters?: readonly { readonly $ref?: string; readonly name?: string; readonly in?: string }[];
  readonly responses: Record<
    string,
    { readonly $ref?: string; readonly content?: Record<string, { readonly schema: unknown }> }
  >;
}

describe('edshed openapi', () => {
  it('prints an OpenAPI 3.1 document with one operation per entry of the table, roles as security', async () => {
    const result = await edshed(['openapi']);
    expect(result.exitCode, result.stderr).toBe(0);
    const document = JSON.parse(result.stdout) as {
      openapi: string;
      paths: Record<string, Record<string, Operation>>;
      components: { schemas: Record<string, unknown> };
    };
    expect(document.openapi).toBe('3.1.0');
    const operations = Object.values(document.paths).flatMap((item) => Object.values(item));
    expect(operations).toHaveLength(ENDPOINTS.length);
    expect(new Set(operations.map((o) => o.operationId)).size).toBe(ENDPOINTS.length);
    const markPaid = document.paths['/superuser/invoices/{id}/paid']?.post;
    expect(markPaid?.['x-roles']).toEqual(['superuser']);
    expect(markPaid?.security).toEqual([{ sessionToken: [] }]);
    expect(markPaid?.parameters?.map((p) => p.$ref ?? `${p.in} ${p.name}`)).toEqual([
      'path id',
      '#/components/parameters/IdempotencyKey',
    ]);
    expect(markPaid?.responses['2XX']?.content?.['application/json']?.schema).toMatchObject({
      properties: { invoice: { $ref: '#/components/schemas/Invoice' }, changed: { type: 'boolean' } },
    });
    expect(markPaid?.responses['403']).toEqual({ $ref: '#/components/responses/Forbidden' });
    expect(document.components.schemas['Invoice']).toMatchObject({
      type: 'object',
      required: expect.arrayContaining(['id', 'state', 'total']),
    });
    // A public entry needs no token, and a read takes no Idempotency-Key.
    const signIn = document.paths['/auth']?.post;
    expect(signIn?.security).toEqual([]);
    expect(document.paths['/users/me']?.get?.parameters ?? []).not.toContainEqual({
      $ref: '#/components/parameters/IdempotencyKey',
    });
    // A reply that varies with a query flag: each school listed is a school, or with dfe_schools a register entry.
    expect(document.paths['/schools']?.get?.responses['200']?.content?.['application/json']?.schema).toMatchObject({
      properties: {
        schools: {
          type: 'array',
          items: {
            oneOf: [{ $ref: '#/components/schemas/School' }, { $ref: '#/components/schemas/RegisterSchool' }],
            description: expect.stringContaining('dfe_schools=true'),
          },
        },
      },
    });
    expect(document.components.schemas['RegisterSchool']).toMatchObject({
      required: expect.arrayContaining(['urn', 'name', 'registered']),
    });
  });

  it('declares the headers every reply carries once, as components, and refers to them from every response', async () => {
    const result = await edshed(['openapi']);
    const document = JSON.parse(result.stdout) as {
      paths: Record<
        string,
        Record<string, { responses: Record<string, { $ref?: string; headers?: Record<string, { $ref: string }> }> }>
      >;
      components: {
        headers: Record<string, { required?: boolean }>;
        responses: Record<string, { headers?: Record<string, { $ref: string }> }>;
      };
    };
    const every = {
      'x-request-id': 'RequestId',
      'x-ratelimit-limit': 'RateLimitLimit',
      'x-ratelimit-remaining': 'RateLimitRemaining',
      'x-ratelimit-reset': 'RateLimitReset',
    };
    const refs = (names: Record<string, string>) =>
      Object.fromEntries(Object.entries(names).map(([name, key]) => [name, { $ref: `#/components/headers/${key}` }]));
    expect(Object.keys(document.components.headers).sort()).toEqual([...Object.values(every), 'RetryAfter'].sort());
    expect(document.components.headers['RequestId']?.required).toBe(true);
    const wrong: string[] = [];
    for (const [path, item] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(item)) {
        for (const [status, response] of Object.entries(operation.responses)) {
          // An error response refers to a component response, which carries the headers once for all.
          if (response.$ref === undefined && JSON.stringify(response.headers) !== JSON.stringify(refs(every)))
            wrong.push(`${method} ${path} ${status}`);
        }
      }
    }
    expect(wrong).toEqual([]);
    for (const [name, response] of Object.entries(document.components.responses)) {
      expect(response.headers, name).toEqual(
        name === 'TooManyRequests' ? refs({ ...every, 'retry-after': 'RetryAfter' }) : refs(every),
      );
    }
  });

  it('writes --out whole, refuses to replace it without --force, and replaces it with --force', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'edshed-openapi-out-'));
    const path = join(dir, 'api.json');
    const first = await edshed(['openapi', '--out', path]);
    expect(first.exitCode, first.stderr).toBe(0);
    expect(first.stderr).toMatch(
      new RegExp(`Wrote the OpenAPI 3\\.1\\.0 document to .*api\\.json: ${ENDPOINTS.length} operations, \\d+ schemas`),
    );
    expect(first.stdout).toBe('');
    expect(JSON.parse(readFileSync(path, 'utf8'))).toMatchObject({ openapi: '3.1.0' });
    writeFileSync(path, 'mine');
    const again = await edshed(['openapi', '--out', path]);
    expect(again.exitCode).toBe(2);
    expect(again.stderr).toMatch(/the file exists; pass --force/);
    expect(readFileSync(path, 'utf8')).toBe('mine');
    const forced = await edshed(['openapi', '--out', path, '--force']);
    expect(forced.exitCode, forced.stderr).toBe(0);
    expect(JSON.parse(readFileSync(path, 'utf8'))).toMatchObject({ openapi: '3.1.0' });
  });

  it('refuses a path it cannot write with exit 2, naming it, and writes nothing', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'edshed-openapi-ro-'));
    const missing = await edshed(['openapi', '--out', join(dir, 'no-such-dir', 'api.json')]);
    expect(missing.exitCode).toBe(2);
    expect(missing.stderr).toMatch(/--out .*no-such-dir\/api\.json: its directory does not exist/);
    const isDir = await edshed(['openapi', '--out', dir]);
    expect(isDir.exitCode).toBe(2);
    expect(isDir.stderr).toMatch(/is a directory/);
    expect(existsSync(join(dir, 'no-such-dir'))).toBe(false);
    const lone = await edshed(['openapi', '--force']);
    expect(lone.exitCode).toBe(2);
    expect(lone.stderr).toMatch(/--force replaces the --out file/);
    expect(lone.stdout).toBe('');
  });

  it('--help teaches with examples', async () => {
    const help = await edshed(['openapi', '--help']);
    expect(help.exitCode).toBe(0);
    expect(help.stdout).toContain('edshed openapi --out api.json');
    expect(help.stdout).toContain('/openapi.json');
    expect(help.stdout).toContain('/docs');
  });
});
