import { describe, expect, it } from 'vitest';
import { createHarness, obj, rows } from './harness.js';
import { all, run } from '../../../sandbox/kit/sql.js';

describe('countries and VAT', () => {
  const h = createHarness();

  it('reads countries with zones and replaces a country zones', async () => {
    const au = obj(await h.ok('GET countries/{code}', { as: null, params: { code: 'au' } }), 'country');
    expect(au).toMatchObject({ code: 'AU', currency: 'aud', vat_rate: 10 });
    expect((au.zones as unknown[]).length).toBe(8);
    const patched = obj(
      await h.ok('PATCH countries/{code}', {
        params: { code: 'NZ' },
        input: {
          vat_rate: 12.5,
          zones: [
            { code: 'auk', name: 'Auckland' },
            { code: 'NTL', name: 'Northland' },
          ],
        },
      }),
      'country',
    );
    expect(patched.vat_rate).toBe(12.5);
    expect((patched.zones as { code: string }[]).map((z) => z.code)).toEqual(['AUK', 'NTL']);
    expect(
      (
        await h.call('PATCH countries/{code}', {
          params: { code: 'NZ' },
          input: {
            zones: [
              { code: 'A', name: 'x' },
              { code: 'a', name: 'y' },
            ],
          },
        })
      ).status,
    ).toBe(422);
    expect((await h.call('GET countries/{code}', { as: null, params: { code: 'XX' } })).status).toBe(404);
  });

  it('validates a VAT number in the school country and records the check', async () => {
    const ok = await h.ok('POST vat/validate', { as: 'admin', input: { vatNumber: '980 7806 84', schoolId: 1 } });
    expect(ok).toMatchObject({ valid: true, country: 'GB', vatNumber: 'GB980780684' });
    const bad = await h.ok('POST vat/validate', { as: 'admin', input: { vatNumber: 'GB980780685', schoolId: 1 } });
    expect(bad).toMatchObject({ valid: false, reason: 'Check digits do not match' });
    expect(h.value('SELECT COUNT(*) FROM vat_checks WHERE school_id = 1')).toBe(3);
    expect(
      (await h.call('POST vat/validate', { as: 'admin', input: { vatNumber: 'GB980780684', schoolId: 2 } })).status,
    ).toBe(404);
  });

  it('sets the VAT countries of a school, refusing unknown codes', async () => {
    const body = await h.ok('POST schools/{id}/vat-countries', {
      params: { id: 2 },
      input: { countries: ['ie', 'FR', 'IE'] },
    });
    expect(body.vat_countries).toEqual(['FR', 'IE']);
    expect(
      (await h.call('POST schools/{id}/vat-countries', { params: { id: 2 }, input: { countries: ['ZZ'] } })).status,
    ).toBe(422);
  });
});

describe('email, jobs and system errors', () => {
  const h = createHarness();

  it('email stats agree with the logs', async () => {
    const stats = obj(await h.ok('GET email/stats'), 'stats');
    const counted = all<{ status: string; n: number }>(
      h.db,
      'SELECT status, COUNT(*) AS n FROM email_logs GROUP BY status',
    );
    expect(stats.by_status).toEqual(Object.fromEntries(counted.map((c) => [c.status, c.n])));
    expect(stats.total).toBe(counted.reduce((s, c) => s + c.n, 0));
    const bounced = await h.ok('GET email/logs', { input: { status: 'bounced', take: 500 } });
    expect(bounced.total).toBe(counted.find((c) => c.status === 'bounced')?.n ?? 0);
  });

  it('resends an email, but not to a suppressed address until the bounce is removed', async () => {
    const id = Number(
      run(
        h.db,
        "INSERT INTO email_logs (recipient, subject, template, status, sent_at) VALUES ('typo@oakfeild.sandbox.test', 'Hi', 'welcome', 'bounced', '2026-07-01T00:00:00Z')",
      ).lastInsertRowid,
    );
    const refused = await h.call('PUT email/{id}/send', { params: { id } });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toContain('suppressed (bounce');
    await h.ok('DELETE email/suppressions/bounces', { input: { email: 'typo@oakfeild.sandbox.test' } });
    expect(rows(await h.ok('GET email/suppressions/bounces'), 'bounces').map((b) => b.email)).not.toContain(
      'typo@oakfeild.sandbox.test',
    );
    const sent = obj(await h.ok('PUT email/{id}/send', { params: { id } }), 'email');
    expect(sent).toMatchObject({ resent_from: id, status: 'delivered', recipient: 'typo@oakfeild.sandbox.test' });
  });

  it('downloads chosen logs as CSV', async () => {
    const download = obj(await h.ok('GET email/download', { input: { ids: '1,2' } }), 'download');
    expect(download.rows).toBe(2);
    expect(String(download.content).split('\n')[0]).toBe('id,sent_at,recipient,template,status,subject');
  });

  it('stores a client error without a session and lists it', async () => {
    const stored = obj(
      await h.ok(
        'POST system/errors/client-error',
        { as: null, input: { message: 'Boom', url: '/resources', browser: 'Firefox' } },
        201,
      ),
      'error',
    );
    expect(stored).toMatchObject({ source: 'client', message: 'Boom', data: '{"browser":"Firefox"}' });
    const list = rows(await h.ok('GET system/errors'), 'errors');
    expect(list[0]?.id).toBe(stored.id);
  });

  it('lists jobs by namespace', async () => {
    const body = await h.ok('GET jobs/namespace', { input: { namespace_id: 'plan-actions' } });
    expect(rows(body, 'jobs').every((j) => j.namespace_id === 'plan-actions')).toBe(true);
    expect(body.total).toBe(3);
    expect(rows(body, 'jobs')[0]).toHaveProperty('queueId', 'billing');
  });
});
