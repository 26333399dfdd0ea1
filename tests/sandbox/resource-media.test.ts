/** The resources' covers and files, served by the sandbox itself, and who may have the files. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testSandbox, type TestSandbox } from './helpers/sandbox.js';
import { all, run } from '../../sandbox/kit/sql.js';
import { rowOf } from './helpers/sql.js';

let clock = new Date('2026-11-02T10:00:00Z');
let t: TestSandbox;
const tokens: Record<string, string> = {};
beforeAll(async () => {
  t = testSandbox({ rateLimit: 1_000_000, now: () => clock });
  for (const name of ['teacher', 'teacher2a', 'superuser', 'sales', 'pupil']) tokens[name] = await t.login(name);
});
afterAll(() => t.close());

interface FileJson {
  readonly id: number;
  readonly name: string;
  readonly mime: string;
  readonly size: number;
  readonly kind: string;
  readonly title: string;
}

async function resource(key: string): Promise<{ id: number; image: string; availability: string; files: FileJson[] }> {
  const res = await t.call('GET', `resources/resources_by_url_key/${key}`);
  return res.body.resource as never;
}

/** A GET of a media address (relative to the API base, as the answers give it), read as bytes. */
async function media(path: string, headers: Record<string, string> = {}, method = 'GET') {
  const res = await t.sandbox.fetch(new URL(path, 'http://sandbox.test/').toString(), { method, headers });
  return { status: res.status, headers: res.headers, bytes: Buffer.from(await res.arrayBuffer()) };
}

async function presign(file: number, as: string, disposition?: 'inline' | 'attachment') {
  return t.call('POST', `resources/files/${file}/presign`, {
    token: tokens[as],
    body: disposition ? { disposition } : {},
  });
}

const FREE = 'whale-spotted-in-the-river-newspaper-report-unit';
const MEMBERS = 'the-highwayman-poetry-unit';

describe('resource images', () => {
  it('the seed points every resource at its two covers, served by the sandbox as SVG with caching headers', async () => {
    const rows = all<{ url_key: string; image: string }>(t.sandbox.db, 'SELECT url_key, image FROM resources');
    for (const row of rows)
      expect(row.image).toBe(`media/resources/${row.url_key}/cover-1.svg;media/resources/${row.url_key}/cover-2.svg`);
    const first = await media(`media/resources/${MEMBERS}/cover-1.svg`);
    expect(first.status).toBe(200);
    expect(first.headers.get('content-type')).toBe('image/svg+xml; charset=utf-8');
    expect(first.headers.get('cache-control')).toBe('public, max-age=86400');
    expect(first.headers.get('x-content-type-options')).toBe('nosniff');
    const svg = first.bytes.toString('utf8');
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" width="640" height="400" /);
    expect(svg).toContain('<title>The Highwayman: Poetry Unit</title>');
    expect(svg).toContain('>POETRY UNIT<');
    expect(svg).toContain('>The Highwayman<');
    expect(svg).toContain('fill="#9c2f55"');
    const etag = first.headers.get('etag') ?? '';
    expect(etag).toMatch(/^"[\w-]{27}"$/);
    const again = await media(`media/resources/${MEMBERS}/cover-1.svg`, { 'if-none-match': etag });
    expect([again.status, again.bytes.length, again.headers.get('etag')]).toEqual([304, 0, etag]);
    const second = await media(`media/resources/${MEMBERS}/cover-2.svg`);
    expect(second.status).toBe(200);
    expect(second.headers.get('etag')).not.toBe(etag);
  });

  it('draws each cover from its own resource: type, age band and the colour of its category', async () => {
    const svg = (await media('media/resources/the-very-busy-farm-early-years-story-pack/cover-1.svg')).bytes.toString(
      'utf8',
    );
    expect(svg).toContain('>Early Years (Age 4-5)<');
    expect(svg).toContain('fill="#b23c0b"');
    expect(svg).not.toContain('#9c2f55');
  });

  it('escapes the text it draws from data', async () => {
    const id = rowOf<{ id: number }>(t.sandbox.db, 'SELECT id FROM resources WHERE url_key = ?', MEMBERS).id;
    run(t.sandbox.db, 'UPDATE resources SET title = ? WHERE id = ?', `<script>alert("x")</script> & 'Co': Unit`, id);
    try {
      const svg = (await media(`media/resources/${MEMBERS}/cover-1.svg`)).bytes.toString('utf8');
      expect(svg).not.toContain('<script>');
      expect(svg).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;Co&#39;');
    } finally {
      run(t.sandbox.db, 'UPDATE resources SET title = ? WHERE id = ?', 'The Highwayman: Poetry Unit', id);
    }
  });

  it('answers 404 in the platform shape for an image that does not exist, and 405 to anything but GET', async () => {
    for (const path of [
      `media/resources/${MEMBERS}/cover-3.svg`,
      'media/resources/no-such-resource/cover-1.svg',
      'media/elsewhere',
    ]) {
      const res = await t.call('GET', path);
      expect(res.status, path).toBe(404);
      expect(res.body.error).toBe('Not found');
      expect(res.headers.get('x-error-reference')).toMatch(/^req_/);
    }
    expect((await t.call('POST', `media/resources/${MEMBERS}/cover-1.svg`)).status).toBe(405);
  });
});

/** The PDF's cross-reference table points at each of its objects. */
function expectWellFormedPdf(pdf: Buffer): void {
  const text = pdf.toString('latin1');
  expect(text.startsWith('%PDF-1.4\n')).toBe(true);
  expect(text.endsWith('%%EOF\n')).toBe(true);
  const xref = Number(/startxref\n(\d+)\n%%EOF\n$/.exec(text)?.[1]);
  expect(text.slice(xref, xref + 4)).toBe('xref');
  const offsets = [...text.slice(xref).matchAll(/^(\d{10}) 00000 n $/gm)].map((m) => Number(m[1]));
  expect(offsets.length).toBeGreaterThan(5);
  offsets.forEach((offset, i) => expect(text.slice(offset, offset + 12)).toMatch(new RegExp(`^${i + 1} 0 obj\\n`)));
}

describe('resource files', () => {
  it('lists each file with its name, type, kind and exact size', async () => {
    const { files } = await resource(MEMBERS);
    expect(files.map((f) => [f.name, f.mime, f.kind, f.title])).toEqual([
      [`${MEMBERS}-planning-pack.pdf`, 'application/pdf', 'planning', 'Planning pack'],
      [`${MEMBERS}-slides.pdf`, 'application/pdf', 'slides', 'Teaching slides'],
      [`${MEMBERS}-worksheet.pdf`, 'application/pdf', 'worksheet', 'Worksheet'],
    ]);
    for (const f of files) expect(f.size).toBeGreaterThan(1500);
  });

  it("serves a member the file at the presigned address: the file's bytes, type, length and disposition", async () => {
    const { files } = await resource(MEMBERS);
    for (const f of files) {
      const signed = await presign(f.id, 'teacher2a');
      expect(signed.status).toBe(200);
      const url = signed.body.url as string;
      expect(url).toMatch(
        new RegExp(`^media/files/${f.id}/${f.name}\\?disposition=attachment&expires=\\d+&signature=[0-9a-f]{64}$`),
      );
      expect(signed.body.expires_at).toBe(new Date(clock.getTime() + 15 * 60_000).toISOString());
      const got = await media(url);
      expect(got.status).toBe(200);
      expect(got.headers.get('content-type')).toBe('application/pdf');
      expect(got.headers.get('content-length')).toBe(String(f.size));
      expect(got.headers.get('content-disposition')).toBe(
        `attachment; filename="${f.name}"; filename*=UTF-8''${f.name}`,
      );
      expect(got.bytes.length).toBe(f.size);
      expectWellFormedPdf(got.bytes);
      expect(got.bytes.toString('latin1')).toContain('/Title (The Highwayman: Poetry Unit - ');
    }
    const inline = await presign(files[0]?.id ?? 0, 'teacher2a', 'inline');
    expect((await media(inline.body.url as string)).headers.get('content-disposition')).toMatch(/^inline; filename=/);
    const head = await media(inline.body.url as string, {}, 'HEAD');
    expect([head.status, head.bytes.length, head.headers.get('content-type')]).toEqual([200, 0, 'application/pdf']);
  });

  it('refuses an address that was changed (403) or has expired (410), in the platform shape', async () => {
    const [file] = (await resource(FREE)).files;
    const url = (await presign(file?.id ?? 0, 'pupil')).body.url as string;
    expect((await media(url)).status).toBe(200);
    const [path = '', query = ''] = url.split('?');
    const params = new URLSearchParams(query);
    const changed = (key: string, value: string) => {
      const copy = new URLSearchParams(params);
      copy.set(key, value);
      return `${path}?${copy.toString()}`;
    };
    const signature = params.get('signature') ?? '';
    const tampered = [
      changed('signature', `${signature.slice(0, -1)}${signature.endsWith('0') ? '1' : '0'}`),
      changed('expires', String(Number(params.get('expires')) + 3600)),
      changed('disposition', 'inline'),
      changed('signature', 'not-hex'),
      path,
      `${path.replace(`files/${file?.id}/`, `files/${(file?.id ?? 0) + 1}/`)}?${query}`,
    ];
    for (const address of tampered) {
      const res = await t.call('GET', address);
      expect(res.status, address).toBe(403);
      expect(res.body.error).toBe('Forbidden');
      expect(res.body.message).toContain('POST resources/files/');
      expect(res.headers.get('x-error-reference')).toMatch(/^req_/);
    }
    expect((await t.call('GET', `${path.replace(/[^/]+$/, 'other.pdf')}?${query}`)).status).toBe(404);
    const saved = clock;
    clock = new Date(saved.getTime() + 15 * 60_000);
    try {
      const res = await t.call('GET', url);
      expect(res.status).toBe(410);
      expect(res.body).toMatchObject({ error: 'Gone', message: expect.stringContaining('expired at') });
    } finally {
      clock = saved;
    }
  });

  it('signs with a key of its own database: another sandbox refuses the address', async () => {
    const [file] = (await resource(FREE)).files;
    const url = (await presign(file?.id ?? 0, 'pupil')).body.url as string;
    const other = testSandbox({ now: () => clock });
    try {
      const res = await other.sandbox.fetch(new URL(url, 'http://sandbox.test/').toString());
      expect(res.status).toBe(403);
    } finally {
      await other.close();
    }
    const keys = all(t.sandbox.db, 'SELECT length(secret) AS n FROM signing_keys');
    expect(keys).toEqual([{ n: 32 }]);
  });
});

describe('who may have the files (core resourceAccess)', () => {
  const fileOf = async (key: string) => (await resource(key)).files[0]?.id ?? 0;

  it('tells the site each user’s literacy access level, from the school’s subscriptions', async () => {
    const level = async (as: string) =>
      (await t.call('GET', 'users/me', { token: tokens[as] })).body.user as { literacy_access_level: unknown };
    expect((await level('teacher')).literacy_access_level).toBeNull();
    expect((await level('teacher2a')).literacy_access_level).toBe('full');
    expect((await level('superuser')).literacy_access_level).toBeNull();
  });

  it('gives a free resource to anyone signed in, the rest to members, trial members and superusers only', async () => {
    const free = await fileOf(FREE);
    const members = await fileOf(MEMBERS);
    expect((await presign(free, 'teacher')).status).toBe(200);
    expect((await presign(free, 'sales')).status).toBe(200);
    const refused = await presign(members, 'teacher');
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(
      `Resource ${(await resource(MEMBERS)).id} is for members; school 1 has no live literacy subscription`,
    );
    expect((await presign(members, 'sales')).body.message).toContain('you are not in a school');
    expect((await presign(members, 'teacher2a')).status).toBe(200);
    expect((await presign(members, 'superuser')).status).toBe(200);
    expect((await t.call('POST', `resources/files/${free}/presign`, { body: {} })).status).toBe(401);
  });

  it('counts a trial of a literacy subscription as membership', async () => {
    const db = t.sandbox.db;
    const sub = rowOf<{ id: number }>(
      db,
      `SELECT s.id FROM subscriptions s JOIN products p ON p.id = s.product_id
      WHERE s.school_id = 1 AND EXISTS (SELECT 1 FROM json_each(p.permissions) j WHERE j.value = 'litshed')`,
    );
    const before = rowOf<{ state: string }>(db, 'SELECT state FROM subscriptions WHERE id = ?', sub.id).state;
    run(db, "UPDATE subscriptions SET state = 'trial' WHERE id = ?", sub.id);
    try {
      expect(
        ((await t.call('GET', 'users/me', { token: tokens['teacher'] })).body.user as Record<string, unknown>)[
          'literacy_access_level'
        ],
      ).toBe('trial');
      expect((await presign(await fileOf(MEMBERS), 'teacher')).status).toBe(200);
    } finally {
      run(db, 'UPDATE subscriptions SET state = ? WHERE id = ?', before, sub.id);
    }
  });
});
