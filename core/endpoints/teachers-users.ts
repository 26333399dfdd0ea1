import { defineArea } from './define.js';
import { inline } from '../shapes/define.js';
import { SCHOOL, SCHOOL_NAME } from '../shapes/school.js';
import { TEACHER, TEACHER_INVITE, USER } from '../shapes/user.js';

const EXPERIMENTAL_NOTE = 'Path inferred: the spec says "PUT experimental: {enabled} on ..." without full paths.';

const NAME = { kind: 'text', max: 100, optional: true } as const;

// Replies: the spec names a response key only where an entry has `response`; every other `reply` below is
// our choice, what the sandbox answers (see `reply` in define.ts).
export const teachersUsersArea = defineArea('teachers-users', {
  'teachers create': {
    route: 'POST users/me/school/teachers',
    reply: { teacher: TEACHER, password: 'string' },
    role: 'admin',
    summary: 'Add a teacher account to your school',
    payload: {
      email: 'text',
      first_name: NAME,
      last_name: NAME,
      username: { kind: 'text', min: 3, max: 100, optional: true },
      password: { kind: 'string', min: 8, max: 200, optional: true },
      admin: 'boolean?',
    },
    open: true,
  },
  'teachers list': {
    route: 'GET users/me/school/teachers',
    reply: { teachers: [TEACHER], total: 'int' },
    role: 'teacher',
    summary: 'List the teachers of your school',
  },
  'teachers update': {
    route: 'PATCH users/me/school/teachers/{id}',
    reply: { teacher: TEACHER },
    role: 'admin',
    summary: "Update a teacher's details",
    payload: { first_name: NAME, last_name: NAME, display_name: NAME, email: 'text?' },
    open: true,
  },
  'teachers delete': {
    route: 'DELETE users/me/school/teachers/{id}',
    reply: { deleted: 'boolean', id: 'serial', account_deleted: 'boolean' },
    role: 'admin',
    summary: 'Remove a teacher from your school',
    destructive: true,
  },
  'teachers invite': {
    route: 'POST users/me/school/teachers/invite',
    reply: { invite: TEACHER_INVITE, resent: 'boolean' },
    role: 'admin',
    summary: 'Invite a teacher to your school by email',
    payload: { email: 'string' },
  },
  'teachers accept-invite': {
    route: 'POST users/teacherinvite',
    reply: { user: TEACHER, token: 'string', school: SCHOOL },
    role: 'public',
    summary: 'Accept a teacher invitation with its code and a new password',
    payload: { code: 'string', password: { kind: 'string', min: 1 } },
  },
  'events list': {
    route: 'GET events',
    reply: {
      events: [
        inline({
          id: 'serial',
          school_id: 'serial',
          user_id: 'serial',
          kind: 'string',
          data: 'object',
          created_at: 'date',
        }),
      ],
      total: 'int',
    },
    role: 'user',
    summary: 'List events (what the events are is not shown)',
  },
  'users list': {
    route: 'GET users',
    reply: { users: [USER], total: 'int' },
    role: 'superuser',
    summary: 'Search all users by text, optionally within one school',
    payload: { q: 'string?', schoolid: 'id?', skip: 'skip?', take: 'take?' },
  },
  'school-users list': {
    route: 'GET users/me/school/users',
    reply: { users: [USER], total: 'int' },
    role: 'teacher',
    summary: 'Search the teachers and pupils of your school',
    payload: { q: 'string?' },
  },
  'search global': {
    route: 'GET search',
    reply: { schools: [SCHOOL_NAME], users: [USER] },
    role: 'superuser',
    summary: 'Search across the platform (what it searches and its keys are not shown)',
    payload: { q: 'string?', search: 'string?' },
    open: true,
  },
  'schools set-experimental': {
    route: 'PUT users/me/school/users/experimental',
    reply: { enabled: 'boolean', updated: 'int' },
    role: 'admin',
    summary: 'Turn experimental features on or off for everyone in your school',
    payload: { enabled: 'boolean' },
    note: EXPERIMENTAL_NOTE,
  },
  'teachers set-experimental-all': {
    route: 'PUT users/me/school/teachers/experimental',
    reply: { enabled: 'boolean', updated: 'int' },
    role: 'admin',
    summary: 'Turn experimental features on or off for all teachers of your school',
    payload: { enabled: 'boolean' },
    note: EXPERIMENTAL_NOTE,
  },
  'pupils set-experimental-all': {
    route: 'PUT users/me/school/pupils/experimental',
    reply: { enabled: 'boolean', updated: 'int' },
    role: 'admin',
    summary: 'Turn experimental features on or off for all pupils of your school',
    payload: { enabled: 'boolean' },
    note: EXPERIMENTAL_NOTE,
  },
  'teachers set-experimental': {
    route: 'PUT users/me/school/teachers/{id}/experimental',
    reply: { enabled: 'boolean', updated: 'int' },
    role: 'admin',
    summary: 'Turn experimental features on or off for one teacher',
    payload: { enabled: 'boolean' },
    note: EXPERIMENTAL_NOTE,
  },
  'pupils set-experimental': {
    route: 'PUT users/me/school/pupils/{id}/experimental',
    reply: { enabled: 'boolean', updated: 'int' },
    role: 'admin',
    summary: 'Turn experimental features on or off for one pupil',
    payload: { enabled: 'boolean' },
    note: EXPERIMENTAL_NOTE,
  },
  'groups set-teachers-experimental': {
    route: 'PUT users/me/school/groups/{id}/teachers/experimental',
    reply: { enabled: 'boolean', updated: 'int' },
    role: 'admin',
    summary: 'Turn experimental features on or off for the teachers of a group',
    payload: { enabled: 'boolean' },
    note: EXPERIMENTAL_NOTE,
  },
  'groups set-pupils-experimental': {
    route: 'PUT users/me/school/groups/{id}/pupils/experimental',
    reply: { enabled: 'boolean', updated: 'int' },
    role: 'admin',
    summary: 'Turn experimental features on or off for the pupils of a group',
    payload: { enabled: 'boolean' },
    note: EXPERIMENTAL_NOTE,
  },
  'teachers make-admin': {
    route: 'PUT teachers/{id}/admin',
    reply: { teacher: TEACHER },
    role: 'admin',
    summary: 'Make a teacher an admin of your school',
  },
  'teachers remove-admin': {
    route: 'DELETE teachers/{id}/admin',
    reply: { teacher: TEACHER },
    role: 'admin',
    summary: "Remove a teacher's admin rights in your school",
  },
});
