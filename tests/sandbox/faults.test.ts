import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FaultSpecError } from '../../sandbox/server/fault-spec-error.js';
import { createFaultInjector, formatFaults, NO_FAULTS, parseFaults } from '../../sandbox/server/faults.js';
import { createSandbox, type Sandbox } from '../../sandbox/server/server.js';
import { testSandbox, writeCount, type TestSandbox } from './helpers/sandbox.js';
import { oneValue } from '../../sandbox/kit/sql.js';
import { scalarOf } from './helpers/sql.js';

describe('fault spec grammar', () => {
  it('reads every kind of fault', () => {
    expect(parseFaults('500=0.1,429=0.05,latency=50-200,drop-before=0.02,drop-after=0.02,seed=7')).toEqual({
      errors: [
        { status: 500, rate: 0.1 },
        { status: 429, rate: 0.05 },
      ],
      latency: { min: 50, max: 200 },
      dropBefore: 0.02,
      dropAfter: 0.02,
      seed: 7,
    });
    expect(parseFaults('latency=30').latency).toEqual({ min: 30, max: 30 });
    expect(parseFaults('none')).toEqual(NO_FAULTS);
    expect(parseFaults(' ')).toEqual(NO_FAULTS);
  });

  it('writes a spec back in the same grammar', () => {
    const text = '503=0.25,latency=5-10,drop-before=0.1,drop-after=0.2,seed=9';
    expect(formatFaults(parseFaults(text))).toBe(text);
    expect(formatFaults(NO_FAULTS)).toBe('none');
  });

  it.each([
    ['500=2', '500=2'],
    ['200=0.1', '200=0.1'],
    ['latency=fast', 'latency=fast'],
    ['latency=200-50', 'latency=200-50'],
    ['boom=0.1', 'boom=0.1'],
    ['500', '500'],
    ['drop-after=-1', 'drop-after=-1'],
    ['500=0.1,500=0.2', '500=0.2'],
  ])('refuses %s, naming the bad part', (spec, part) => {
    expect(() => parseFaults(spec)).toThrow(FaultSpecError);
    expect(() => parseFaults(spec)).toThrow(part);
  });

  it('refuses error rates adding up to more than 1', () => {
    expect(() => parseFaults('500=0.6,503=0.6')).toThrow(/add up to 1\.2/);
  });
});

describe('fault injector', () => {
  it('repeats the same decisions for the same seed', () => {
    const spec = parseFaults('500=0.3,latency=10-20,drop-after=0.2,seed=5');
    const a = createFaultInjector(spec);
    const b = createFaultInjector(spec);
    const plansA = Array.from({ length: 50 }, () => a.plan());
    expect(Array.from({ length: 50 }, () => b.plan())).toEqual(plansA);
    expect(plansA.some((p) => p.status === 500)).toBe(true);
    expect(plansA.some((p) => p.status === null)).toBe(true);
    expect(plansA.every((p) => p.latencyMs >= 10 && p.latencyMs <= 20)).toBe(true);
  });

  it('injects at roughly the given rates', () => {
    const injector = createFaultInjector(parseFaults('500=0.2,429=0.1,drop-before=0.05,seed=11'));
    const plans = Array.from({ length: 2000 }, () => injector.plan());
    const share = (test: (p: (typeof plans)[number]) => boolean): number => plans.filter(test).length / plans.length;
    expect(share((p) => p.status === 500)).toBeGreaterThan(0.16);
    expect(share((p) => p.status === 500)).toBeLessThan(0.24);
    expect(share((p) => p.status === 429)).toBeGreaterThan(0.07);
    expect(share((p) => p.status === 429)).toBeLessThan(0.13);
    expect(share((p) => p.dropBefore)).toBeGreaterThan(0.03);
    expect(share((p) => p.dropBefore)).toBeLessThan(0.07);
  });
});

describe('faults in the server', () => {
  let t: TestSandbox;
  let token: string;
  beforeAll(async () => {
    t = testSandbox();
    token = await t.login('teacher');
  });
  afterAll(() => t.close());

  async function setFaults(faults: string): Promise<void> {
    const res = await t.call('PUT', '__sandbox/faults', { body: { faults } });
    expect(res.status).toBe(200);
  }

  async function create(title: string): Promise<Response> {
    return t.sandbox.fetch('http://sandbox.test/users/me/lists', {
      method: 'POST',
      headers: { 'x-token': token, 'content-type': 'application/json' },
      body: JSON.stringify({ title }),
    });
  }

  function stored(title: string): number {
    return scalarOf<number>(
      t.sandbox.db,
      "SELECT COUNT(*) FROM records WHERE collection = 'lists' AND json_extract(data, '$.title') = ?",
      title,
    );
  }

  it('answers an injected 500 without running the handler', async () => {
    await setFaults('500=1');
    const res = await create('five-hundred');
    expect(res.status).toBe(500);
    expect(await res.json()).toMatchObject({ error: 'Internal server error', message: 'Injected fault: 500' });
    expect(stored('five-hundred')).toBe(0);
    await setFaults('none');
  });

  it('answers an injected 429 with Retry-After', async () => {
    await setFaults('429=1');
    const res = await create('too-many');
    expect(res.status).toBe(429);
    expect(res.headers.get('retry-after')).toBe('1');
    expect(stored('too-many')).toBe(0);
    await setFaults('none');
  });

  it('delays requests with latency and still answers them', async () => {
    await setFaults('latency=5-10');
    const res = await create('slow');
    expect(res.status).toBe(201);
    expect(stored('slow')).toBe(1);
    await setFaults('none');
  });

  it('drops the connection before the handler: the fetch fails and nothing is written', async () => {
    await setFaults('drop-before=1');
    await expect(create('dropped-before')).rejects.toThrow(TypeError);
    await setFaults('none');
    expect(stored('dropped-before')).toBe(0);
    expect(await writeCount(t, 'POST users/me/lists', 'users/me/lists')).toBe(1);
  });

  it('drops the connection after the write committed: the fetch fails but the write was applied once', async () => {
    await setFaults('drop-after=1');
    await expect(create('dropped-after')).rejects.toThrow('fetch failed');
    await setFaults('none');
    expect(stored('dropped-after')).toBe(1);
    expect(await writeCount(t, 'POST users/me/lists', 'users/me/lists')).toBe(2);
  });

  it('reads and switches faults at runtime, refusing a bad spec with 422', async () => {
    await setFaults('503=0.5,seed=3');
    expect((await t.call('GET', '__sandbox/faults')).body).toMatchObject({
      faults: '503=0.5,seed=3',
      spec: { errors: [{ status: 503, rate: 0.5 }] },
    });
    const bad = await t.call('PUT', '__sandbox/faults', { body: { faults: '503=lots' } });
    expect(bad.status).toBe(422);
    expect(bad.body.message).toContain('503=lots');
    const object = await t.call('PUT', '__sandbox/faults', { body: { errors: [], dropAfter: 0 } });
    expect(object.body.faults).toBe('none');
  });
});

describe('faults over a real socket', () => {
  let sandbox: Sandbox;
  let url: string;
  beforeAll(async () => {
    sandbox = createSandbox({ db: ':memory:', faults: 'drop-after=1' });
    url = await sandbox.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => sandbox.close());

  it('destroys the socket after committing the write (the unknown-outcome case)', async () => {
    const login = await fetch(`${url}auth`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'teacher', password: 'sandbox' }),
    }).catch((e: unknown) => e);
    expect(login).toBeInstanceOf(TypeError);
    const sessions = oneValue(sandbox.db, 'SELECT COUNT(*) FROM tokens WHERE user_id = 3');
    expect(sessions).toBe(1);
    const writes = await fetch(`${url}__sandbox/writes?route=${encodeURIComponent('POST auth')}`);
    expect(await writes.json()).toMatchObject({ total: 1 });
  });
});
