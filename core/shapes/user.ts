/** Users as the API answers them: the signed-in user (`users/me`, the sign-in answer) and users in lists. */
import { LITERACY_ACCESS_LEVELS, USER_KINDS } from '../domain/accounts.js';
import { defineShape, inline, listOf, nullable } from './define.js';
import { MY_SCHOOL } from './school.js';

/** Who is imitating a user (a superuser's imitation), in the imitated user's session. */
const IMITATOR = inline({ id: 'serial', username: 'string', display_name: 'string' });

/**
 * The signed-in user (`GET users/me`, the sign-in answers): profile, flags, permissions, stages, avatar,
 * the school with the teacher and admin flags the site derives its roles from, who is imitating them, and
 * the session token.
 */
export const SESSION_USER = defineShape(
  'session_user',
  {
    id: 'serial',
    username: 'string',
    email: nullable('string'),
    first_name: 'string',
    last_name: 'string',
    display_name: 'string',
    kind: { oneOf: USER_KINDS },
    superuser: 'boolean',
    employee: 'boolean',
    tester: 'boolean',
    anonymous: 'boolean',
    permissions: 'strings',
    literacy_access_level: nullable({ oneOf: LITERACY_ACCESS_LEVELS }),
    stage_spelling: nullable('int'),
    stage_number: nullable('int'),
    experimental: 'boolean',
    avatar: 'object',
    // The platform's image host key of the avatar (O §7); the sandbox draws avatars instead (users avatar).
    avatar_hash: 'string?',
    school_username: nullable('string'),
    district_id: nullable('serial'),
    parent_id: nullable('serial'),
    created_at: 'date',
    school: nullable(MY_SCHOOL),
    imitatingUser: nullable(IMITATOR),
    token: 'string',
  },
  {
    summary: 'The signed-in user: profile, flags, permissions, their school and the session token',
    columns: ['id', 'username', 'kind', 'display_name', 'email'],
  },
);

/** What a sign-in answers: the user and the session token to send as `X-Token`. */
export const SIGN_IN = { user: SESSION_USER, token: 'string' } as const;

/** What every user in a school's lists has: ids, names, school, the experimental flag and dates. */
const PERSON = {
  id: 'serial',
  username: 'string',
  school_id: nullable('serial'),
  first_name: 'string',
  last_name: 'string',
  display_name: 'string',
  experimental: 'boolean',
  created_at: 'date',
  deleted_at: 'date?',
} as const;

/**
 * A user as an admin list shows them: a pupil's keys for a pupil (school username, stages, permissions), a
 * teacher's for anyone else (email, admin flag), `kind` telling which; `deleted_at` once deleted.
 */
export const USER = defineShape(
  'user',
  {
    kind: { oneOf: USER_KINDS },
    ...PERSON,
    email: { kind: 'string', nullable: true, optional: true },
    admin: 'boolean?',
    school_username: { kind: 'string', nullable: true, optional: true },
    stage_spelling: { kind: 'int', nullable: true, optional: true },
    stage_number: { kind: 'int', nullable: true, optional: true },
    permissions: 'strings?',
  },
  {
    summary: 'A user of any kind: their names, school and flags',
    columns: ['id', 'kind', 'username', 'display_name', 'school_id'],
    priority: { school_id: 3 },
    keys: [
      { field: 'email', phrase: 'with email', form: '[^@\\s]+@[^@\\s]+' },
      { field: 'username', phrase: 'with username' },
    ],
  },
);

/** A teacher of a school; `admin` is for the school being looked at. */
export const TEACHER = defineShape(
  'teacher',
  { kind: { oneOf: USER_KINDS, optional: true }, ...PERSON, email: nullable('string'), admin: 'boolean' },
  {
    summary: 'A teacher of a school: names, email, and whether they are its admin',
    columns: ['id', 'username', 'display_name', 'email', 'admin'],
    priority: { email: 2 },
  },
);

/** An invitation for a teacher to join a school: the code its link carries, when it expires, and when it was accepted. */
export const TEACHER_INVITE = defineShape(
  'teacher_invite',
  {
    id: 'serial',
    school_id: 'serial',
    email: 'string',
    code: 'string',
    created_at: 'date',
    expires_at: 'date',
    accepted_at: nullable('date'),
  },
  {
    summary: 'An invitation for a teacher to join a school: email, code, expiry',
    columns: ['id', 'email', 'expires_at', 'accepted_at'],
  },
);

/** A pupil as staff see them (never a password). `group_ids` where the groups were read; `password` only when just made. */
export const PUPIL = defineShape(
  'pupil',
  {
    ...PERSON,
    school_username: nullable('string'),
    stage_spelling: nullable('int'),
    stage_number: nullable('int'),
    permissions: 'strings',
    group_ids: listOf('serial', { optional: true }),
    password: 'string?',
  },
  {
    summary: 'A pupil of a school: names, school username, stages and groups',
    columns: ['id', 'school_username', 'first_name', 'last_name', 'display_name', 'stage_spelling'],
  },
);
