import { describe, expect, it } from 'vitest';
import { resourceAccess, type ResourceAccess, type ResourceAccessUser } from '../../../core/domain/resource-access.js';

describe('resourceAccess: who may have a resource’s files', () => {
  it.each<[string, ResourceAccessUser | null, string | null, ResourceAccess]>([
    ['nobody signed in, free', null, 'free', 'sign-in'],
    ['nobody signed in, members', null, 'members', 'sign-in'],
    ['signed in without literacy access, free', { literacy_access_level: null }, 'free', 'download'],
    ['signed in without literacy access, members', {}, 'members', 'join'],
    ['literacy level full, members', { literacy_access_level: 'full' }, 'members', 'download'],
    ['literacy level trial, members', { literacy_access_level: 'trial' }, 'members', 'download'],
    ['literacy level expired, members', { literacy_access_level: 'expired' }, 'members', 'join'],
    ['superuser without a level, members', { superuser: true }, 'members', 'download'],
    ['superuser as 1', { superuser: 1 }, 'members', 'download'],
    ['superuser as 0', { superuser: 0 }, 'members', 'join'],
    ['no availability counts as members only', { literacy_access_level: null }, null, 'join'],
  ])('%s: %s', (_name, user, availability, expected) => {
    expect(resourceAccess(user, availability)).toBe(expected);
  });
});
