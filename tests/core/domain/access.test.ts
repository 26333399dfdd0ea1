import { describe, expect, it } from 'vitest';
import { accessFlags, type AccessFlags } from '../../../core/domain/access.js';

const teacherSchool = { teacher: 1, admin: 0, account_region: 'GB-ENG', settings: { fontPreference: 'dyslexic' } };

describe('accessFlags (O §6)', () => {
  it.each<[string, unknown, Partial<AccessFlags>]>([
    ['signed out', null, { superuser: false, teacher: false, pupil: false, literacy: false }],
    [
      'empty user',
      {},
      {
        superuser: false,
        tester: false,
        spelling: false,
        literacy: false,
        premium: false,
        pupil: false,
        imitating: false,
        accountRegion: null,
        fontPreference: null,
      },
    ],
    ['superuser', { superuser: true }, { superuser: true, literacy: true, fullLiteracy: true, spelling: false }],
    ['superuser as 1', { superuser: 1 }, { superuser: true }],
    ['tester', { tester: true }, { tester: true }],
    ['spelling permission', { permissions: ['spelling'] }, { spelling: true, fullSpelling: false }],
    [
      'spelling permission, level full',
      { permissions: ['spelling'], spelling_access_level: 'full' },
      { spelling: true, fullSpelling: true },
    ],
    [
      'spelling level full without permission',
      { spelling_access_level: 'full' },
      { spelling: false, fullSpelling: false },
    ],
    ['spelling level trial', { permissions: ['spelling'], spelling_access_level: 'trial' }, { fullSpelling: false }],
    ['litshed permission', { permissions: ['litshed'] }, { literacy: true, fullLiteracy: false }],
    ['literacy level full', { literacy_access_level: 'full' }, { literacy: false, fullLiteracy: true }],
    [
      'number and phonics from permissions',
      { permissions: ['number', 'phonics'], has_number: false, has_phonics: false },
      { number: true, phonics: true },
    ],
    [
      'permissions present win over has_*',
      { permissions: [], has_number: true, has_phonics: 1 },
      { number: false, phonics: false },
    ],
    ['has_* when permissions absent', { has_number: true, has_phonics: 1 }, { number: true, phonics: true }],
    [
      'has_* when permissions null',
      { permissions: null, has_number: 0, has_phonics: true },
      { number: false, phonics: true },
    ],
    ['premium full', { edshed_access_level: 'full', school: {} }, { premium: true }],
    ['premium trial', { edshed_access_level: 'trial', school: {} }, { premium: true }],
    ['premium needs a school', { edshed_access_level: 'full' }, { premium: false }],
    ['premium needs full or trial', { edshed_access_level: 'expired', school: {} }, { premium: false }],
    [
      'teacher',
      { school: teacherSchool },
      { teacher: true, admin: false, pupil: false, accountRegion: 'GB-ENG', fontPreference: 'dyslexic' },
    ],
    ['admin', { school: { teacher: true, admin: true } }, { teacher: true, admin: true, pupil: false }],
    [
      'admin flag without teacher',
      { school: { teacher: false, admin: true } },
      { teacher: false, admin: false, pupil: true },
    ],
    ['pupil', { school: { teacher: 0 } }, { teacher: false, pupil: true }],
    ['no school is neither', { school: null }, { teacher: false, admin: false, pupil: false }],
    ['imitating', { imitatingUser: { id: 4 } }, { imitating: true }],
    ['not imitating', { imitatingUser: null }, { imitating: false }],
    [
      'school without settings',
      { school: { teacher: 1, account_region: 'US-TX' } },
      { accountRegion: 'US-TX', fontPreference: null },
    ],
  ])('%s', (_name, user, expected) => {
    expect(accessFlags(user)).toMatchObject(expected);
  });

  it('returns every flag', () => {
    expect(Object.keys(accessFlags({})).sort()).toEqual(
      [
        'accountRegion',
        'admin',
        'fontPreference',
        'fullLiteracy',
        'fullSpelling',
        'imitating',
        'literacy',
        'number',
        'phonics',
        'premium',
        'pupil',
        'superuser',
        'teacher',
        'tester',
        'spelling',
      ].sort(),
    );
  });

  it('refuses a wrongly typed user instead of granting anything', () => {
    expect(() => accessFlags({ permissions: 'spelling' })).toThrow();
    expect(() => accessFlags({ school: { teacher: 'yes' } })).toThrow();
  });
});
