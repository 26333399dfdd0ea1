import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createClient } from '../../core/api/client.js';
import { createdPupils } from '../../cli/commands/pupils/credentials.js';
import { runPupilsGenerate } from '../../cli/commands/pupils/generate.js';
import { HintedError } from '../../cli/write/hinted-error.js';
import { fakeFetch, json, type FetchCall } from '../core/api/support/fake-fetch.js';
import { fakeFactory } from '../helpers/fake-factory.js';
import { groupOf, pupilOf } from '../helpers/records.js';

/** A fake API answering by `METHOD path` (a function answers from the call); anything else is a 404. */
function setup(
  routes: Readonly<Record<string, Response | ((call: FetchCall) => Response)>>,
  interrupt?: AbortController,
) {
  const answer = (call: FetchCall) => {
    const route = routes[`${call.init.method ?? 'GET'} ${new URL(call.url).pathname.slice(1)}`];
    return (
      (typeof route === 'function' ? route(call) : route) ?? json(404, { error: 'Not found', message: 'Not found' })
    );
  };
  const fake = fakeFetch([answer]);
  const client = createClient({ baseUrl: 'http://api.test/', fetch: fake.fetch, retry: { retries: 0 } });
  const sent = () =>
    fake.calls.map(
      (c) =>
        `${c.init.method ?? 'GET'} ${new URL(c.url).pathname.slice(1)}${c.init.body ? ` ${String(c.init.body)}` : ''}`,
    );
  return { f: fakeFactory({ client, ...(interrupt ? { interrupt } : {}) }), sent };
}

// users/me as core's SESSION_USER shape declares it (the CLI checks the answer against it): a teacher of no
// school unless `user` says otherwise; a school given in part is completed as MY_SCHOOL.
const MY_SCHOOL_REST = {
  country: 'GB',
  region: 'GB-ENG',
  locale: 'en_GB',
  account_region: 'GB',
  district_id: null,
  settings: {},
  teacher: true,
  admin: false,
};
const SESSION_USER_REST = {
  email: null,
  first_name: 'Some',
  last_name: 'One',
  display_name: 'Someone',
  kind: 'teacher',
  superuser: false,
  employee: false,
  tester: false,
  anonymous: false,
  permissions: [],
  literacy_access_level: null,
  stage_spelling: null,
  stage_number: null,
  experimental: false,
  avatar: {},
  school_username: null,
  district_id: null,
  parent_id: null,
  created_at: '2026-09-01T08:00:00Z',
  imitatingUser: null,
  token: 'tok_me',
};
const me = ({ school, ...user }: Record<string, unknown>) =>
  json(200, {
    user: {
      id: 9,
      username: 'someone',
      ...SESSION_USER_REST,
      ...user,
      school: school ? { ...MY_SCHOOL_REST, ...(school as object) } : null,
    },
    token: 'tok_me',
  });
const OAKFIELD = { id: 1, name: 'Oakfield', admin: true };
// GET schools/1 as core's SCHOOL shape declares it.
const schoolOne = json(200, {
  school: {
    id: 1,
    name: 'Oakfield',
    country: 'GB',
    region: 'GB-ENG',
    locale: 'en_GB',
    account_region: 'GB',
    district_id: null,
    settings: {},
    created_at: '2026-09-01T08:00:00Z',
  },
});
const created = json(201, {
  pupils: [
    pupilOf({
      id: 40,
      username: 's1.plucky',
      school_id: 1,
      school_username: 'plucky',
      display_name: 'Plucky Puffin',
      password: 'comet42',
    }),
  ],
  total: 1,
});

describe('pupils generate (in-process)', () => {
  it('keeps the passwords in the file when adding the pupils to the group fails, says how to add them, and switches back', async () => {
    const { f, sent } = setup({
      'GET users/me': me({ superuser: true, school: { id: 3, name: 'Wattle' } }),
      'GET schools/1': schoolOne,
      'GET users/me/school/groups/5': json(200, { group: groupOf({ id: 5, school_id: 1, name: 'Class 3' }) }),
      'POST users/me/manageschool': json(200, { school: { id: 1 } }),
      'POST users/me/school/pupils/generate': created,
      'POST users/me/school/groups/5/pupils': json(500, { error: 'Internal server error', message: 'boom' }),
    });
    const out = join(mkdtempSync(join(tmpdir(), 'edshed-generate-')), 'class-3.csv');
    const error = await runPupilsGenerate(f, { amount: 1, school: 1, group: 5, out }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HintedError);
    expect((error as HintedError).hint).toContain('`edshed groups add-pupils 5 --pupils 40`');
    expect(readFileSync(out, 'utf8')).toBe(
      'username,password,school_id,school_username,display_name,group,id\ns1.plucky,comet42,1,plucky,Plucky Puffin,,40\n',
    );
    expect(f.out()).toContain('s1.plucky');
    expect(f.out()).not.toContain('comet42');
    expect(sent()).toEqual([
      'GET users/me',
      'GET schools/1',
      'GET users/me/school/groups/5',
      'POST users/me/manageschool {"schoolId":1}',
      'POST users/me/school/pupils/generate {"amount":1}',
      'POST users/me/school/groups/5/pupils {"pupils":[40]}',
      'POST users/me/manageschool {"schoolId":3}',
    ]);
    expect(f.audited.map((r) => r.outcome)).toEqual(['ok', 'ok', 'failed', 'ok']);
    expect(f.err()).toContain('Switched the school you manage back to Wattle (school 3).');
  });

  it('switches back when generating fails, and says so when the superuser managed no school before', async () => {
    const failing = setup({
      'GET users/me': me({ superuser: true, school: { id: 3, name: 'Wattle' } }),
      'GET schools/1': schoolOne,
      'POST users/me/manageschool': json(200, { school: { id: 1 } }),
      'POST users/me/school/pupils/generate': json(422, { error: 'Invalid data', message: 'no seats' }),
    });
    await expect(runPupilsGenerate(failing.f, { amount: 1, school: 1 })).rejects.toMatchObject({ status: 422 });
    expect(failing.sent().slice(-2)).toEqual([
      'POST users/me/school/pupils/generate {"amount":1}',
      'POST users/me/manageschool {"schoolId":3}',
    ]);
    const none = setup({
      'GET users/me': me({ superuser: true, school: null }),
      'GET schools/1': schoolOne,
      'POST users/me/manageschool': json(200, { school: { id: 1 } }),
      'POST users/me/school/pupils/generate': created,
    });
    await runPupilsGenerate(none.f, { amount: 1, school: 1 });
    expect(none.sent().filter((line) => line.startsWith('POST users/me/manageschool'))).toEqual([
      'POST users/me/manageschool {"schoolId":1}',
    ]);
    expect(none.f.err()).toContain(
      'You managed no school before, and the API has no way back to none: you now manage Oakfield (school 1).',
    );
  });

  it('at Ctrl-C lets the generate in flight finish, keeps its passwords, adds no group, switches back and exits 130', async () => {
    const interrupt = new AbortController();
    const { f, sent } = setup(
      {
        'GET users/me': me({ superuser: true, school: { id: 3, name: 'Wattle' } }),
        'GET schools/1': schoolOne,
        'GET users/me/school/groups/5': json(200, { group: groupOf({ id: 5, school_id: 1, name: 'Class 3' }) }),
        'POST users/me/manageschool': json(200, { school: { id: 1 } }),
        'POST users/me/school/pupils/generate': () => {
          interrupt.abort();
          return created;
        },
      },
      interrupt,
    );
    const out = join(mkdtempSync(join(tmpdir(), 'edshed-generate-')), 'class-3.csv');
    const error = await runPupilsGenerate(f, { amount: 1, school: 1, group: 5, out }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HintedError);
    expect((error as HintedError).cause).toMatchObject({ exitCode: 130 });
    expect((error as HintedError).hint).toContain('`edshed groups add-pupils 5 --pupils 40`');
    expect(readFileSync(out, 'utf8')).toContain('s1.plucky,comet42,1');
    expect(sent().slice(3)).toEqual([
      'POST users/me/manageschool {"schoolId":1}',
      'POST users/me/school/pupils/generate {"amount":1}',
      'POST users/me/manageschool {"schoolId":3}',
    ]);
  });

  it('refuses school staff naming another school with exit 4 (not allowed) after reading only users/me, saying so', async () => {
    const { f, sent } = setup({ 'GET users/me': me({ school: OAKFIELD }) });
    await expect(runPupilsGenerate(f, { amount: 3, school: 2 })).rejects.toMatchObject({
      exitCode: 4,
      message: expect.stringMatching(
        /manages Oakfield \(school 1\), and can generate pupils only there \(read GET users\/me\); nothing was written/,
      ) as unknown,
    });
    expect(sent()).toEqual(['GET users/me']);
  });

  it('refuses a teacher who is not a school admin with exit 4, and a group of another school or no group with exit 1 (a read was sent)', async () => {
    const teacher = setup({ 'GET users/me': me({ school: { ...OAKFIELD, admin: false } }) });
    await expect(runPupilsGenerate(teacher.f, { amount: 3 })).rejects.toMatchObject({ exitCode: 4 });
    const admin = setup({
      'GET users/me': me({ school: OAKFIELD }),
      'GET users/me/school/groups/8': json(200, { group: groupOf({ id: 8, school_id: 2, name: 'Maple 1' }) }),
    });
    await expect(runPupilsGenerate(admin.f, { amount: 3, group: 8 })).rejects.toMatchObject({
      exitCode: 1,
      message: expect.stringMatching(
        /Maple 1 is a group of school 2, .*\(read GET users\/me\/school\/groups\/8\); nothing was written/,
      ) as unknown,
    });
    await expect(runPupilsGenerate(admin.f, { amount: 3, group: 999999 })).rejects.toMatchObject({
      exitCode: 1,
      message: '--group 999999: no such group (GET users/me/school/groups/999999 answered 404); nothing was written',
    });
    expect(admin.sent()).toEqual([
      'GET users/me',
      'GET users/me/school/groups/8',
      'GET users/me',
      'GET users/me/school/groups/999999',
    ]);
  });

  it('prints the passwords only with --show-passwords', async () => {
    const { f } = setup({ 'GET users/me': me({ school: OAKFIELD }), 'POST users/me/school/pupils/generate': created });
    await runPupilsGenerate(f.withGlobals({ format: 'csv' }), { amount: 1, showPasswords: true });
    expect(f.out()).toBe(
      'username,password,school_id,school_username,display_name,id\ns1.plucky,comet42,1,plucky,Plucky Puffin,40\n',
    );
    expect(f.err()).toMatch(/shown once: they cannot be read back later/);
  });
});

describe('the pupils a generate answer holds', () => {
  const plucky = pupilOf({
    id: 40,
    username: 's1.plucky',
    school_username: 'plucky',
    display_name: 'Plucky Puffin',
    password: 'comet42',
  });

  it("reads them with core's PUPIL shape, and keeps their passwords when a key the credentials do not hold differs", async () => {
    expect(await createdPupils({ pupils: [plucky], total: 1 })).toEqual([plucky]);
    const odd = { ...plucky, stage_spelling: 'three', permissions: null };
    expect(await createdPupils({ pupils: [odd] })).toEqual([odd]);
  });

  it('refuses (exit 1) an answer with no pupils, or pupils without what the credentials hold', async () => {
    const refused = {
      exitCode: 1,
      message: 'The API answered without the list of pupils it created; see them with `edshed pupils list`',
    };
    await expect(createdPupils({ pupils: [], total: 0 })).rejects.toMatchObject(refused);
    await expect(createdPupils({ total: 1 })).rejects.toMatchObject(refused);
    await expect(createdPupils({ pupils: [{ ...plucky, username: 7 }], total: 1 })).rejects.toMatchObject(refused);
    await expect(createdPupils({ pupils: [{ ...plucky, password: null }], total: 1 })).rejects.toMatchObject(refused);
  });
});
