import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpError, type Handler } from '../../sandbox/kit/handler.js';
import { requestHash } from '../../sandbox/server/idempotency.js';
import { testSandbox, writeCount, type TestSandbox } from './helpers/sandbox.js';
import { one, oneValue, run } from '../../sandbox/kit/sql.js';
import { scalarOf } from './helpers/sql.js';

const ROUTE = 'POST users/me/lists';

function listCount(t: TestSandbox): number {
  return scalarOf<number>(t.sandbox.db, "SELECT COUNT(*) FROM records WHERE collection = 'lists'");
}

describe('request fingerprints', () => {
  it('ignore key order but not values, paths or methods', () => {
    const a = requestHash('POST', 'x/1', { a: 1, b: { c: 2, d: 3 } });
    expect(requestHash('POST', 'x/1', { b: { d: 3, c: 2 }, a: 1 })).toBe(a);
    expect(requestHash('POST', 'x/1', { a: 2, b: { c: 2, d: 3 } })).not.toBe(a);
    expect(requestHash('POST', 'x/2', { a: 1, b: { c: 2, d: 3 } })).not.toBe(a);
    expect(requestHash('PUT', 'x/1', { a: 1, b: { c: 2, d: 3 } })).not.toBe(a);
  });
});

describe('Idempotency-Key on writes', () => {
  let t: TestSandbox;
  let teacher: string;
  let admin: string;
  beforeAll(async () => {
    t = testSandbox();
    teacher = await t.login('teacher');
    admin = await t.login('admin');
  });
  afterAll(() => t.close());

  it('replays the stored response for the same key and body without running the handler again', async () => {
    const before = listCount(t);
    const headers = { 'idempotency-key': 'replay-1' };
    const first = await t.call('POST', 'users/me/lists', { token: teacher, body: { title: 'Week 1' }, headers });
    const second = await t.call('POST', 'users/me/lists', { token: teacher, body: { title: 'Week 1' }, headers });
    expect(first.status).toBe(201);
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    expect(second.status).toBe(201);
    expect(second.body).toEqual(first.body);
    expect(second.headers.get('idempotent-replayed')).toBe('true');
    expect(listCount(t)).toBe(before + 1);
    expect(await writeCount(t, ROUTE, 'users/me/lists')).toBe(1);
  });

  it('stores the response in the idempotency table, scoped to the user', async () => {
    const row = one(t.sandbox.db, "SELECT user_key, state, status, route FROM idempotency WHERE key = 'replay-1'");
    expect(row).toEqual({ user_key: '3', state: 'done', status: 201, route: ROUTE });
  });

  it('refuses the same key with a different body with 422, writing nothing', async () => {
    const before = listCount(t);
    const headers = { 'idempotency-key': 'mismatch-1' };
    await t.call('POST', 'users/me/lists', { token: teacher, body: { title: 'A' }, headers });
    const res = await t.call('POST', 'users/me/lists', { token: teacher, body: { title: 'B' }, headers });
    expect(res.status).toBe(422);
    expect(res.body.error).toBe('Invalid data');
    expect(res.body.message).toContain('mismatch-1');
    expect(listCount(t)).toBe(before + 1);
  });

  it('keeps keys apart per user', async () => {
    const before = listCount(t);
    const headers = { 'idempotency-key': 'shared-key' };
    const a = await t.call('POST', 'users/me/lists', { token: teacher, body: { title: 'Same' }, headers });
    const b = await t.call('POST', 'users/me/lists', { token: admin, body: { title: 'Same' }, headers });
    expect(b.headers.get('idempotent-replayed')).toBeNull();
    expect((b.body.list as { id: number }).id).not.toBe((a.body.list as { id: number }).id);
    expect(listCount(t)).toBe(before + 2);
  });

  it('ignores the key on reads', async () => {
    const headers = { 'idempotency-key': 'read-1' };
    await t.call('GET', 'users/me/lists', { token: teacher, headers });
    const again = await t.call('GET', 'users/me/lists', { token: teacher, headers });
    expect(again.headers.get('idempotent-replayed')).toBeNull();
    expect(oneValue(t.sandbox.db, "SELECT COUNT(*) FROM idempotency WHERE key = 'read-1'")).toBe(0);
  });
});

describe('Idempotency-Key while the first request runs, or after it failed', () => {
  let t: TestSandbox;
  let release: () => void = () => undefined;
  let entered: () => void = () => undefined;
  let failNext = false;
  const nextEntry = (): Promise<void> =>
    new Promise<void>((resolve) => {
      entered = resolve;
    });
  const slow: Handler = async (ctx) => {
    if (failNext) {
      failNext = false;
      throw new HttpError(409, 'Conflict', 'first attempt refused');
    }
    await new Promise<void>((resolve) => {
      release = resolve;
      entered();
    });
    run(ctx.db, "INSERT INTO records (collection, data, created_at, updated_at) VALUES ('slow', '{}', 'x', 'x')");
    return { status: 201, body: { done: true } };
  };
  beforeAll(() => {
    t = testSandbox({ handlers: { [ROUTE]: slow } });
  });
  afterAll(() => t.close());

  it('answers 409 for a key whose first request is still in flight, then replays once it finishes', async () => {
    const token = await t.login('teacher');
    const headers = { 'idempotency-key': 'flight-1' };
    const inside = nextEntry();
    const first = t.call('POST', 'users/me/lists', { token, body: { n: 1 }, headers });
    await inside;
    const second = await t.call('POST', 'users/me/lists', { token, body: { n: 1 }, headers });
    expect(second.status).toBe(409);
    expect(second.body).toMatchObject({ error: 'Conflict' });
    release();
    expect((await first).status).toBe(201);
    const third = await t.call('POST', 'users/me/lists', { token, body: { n: 1 }, headers });
    expect(third.headers.get('idempotent-replayed')).toBe('true');
    expect(oneValue(t.sandbox.db, "SELECT COUNT(*) FROM records WHERE collection = 'slow'")).toBe(1);
  });

  it('lets a key be retried after its first request failed and rolled back', async () => {
    const token = await t.login('teacher');
    const headers = { 'idempotency-key': 'failed-1' };
    failNext = true;
    expect((await t.call('POST', 'users/me/lists', { token, body: {}, headers })).status).toBe(409);
    const inside = nextEntry();
    const retry = t.call('POST', 'users/me/lists', { token, body: {}, headers });
    await inside;
    release();
    const res = await retry;
    expect(res.status).toBe(201);
    expect(res.headers.get('idempotent-replayed')).toBeNull();
  });
});
