/**
 * Finding users by text: what `GET users`, `GET users/me/school/users`, `GET users/search` and `GET search`
 * share. The text is looked for, literally and ignoring case, in the username, the email, the whole name,
 * the display name and the school username.
 */
import type { DomainContext } from '../context.js';
import type { UserRow } from './rows.js';
import { serializeUser } from './serialize.js';
import { all, oneValue } from '../../kit/sql.js';
import { containsText } from '../../kit/search.js';

const SEARCHED = ['username', 'email', "first_name || ' ' || last_name", 'display_name', 'school_username'] as const;

/** Which users to look among: everyone's, or one school's. */
export interface UserSearch {
  readonly text: string;
  readonly schoolId?: number | null | undefined;
  /** The page; the first 100 when absent. */
  readonly page?: { readonly skip: number; readonly take: number } | undefined;
}

/**
 * The live users whose searched columns contain the text, in id order, and how many match in all.
 *
 * @example
 * searchUsers(ctx, { text: 'teacher2a' }) // { users: [{ id: 40, username: 'teacher2a', ... }], total: 1 }
 */
export function searchUsers(
  ctx: Pick<DomainContext, 'db'>,
  search: UserSearch,
): { users: Record<string, unknown>[]; total: number } {
  const { skip, take } = search.page ?? { skip: 0, take: 100 };
  const text = search.text.trim();
  const school = search.schoolId ?? null;
  const where = `deleted_at IS NULL AND (${SEARCHED.map((column) => containsText(column)).join(' OR ')})${school === null ? '' : ' AND school_id = ?'}`;
  const args = [...SEARCHED.map(() => text), ...(school === null ? [] : [school])];
  const users = all<UserRow>(
    ctx.db,
    `SELECT * FROM users WHERE ${where} ORDER BY id LIMIT ? OFFSET ?`,
    ...args,
    take,
    skip,
  ).map(serializeUser);
  // Every match is counted, not only the page, so a client can tell a search that shows part of them.
  const total =
    skip === 0 && users.length < take
      ? users.length
      : (oneValue<number>(ctx.db, `SELECT COUNT(*) FROM users WHERE ${where}`, ...args) ?? users.length);
  return { users, total };
}
