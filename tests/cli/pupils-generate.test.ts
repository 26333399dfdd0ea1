import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createClient } from '../../core/api/client.js';
import { runPupilsGenerate } from '../../cli/commands/pupils/generate.js';
import { HintedError } from '../../cli/write/hinted-error.js';
import { fakeFetch, json, type FetchCall } from '../core/api/support/fake-fetch.js';
import { fakeFactory } from '../helpers/fake-factory.js';

type Routes = Readonly<Record<string, Response>>;

/** A fake API answering by `METHOD path`; anything else is a 404. */
function setup(routes: Routes) {
  const answer = (call: FetchCall) => routes[`${call.init.method ?? 'GET'} ${new URL(call.url).pathname.slice(1)}`] ?? json(404, { error: 'Not found', message: 'Not found' });
  const fake = fakeFetch([answer]);
  const client = createClient({ baseUrl: 'http://api.test/', fetch: fake.fetch, retry: { retries: 0 } });
  const sent = () => fake.calls.map((c) => `${c.init.method ?? 'GET'} ${new URL(c.url).pathname.slice(1)}`);
  return { f: fakeFactory({ client }), sent };
}

const me = (user: Record<string, unknown>) => json(200, { user: { id: 9, username: 'someone', ...user } });
const OAKFIELD = { id: 1, name: 'Oakfield', admin: true };
const created = json(201, { pupils: [{ id: 40, username: 's1.plucky', school_id: 1, school_username: 'plucky', display_name: 'Plucky Puffin', password: 'comet42' }], total: 1 });

describe('pupils generate (in-process)', () => {
  it('keeps the passwords in the file when adding the pupils to the group fails, and says how to add them', async () => {
    const { f, sent } = setup({
      'GET users/me': me({ superuser: true, school: null }),
      'GET schools/1': json(200, { school: { id: 1, name: 'Oakfield' } }),
      'GET users/me/school/groups/5': json(200, { group: { id: 5, school_id: 1, name: 'Class 3' } }),
      'POST users/me/manageschool': json(200, { school: { id: 1 } }),
      'POST users/me/school/pupils/generate': created,
      'POST users/me/school/groups/5/pupils': json(500, { error: 'Internal server error', message: 'boom' }),
    });
    const out = join(mkdtempSync(join(tmpdir(), 'edshed-generate-')), 'class-3.csv');
    const error = await runPupilsGenerate(f, { amount: 1, school: 1, group: 5, out }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HintedError);
    expect((error as HintedError).hint).toContain('`edshed groups add-pupils 5 --pupils 40`');
    expect(readFileSync(out, 'utf8')).toBe('username,password,school_id,school_username,display_name,group,id\ns1.plucky,comet42,1,plucky,Plucky Puffin,,40\n');
    expect(f.out()).toContain('s1.plucky');
    expect(f.out()).not.toContain('comet42');
    expect(sent()).toEqual(['GET users/me', 'GET schools/1', 'GET users/me/school/groups/5', 'POST users/me/manageschool', 'POST users/me/school/pupils/generate', 'POST users/me/school/groups/5/pupils']);
    expect(f.audited.map((r) => r.outcome)).toEqual(['ok', 'ok', 'failed']);
  });

  it('refuses school staff naming another school with exit 2 after reading only users/me', async () => {
    const { f, sent } = setup({ 'GET users/me': me({ school: OAKFIELD }) });
    await expect(runPupilsGenerate(f, { amount: 3, school: 2 })).rejects.toMatchObject({ exitCode: 2, message: expect.stringMatching(/manages Oakfield \(school 1\)/) as unknown });
    expect(sent()).toEqual(['GET users/me']);
  });

  it('refuses a teacher who is not a school admin with exit 4, and a group of another school with exit 2', async () => {
    const teacher = setup({ 'GET users/me': me({ school: { ...OAKFIELD, admin: false } }) });
    await expect(runPupilsGenerate(teacher.f, { amount: 3 })).rejects.toMatchObject({ exitCode: 4 });
    const admin = setup({ 'GET users/me': me({ school: OAKFIELD }), 'GET users/me/school/groups/8': json(200, { group: { id: 8, school_id: 2, name: 'Maple 1' } }) });
    await expect(runPupilsGenerate(admin.f, { amount: 3, group: 8 })).rejects.toMatchObject({ exitCode: 2, message: expect.stringMatching(/Maple 1 is a group of school 2/) as unknown });
    expect(admin.sent()).toEqual(['GET users/me', 'GET users/me/school/groups/8']);
  });

  it('prints the passwords only with --show-passwords', async () => {
    const { f } = setup({ 'GET users/me': me({ school: OAKFIELD }), 'POST users/me/school/pupils/generate': created });
    await runPupilsGenerate(f.withGlobals({ format: 'csv' }), { amount: 1, showPasswords: true });
    expect(f.out()).toBe('username,password,school_id,school_username,display_name,id\ns1.plucky,comet42,1,plucky,Plucky Puffin,40\n');
    expect(f.err()).toMatch(/shown once: they cannot be read back later/);
  });
});
