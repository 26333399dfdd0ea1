import { defineArea } from './define.js';
import { USER } from '../shapes/user.js';

// Replies: the spec names a response key only where an entry has `response`; every other `reply` below is
// our choice, what the sandbox answers (see `reply` in define.ts).
export const deletedUsersArea = defineArea('deleted-users', {
  'deleted-users purge': {
    route: 'DELETE users/deleted/{id}',
    reply: { purged: 'boolean', id: 'serial' },
    role: 'admin',
    summary: 'Delete a deleted user for good, so they can no longer be restored',
    destructive: true,
  },
  'deleted-users list': {
    route: 'GET users/me/school/users/deleted',
    reply: { users: [USER], total: 'int' },
    role: 'admin',
    summary: 'List the deleted users of your school that can still be restored',
  },
  'deleted-users recover': {
    route: 'POST users/me/school/users/deleted/recover',
    reply: { recovered: 'int', users: [USER] },
    role: 'admin',
    summary: 'Restore chosen deleted users to your school',
    open: true,
    idempotent: true,
  },
  'deleted-users recover-all': {
    route: 'POST users/me/school/users/deleted/recover/all',
    reply: { recovered: 'int', users: [USER] },
    role: 'admin',
    summary: 'Restore every deleted user of your school',
    idempotent: true,
  },
  'deleted-users merge': {
    route: 'PATCH users/me/school/users/deleted/merge',
    reply: { merged: 'boolean', from: 'serial', user: USER },
    role: 'admin',
    summary: 'Merge a deleted user into an existing user',
    // from or deletedUserId names the deleted user, into or userId the active one (the handler wants one of each).
    payload: { from: 'serial?', deletedUserId: 'serial?', into: 'serial?', userId: 'serial?' },
    open: true,
    destructive: true,
  },
  'deleted-users restore': {
    route: 'PATCH users/me/school/users/deleted/{id}',
    reply: { user: USER },
    role: 'admin',
    summary: 'Restore one deleted user',
    open: true,
    idempotent: true,
  },
});
