/**
 * `edshed users show` for a person: a title line, the facts support needs (role, school by name, email,
 * last seen), related records a line each by name. Plain lines, each cut to the terminal's width.
 */
import type { School, User } from '../../../core/shapes/types.js';
import type { ReplyOf } from '../../../core/endpoints/methods.js';
import type { EndpointEntries } from '../../../core/endpoints/index.js';

/** The session part of `GET superuser/users/{id}/session`. */
export type UserSession = ReplyOf<EndpointEntries['users session']>['session'];

/** What `users show` read: the user as the API lists them, their session and their school. */
export interface UserView {
  readonly user: User;
  readonly session: UserSession;
  readonly school: School | null;
}

/** Lines at most: a view, not a dump. */
export const MAX_LINES = 30;

const day = (date: string | null | undefined): string => (date ? date.slice(0, 10) : 'never');
const minute = (date: string | null | undefined): string =>
  date ? `${date.slice(0, 10)} ${date.slice(11, 16)} UTC` : 'never';

/** "teacher, the school's admin": the user's role in words. */
function roleOf(user: User): string {
  if (user.kind === 'teacher') return user.admin === true ? "teacher, the school's admin" : 'teacher';
  if (user.kind === 'staff') return 'platform staff';
  return user.kind;
}

/** A line no wider than the terminal: cut with an ellipsis. */
function fit(line: string, columns: number): string {
  const chars = [...line];
  return chars.length <= columns ? line : `${chars.slice(0, Math.max(columns - 1, 0)).join('')}…`;
}

/**
 * The view's lines, each at most `columns` wide, at most 30 of them.
 *
 * @example
 * renderUserView(view, 80) // 'Taylor Teacher (user 3)\n  teacher at Oakfield Primary School\n\n  Username   teacher\n...'
 */
export function renderUserView(view: UserView, columns: number): string {
  const { user, session, school } = view;
  const where = school ? ` at ${school.name}` : '';
  const facts: [string, string][] = [
    ['Username', user.username],
    ['Email', user.email ?? (user.kind === 'pupil' ? 'none (pupils sign in with their school username)' : 'none')],
    ['Role', roleOf(user)],
    ...(user.school_username ? ([['School user', user.school_username]] as [string, string][]) : []),
    [
      'Last seen',
      `${minute(session.last_sign_in)}${session.active > 0 ? ` (${session.active} active session${session.active === 1 ? '' : 's'})` : ''}`,
    ],
    ['Joined', day(user.created_at)],
    ...(user.deleted_at ? ([['Deleted', day(user.deleted_at)]] as [string, string][]) : []),
  ];
  // Labels and values apart by two spaces at least, however long the longest label (`School user`).
  const width = Math.max(11, ...facts.map(([label]) => label.length + 2));
  const related: string[] = [];
  if (school) related.push(`${'School'.padEnd(width)}${school.name} (school ${school.id}, ${school.country})`);
  else if (user.school_id !== null) related.push(`${'School'.padEnd(width)}school ${user.school_id}`);
  if (session.imitated_by !== null) related.push(`${'Imitated'.padEnd(width)}by user ${session.imitated_by}`);
  const lines = [
    `${user.display_name} (user ${user.id})`,
    `  ${roleOf(user)}${where}`,
    '',
    ...facts.map(([label, value]) => `  ${label.padEnd(width)}${value}`),
    ...(related.length > 0 ? ['', ...related.map((line) => `  ${line}`)] : []),
  ];
  return `${lines
    .slice(0, MAX_LINES)
    .map((line) => fit(line, columns))
    .join('\n')}\n`;
}
