/**
 * What only a real socket shows: the in-process host name is refused over the network in any
 * spelling, so a page cannot reset the database with it; and headers too large for Node are answered in
 * the platform's error shape with the error reference, like every other error.
 */
import { describe, expect, it } from 'vitest';
import { HEADERS } from '../../core/api/headers.js';
import { IN_PROCESS_HOST } from '../../sandbox/server/host-check.js';
import { raw } from './helpers/raw-request.js';
import { listeningSandbox } from './helpers/sandbox.js';
import { oneValue, run } from '../../sandbox/kit/sql.js';
import { scalarOf } from './helpers/sql.js';

describe('the in-process host name over a socket', () => {
  const live = listeningSandbox();

  it.each(['sandbox.invalid', 'SANDBOX.INVALID', 'Sandbox.Invalid.', 'sandbox.invalid:80', 'sandbox.invalid.:8787'])(
    'refuses Host %s: no reset, 421 in the error shape',
    async (spelling) => {
      const port = new URL(live.url()).port;
      const host = spelling.replace(':8787', `:${port}`);
      const db = live.sandbox().db;
      const before = scalarOf<number>(db, 'SELECT COUNT(*) FROM records');
      run(
        db,
        "INSERT INTO records (collection, data, created_at, updated_at) VALUES ('lists', '{}', '2026-01-01', '2026-01-01')",
      );
      const res = await raw(live.url(), 'POST', '__sandbox/reset', { host, 'content-type': 'application/json' }, '{}');
      expect(res.status).toBe(421);
      expect(JSON.parse(res.body)).toMatchObject({
        error: 'Misdirected request',
        message: expect.stringContaining('not a name this sandbox listens under'),
      });
      expect(res.headers[HEADERS.errorReference]).toMatch(/^req_/);
      expect(oneValue(db, 'SELECT COUNT(*) FROM records')).toBe(before + 1);
    },
  );

  it('still answers in-process calls, which carry that name', async () => {
    const res = await live.sandbox().fetch(`http://${IN_PROCESS_HOST}/__sandbox/status`);
    expect(res.status).toBe(200);
  });
});

describe('headers too large', () => {
  const live = listeningSandbox();

  it('answers 431 in the platform error shape with the error reference', async () => {
    const res = await raw(live.url(), 'GET', 'users/me', {
      host: new URL(live.url()).host,
      'x-padding': 'a'.repeat(40_000),
    });
    expect(res.status).toBe(431);
    expect(JSON.parse(res.body)).toEqual({
      error: 'Request header fields too large',
      message: expect.stringContaining('KiB the sandbox accepts'),
    });
    expect(res.headers[HEADERS.errorReference]).toMatch(/^req_/);
    expect(res.headers['content-type']).toMatch(/application\/json/);
  });
});
